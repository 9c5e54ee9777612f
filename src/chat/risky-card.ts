/**
 * The Risky Action (and Reaction) chat card as a pure state machine: its stored state (plain JSON in the
 * message's flags) and the check each step makes of it, its reading and its transitions; the view model
 * is `risky-card-view.ts`. A transition takes the state, the user and the version clicked on, and returns
 * the next version or throws a `RulesError`: `not-allowed`, `stale` (two clicks at once: the first wins),
 * `locked` (the Effect is confirmed) or the rules' own code.
 * R-RA-1 … R-RA-10, R-EGO-2, R-EGO-3, R-SAY-1, R-POOL-5, R-ADV-2 (Specialist).
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
  defaultSecondHit,
  defaultSelection,
  effectOrder,
  effectsThatLand,
  effectTags,
  explodes,
  explosionThreshold,
  explosionTotal,
  getRuleset,
  playerEffect,
  poolDice,
  resolve,
  RulesError,
  secondHitAvailable,
  spendEgo,
  STORED_LIST_MAX,
  targetGroup,
  validateSecondHit,
  validateSelection,
  type EffectOrder,
  type EffectTags,
  type EgoSpend,
  type Face,
  type Landing,
  type PlayerEffect,
  type Pool,
  type PoolDie,
  type Resolution,
  type RollTarget,
  type RulesetId,
  type Selection,
  type SelectionSettings,
  type TierRank,
} from "../rules/index.ts";
import { isRollerOrGm, undoEgoPermission, type CardUser } from "./permissions.ts";
import { checkAppliedEntry, HITS, type AppliedEntry } from "./applied.ts";

// ---------------------------------------------------------------------------------------------
// The stored state and its check

/*
 * A flag can hold anything a client wrote, so every transition and every reading of the card first
 * checks the state with `assertRiskyCardState`: a forged or damaged card is refused with a RulesError,
 * never carried on with NaN, a fraction or an unknown id in it.
 */

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
  /** The approach's tier when no weapon is used; R-V-12 the row read, with one too (`cardRank`). */
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
  const ruleset = getRuleset(state.rulesetId);
  targetGroup(state.target);
  for (const flag of ["reaction", "gmAllowsEffect", "sayonara", "singleDieServesBoth", "combat"] as const)
    assertBoolean(state[flag], flag);
  for (const flag of ["whirlwind", "specialist", "fast", "slow"] as const) assertBoolean(state.flags[flag], flag);
  // Stored as JSON, an optional field is absent (an older card), never present and undefined.
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
    // Stored as JSON, an optional field is absent, never present and undefined.
    if ("armour" in entry) assertInteger(entry.armour ?? Number.NaN, "The Challenge's armour", 0);
  }
  return state;
}

// ---------------------------------------------------------------------------------------------
// Reading the card

/*
 * The dice, the weapon's tier and tags, and everything the card shows that is not stored
 * (`riskyCardResult`), derived from the state with the rules; the state is checked whole first, so a
 * forged card is refused, never read.
 */

/** The dice of the pool, light first then dark, as the rules read them. */
export function cardDice(state: Pick<RiskyCardState, "light" | "dark">): PoolDie[] {
  return poolDice(state.light, state.dark);
}

/** R-RA-2 the card's setting for a lone die. */
function settingsOf(state: Pick<RiskyCardState, "singleDieServesBoth">): SelectionSettings {
  return { singleDieServesBoth: state.singleDieServesBoth };
}

/** R-RA-3 / R-EQ-3 the weapon's Slaughter tag makes the Effect explode on 5+. */
export function isSlaughter(state: Pick<RiskyCardState, "weapon">): boolean {
  return state.weapon?.tags.includes("slaughter") ?? false;
}

/**
 * The tier rank of the Effect: the weapon's, or the approach's. R-V-12 (§13 ruling 15) where the Effect is
 * read by approach rows, the row the roll was read on, the weapon's by default (the dialog stores it).
 */
export function cardRank(state: Pick<RiskyCardState, "weapon" | "rank" | "rulesetId">): TierRank {
  const overWeapon = getRuleset(state.rulesetId).effect.kind === "approach";
  return asTierRank(state.weapon && !overWeapon ? state.weapon.rank : state.rank);
}

/** R-RA-4 / R-EQ-3 the Effect tags of the weapon (Versatile held two-handed, Improvised). */
export function cardTags(state: Pick<RiskyCardState, "weapon">): EffectTags {
  const w = state.weapon;
  return effectTags(w ? { rank: w.rank, ranges: [], tags: w.tags, twoHanded: w.twoHanded } : undefined);
}

export interface RiskyCardEgo extends EgoSpend {
  /** The Ego the character has once this roll is settled (the cost given back when undone). */
  readonly egoAfter: number;
}

export interface RiskyCardResult {
  /** R-POOL-5 no dice were thrown: the action fails with no Effect. */
  readonly empty: boolean;
  readonly dice: readonly PoolDie[];
  /** Null for an empty pool. */
  readonly resolution: Resolution | null;
  /** R-RA-1 the outcome band (an empty pool fails). */
  readonly band: Resolution["band"];
  /** R-RA-1 the GM lets this Fail succeed at a cost: it reads as a Precision of 4–5 (R-RA-6). */
  readonly gmSuccess: boolean;
  /** R-RA-6 / R-RA-8 whose Effect lands. */
  readonly landing: Landing;
  /** R-RA-9 who applies their Effect first. */
  readonly order: EffectOrder;
  /** The Effect is confirmed and the dice can no longer change. */
  readonly locked: boolean;
  /** R-RA-3 … R-RA-5 the player's Effect, once confirmed and when it lands. */
  readonly effect: PlayerEffect | null;
  /** R-RA-10 a second hit can be taken (in combat, with Whirlwind, on a success, with a die left). */
  readonly secondHitAvailable: boolean;
  /** R-RA-10 the second hit's Effect, once confirmed. */
  readonly second: PlayerEffect | null;
  /** R-EGO-2 / R-SAY-1 what the Dark Dice cost. */
  readonly ego: RiskyCardEgo;
  /** R-EGO-3 the character is lost (Ego 0 after the roll, unless the cost was given back). */
  readonly lost: boolean;
}

const EMPTY_LANDING: Landing = { player: false, challenge: true };

/**
 * R-RA-1 the GM's "succeed, but worse" on a Fail. Ruling (docs/RULES.md R-RA-1): it reads as a
 * Precision of 4–5 (R-RA-6): the player's Effect lands at its full tier (a Specialist's reduced tier
 * is for the rescue the rules give, not the GM's) and the Challenge's Effect lands too. The band stays
 * a Fail (the dice failed), so Whirlwind's second hit stays closed; a Reaction still needs the GM's
 * leave for an Effect (R-RA-8).
 */
function grantedSuccess(rolled: Resolution, state: RiskyCardState): Resolution {
  const lands = effectsThatLand("partial");
  const player = lands.player && rolled.effectFace !== null && (!state.reaction || state.gmAllowsEffect);
  return { ...rolled, succeeded: true, specialistRescue: false, landing: { player, challenge: lands.challenge } };
}

/** Everything the card shows that is not stored: read from the state with the rules. */
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
  // R-V-12 the GM's "succeed, but worse" is a partial success too.
  const tags: EffectTags = { ...cardTags(state), partial: resolution.band === "partial" || gmSuccess };
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

/**
 * A new card from the roll's facts: R-RA-1/2 the default Precision and Effect dice, R-EGO-2 the Ego
 * the Dark Dice cost (the cost only: the glue takes it from the actor, then `markEgoSpent`).
 */
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

/**
 * R-EGO-2 give back the Ego the Dark Dice cost (the glue restores it on the actor). Once only; it mends
 * a mistake (ruling), so the roller may only before the dice are confirmed, a GM at any time.
 */
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
  const clean = checkAppliedEntry(entry, hit, value.value);
  return next(state, { applied: [...state.applied, clean] });
}
