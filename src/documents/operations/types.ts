/**
 * The pure half of every actor operation: given the character's stored `system` data and its items,
 * validate the request, compute the result with the rules (src/rules/) and return the Foundry update
 * to persist. Nothing here touches Foundry: the TerranActor document rolls the dice, calls these
 * functions and applies `update` (one `actor.update`) and `itemUpdates` (one `updateEmbeddedDocuments`).
 *
 * Conventions shared by every operation:
 * - a refusal throws a `RulesError` (never a partial result) and changes nothing;
 * - `update` holds only the paths whose value changes (an empty object means "nothing to save");
 * - a dead character (R-HARM-5) is refused with the code "dead" by every operation except
 *   `removeConditionOperation` (an undo of a removed condition, see condition.ts) and
 *   `reviveOperation`, the GM's undo of a death.
 */
import { RulesError, type SceneEffect } from "../../rules/index.ts";
import type { CharacterSource, ItemSnapshot } from "../../data/source.ts";
import type { PendingComplication } from "../../data/complications.ts";

export interface CharacterState {
  readonly source: CharacterSource;
  readonly items: readonly ItemSnapshot[];
  /**
   * R-ADV-1 / R-ADV-2 the activated advancements' effects that last until the scene ends (an actor
   * flag); none when absent.
   */
  readonly scene?: readonly SceneEffect[];
  /** R-LEG-14 the complications carried to the next related Risky Action (an actor flag); none when absent. */
  readonly complications?: readonly PendingComplication[];
}

/** One Foundry update: dotted system paths → values, e.g. {"system.grit.value": 3}. */
export type ActorUpdate = Record<`system.${string}`, number | boolean | string>;

/** One embedded item's update, for `actor.updateEmbeddedDocuments("Item", [...])`. */
export interface ItemUpdate {
  readonly _id: string;
  readonly [path: `system.${string}`]: number | boolean | string;
}

export interface OperationResult<T> {
  readonly update: ActorUpdate;
  readonly itemUpdates: readonly ItemUpdate[];
  readonly outcome: T;
}

/** A value before and after an operation. */
export type Change = readonly [
  path: `system.${string}`,
  before: number | boolean | string,
  after: number | boolean | string,
];

/** The update holding only the paths whose value changes. */
export function changes(...entries: readonly Change[]): ActorUpdate {
  const update: ActorUpdate = {};
  for (const [path, before, after] of entries) if (before !== after) update[path] = after;
  return update;
}

/** An operation's result with no item updates. */
export function result<T>(
  update: ActorUpdate,
  outcome: T,
  itemUpdates: readonly ItemUpdate[] = [],
): OperationResult<T> {
  return { update, itemUpdates, outcome };
}

/** R-HARM-5 a dead character takes no further part: every operation refuses it. */
export function assertAlive(state: CharacterState, action: string): void {
  if (state.source.dead) {
    throw new RulesError("dead", `The character is dead; they cannot ${action}.`, { action });
  }
}

/**
 * R-SAY-1 / R-LEG-15 a character who has left the story (their last scene is over, or they retired) no
 * longer acts: refused with the reason "departed". Their successor plays on.
 */
export function assertNotDeparted(state: CharacterState, action: string): void {
  if (state.source.departed ?? false) {
    throw new RulesError("not-allowed", `The character has left the story; they cannot ${action}.`, {
      action,
      reason: "departed",
    });
  }
}

/** Refuses a roll whose number of faces is not the number of dice the rules say to throw. */
export function assertDiceCount(faces: readonly number[], expected: number, what: string): void {
  if (faces.length !== expected) {
    throw new RulesError(
      "no-dice",
      `${what} throws ${expected} ${expected === 1 ? "die" : "dice"}, but ${faces.length} ${faces.length === 1 ? "was" : "were"} given.`,
      { what, expected, given: faces.length },
    );
  }
}
