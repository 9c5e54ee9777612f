/**
 * The pure half of every actor operation: check the request, compute with the rules, return the update
 * (`update`, `itemUpdates`) for TerranActor to persist. A refusal throws a `RulesError` and changes nothing;
 * `update` holds only changed paths; the dead are refused (R-HARM-5) except by the undo operations.
 */
import { RulesError, type PanicMark, type SceneEffect } from "../../rules/index.ts";
import type { CharacterSource, ItemSnapshot } from "../../data/source.ts";
import type { PendingComplication } from "../../data/complications.ts";

export interface CharacterState {
  readonly source: CharacterSource;
  readonly items: readonly ItemSnapshot[];
  /** R-ADV-1 / R-ADV-2 an actor flag; none when absent. */
  readonly scene?: readonly SceneEffect[];
  /** R-LEG-14 an actor flag; none when absent. */
  readonly complications?: readonly PendingComplication[];
  /** R-V-8 an actor flag: the Panic this scene; none when absent. */
  readonly panic?: PanicMark | null;
}

/** Dotted system paths, e.g. {"system.grit.value": 3}; a list is written whole (R-V-5's held skills). */
export type ActorUpdate = Record<`system.${string}`, number | boolean | string | readonly string[]>;

/** For `actor.updateEmbeddedDocuments("Item", [...])`. */
export interface ItemUpdate {
  readonly _id: string;
  readonly [path: `system.${string}`]: number | boolean | string;
}

export interface OperationResult<T> {
  readonly update: ActorUpdate;
  readonly itemUpdates: readonly ItemUpdate[];
  readonly outcome: T;
}

export type Change = readonly [
  path: `system.${string}`,
  before: number | boolean | string,
  after: number | boolean | string,
];

/** Only the paths whose value changes. */
export function changes(...entries: readonly Change[]): ActorUpdate {
  const update: ActorUpdate = {};
  for (const [path, before, after] of entries) if (before !== after) update[path] = after;
  return update;
}

export function result<T>(
  update: ActorUpdate,
  outcome: T,
  itemUpdates: readonly ItemUpdate[] = [],
): OperationResult<T> {
  return { update, itemUpdates, outcome };
}

/** R-HARM-5 */
export function assertAlive(state: CharacterState, action: string): void {
  if (state.source.dead) {
    throw new RulesError("dead", `The character is dead; they cannot ${action}.`, { action });
  }
}

/** R-SAY-1 / R-LEG-15 refused with the reason "departed"; their successor plays on. */
export function assertNotDeparted(state: CharacterState, action: string): void {
  if (state.source.departed ?? false) {
    throw new RulesError("not-allowed", `The character has left the story; they cannot ${action}.`, {
      action,
      reason: "departed",
    });
  }
}

export function assertDiceCount(faces: readonly number[], expected: number, what: string): void {
  if (faces.length !== expected) {
    throw new RulesError(
      "no-dice",
      `${what} throws ${expected} ${expected === 1 ? "die" : "dice"}, but ${faces.length} ${faces.length === 1 ? "was" : "were"} given.`,
      { what, expected, given: faces.length },
    );
  }
}
