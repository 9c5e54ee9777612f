/**
 * The Risky Action (and Reaction) card as a pure state machine (R-RA-1 … R-RA-10, R-EGO-2, R-EGO-3, R-SAY-1,
 * R-POOL-5, R-ADV-2): its stored state and check, its reading, its transitions and its view. A transition takes
 * the state, the clicking user and the click's version, and returns the next state (version + 1) or throws:
 * `not-allowed`, `stale` (two clicks at once: the first wins), `locked` (the Effect is confirmed), or a rule's
 * own code.
 */
import {
  assertEgo,
  assertFaces,
  assertListUpTo,
  assertStoredFaces,
  assertId,
  assertInteger,
  assertPool,
  assertText,
  asTierRank,
  damageAfterArmour,
  defaultSecondHit,
  defaultSelection,
  effectOrder,
  effectsThatLand,
  effectTags,
  explodes,
  explosionThreshold,
  explosionTotal,
  getRuleset,
  isWeaponTag,
  playerEffect,
  poolDice,
  reduceDisposition,
  resolve,
  RulesError,
  secondHitAvailable,
  spendEgo,
  STORED_LIST_MAX,
  targetGroup,
  validateSecondHit,
  validateSelection,
  type Band,
  type EffectOrder,
  type EffectRule,
  type EffectTags,
  type EgoSpend,
  type Face,
  type Landing,
  type PlayerEffect,
  type Pool,
  type PoolDie,
  type Resolution,
  type RollTarget,
  type Ruleset,
  type RulesetId,
  type Selection,
  type SelectionSettings,
  type TierRank,
} from "../rules/index.ts";
import { isRollerOrGm, REASON, undoEgoPermission, type CardUser } from "./permissions.ts";
import { dieNameKey } from "./die-names.ts";

// ---------------------------------------------------------------------------------------------
// The stored state and its check

/**
 * Flags hold whatever a client wrote: every step checks the state whole first (`assertRiskyCardState`), so a
 * forged card is refused, never carried on.
 */

/** A snapshot of the item. */
export interface CardWeapon {
  readonly name: string;
  readonly rank: TierRank;
  /** The engine's (R-EQ-3) and any the GM added (shown, not automated). */
  readonly tags: readonly string[];
  readonly twoHanded: boolean;
}

export interface CardFlags {
  /** R-RA-10 */
  readonly whirlwind: boolean;
  /** R-ADV-2 in this kind of action. */
  readonly specialist: boolean;
  /** R-RA-9 */
  readonly fast: boolean;
  /** R-RA-9 (a Condition) */
  readonly slow: boolean;
}

/** R-RA-7 */
export interface AppliedEntry {
  readonly hit: "effect" | "second";
  readonly targetName: string;
  readonly facet: string;
  readonly effect: number;
  readonly before: number;
  readonly after: number;
  /** Optional (older records lack it); when named, `after` is checked exactly. */
  readonly armour?: number;
  /** May differ from the record's writer when done via the GM. */
  readonly userId: string;
}

export interface RiskyCardState {
  /** +1 per transition; a click names the version it was made on. */
  readonly version: number;
  readonly rollerId: string;
  readonly actorUuid: string;
  readonly actorName: string;
  readonly rulesetId: RulesetId;
  readonly target: RollTarget;
  /** R-RA-8 a save's dice. */
  readonly reaction: boolean;
  /** R-RA-8 */
  readonly gmAllowsEffect: boolean;
  /** R-RA-1 "succeed, but worse"; absent on older cards (false). */
  readonly gmAllowsSuccess?: boolean;
  /** As they landed: never editable. */
  readonly light: readonly Face[];
  readonly dark: readonly Face[];
  readonly pool: Pool;
  /** R-EGO-2 the Ego at the throw. */
  readonly egoBefore: number;
  /** R-SAY-1 */
  readonly sayonara: boolean;
  /** R-RA-2 (setting) */
  readonly singleDieServesBoth: boolean;
  readonly weapon: CardWeapon | null;
  /** When no weapon is used. */
  readonly rank: TierRank;
  readonly combat: boolean;
  readonly flags: CardFlags;
  /** Into light-then-dark; null for an empty pool (R-POOL-5). */
  readonly selection: Selection | null;
  /** Set once confirmed (locks the choice): the explosion dice after the Effect die. */
  readonly effect: { readonly chain: readonly Face[] } | null;
  /** R-RA-10 the die, and its chain once confirmed. */
  readonly secondHit: { readonly die: number; readonly chain: readonly Face[] | null } | null;
  /** R-EGO-2 the glue takes it from the actor and says so here. */
  readonly ego: { readonly cost: number; readonly spent: boolean; readonly undone: boolean };
  readonly applied: readonly AppliedEntry[];
}

/** As the glue knows them when the dice have landed. */
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

/** R-RA-7, R-RA-10 */
export const HITS = ["effect", "second"] as const;

const DIE_ROLES: readonly DieRole[] = ["precision", "effect", "second"];

function assertBoolean(value: unknown, what: string): boolean {
  if (typeof value !== "boolean")
    throw new RulesError("bad-choice", `${what} must be yes or no (got ${String(value)}).`, { what });
  return value;
}

export function assertDieRole(role: string): DieRole {
  return assertId(role, DIE_ROLES, "a die's role");
}

/**
 * Ids, ruleset and target known; faces and a pool matching them (R-POOL-3); Ego and its cost (R-EGO-2); the
 * selection naming pool dice (none only for an empty pool, R-POOL-5); chains, second hit and records
 * well-formed.
 */
export function assertRiskyCardState(state: RiskyCardState): RiskyCardState {
  assertInteger(state.version, "The card's version", 0);
  assertText(state.rollerId, "The roller's id");
  assertText(state.actorUuid, "The actor's id");
  assertText(state.actorName, "The actor's name");
  const ruleset = getRuleset(state.rulesetId);
  targetGroup(state.target);
  for (const flag of ["reaction", "gmAllowsEffect", "sayonara", "singleDieServesBoth", "combat"] as const)
    assertBoolean(state[flag], flag);
  for (const flag of ["whirlwind", "specialist", "fast", "slow"] as const) assertBoolean(state.flags[flag], flag);
  // An optional field is absent in JSON (an older card), never present and undefined.
  if ("gmAllowsSuccess" in state) assertBoolean(state.gmAllowsSuccess, "gmAllowsSuccess");
  const light = assertStoredFaces(state.light, "Light die");
  const dark = assertStoredFaces(state.dark, "Dark die");
  assertListUpTo(state.pool.lines, STORED_LIST_MAX, "The pool's lines");
  assertPool(state.pool, light.length, dark.length);
  const ego = assertEgo(state.egoBefore);
  asTierRank(state.rank);
  if (state.weapon !== null) {
    assertText(state.weapon.name, "The weapon's name");
    asTierRank(state.weapon.rank);
    assertListUpTo(state.weapon.tags, STORED_LIST_MAX, "A weapon's tags").forEach((tag) =>
      assertText(tag, "A weapon's tag"),
    );
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
  if (state.effect !== null) assertStoredFaces(state.effect.chain, "Explosion die");
  if (state.secondHit !== null) {
    assertInteger(state.secondHit.die, "The second hit", 0, Math.max(0, dice.length - 1));
    if (state.secondHit.chain !== null) assertStoredFaces(state.secondHit.chain, "Explosion die");
  }
  const cost = spendEgo(ruleset, dark, ego, { sayonara: state.sayonara }).cost;
  if (state.ego.cost !== cost)
    throw new RulesError("bad-choice", `These Dark Dice cost ${cost} Ego (the card says ${String(state.ego.cost)}).`, {
      value: cost,
    });
  assertBoolean(state.ego.spent, "spent");
  assertBoolean(state.ego.undone, "undone");
  for (const entry of assertListUpTo(state.applied, HITS.length, "The card's applied Effects")) {
    assertId(entry.hit, HITS, "a hit");
    assertText(entry.targetName, "The target's name");
    assertText(entry.facet, "The facet's name");
    assertText(entry.userId, "The user's id");
    assertInteger(entry.effect, "The Effect applied", 0);
    assertInteger(entry.before, "The Disposition before", 0);
    assertInteger(entry.after, "The Disposition after", 0);
    // An optional field is absent in JSON, never present and undefined.
    if ("armour" in entry) assertInteger(entry.armour ?? Number.NaN, "The Challenge's armour", 0);
  }
  return state;
}

// ---------------------------------------------------------------------------------------------
// Reading the card

/** Derived from the checked state with the rules. */

/** Light first, then dark. */
export function cardDice(state: Pick<RiskyCardState, "light" | "dark">): PoolDie[] {
  return poolDice(state.light, state.dark);
}

/** R-RA-2 */
function settingsOf(state: Pick<RiskyCardState, "singleDieServesBoth">): SelectionSettings {
  return { singleDieServesBoth: state.singleDieServesBoth };
}

/** R-RA-3 / R-EQ-3 */
export function isSlaughter(state: Pick<RiskyCardState, "weapon">): boolean {
  return state.weapon?.tags.includes("slaughter") ?? false;
}

/** The weapon's, or the approach's. */
export function cardRank(state: Pick<RiskyCardState, "weapon" | "rank">): TierRank {
  return asTierRank(state.weapon ? state.weapon.rank : state.rank);
}

/** R-RA-4 / R-EQ-3 */
export function cardTags(state: Pick<RiskyCardState, "weapon">): EffectTags {
  const w = state.weapon;
  return effectTags(w ? { rank: w.rank, ranges: [], tags: w.tags, twoHanded: w.twoHanded } : undefined);
}

export interface RiskyCardEgo extends EgoSpend {
  /** Once settled (the cost given back when undone). */
  readonly egoAfter: number;
}

export interface RiskyCardResult {
  /** R-POOL-5 */
  readonly empty: boolean;
  readonly dice: readonly PoolDie[];
  readonly resolution: Resolution | null;
  /** R-RA-1 (an empty pool fails). */
  readonly band: Resolution["band"];
  /** R-RA-1 reads as a Precision of 4–5 (R-RA-6). */
  readonly gmSuccess: boolean;
  /** R-RA-6 / R-RA-8 */
  readonly landing: Landing;
  /** R-RA-9 */
  readonly order: EffectOrder;
  /** The dice can no longer change. */
  readonly locked: boolean;
  /** R-RA-3 … R-RA-5 once confirmed and when it lands. */
  readonly effect: PlayerEffect | null;
  /** R-RA-10 */
  readonly secondHitAvailable: boolean;
  /** R-RA-10 once confirmed. */
  readonly second: PlayerEffect | null;
  /** R-EGO-2 / R-SAY-1 */
  readonly ego: RiskyCardEgo;
  /** R-EGO-3 unless the cost was given back. */
  readonly lost: boolean;
}

const EMPTY_LANDING: Landing = { player: false, challenge: true };

/** R-RA-1 (ruling) the GM's "succeed, but worse" reads as a Precision of 4–5; the band stays a Fail. */
function grantedSuccess(rolled: Resolution, state: RiskyCardState): Resolution {
  const lands = effectsThatLand("partial");
  const player = lands.player && rolled.effectFace !== null && (!state.reaction || state.gmAllowsEffect);
  return { ...rolled, succeeded: true, specialistRescue: false, landing: { player, challenge: lands.challenge } };
}

export function riskyCardResult(state: RiskyCardState): RiskyCardResult {
  assertRiskyCardState(state);
  const ruleset = getRuleset(state.rulesetId);
  const dice = cardDice(state);
  const spend = spendEgo(ruleset, state.dark, state.egoBefore, { sayonara: state.sayonara });
  const egoAfter = state.ego.undone ? spend.before : spend.after;
  const ego: RiskyCardEgo = { ...spend, egoAfter };
  const order = effectOrder({
    fast: state.flags.fast,
    nimble: state.weapon?.tags.includes("nimble") ?? false,
    slow: state.flags.slow,
  });
  const base = { dice, order, locked: state.effect !== null, ego, lost: egoAfter === 0 };
  const selection = state.selection;
  if (!selection) {
    return {
      ...base,
      empty: true,
      resolution: null,
      band: "fail",
      gmSuccess: false,
      landing: EMPTY_LANDING,
      effect: null,
      secondHitAvailable: false,
      second: null,
    };
  }
  const rolled = resolve(
    dice,
    selection,
    { reaction: state.reaction, gmAllowsEffect: state.gmAllowsEffect, specialist: state.flags.specialist },
    settingsOf(state),
  );
  const gmSuccess = rolled.band === "fail" && state.gmAllowsSuccess === true;
  const resolution = gmSuccess ? grantedSuccess(rolled, state) : rolled;
  const slaughter = isSlaughter(state);
  const rank = cardRank(state);
  const tags = cardTags(state);
  const effect =
    state.effect && resolution.landing.player && resolution.effectFace !== null
      ? playerEffect(ruleset, {
          first: resolution.effectFace,
          chain: state.effect.chain,
          slaughter,
          rank,
          tags,
          specialistRescue: resolution.specialistRescue,
        })
      : null;
  const available =
    resolution.landing.player &&
    secondHitAvailable(dice, selection, resolution, { whirlwind: state.flags.whirlwind, combat: state.combat });
  const secondDie = state.secondHit ? dice[state.secondHit.die] : undefined;
  const second =
    available && state.secondHit?.chain && secondDie
      ? playerEffect(ruleset, { first: secondDie.face, chain: state.secondHit.chain, slaughter, rank, tags })
      : null;
  return {
    ...base,
    empty: false,
    resolution,
    band: resolution.band,
    gmSuccess,
    landing: resolution.landing,
    effect,
    secondHitAvailable: available,
    second,
  };
}

// ---------------------------------------------------------------------------------------------
// The transitions

/** R-RA-1 / R-RA-2 the default dice; R-EGO-2 the cost only (the glue takes it, then `markEgoSpent`). */
export function createRiskyCard(input: RiskyCardInput): RiskyCardState {
  const ruleset = getRuleset(input.rulesetId);
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
  const spend = spendEgo(ruleset, dark, egoBefore, { sayonara: input.sayonara });
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
 * R-RA-1 / R-RA-2 / R-RA-10 `precision` or `effect` (clicking the other one swaps them), or `second` once the
 * Effect is confirmed; a click that changes nothing returns the state as it is.
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

/** R-RA-8 before the Effect is confirmed. */
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
 * R-RA-1 (ruling) "succeed, but worse", given on a Fail and withdrawn any time before the Effect is confirmed.
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
 * R-RA-3 when the hit lands on the threshold the glue rolls the chain (`1d6x`, `1d6x>=5`) and passes it to
 * `confirmEffect` / `confirmSecondHit`; null: confirm with an empty chain.
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

/** Null unless that hit lands. */
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

/** R-RA-3 locks the dice; opens R-RA-10's second hit, the highest die left by default. */
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

/** R-RA-10 */
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

/** R-EGO-2 */
export function markEgoSpent(state: RiskyCardState, user: CardUser, expectedVersion?: number): RiskyCardState {
  assertRiskyCardState(state);
  assertMayChange(state, user, "spend the Ego");
  if (expectedVersion !== undefined) assertVersion(state, expectedVersion);
  if (state.ego.spent)
    throw new RulesError("not-allowed", "The Ego of this roll is already spent.", { reason: "egoSpent" });
  return next(state, { ego: { ...state.ego, spent: true } });
}

/** R-EGO-2 (ruling) once; the glue restores it on the actor. */
export function undoEgo(state: RiskyCardState, user: CardUser, expectedVersion?: number): RiskyCardState {
  assertRiskyCardState(state);
  assertMayChange(state, user, "give back the Ego");
  if (!undoEgoPermission(user, state.rollerId, state.effect !== null).allowed) {
    throw new RulesError("not-allowed", "The dice are confirmed: only a GM can give the Ego back now.", {
      reason: "egoConfirmed",
    });
  }
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
 * R-RA-7 / R-CH-5 each confirmed hit that lands, applied once; written by a GM, the roller or the applier and
 * checked by `checkAppliedEntry` (the Challenge's `before` is its own, which the card cannot know).
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
  const clean = checkAppliedEntry(entry, hit, value.value);
  return next(state, { applied: [...state.applied, clean] });
}

/**
 * `after` is max(0, before − max(0, effect − armour)) when the record names `armour`, else between max(0,
 * before − effect) and `before`. Returns only the fields the record named.
 */
export function checkAppliedEntry(entry: AppliedEntry, hit: AppliedEntry["hit"], value: number): AppliedEntry {
  assertId(hit, HITS, "a hit");
  assertInteger(value, "The card's Effect", 0);
  assertInteger(entry.effect, "The Effect applied", 0);
  const before = assertInteger(entry.before, "The Disposition before", 0);
  const after = assertInteger(entry.after, "The Disposition after", 0);
  if (entry.effect !== value) {
    throw new RulesError(
      "bad-choice",
      `The Effect recorded must be this card's Effect of ${value} (got ${entry.effect}).`,
      { value: value },
    );
  }
  const armour = entry.armour === undefined ? undefined : assertInteger(entry.armour, "The Challenge's armour", 0);
  const least = reduceDisposition(before, value).value;
  const expected = armour === undefined ? null : reduceDisposition(before, damageAfterArmour(value, armour)).value;
  if (expected === null ? after < least || after > before : after !== expected) {
    const what = expected === null ? `between ${least} and ${before}` : String(expected);
    throw new RulesError(
      "bad-choice",
      `An Effect of ${value} against a Disposition of ${before} leaves ${what} (got ${after}).`,
      {
        value: value,
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
  return clean;
}

// ---------------------------------------------------------------------------------------------
// The view model

/** `mayApply` / `mayApplyReason` from `cardPermission(…).apply`. */
export interface CardViewer extends CardUser {
  readonly gmOnline: boolean;
  readonly mayApply: boolean;
  readonly mayApplyReason: string | null;
}

export interface CardButtonView {
  readonly labelKey: string;
  readonly disabled: boolean;
  /** When enabled, a hint on its limits, or null. */
  readonly tooltipKey: string | null;
}

export type DieRoleView = "precision" | "effect" | "both" | "second" | null;

export interface DieTileView {
  readonly index: number;
  readonly tone: "light" | "dark";
  readonly face: number;
  readonly role: DieRoleView;
  readonly roleKey: string | null;
  /** R-EGO-2 */
  readonly costsEgo: boolean;
  /** The roller or a GM, before the choice is locked. */
  readonly clickable: boolean;
  readonly clickRole: "precision" | "second" | null;
  readonly clickTitleKey: string | null;
  readonly effectButton: boolean;
  /** With `{face}`. */
  readonly titleKey: string;
  /** The screen reader's name: "Dark die, 5, Effect" (with `{face}`). */
  readonly nameKey: string;
  readonly cssClass: string;
}

export interface BreakdownLineView {
  /** Null when `label` is a user's own text (shown escaped). */
  readonly labelKey: string | null;
  readonly label: string;
  /** Signed; the base line shows its plain count. */
  readonly dice: string;
}

export interface ExplosionDieView {
  readonly face: number;
  /** R-RA-3 */
  readonly exploded: boolean;
  readonly cssClass: string;
}

export interface EffectView {
  readonly value: number;
  readonly dice: readonly ExplosionDieView[];
  /** Language-neutral values ("+2", "≥ 3"). */
  readonly lines: readonly { readonly labelKey: string; readonly text: string }[];
  readonly floorApplied: boolean;
  readonly threshold: number;
}

export interface RiskyCardView {
  readonly cssClass: string;
  readonly version: number;
  readonly titleKey: string;
  readonly actorName: string;
  readonly targetKey: string;
  readonly weapon: {
    readonly name: string;
    readonly tierKey: string;
    readonly tags: readonly { readonly labelKey: string | null; readonly label: string }[];
  } | null;
  readonly empty: boolean;
  readonly dice: readonly DieTileView[];
  readonly breakdown: {
    readonly lines: readonly BreakdownLineView[];
    readonly light: number;
    readonly dark: number;
    readonly clampKey: string | null;
  };
  readonly outcome: { readonly band: Band; readonly bandKey: string; readonly cssClass: string };
  readonly specialist: boolean;
  /** R-RA-1 */
  readonly gmSuccess: boolean;
  readonly reaction: { readonly noteKey: string } | null;
  readonly landing: readonly { readonly key: string; readonly cssClass: string }[];
  readonly orderKey: string | null;
  /** R-RA-3 shown before confirming. */
  readonly willExplode: boolean;
  readonly effect: EffectView | null;
  readonly second: EffectView | null;
  readonly ego: {
    readonly key: string;
    readonly cost: number;
    readonly from: number;
    readonly to: number;
    readonly statusKey: string | null;
    readonly cssClass: string;
  } | null;
  readonly sayonara: boolean;
  readonly lost: boolean;
  readonly buttons: {
    readonly confirm: CardButtonView | null;
    readonly allowEffect: CardButtonView | null;
    /** R-RA-1 GM only, like allowEffect. */
    readonly allowSuccess: CardButtonView | null;
    readonly undoEgo: CardButtonView | null;
    readonly apply: CardButtonView | null;
    readonly confirmSecond: CardButtonView | null;
    readonly applySecond: CardButtonView | null;
  };
  readonly hasButtons: boolean;
  readonly applied: readonly AppliedRowView[];
}

/** R-RA-7 as every card shows it. */
export interface AppliedRowView {
  readonly targetName: string;
  readonly facet: string;
  readonly effect: number;
  readonly before: number;
  readonly after: number;
  /** R-ADV-2 */
  readonly secondHit: boolean;
}

/** The Risky, Legacy Effect and montage cards share it. */
export function appliedRowView(entry: AppliedEntry): AppliedRowView {
  const { targetName, facet, effect, before, after } = entry;
  return { targetName, facet, effect, before, after, secondHit: entry.hit === "second" };
}

export const CARD_REASON = {
  ...REASON,
  notGm: "TERRAN.Card.Reason.notGm",
  noEffect: "TERRAN.Card.Reason.noEffect",
  notConfirmed: "TERRAN.Card.Reason.notConfirmed",
  alreadyApplied: "TERRAN.Card.Reason.alreadyApplied",
  egoNotSpent: "TERRAN.Card.Reason.egoNotSpent",
  egoUndone: "TERRAN.Card.Reason.egoUndone",
  noSecondHit: "TERRAN.Card.Reason.noSecondHit",
  secondNotConfirmed: "TERRAN.Card.Reason.secondNotConfirmed",
  noTarget: "TERRAN.Card.Reason.noTarget",
  /** R-LEG-11 from the sheet, or after a Fail. */
  noAction: "TERRAN.Card.Reason.noAction",
  /** R-RA-9 */
  overcomeFirst: "TERRAN.Card.Reason.overcomeFirst",
} as const;

const ROLE_KEYS: Readonly<Record<Exclude<DieRoleView, null>, string>> = {
  precision: "TERRAN.Card.Die.role.precision",
  effect: "TERRAN.Card.Die.role.effect",
  both: "TERRAN.Card.Die.role.both",
  second: "TERRAN.Card.Die.role.second",
};

/**
 * Closed by `refusal` first, then when applied already, then when the viewer may not; open, with the viewer's
 * limit as a hint.
 */
export function applyOnceButton(
  labelKey: string,
  refusal: string | null,
  applied: boolean,
  viewer: CardViewer,
): CardButtonView {
  const reason =
    refusal ??
    (applied ? CARD_REASON.alreadyApplied : viewer.mayApply ? null : (viewer.mayApplyReason ?? CARD_REASON.notOwner));
  return {
    labelKey,
    disabled: reason !== null,
    tooltipKey: reason ?? (viewer.mayApply ? viewer.mayApplyReason : null),
  };
}

const BAND_CLASS: Readonly<Record<Band, string>> = {
  fail: "band-fail",
  partial: "band-partial",
  success: "band-success",
};

/** With a true minus sign: "+1", "−2", "±0". */
export function signed(n: number): string {
  if (n > 0) return `+${n}`;
  if (n < 0) return `\u2212${Math.abs(n)}`;
  return "\u00b10";
}

export function labelOf(label: string): { labelKey: string | null; label: string } {
  return label.startsWith("TERRAN.") ? { labelKey: label, label: "" } : { labelKey: null, label };
}

function button(labelKey: string, reason: string | null, hint: string | null = null): CardButtonView {
  return { labelKey, disabled: reason !== null, tooltipKey: reason ?? hint };
}

function firstReason(...checks: readonly (readonly [boolean, string])[]): string | null {
  for (const [applies, reason] of checks) if (applies) return reason;
  return null;
}

function effectView(value: PlayerEffect, rule: EffectRule, threshold: number): EffectView {
  const chain = value.explosion.dice;
  const dice = chain.map((face, i) => {
    const exploded = i < chain.length - 1;
    return { face, exploded, cssClass: `effect-die${i === 0 ? " first" : ""}${exploded ? " exploded" : ""}` };
  });
  const lines = value.lines
    .filter((l) => l.labelKey !== "TERRAN.Effect.Die")
    .map((l) => {
      // R-RA-5 a floor reads "≥ 3"; the rest are signed.
      const floor = rule.kind === "floor" && rule.tiers.some((t) => t.labelKey === l.labelKey);
      return { labelKey: l.labelKey, text: floor ? `\u2265 ${l.value}` : signed(l.value) };
    });
  const floorApplied = value.floor !== undefined && value.floor > value.dieTotal;
  return { value: value.value, dice, lines, floorApplied, threshold };
}

/** One die serves both, or none. */
function dieRole(state: RiskyCardState, index: number): DieRoleView {
  const selection = state.selection;
  if (selection?.precision === index) return selection.effect === index ? "both" : "precision";
  if (selection?.effect === index) return "effect";
  return state.secondHit?.die === index ? "second" : null;
}

/** R-RA-1 */
function dieTiles(state: RiskyCardState, result: RiskyCardResult, canChange: boolean): DieTileView[] {
  const locked = result.locked;
  const selection = state.selection;
  const secondOpen = locked && state.secondHit !== null && state.secondHit.chain === null && result.secondHitAvailable;
  const singleBoth = selection !== null && selection.effect === selection.precision;
  const choosing = canChange && !locked && !singleBoth && state.light.length + state.dark.length > 1;
  return cardDice(state).map((die, index) => {
    const role = dieRole(state, index);
    const costsEgo = die.tone === "dark" && (result.ego.costly[index - state.light.length] ?? false);
    const secondClick = canChange && secondOpen && role !== "precision" && role !== "effect" && role !== "second";
    const clickRole = choosing && role !== "precision" ? "precision" : secondClick ? "second" : null;
    const titleKey =
      die.tone === "light" ? "TERRAN.Card.Die.light" : costsEgo ? "TERRAN.Card.Die.darkCosts" : "TERRAN.Card.Die.dark";
    const cssClass = [
      "die",
      `tone-${die.tone}`,
      role ? `role-${role}` : "role-none",
      costsEgo ? "costs-ego" : "",
      clickRole ? "clickable" : "",
    ]
      .filter(Boolean)
      .join(" ");
    return {
      index,
      tone: die.tone,
      face: die.face,
      role,
      roleKey: role ? ROLE_KEYS[role] : null,
      costsEgo,
      clickable: clickRole !== null,
      clickRole,
      clickTitleKey:
        clickRole === "precision"
          ? "TERRAN.Card.Die.makePrecision"
          : clickRole === "second"
            ? "TERRAN.Card.Die.makeSecond"
            : null,
      effectButton: choosing && role !== "effect",
      titleKey,
      nameKey: dieNameKey(die.tone, role),
      cssClass,
    };
  });
}

/** R-POOL-1 */
function breakdownView(pool: RiskyCardState["pool"]): RiskyCardView["breakdown"] {
  const lines: BreakdownLineView[] = [
    { ...labelOf(pool.baseLabel), dice: String(pool.base) },
    ...pool.lines.map((l) => ({ ...labelOf(l.label), dice: signed(l.dice) })),
  ];
  return {
    lines,
    light: pool.light,
    dark: pool.dark,
    clampKey: pool.clamp ? `TERRAN.Card.Pool.clamp.${pool.clamp}` : null,
  };
}

/** R-RA-6 */
function landingView(result: RiskyCardResult): RiskyCardView["landing"] {
  return [
    result.landing.player
      ? { key: "TERRAN.Card.Landing.player", cssClass: "lands player" }
      : { key: "TERRAN.Card.Landing.noPlayer", cssClass: "misses player" },
    result.landing.challenge
      ? { key: "TERRAN.Card.Landing.challenge", cssClass: "lands challenge" }
      : { key: "TERRAN.Card.Landing.noChallenge", cssClass: "misses challenge" },
  ];
}

/** R-EGO-2 */
function egoLineView(state: RiskyCardState, spend: RiskyCardResult["ego"]): RiskyCardView["ego"] {
  if (state.dark.length === 0) return null;
  if (spend.cost === 0)
    return {
      key: "TERRAN.Card.Ego.none",
      cost: 0,
      from: spend.before,
      to: spend.before,
      statusKey: null,
      cssClass: "ego-line free",
    };
  const statusKey = state.ego.undone
    ? "TERRAN.Card.Ego.undone"
    : state.ego.spent
      ? "TERRAN.Card.Ego.spent"
      : "TERRAN.Card.Ego.pending";
  return {
    key: "TERRAN.Card.Ego.cost",
    cost: spend.cost,
    from: spend.before,
    to: spend.after,
    statusKey,
    cssClass: `ego-line${state.ego.undone ? " undone" : ""}`,
  };
}

/** R-RA-1 / R-RA-8 offered until withdrawn. */
function gmButtons(
  state: RiskyCardState,
  result: RiskyCardResult,
  viewer: CardViewer,
): Pick<RiskyCardView["buttons"], "allowEffect" | "allowSuccess"> {
  const open = !result.locked && !result.empty && viewer.isGM;
  const allowEffect =
    state.reaction && open
      ? button(state.gmAllowsEffect ? "TERRAN.Card.Button.withdrawEffect" : "TERRAN.Card.Button.allowEffect", null)
      : null;
  const gmAllowsSuccess = state.gmAllowsSuccess ?? false;
  const allowSuccess =
    open && (result.band === "fail" || gmAllowsSuccess)
      ? button(gmAllowsSuccess ? "TERRAN.Card.Button.withdrawSuccess" : "TERRAN.Card.Button.allowSuccess", null)
      : null;
  return { allowEffect, allowSuccess };
}

/** R-ADV-1 */
function secondHitButtons(
  state: RiskyCardState,
  result: RiskyCardResult,
  viewer: CardViewer,
  applied: (hit: "effect" | "second") => boolean,
): Pick<RiskyCardView["buttons"], "confirmSecond" | "applySecond"> {
  if (!(state.flags.whirlwind && state.combat)) return { confirmSecond: null, applySecond: null };
  const secondConfirmed = (state.secondHit?.chain ?? null) !== null;
  const confirmSecond =
    !result.empty && !secondConfirmed
      ? button(
          "TERRAN.Card.Button.confirmSecond",
          firstReason(
            [!isRollerOrGm(viewer, state.rollerId), CARD_REASON.notRoller],
            [!result.locked && result.landing.player, CARD_REASON.notConfirmed],
            [!result.secondHitAvailable || state.secondHit === null, CARD_REASON.noSecondHit],
          ),
        )
      : null;
  const applySecond =
    secondConfirmed && result.second
      ? button(
          "TERRAN.Card.Button.applySecond",
          firstReason(
            [applied("second"), CARD_REASON.alreadyApplied],
            [!viewer.mayApply, viewer.mayApplyReason ?? CARD_REASON.notOwner],
          ),
          viewer.mayApply ? viewer.mayApplyReason : null,
        )
      : null;
  return { confirmSecond, applySecond };
}

/** R-EGO-2 (ruling) */
function undoEgoButton(state: RiskyCardState, result: RiskyCardResult, viewer: CardViewer): CardButtonView {
  const permission = undoEgoPermission(viewer, state.rollerId, result.locked);
  return button(
    "TERRAN.Card.Button.undoEgo",
    firstReason(
      [!permission.allowed, permission.reasonKey ?? CARD_REASON.notRoller],
      [state.ego.undone, CARD_REASON.egoUndone],
      [!state.ego.spent, CARD_REASON.egoNotSpent],
    ),
    "TERRAN.Card.Tooltip.undoEgo",
  );
}

function cardButtons(state: RiskyCardState, result: RiskyCardResult, viewer: CardViewer): RiskyCardView["buttons"] {
  const notRoller = !isRollerOrGm(viewer, state.rollerId);
  const applied = (hit: "effect" | "second"): boolean => state.applied.some((a) => a.hit === hit);
  const confirmKey = result.landing.player ? "TERRAN.Card.Button.confirm" : "TERRAN.Card.Button.confirmNoEffect";
  const confirm = result.empty || result.locked ? null : button(confirmKey, notRoller ? CARD_REASON.notRoller : null);
  const undoEgo = result.ego.cost > 0 ? undoEgoButton(state, result, viewer) : null;
  // An open Apply's key is a hint on its limits; with none of the player's Effect landing there is no button.
  const apply =
    result.empty || !result.landing.player
      ? null
      : button(
          "TERRAN.Card.Button.apply",
          firstReason(
            [!result.locked, CARD_REASON.notConfirmed],
            [applied("effect"), CARD_REASON.alreadyApplied],
            [!viewer.mayApply, viewer.mayApplyReason ?? CARD_REASON.notOwner],
          ),
          viewer.mayApply ? viewer.mayApplyReason : null,
        );
  return {
    confirm,
    ...gmButtons(state, result, viewer),
    undoEgo,
    apply,
    ...secondHitButtons(state, result, viewer, applied),
  };
}

/** A user's own tag as typed. */
function weaponView(state: RiskyCardState, ruleset: Ruleset): RiskyCardView["weapon"] {
  if (!state.weapon) return null;
  const tags = state.weapon.tags.map((t) =>
    isWeaponTag(t) ? { labelKey: `TERRAN.Tag.${t}`, label: "" } : { labelKey: null, label: t },
  );
  return { name: state.weapon.name, tierKey: ruleset.effect.tiers[state.weapon.rank]?.labelKey ?? "", tags };
}

/** As `viewer` sees it. */
export function riskyCardView(state: RiskyCardState, viewer: CardViewer): RiskyCardView {
  const ruleset = getRuleset(state.rulesetId);
  const result = riskyCardResult(state);
  const locked = result.locked;
  const band = result.band;
  const threshold = explosionThreshold(isSlaughter(state));
  const buttons = cardButtons(state, result, viewer);
  const toneClass = result.empty ? "empty" : BAND_CLASS[band];
  return {
    cssClass: ["terran-engine", "chat-card", "risky-card", toneClass, locked ? "locked" : "", result.lost ? "lost" : ""]
      .filter(Boolean)
      .join(" "),
    version: state.version,
    titleKey: state.reaction ? "TERRAN.Card.Risky.reactionTitle" : "TERRAN.Card.Risky.title",
    actorName: state.actorName,
    targetKey: state.pool.baseLabel,
    weapon: weaponView(state, ruleset),
    empty: result.empty,
    dice: dieTiles(state, result, isRollerOrGm(viewer, state.rollerId)),
    breakdown: breakdownView(state.pool),
    outcome: { band, bandKey: `TERRAN.Band.${band}`, cssClass: `outcome ${BAND_CLASS[band]}` },
    specialist: result.resolution?.specialistRescue ?? false,
    gmSuccess: result.gmSuccess,
    reaction: state.reaction
      ? { noteKey: state.gmAllowsEffect ? "TERRAN.Card.Risky.reactionAllowed" : "TERRAN.Card.Risky.reactionNote" }
      : null,
    landing: landingView(result),
    orderKey: result.landing.player && result.landing.challenge ? `TERRAN.Order.${result.order}` : null,
    willExplode: !locked && effectChainNeeded(state, "effect") !== null,
    effect: result.effect ? effectView(result.effect, ruleset.effect, threshold) : null,
    second: result.second ? effectView(result.second, ruleset.effect, threshold) : null,
    ego: egoLineView(state, result.ego),
    sayonara: state.sayonara,
    lost: result.lost,
    buttons,
    hasButtons: Object.values(buttons).some((b) => b !== null),
    applied: state.applied.map(appliedRowView),
  };
}
