/**
 * Legacy's Ego (R-LEG-7, R-LEG-8, R-LEG-12): Dark Dice spent at or below the Ego at the throw,
 * a Condition's refill, and the end of a session turning the Ego lost into XP. Pure: the update is
 * computed here, persisted by the glue. Re-exported by ./legacy.ts.
 */
import {
  RulesError,
  sessionXp,
  spendDarkDice,
  splitEgoCost,
  type DarkDiceOptions,
  type Ruleset,
} from "../../rules/index.ts";
import { deriveLegacy, legacyOf, type LegacyAttribute } from "../../data/legacy.ts";
import type { ItemSnapshot } from "../../data/source.ts";
import { sessionAwardOperation } from "./session.ts";
import { assertAlive, changes, result, type Change, type CharacterState, type OperationResult } from "./types.ts";

/** The character's Legacy values and what derives from them, as the Legacy operations read them. */
export function legacyState(state: CharacterState) {
  const legacy = legacyOf(state.source);
  return { legacy, derived: deriveLegacy(state.source, state.items) };
}

// ---------------------------------------------------------------------------------------------
// The maxima

/** What an operation leaves of the Legacy values the maxima read: ratings, current HP and Ego, items. */
export interface LegacyAfter {
  readonly attributes?: Readonly<Partial<Record<LegacyAttribute, number>>>;
  readonly hp?: number;
  readonly ego?: number;
  readonly items?: readonly ItemSnapshot[];
}

/**
 * R-LEG-4 R-LEG-7 (ruling) current HP and Ego never above their maxima: the changes that write the
 * current values `after` an operation (its ratings, HP, Ego and items; by default as they are), each
 * brought down to the maximum the character then has. An operation that moves a maximum adds these
 * last, so its update never leaves HP 5/4 or Ego 4/3.
 */
export function legacyWithinMax(state: CharacterState, after: LegacyAfter = {}): Change[] {
  const legacy = legacyOf(state.source);
  const attributes = { ...legacy.attributes, ...after.attributes };
  const derived = deriveLegacy({ legacy: { ...legacy, attributes } }, after.items ?? state.items);
  return [
    ["system.legacy.hp.value", legacy.hp.value, Math.min(after.hp ?? legacy.hp.value, derived.hp.max)],
    ["system.legacy.ego.value", legacy.ego.value, Math.min(after.ego ?? legacy.ego.value, derived.ego.max)],
  ];
}

/**
 * R-LEG-4 R-LEG-7 R-LEG-16 (ruling) the stored HP and Ego brought within the maxima the character has
 * now (with `items`, default its own): what the glue commits when an Advancement or a Condition came or
 * went (*Estranged* taken after the refill leaves Ego 4/3 otherwise). Nothing when they already are.
 */
export function legacyWithinMaxOperation(
  state: CharacterState,
  items: readonly ItemSnapshot[] = state.items,
): OperationResult<{ readonly hp: number; readonly ego: number }> {
  const entries = legacyWithinMax(state, { items });
  const [hp, ego] = entries.map(([, , value]) => Number(value));
  return result(changes(...entries), { hp: hp ?? 0, ego: ego ?? 0 });
}

// ---------------------------------------------------------------------------------------------
// Ego

export interface LegacyEgoSpend {
  readonly before: number;
  readonly after: number;
  readonly cost: number;
  /** Which Dark Dice cost Ego (in the order given). */
  readonly costly: readonly boolean[];
  readonly lost: boolean;
}

/**
 * R-LEG-8 each Dark Die showing a face at or below the Ego at the throw costs `darkDice.cost` Ego
 * (floor 0); R-LEG-7 at 0 the character is lost. The Ego lost is kept for the session's Experience
 * (R-LEG-12) in `legacy.egoLost`.
 */
export function legacySpendEgoOperation(
  state: CharacterState,
  ruleset: Ruleset,
  darkFaces: readonly number[],
  options: DarkDiceOptions & {
    /** R-LEG-14 (ruling) a montage's companions: their offers, taken first (`montageEgoShares`). */
    readonly companions?: readonly EgoOffer[];
  } = {},
): OperationResult<
  LegacyEgoSpend & { readonly companions?: readonly { readonly id: string; readonly pays: number }[] }
> {
  assertAlive(state, "spend Ego");
  if (state.source.lost) throw new RulesError("not-allowed", "The character is lost (Ego 0); they spend no more Ego.");
  const { legacy, derived } = legacyState(state);
  // R-LEG-4 (ruling) the Ego the character can have: a value stored above the maximum reads as it.
  const before = derived.ego.value;
  // The engine's R-LEG-8 (src/rules/dark-dice.ts); an Ego stored above the ruleset's most (10) reads as it.
  // R-LEG-14 in a montage (`options.montage`) each costly die costs 2.
  const spend = spendDarkDice(ruleset, darkFaces, Math.min(before, ruleset.ego.max), options);
  const { costly } = spend;
  const shares = montageEgoShares(spend.cost, options.companions ?? []);
  const after = Math.max(0, before - shares.roller);
  const lost = after === 0 && shares.roller > 0;
  const update = changes(
    ["system.legacy.ego.value", legacy.ego.value, after],
    ["system.legacy.egoLost", legacy.egoLost, legacy.egoLost + (before - after)],
    ["system.lost", state.source.lost, lost || state.source.lost],
  );
  const outcome = { before, after, cost: before - after, costly, lost };
  return result(update, options.companions ? { ...outcome, companions: shares.companions } : outcome);
}

/**
 * R-LEG-7 taking a Condition fills Ego back to its maximum (the Condition itself is added as an item).
 * Ruling: only before Ego runs out. A lost character's story ends with their last scene (as R-EGO-3,
 * and as Core's reset refuses, ./ego.ts): "at any moment" is the way out *before* 0, so a lost
 * character is refused, with the reason.
 */
export function legacyRefillEgoOperation(
  state: CharacterState,
): OperationResult<{ readonly before: number; readonly after: number }> {
  assertAlive(state, "take a Condition");
  if (state.source.lost)
    throw new RulesError("not-allowed", "The character is lost (Ego 0); no Condition brings them back.", {
      reason: "lost",
      action: "take a Condition",
    });
  const { legacy, derived } = legacyState(state);
  const update = changes(["system.legacy.ego.value", legacy.ego.value, derived.ego.max]);
  return result(update, { before: derived.ego.value, after: derived.ego.max });
}

/**
 * R-LEG-12 the session ends (the sheet's "Session over"): Experience for the Ego lost in it, and the
 * count starts over. The same operation as the GM's end-of-session award (./session.ts, its ruling):
 * one stored count, so the two never pay a session twice. With no Ego lost it gives nothing.
 */
export function legacyEndSessionOperation(
  state: CharacterState,
  ruleset: Ruleset,
): OperationResult<{ readonly gained: number; readonly xp: number }> {
  const { legacy } = legacyState(state);
  const gained = sessionXp(ruleset, { egoLost: legacy.egoLost });
  if (gained === 0)
    return result(changes(["system.legacy.egoLost", legacy.egoLost, 0]), { gained, xp: state.source.xp });
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
export function legacyPayEgoOperation(state: CharacterState, pays: number): OperationResult<LegacyEgoSpend> {
  assertAlive(state, "pay Ego");
  const { legacy } = legacyState(state);
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
