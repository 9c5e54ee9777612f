/**
 * The Risky Action (and Reaction) chat card as a pure state machine. The state is plain JSON kept in
 * the chat message's flags; every client, and a reload, derives the same card from it. Each
 * transition takes the current state, the user who clicked and the version the click was made on,
 * and returns a new state (version + 1) or throws a readable `RulesError`:
 *
 * - `not-allowed`: the user may not do this (only the roller or a GM changes the choices), or the
 *   step is not open (no Ego spent to undo, nothing lands to apply…);
 * - `stale`: the card changed since the click was made (two clicks at once): the first wins, the
 *   second is refused, and the stored state stays valid;
 * - `locked`: the Effect is confirmed, so the dice choice can no longer change;
 * - the rules' own codes (`bad-selection`, `same-die`, `bad-chain`…) for a bad choice.
 *
 * R-RA-1 … R-RA-10, R-EGO-2, R-EGO-3, R-SAY-1, R-POOL-5, R-ADV-2 (Specialist).
 */
import {
  assertEgo,
  assertFaces,
  assertId,
  asTierRank,
  assertInteger,
  damageAfterArmour,
  defaultSecondHit,
  defaultSelection,
  explodes,
  explosionThreshold,
  explosionTotal,
  getRuleset,
  poolDice,
  reduceDisposition,
  RulesError,
  spendEgo,
  validateSecondHit,
  validateSelection,
  type Face,
  type PoolDie,
  type Selection,
  type SelectionSettings,
} from "../rules/index.ts";
import { isRollerOrGm, type CardUser } from "./permissions.ts";
import { cardDice, isSlaughter, riskyCardResult, settingsOf } from "./risky-card-reading.ts";
import {
  assertDieRole,
  assertRiskyCardState,
  HITS,
  type AppliedEntry,
  type DieRole,
  type RiskyCardInput,
  type RiskyCardState,
} from "./risky-card-state.ts";

export type { CardUser };

export type {
  AppliedEntry,
  CardFlags,
  CardWeapon,
  DieRole,
  RiskyCardInput,
  RiskyCardState,
} from "./risky-card-state.ts";
export { assertDieRole, assertRiskyCardState, HITS } from "./risky-card-state.ts";

export { cardDice, cardRank, cardTags, isSlaughter } from "./risky-card-reading.ts";
export { riskyCardResult, type RiskyCardEgo, type RiskyCardResult } from "./risky-card-reading.ts";

/**
 * A new card from the roll's facts: R-RA-1/2 the default Precision and Effect dice, R-EGO-2 the Ego
 * the Dark Dice cost (the cost only: the glue takes it from the actor, then `markEgoSpent`).
 */
export function createRiskyCard(input: RiskyCardInput): RiskyCardState {
  getRuleset(input.rulesetId);
  const light = assertFaces(input.light, "Light die");
  const dark = assertFaces(input.dark, "Dark die");
  if (input.pool.light !== light.length || input.pool.dark !== dark.length) {
    throw new RulesError(
      "out-of-range",
      `The pool has ${input.pool.light} Light and ${input.pool.dark} Dark Dice, but ${light.length} Light and ${dark.length} Dark were thrown.`,
      { what: "The dice thrown", value: light.length + dark.length },
    );
  }
  const egoBefore = assertEgo(input.egoBefore);
  const rank = asTierRank(input.rank);
  const weapon = input.weapon
    ? { ...input.weapon, rank: asTierRank(input.weapon.rank), tags: [...input.weapon.tags] }
    : null;
  const settings: SelectionSettings = { singleDieServesBoth: input.singleDieServesBoth };
  const selection = defaultSelection(poolDice(light, dark), settings);
  const spend = spendEgo(dark, egoBefore, input.sayonara);
  return assertRiskyCardState({
    version: 0,
    rollerId: input.rollerId,
    actorUuid: input.actorUuid,
    actorName: input.actorName,
    rulesetId: input.rulesetId,
    target: input.target,
    reaction: input.reaction,
    gmAllowsEffect: false,
    gmAllowsSuccess: false,
    light,
    dark,
    pool: input.pool,
    egoBefore,
    sayonara: input.sayonara,
    singleDieServesBoth: input.singleDieServesBoth,
    weapon,
    rank,
    combat: input.combat,
    flags: { ...input.flags },
    selection,
    effect: null,
    secondHit: null,
    ego: { cost: spend.cost, spent: false, undone: false },
    applied: [],
  });
}

// ---------------------------------------------------------------------------------------------
// Guards shared by the transitions

function assertMayChange(state: RiskyCardState, user: CardUser, doing: string): void {
  if (!isRollerOrGm(user, state.rollerId)) {
    throw new RulesError("not-allowed", `Only the player who rolled or a GM can ${doing}.`, { reason: "notRoller" });
  }
}

function assertVersion(state: { readonly version: number }, expectedVersion: number): void {
  if (expectedVersion !== state.version) {
    throw new RulesError(
      "stale",
      "The card changed while you were clicking (someone else was quicker). Look at it again and retry.",
      { expected: expectedVersion, actual: state.version },
    );
  }
}

function next(state: RiskyCardState, changes: Partial<RiskyCardState>): RiskyCardState {
  return { ...state, ...changes, version: state.version + 1 };
}

function requireSelection(state: RiskyCardState): Selection {
  if (!state.selection) throw new RulesError("no-dice", "No dice were thrown, so there is nothing to choose.");
  return state.selection;
}

// ---------------------------------------------------------------------------------------------
// Transitions

/**
 * R-RA-1 / R-RA-2 / R-RA-10 a click on a die. `precision`: it becomes the Precision die (clicking the
 * Effect die swaps the two); `effect`: it becomes the Effect die (clicking the Precision die swaps
 * them); `second`: once the Effect is confirmed and Whirlwind's second hit is open, it becomes the
 * second hit. A click that changes nothing returns the state as it is.
 */
export function selectDie(
  state: RiskyCardState,
  user: CardUser,
  index: number,
  role: DieRole,
  expectedVersion: number,
): RiskyCardState {
  assertRiskyCardState(state);
  assertDieRole(role);
  assertMayChange(state, user, "choose the dice");
  assertVersion(state, expectedVersion);
  const dice = cardDice(state);
  const selection = requireSelection(state);
  if (role === "second") return selectSecond(state, dice, selection, index);
  if (state.effect) throw new RulesError("locked", "The Effect is confirmed: the dice can no longer be changed.");
  const chosen = role === "precision" ? choosePrecision(selection, index) : chooseEffect(selection, index);
  validateSelection(dice, chosen, settingsOf(state));
  if (chosen.precision === selection.precision && chosen.effect === selection.effect) return state;
  return next(state, { selection: chosen });
}

function choosePrecision(selection: Selection, index: number): Selection {
  if (index === selection.precision) return selection;
  if (index === selection.effect) return { precision: index, effect: selection.precision };
  return { precision: index, effect: selection.effect };
}

function chooseEffect(selection: Selection, index: number): Selection {
  if (index === selection.effect) return selection;
  if (index === selection.precision && selection.effect !== null) return { precision: selection.effect, effect: index };
  return { precision: selection.precision, effect: index };
}

function selectSecond(
  state: RiskyCardState,
  dice: readonly PoolDie[],
  selection: Selection,
  index: number,
): RiskyCardState {
  if (!state.effect || !state.secondHit) {
    throw new RulesError(
      "not-allowed",
      "A second hit is open only after a successful Effect is confirmed, in combat, with Whirlwind.",
      {
        reason: "noSecondHit",
      },
    );
  }
  if (state.secondHit.chain)
    throw new RulesError("locked", "The second hit is confirmed: it can no longer be changed.");
  validateSecondHit(dice, selection, index);
  if (index === state.secondHit.die) return state;
  return next(state, { secondHit: { die: index, chain: null } });
}

/**
 * R-RA-8 the GM allows (or withdraws) an Effect for a Reaction, before it is confirmed.
 */
export function allowEffect(
  state: RiskyCardState,
  user: CardUser,
  allowed: boolean,
  expectedVersion: number,
): RiskyCardState {
  assertRiskyCardState(state);
  if (typeof allowed !== "boolean") throw new RulesError("bad-choice", "The GM allows an Effect or does not.");
  if (!user.isGM)
    throw new RulesError("not-allowed", "Only a GM can allow a Reaction to have an Effect.", { reason: "notGm" });
  assertVersion(state, expectedVersion);
  if (!state.reaction)
    throw new RulesError("not-allowed", "Only a Reaction needs the GM's leave to have an Effect.", {
      reason: "notReaction",
    });
  if (state.effect) throw new RulesError("locked", "The Effect is confirmed: it can no longer be changed.");
  if (state.gmAllowsEffect === allowed) return state;
  return next(state, { gmAllowsEffect: allowed });
}

/**
 * R-RA-1 the GM lets a Fail succeed, at a worse cost ("succeed, but worse"), or withdraws it, before
 * the Effect is confirmed. Ruling (docs/RULES.md R-RA-1): it reads as a Precision of 4–5, so the
 * player's Effect lands at its full tier and the Challenge's Effect lands too (R-RA-6). It is given
 * only on a Fail; withdrawing is always open until the Effect is confirmed.
 */
export function allowSuccess(
  state: RiskyCardState,
  user: CardUser,
  allowed: boolean,
  expectedVersion: number,
): RiskyCardState {
  assertRiskyCardState(state);
  if (typeof allowed !== "boolean")
    throw new RulesError("bad-choice", "The GM allows a success at a cost or does not.");
  if (!user.isGM)
    throw new RulesError("not-allowed", "Only a GM can let a Fail succeed at a cost.", { reason: "notGm" });
  assertVersion(state, expectedVersion);
  requireSelection(state);
  if (state.effect) throw new RulesError("locked", "The Effect is confirmed: it can no longer be changed.");
  if ((state.gmAllowsSuccess ?? false) === allowed) return state;
  if (allowed && riskyCardResult(state).band !== "fail") {
    throw new RulesError("not-allowed", "Only a Fail can be turned into a success at a cost.", { reason: "notFail" });
  }
  return next(state, { gmAllowsSuccess: allowed });
}

/**
 * R-RA-3 does confirming need an explosion chain? For the Effect (or the second hit) die when the
 * player's Effect lands and the die shows the threshold (6, 5+ with Slaughter): the glue then rolls
 * the chain (`1d6x`, `1d6x>=5`) and passes its faces to `confirmEffect` / `confirmSecondHit`.
 * Null when no chain is needed: confirm with an empty chain.
 */
export function effectChainNeeded(
  state: RiskyCardState,
  which: "effect" | "second",
): { face: Face; threshold: Face } | null {
  assertId(which, HITS, "a hit");
  const threshold = explosionThreshold(isSlaughter(state));
  const face = hitFace(state, which);
  if (face === null || !explodes(face, threshold)) return null;
  return { face, threshold };
}

/** The face of the die whose chain is asked for, when that hit lands; else null. */
function hitFace(state: RiskyCardState, which: "effect" | "second"): Face | null {
  const result = riskyCardResult(state);
  if (!result.landing.player) return null;
  const dice = cardDice(state);
  if (which === "effect") {
    const index = state.selection?.effect;
    return index === null || index === undefined ? null : (dice[index]?.face ?? null);
  }
  return state.secondHit ? (dice[state.secondHit.die]?.face ?? null) : null;
}

function checkedChain(state: RiskyCardState, which: "effect" | "second", chain: readonly number[]): Face[] {
  const faces = assertFaces(chain, "Explosion die");
  const face = hitFace(state, which);
  if (face === null) {
    if (faces.length > 0)
      throw new RulesError("bad-chain", "No Effect lands, so there is no explosion to roll.", { threshold: 0 });
    return faces;
  }
  explosionTotal(face, faces, explosionThreshold(isSlaughter(state)));
  return faces;
}

/**
 * R-RA-3 confirm the Effect die with its explosion chain (empty when it did not explode, or when the
 * player's Effect does not land). Locks the dice choice; opens Whirlwind's second hit (R-RA-10) with
 * the highest die left as its default.
 */
export function confirmEffect(
  state: RiskyCardState,
  user: CardUser,
  chain: readonly number[],
  expectedVersion: number,
): RiskyCardState {
  assertRiskyCardState(state);
  assertMayChange(state, user, "confirm the Effect");
  assertVersion(state, expectedVersion);
  const selection = requireSelection(state);
  if (state.effect) throw new RulesError("locked", "The Effect is already confirmed.");
  const faces = checkedChain(state, "effect", chain);
  const result = riskyCardResult(state);
  const die = result.secondHitAvailable ? defaultSecondHit(cardDice(state), selection) : null;
  return next(state, { effect: { chain: faces }, secondHit: die === null ? null : { die, chain: null } });
}

/** R-RA-10 confirm Whirlwind's second hit with its own explosion chain. */
export function confirmSecondHit(
  state: RiskyCardState,
  user: CardUser,
  chain: readonly number[],
  expectedVersion: number,
): RiskyCardState {
  assertRiskyCardState(state);
  assertMayChange(state, user, "confirm the second hit");
  assertVersion(state, expectedVersion);
  if (!state.effect || !state.secondHit) {
    throw new RulesError("not-allowed", "There is no second hit to confirm.", { reason: "noSecondHit" });
  }
  if (state.secondHit.chain) throw new RulesError("locked", "The second hit is already confirmed.");
  const faces = checkedChain(state, "second", chain);
  return next(state, { secondHit: { die: state.secondHit.die, chain: faces } });
}

/** R-EGO-2 the glue took the Ego the Dark Dice cost from the actor. */
export function markEgoSpent(state: RiskyCardState, user: CardUser, expectedVersion?: number): RiskyCardState {
  assertRiskyCardState(state);
  assertMayChange(state, user, "spend the Ego");
  if (expectedVersion !== undefined) assertVersion(state, expectedVersion);
  if (state.ego.spent)
    throw new RulesError("not-allowed", "The Ego of this roll is already spent.", { reason: "egoSpent" });
  return next(state, { ego: { ...state.ego, spent: true } });
}

/** R-EGO-2 give back the Ego the Dark Dice cost (the glue restores it on the actor). Once only. */
export function undoEgo(state: RiskyCardState, user: CardUser, expectedVersion?: number): RiskyCardState {
  assertRiskyCardState(state);
  assertMayChange(state, user, "give back the Ego");
  if (expectedVersion !== undefined) assertVersion(state, expectedVersion);
  if (state.ego.undone)
    throw new RulesError("not-allowed", "The Ego of this roll was already given back.", { reason: "egoUndone" });
  if (!state.ego.spent || state.ego.cost === 0) {
    throw new RulesError("not-allowed", "No Ego was spent on this roll, so there is none to give back.", {
      reason: "egoNotSpent",
    });
  }
  return next(state, { ego: { ...state.ego, undone: true } });
}

/**
 * R-RA-7 record that a hit was applied to a Challenge's facet. Written by a GM, the roller, or the
 * user who applied it; each hit is applied once, and only a confirmed hit that lands.
 *
 * The record is checked against the card and the rules (R-RA-7, R-CH-5): `hit` is "effect" or
 * "second"; `effect` is the card's confirmed Effect for that hit; `after` is
 * max(0, before − max(0, effect − armour)) when the record names the Challenge's `armour`, and
 * otherwise lies between max(0, before − effect) (no armour) and `before` (the card cannot know an
 * armour the record does not name). `before` itself is the Challenge's, which the card cannot know.
 */
export function recordApplied(
  state: RiskyCardState,
  user: CardUser,
  entry: AppliedEntry,
  expectedVersion?: number,
): RiskyCardState {
  assertRiskyCardState(state);
  if (!isRollerOrGm(user, state.rollerId) && user.id !== entry.userId) {
    throw new RulesError(
      "not-allowed",
      "Only a GM, the player who rolled or the one who applied the Effect can record it.",
      {
        reason: "notRoller",
      },
    );
  }
  if (expectedVersion !== undefined) assertVersion(state, expectedVersion);
  const hit = assertId(entry.hit, HITS, "a hit");
  const result = riskyCardResult(state);
  const value = hit === "effect" ? result.effect : result.second;
  if (!value)
    throw new RulesError("not-allowed", "This hit has no confirmed Effect that lands, so there is nothing to apply.", {
      reason: "noEffect",
    });
  if (state.applied.some((a) => String(a.hit) === hit)) {
    throw new RulesError("not-allowed", "This Effect has already been applied.", { reason: "alreadyApplied" });
  }
  assertInteger(entry.effect, "The Effect applied", 0);
  const before = assertInteger(entry.before, "The Disposition before", 0);
  const after = assertInteger(entry.after, "The Disposition after", 0);
  if (entry.effect !== value.value) {
    throw new RulesError(
      "bad-choice",
      `The Effect recorded must be this card's Effect of ${value.value} (got ${entry.effect}).`,
      { value: value.value },
    );
  }
  const armour = entry.armour === undefined ? undefined : assertInteger(entry.armour, "The Challenge's armour", 0);
  const least = reduceDisposition(before, value.value).value;
  const expected =
    armour === undefined ? null : reduceDisposition(before, damageAfterArmour(value.value, armour)).value;
  if (expected === null ? after < least || after > before : after !== expected) {
    const what = expected === null ? `between ${least} and ${before}` : String(expected);
    throw new RulesError(
      "bad-choice",
      `An Effect of ${value.value} against a Disposition of ${before} leaves ${what} (got ${after}).`,
      {
        value: value.value,
      },
    );
  }
  const clean: AppliedEntry = {
    hit,
    targetName: String(entry.targetName),
    facet: String(entry.facet),
    effect: entry.effect,
    before,
    after,
    ...(armour === undefined ? {} : { armour }),
    userId: String(entry.userId),
  };
  return next(state, { applied: [...state.applied, clean] });
}
