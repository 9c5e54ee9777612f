/**
 * The Risky Action card's stored state (plain JSON in the chat message's flags) and its guard. A flag
 * can hold anything a client wrote, so every transition and every reading of the card first checks
 * the state with `assertRiskyCardState`: a forged or damaged card is refused with a RulesError, never
 * carried on with NaN, a fraction or an unknown id in it (issue 11 §3).
 */
import {
  asTierRank,
  assertEgo,
  assertFaces,
  assertId,
  assertInteger,
  assertText,
  assertPool,
  getRuleset,
  poolDice,
  RulesError,
  spendEgo,
  targetGroup,
  validateSelection,
  type Face,
  type Pool,
  type RollTarget,
  type RulesetId,
  type Selection,
  type TierRank,
} from "../rules/index.ts";

/** The weapon the action was made with, as the card keeps it (a snapshot of the item). */
export interface CardWeapon {
  readonly name: string;
  readonly rank: TierRank;
  /** Tag ids: the engine's (R-EQ-3) and any the GM added (shown, not automated). */
  readonly tags: readonly string[];
  readonly twoHanded: boolean;
}

export interface CardFlags {
  /** R-RA-10 the character has Whirlwind. */
  readonly whirlwind: boolean;
  /** R-ADV-2 the character is a Specialist in this kind of action. */
  readonly specialist: boolean;
  /** R-RA-9 Fast: the player's Effect first. */
  readonly fast: boolean;
  /** R-RA-9 Slow (a Condition): the player's Effect last. */
  readonly slow: boolean;
}

/** One application of the player's Effect to a Challenge's facet (R-RA-7). */
export interface AppliedEntry {
  /** Which hit was applied: the Effect, or Whirlwind's second hit. */
  readonly hit: "effect" | "second";
  readonly targetName: string;
  readonly facet: string;
  readonly effect: number;
  /** The facet's Disposition before and after. */
  readonly before: number;
  readonly after: number;
  /**
   * The Challenge's armour the Effect went through (R-HARM-1 read for Challenges), when the record
   * names it: then `after` is checked exactly. Optional, so records written without it still pass.
   */
  readonly armour?: number;
  /** The user who applied it (may differ from the one who wrote the record, when done via the GM). */
  readonly userId: string;
}

export interface RiskyCardState {
  /** +1 on every transition; a click names the version it was made on. */
  readonly version: number;
  /** The user who rolled. */
  readonly rollerId: string;
  readonly actorUuid: string;
  readonly actorName: string;
  readonly rulesetId: RulesetId;
  readonly target: RollTarget;
  /** R-RA-8 a Reaction (a save's dice): no Effect unless the GM allows it. */
  readonly reaction: boolean;
  /** R-RA-8 the GM allowed this Reaction an Effect. */
  readonly gmAllowsEffect: boolean;
  /**
   * R-RA-1 the GM lets this Fail succeed, at a worse cost ("succeed, but worse"). Optional: a card
   * stored before it existed has no such field and reads as false.
   */
  readonly gmAllowsSuccess?: boolean;
  /** The dice as they landed: never editable. */
  readonly light: readonly Face[];
  readonly dark: readonly Face[];
  /** The pool's breakdown, shown on the card. */
  readonly pool: Pool;
  /** R-EGO-2 the Ego when the dice were thrown. */
  readonly egoBefore: number;
  /** R-SAY-1 during the last scene a Dark Die costs Ego only on a 1. */
  readonly sayonara: boolean;
  /** R-RA-2 (setting) a lone die is Precision and Effect. */
  readonly singleDieServesBoth: boolean;
  readonly weapon: CardWeapon | null;
  /** The approach's tier when no weapon is used. */
  readonly rank: TierRank;
  readonly combat: boolean;
  readonly flags: CardFlags;
  /** Indices into light-then-dark; null for an empty pool (R-POOL-5). */
  readonly selection: Selection | null;
  /** Set once the Effect is confirmed (locks the choice): the explosion dice rolled after the Effect die. */
  readonly effect: { readonly chain: readonly Face[] } | null;
  /** R-RA-10 Whirlwind's second hit: the die, and its chain once confirmed. */
  readonly secondHit: { readonly die: number; readonly chain: readonly Face[] | null } | null;
  /** R-EGO-2 what the Dark Dice cost; the glue takes it from the actor and says so here. */
  readonly ego: { readonly cost: number; readonly spent: boolean; readonly undone: boolean };
  readonly applied: readonly AppliedEntry[];
}

/** The facts of a roll, as the glue knows them when the dice have landed. */
export interface RiskyCardInput {
  readonly rollerId: string;
  readonly actorUuid: string;
  readonly actorName: string;
  readonly rulesetId: RulesetId;
  readonly target: RollTarget;
  readonly reaction: boolean;
  readonly light: readonly number[];
  readonly dark: readonly number[];
  readonly pool: Pool;
  readonly egoBefore: number;
  readonly sayonara: boolean;
  readonly singleDieServesBoth: boolean;
  readonly weapon: CardWeapon | null;
  readonly rank: number;
  readonly combat: boolean;
  readonly flags: CardFlags;
}

export type DieRole = "precision" | "effect" | "second";

/** The hits a card can apply (R-RA-7 the Effect, R-RA-10 Whirlwind's second hit). */
export const HITS = ["effect", "second"] as const;

const DIE_ROLES: readonly DieRole[] = ["precision", "effect", "second"];

function assertBoolean(value: unknown, what: string): boolean {
  if (typeof value !== "boolean")
    throw new RulesError("bad-choice", `${what} must be yes or no (got ${String(value)}).`, { what });
  return value;
}

/** A die role of a click: precision, effect or second. */
export function assertDieRole(role: string): DieRole {
  return assertId(role, DIE_ROLES, "a die's role");
}

/**
 * A stored Risky card, checked whole: ids and names are text, the ruleset and the target known, the
 * dice faces, the pool matching them (R-POOL-3), Ego 0–6 (R-EGO-2) and the cost the dice make, the
 * tier 0–4, the selection naming dice of the pool (none only for an empty pool, R-POOL-5), the
 * chains faces, the second hit a die of the pool, and each record well-formed (hit, whole numbers).
 */
export function assertRiskyCardState(state: RiskyCardState): RiskyCardState {
  assertInteger(state.version, "The card's version", 0);
  assertText(state.rollerId, "The roller's id");
  assertText(state.actorUuid, "The actor's id");
  assertText(state.actorName, "The actor's name");
  getRuleset(state.rulesetId);
  targetGroup(state.target);
  for (const flag of ["reaction", "gmAllowsEffect", "sayonara", "singleDieServesBoth", "combat"] as const)
    assertBoolean(state[flag], flag);
  for (const flag of ["whirlwind", "specialist", "fast", "slow"] as const) assertBoolean(state.flags[flag], flag);
  // Stored as JSON, an optional field is absent (an older card), never present and undefined.
  if ("gmAllowsSuccess" in state) assertBoolean(state.gmAllowsSuccess, "gmAllowsSuccess");
  const light = assertFaces(state.light, "Light die");
  const dark = assertFaces(state.dark, "Dark die");
  assertPool(state.pool, light.length, dark.length);
  const ego = assertEgo(state.egoBefore);
  asTierRank(state.rank);
  if (state.weapon !== null) {
    assertText(state.weapon.name, "The weapon's name");
    asTierRank(state.weapon.rank);
    state.weapon.tags.forEach((tag) => assertText(tag, "A weapon's tag"));
    assertBoolean(state.weapon.twoHanded, "twoHanded");
  }
  const dice = poolDice(light, dark);
  if (state.selection === null) {
    if (dice.length > 0)
      throw new RulesError("bad-selection", "The card has dice but no Precision die.", {
        what: "The Precision die",
        count: dice.length,
      });
  } else {
    validateSelection(dice, state.selection, { singleDieServesBoth: state.singleDieServesBoth });
  }
  if (state.effect !== null) assertFaces(state.effect.chain, "Explosion die");
  if (state.secondHit !== null) {
    assertInteger(state.secondHit.die, "The second hit", 0, Math.max(0, dice.length - 1));
    if (state.secondHit.chain !== null) assertFaces(state.secondHit.chain, "Explosion die");
  }
  const cost = spendEgo(dark, ego, state.sayonara).cost;
  if (state.ego.cost !== cost)
    throw new RulesError("bad-choice", `These Dark Dice cost ${cost} Ego (the card says ${String(state.ego.cost)}).`, {
      value: cost,
    });
  assertBoolean(state.ego.spent, "spent");
  assertBoolean(state.ego.undone, "undone");
  for (const entry of state.applied) {
    assertId(entry.hit, HITS, "a hit");
    assertText(entry.targetName, "The target's name");
    assertText(entry.facet, "The facet's name");
    assertText(entry.userId, "The user's id");
    assertInteger(entry.effect, "The Effect applied", 0);
    assertInteger(entry.before, "The Disposition before", 0);
    assertInteger(entry.after, "The Disposition after", 0);
    // Stored as JSON, an optional field is absent, never present and undefined.
    if ("armour" in entry) assertInteger(entry.armour ?? Number.NaN, "The Challenge's armour", 0);
  }
  return state;
}
