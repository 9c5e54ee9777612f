/**
 * The Ego moves, in every ruleset: R-EGO-2 / R-LEG-8 spending Ego on a throw's Dark Dice (R-SAY-1's
 * cheaper dice, R-LEG-14 the montage's dearer dice and the companions' shares), R-EGO-1 … R-EGO-5 being
 * lost and resetting Ego (Core, Degenesis), R-LEG-7 a Condition's refill and R-LEG-12 the end of a
 * session turning the Ego lost into XP (Legacy: each ruleset's data says which apply).
 */
import {
  countsEgoLost,
  egoDiceCount,
  isLost,
  resetEgo,
  sessionXp,
  spendEgo,
  splitEgoCost,
  RulesError,
  type DarkDiceOptions,
  type EgoResetRow,
  type EgoSpend,
  type Ruleset,
} from "../../rules/index.ts";
import { deriveCharacter } from "../../data/derived.ts";
import { deriveLegacy, legacyOf } from "../../data/legacy.ts";
import type { CharacterSource } from "../../data/source.ts";
import { sessionAwardOperation } from "./session.ts";
import {
  assertAlive,
  assertDiceCount,
  changes,
  result,
  type Change,
  type CharacterState,
  type OperationResult,
} from "./types.ts";

/** R-EGO-3 a lost character's last scene is narrative: no more Ego is spent or reset. */
function assertNotLost(state: CharacterState, action: string): void {
  if (state.source.lost) {
    throw new RulesError("not-allowed", `The character is lost (Ego 0); they cannot ${action}.`, {
      action,
      reason: "lost",
    });
  }
}

/** Where a ruleset keeps the Ego value: rolled (Core, Degenesis) in `ego`, derived (Legacy) in `legacy.ego`. */
export const EGO_STORE: Readonly<
  Record<
    Ruleset["ego"]["kind"],
    {
      readonly path: `system.${string}`;
      /** The value as stored. */
      readonly stored: (source: CharacterSource) => number;
      /** The Ego the character has: R-LEG-4 (ruling) a value stored above the maximum reads as it. */
      readonly value: (state: CharacterState) => number;
    }
  >
> = {
  rolled: { path: "system.ego.value", stored: (source) => source.ego.value, value: (s) => s.source.ego.value },
  derived: {
    path: "system.legacy.ego.value",
    stored: (source) => legacyOf(source).ego.value,
    value: (s) => deriveLegacy(s.source, s.items).ego.value,
  },
};

export interface SpendEgoOptions extends Pick<DarkDiceOptions, "montage"> {
  /** R-LEG-14 (ruling) a montage's companions: their offers, taken first (`montageEgoShares`). */
  readonly companions?: readonly EgoOffer[];
}

/**
 * The Dark Dice of a throw cost Ego, in every ruleset (the rules' `spendEgo`): R-EGO-2 / R-LEG-8 each
 * face ≤ the current Ego costs, R-SAY-1 only a 1 during Sayonara (`source.sayonara`), R-LEG-14 2 each in
 * a montage (`options.montage`), its companions paying first. Floor 0; at 0 the character is lost
 * (R-EGO-3, R-LEG-7). Where the ruleset pays XP per Ego lost (R-LEG-12) the roller's loss is counted in
 * `legacy.egoLost`. Call it right after the throw: the current Ego is the Ego "when the dice were
 * thrown". The outcome's `cost` is the Ego the roller paid (floored, less the companions' shares).
 */
export function spendEgoOperation(
  state: CharacterState,
  ruleset: Ruleset,
  darkFaces: readonly number[],
  options: SpendEgoOptions = {},
): OperationResult<EgoSpend & { readonly companions?: readonly { readonly id: string; readonly pays: number }[] }> {
  assertAlive(state, "spend Ego");
  assertNotLost(state, "spend Ego");
  const store = EGO_STORE[ruleset.ego.kind];
  const before = store.value(state);
  // An Ego read above the ruleset's most (Legacy 10) is read as it: every die costs either way.
  const spend = spendEgo(ruleset, darkFaces, Math.min(before, ruleset.ego.max), {
    sayonara: state.source.sayonara,
    montage: options.montage ?? false,
  });
  const shares = montageEgoShares(spend.cost, options.companions ?? []);
  const after = Math.max(0, before - shares.roller);
  const lost = after === 0;
  const entries: Change[] = [
    [store.path, store.stored(state.source), after],
    ["system.lost", state.source.lost, lost],
  ];
  // R-LEG-12 where the session pays XP per Ego lost, the roller's loss is counted.
  const { egoLost } = legacyOf(state.source);
  if (countsEgoLost(ruleset)) entries.push(["system.legacy.egoLost", egoLost, egoLost + before - after]);
  const update = changes(...entries);
  const outcome = { before, costly: spend.costly, cost: before - after, after, lost };
  return result(update, options.companions ? { ...outcome, companions: shares.companions } : outcome);
}

/** R-EGO-1 how many dice an Ego roll throws: the Ego dice, +1 with *Eager*. */
export function egoDiceFor(state: CharacterState): number {
  assertAlive(state, "roll Ego");
  const { flags } = deriveCharacter(state.source, state.items);
  return egoDiceCount(state.source.ego.dice, flags.has("eager"));
}

export interface EgoResetOutcome {
  /** The roll: the new value and maximum. */
  readonly ego: number;
  /** The table row: what the player must gain now (a Condition; a Stigma or a mutation). Null with no dice. */
  readonly row: EgoResetRow | null;
  /** R-EGO-3 the reset left Ego at 0 (no Ego dice left): the character is lost. */
  readonly lost: boolean;
}

/**
 * R-EGO-4 (Core) / R-EGO-5 (Degenesis) reset Ego: value and maximum become the roll (`faces`, as many
 * as `egoDiceFor`); the outcome's table row says what the player gains.
 *
 * Ruling: no XP is given here. The +1 XP of R-XP-1 comes once, when the Condition (Stigma, mutation)
 * item is added to the character — `conditionAddedOperation` — so a Condition added by hand and one
 * gained by a reset are paid the same, and never twice.
 * Ruling: a reset with no dice (a Malaise took the last Ego die, no *Eager*) sets Ego to 0 (the rules'
 * ruling) and so the character is lost (R-EGO-3); the UI should warn when `egoDiceFor` is 0.
 * A lost character cannot reset ("not-allowed").
 */
export function resetEgoOperation(
  state: CharacterState,
  faces: readonly number[],
  ruleset: Ruleset,
): OperationResult<EgoResetOutcome> {
  assertAlive(state, "reset Ego");
  assertNotLost(state, "reset Ego");
  assertDiceCount(faces, egoDiceFor(state), "The Ego reset");
  const reset = resetEgo(ruleset, faces);
  const lost = isLost(reset.ego);
  const { ego } = state.source;
  const update = changes(
    ["system.ego.value", ego.value, reset.ego],
    ["system.ego.max", ego.max, reset.ego],
    ["system.lost", state.source.lost, lost],
  );
  return result(update, { ego: reset.ego, row: reset.row, lost });
}

/**
 * R-LEG-7 taking a Condition fills Ego back to its maximum (the Condition itself is added as an item).
 * Ruling: only before Ego runs out. A lost character's story ends with their last scene (as R-EGO-3,
 * and as Core's reset refuses, above): "at any moment" is the way out *before* 0, so a lost
 * character is refused, with the reason.
 */
export function refillEgoOperation(
  state: CharacterState,
): OperationResult<{ readonly before: number; readonly after: number }> {
  assertAlive(state, "take a Condition");
  if (state.source.lost)
    throw new RulesError("not-allowed", "The character is lost (Ego 0); no Condition brings them back.", {
      reason: "lost",
      action: "take a Condition",
    });
  const derived = deriveLegacy(state.source, state.items);
  const update = changes(["system.legacy.ego.value", legacyOf(state.source).ego.value, derived.ego.max]);
  return result(update, { before: derived.ego.value, after: derived.ego.max });
}

/**
 * R-LEG-12 the session ends (the sheet's "Session over"): Experience for the Ego lost in it, and the
 * count starts over. The same operation as the GM's end-of-session award (./session.ts, its ruling):
 * one stored count, so the two never pay a session twice. With no Ego lost it gives nothing.
 */
export function endSessionEgoOperation(
  state: CharacterState,
  ruleset: Ruleset,
): OperationResult<{ readonly gained: number; readonly xp: number }> {
  const { egoLost } = legacyOf(state.source);
  const gained = sessionXp(ruleset, { egoLost });
  if (gained === 0) return result(changes(["system.legacy.egoLost", egoLost, 0]), { gained, xp: state.source.xp });
  const award = sessionAwardOperation(state, gained, ruleset);
  return result(award.update, { gained, xp: award.outcome.xp });
}

// ---------------------------------------------------------------------------------------------
// R-LEG-14 companions sharing a montage's Ego

/** A companion's offer toward a montage's Ego: their actor's uuid, their Ego now, and the most they put in. */
export interface EgoOffer {
  readonly id: string;
  readonly ego: number;
  readonly offers: number;
}

/**
 * R-LEG-14 (ruling) who pays a montage's Ego: the offers are agreed before the throw, when the cost is
 * not yet known, so each is a most. The cost is taken from the companions first, in the order named, each
 * up to their offer and their own Ego (none below 0); the roller pays the rest. The shares are checked
 * with the engine's `splitEgoCost` (they add up to the whole cost). Returns the companions' shares (those
 * paying nothing left out) and the roller's part.
 */
export function montageEgoShares(
  cost: number,
  offers: readonly EgoOffer[],
): { readonly companions: readonly { readonly id: string; readonly pays: number }[]; readonly roller: number } {
  let left = cost;
  const companions: { id: string; ego: number; pays: number }[] = [];
  for (const offer of offers) {
    const pays = Math.max(0, Math.min(left, offer.offers, offer.ego));
    companions.push({ id: offer.id, ego: offer.ego, pays });
    left -= pays;
  }
  splitEgoCost(cost, [...companions, { id: "\u0000roller", ego: left, pays: left }]);
  return { companions: companions.filter((c) => c.pays > 0).map((c) => ({ id: c.id, pays: c.pays })), roller: left };
}

/**
 * R-LEG-14 (ruling) R-LEG-12 a companion pays their share of a montage from their own Ego: never below
 * 0 (a share above their Ego is refused, nothing taken), counted as Ego lost for their session's
 * Experience; at 0 they are lost (R-LEG-7).
 */
export function payEgoShareOperation(state: CharacterState, pays: number): OperationResult<EgoSpend> {
  assertAlive(state, "pay Ego");
  const legacy = legacyOf(state.source);
  const before = legacy.ego.value;
  const [paid] = splitEgoCost(pays, [{ id: "companion", ego: before, pays }]);
  const after = paid?.ego ?? before;
  const lost = after === 0 && pays > 0;
  const update = changes(
    ["system.legacy.ego.value", before, after],
    ["system.legacy.egoLost", legacy.egoLost, legacy.egoLost + pays],
    ["system.lost", state.source.lost, lost || state.source.lost],
  );
  return result(update, { before, after, cost: pays, costly: [], lost });
}
