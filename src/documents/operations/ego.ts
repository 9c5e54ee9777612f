/**
 * The Ego moves in every ruleset: R-EGO-2 / R-LEG-8 Dark Dice (R-SAY-1, R-LEG-14), R-EGO-1 … R-EGO-5 resets,
 * R-LEG-7 a Condition's refill, R-LEG-12 the session's XP; each ruleset's data says which apply.
 */
import {
  countsEgoLost,
  egoDiceCount,
  isLost,
  panic,
  resetEgo,
  sessionXp,
  spendEgo,
  splitEgoCost,
  RulesError,
  type DarkDiceOptions,
  type EgoResetRow,
  type EgoSpend,
  type PanicResult,
  type Ruleset,
} from "../../rules/index.ts";
import { deriveCharacter } from "../../data/derived.ts";
import { deriveRatings, egoLostOf, ratingsOf } from "../../data/ratings.ts";
import type { CharacterSource } from "../../data/source.ts";
import { sessionAwardOperation } from "./session.ts";
import {
  assertAlive,
  assertDiceCount,
  assertNotDeparted,
  changes,
  result,
  type Change,
  type CharacterState,
  type OperationResult,
} from "./types.ts";

/** R-EGO-3 a lost character's last scene is narrative. */
function assertNotLost(state: CharacterState, action: string): void {
  if (state.source.lost) {
    throw new RulesError("not-allowed", `The character is lost (Ego 0); they cannot ${action}.`, {
      action,
      reason: "lost",
    });
  }
}

/** Rolled (Core, Degenesis) in `ego`, derived (Legacy) in `ratings.ego`. */
export const EGO_STORE: Readonly<
  Record<
    Ruleset["ego"]["kind"],
    {
      readonly path: `system.${string}`;
      readonly stored: (source: CharacterSource) => number;
      /** R-LEG-4 (ruling) a value stored above the maximum reads as it. */
      readonly value: (state: CharacterState) => number;
    }
  >
> = {
  rolled: { path: "system.ego.value", stored: (source) => source.ego.value, value: (s) => s.source.ego.value },
  derived: {
    path: "system.ratings.ego.value",
    stored: (source) => ratingsOf(source).ego.value,
    value: (s) => deriveRatings(s.source, s.items).ego.value,
  },
};

export interface SpendEgoOptions extends Pick<DarkDiceOptions, "montage"> {
  /** R-LEG-14 (ruling) taken first (`montageEgoShares`). */
  readonly companions?: readonly EgoOffer[];
}

/**
 * R-EGO-2 / R-LEG-8 / R-SAY-1 / R-LEG-14 the rules' `spendEgo` against the current Ego, so call it right after
 * the throw; R-LEG-12 the roller's loss is counted. `cost`: what the roller paid, less the companions' shares.
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
  // Above the ruleset's most (Legacy 10) every die costs either way.
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
  // R-LEG-12
  if (countsEgoLost(ruleset)) {
    const egoLost = egoLostOf(state.source);
    entries.push(["system.egoLost", egoLost, egoLost + before - after]);
  }
  const update = changes(...entries);
  const outcome = { before, costly: spend.costly, cost: before - after, after, lost };
  return result(update, options.companions ? { ...outcome, companions: shares.companions } : outcome);
}

/** R-EGO-1 (+1 with *Eager*). */
export function egoDiceFor(state: CharacterState): number {
  assertAlive(state, "roll Ego");
  const { flags } = deriveCharacter(state.source, state.items);
  return egoDiceCount(state.source.ego.dice, flags.has("eager"));
}

export interface EgoResetOutcome {
  /** The new value and maximum. */
  readonly ego: number;
  /** What the player must gain now; null with no dice. */
  readonly row: EgoResetRow | null;
  /** R-EGO-3 no Ego dice left. */
  readonly lost: boolean;
}

/**
 * R-EGO-4 / R-EGO-5 (`faces`: as many as `egoDiceFor`). Rulings: no XP here (R-XP-1 pays when the Condition
 * item is added); no dice sets Ego to 0, so the character is lost. Refused for a lost character.
 */
export function resetEgoOperation(
  state: CharacterState,
  faces: readonly number[],
  ruleset: Ruleset,
): OperationResult<EgoResetOutcome> {
  assertAlive(state, "reset Ego");
  assertNotLost(state, "reset Ego");
  if (ruleset.egoReset.length === 0)
    throw new RulesError("not-allowed", "This ruleset has no Ego reset at will: only a Panic Event resets Ego.", {
      reason: "no-reset",
    });
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

/** R-LEG-7 (ruling) refused once lost: the refill is the way out before 0. */
export function refillEgoOperation(
  state: CharacterState,
): OperationResult<{ readonly before: number; readonly after: number }> {
  assertAlive(state, "take a Condition");
  if (state.source.lost)
    throw new RulesError("not-allowed", "The character is lost (Ego 0); no Condition brings them back.", {
      reason: "lost",
      action: "take a Condition",
    });
  const { ego } = deriveRatings(state.source, state.items);
  const update = changes(["system.ratings.ego.value", ratingsOf(state.source).ego.value, ego.max]);
  return result(update, { before: ego.value, after: ego.max });
}

/** R-LEG-12 the sheet's "Session over": the same one-count award as ./session.ts. */
export function endSessionEgoOperation(
  state: CharacterState,
  ruleset: Ruleset,
): OperationResult<{ readonly gained: number; readonly xp: number }> {
  const egoLost = egoLostOf(state.source);
  const gained = sessionXp(ruleset, { egoLost });
  if (gained === 0) return result(changes(["system.egoLost", egoLost, 0]), { gained, xp: state.source.xp });
  const award = sessionAwardOperation(state, gained, ruleset);
  return result(award.update, { gained, xp: award.outcome.xp });
}

// R-LEG-14 companions sharing a montage's Ego

/** Their Ego now and the most they put in. */
export interface EgoOffer {
  readonly id: string;
  readonly ego: number;
  readonly offers: number;
}

/**
 * R-LEG-14 (ruling) each offer is a most, agreed before the cost is known: companions pay first, in order,
 * within their offer and Ego, the roller the rest (checked by `splitEgoCost`).
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

/** R-LEG-14 (ruling) / R-LEG-12 never below 0; counted as Ego lost; at 0 they are lost (R-LEG-7). */
export function payEgoShareOperation(state: CharacterState, pays: number): OperationResult<EgoSpend> {
  assertAlive(state, "pay Ego");
  const before = ratingsOf(state.source).ego.value;
  const egoLost = egoLostOf(state.source);
  const [paid] = splitEgoCost(pays, [{ id: "companion", ego: before, pays }]);
  const after = paid?.ego ?? before;
  const lost = after === 0 && pays > 0;
  const update = changes(
    ["system.ratings.ego.value", before, after],
    ["system.egoLost", egoLost, egoLost + pays],
    ["system.lost", state.source.lost, lost || state.source.lost],
  );
  return result(update, { before, after, cost: pays, costly: [], lost });
}

/** R-V-8 what the card says of the roll a Panic follows (the card is checked before it is read). */
export interface PanicCardFacts {
  readonly failed: boolean;
  readonly successAtCost: boolean;
  /** The throw's own Dark Dice took Ego to 0. */
  readonly lost: boolean;
}

/**
 * R-V-8 a Panic Event (`faces`: as many as `egoDiceFor`): Ego and its maximum become the highest face.
 * Refused without the ruleset's table, for the dead, the departed, the lost, and once this scene.
 */
export function panicOperation(
  state: CharacterState,
  ruleset: Ruleset,
  card: PanicCardFacts,
  faces: readonly number[],
): OperationResult<PanicResult> {
  if (!ruleset.panic) throw new RulesError("not-allowed", "This ruleset has no Panic Events.", { reason: "no-panic" });
  assertAlive(state, "panic");
  assertNotDeparted(state, "panic");
  const { source } = state;
  const eager = deriveCharacter(source, state.items).flags.has("eager");
  const outcome = panic(
    ruleset.panic,
    {
      failed: card.failed,
      successAtCost: card.successAtCost,
      lost: card.lost || source.lost,
      panickedThisScene: (state.panic ?? null) !== null,
      egoDice: source.ego.dice,
      eager,
    },
    faces,
  );
  const update = changes(
    ["system.ego.value", source.ego.value, outcome.ego],
    ["system.ego.max", source.ego.max, outcome.ego],
  );
  return result(update, outcome);
}
