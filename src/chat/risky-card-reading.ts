/**
 * Reading a Risky Action card: the dice, the weapon's tier and tags, and everything the card shows
 * that is not stored (`riskyCardResult`), derived from the state with the rules. Pure; the state is
 * checked whole first (`assertRiskyCardState`), so a forged card is refused, never read.
 */
import {
  asTierRank,
  effectOrder,
  effectsThatLand,
  effectTags,
  getRuleset,
  playerEffect,
  poolDice,
  resolve,
  secondHitAvailable,
  spendEgo,
  type EffectOrder,
  type EffectTags,
  type EgoSpend,
  type Landing,
  type PlayerEffect,
  type PoolDie,
  type Resolution,
  type SelectionSettings,
  type TierRank,
} from "../rules/index.ts";
import { assertRiskyCardState, type RiskyCardState } from "./risky-card-state.ts";

/** The dice of the pool, light first then dark, as the rules read them. */
export function cardDice(state: Pick<RiskyCardState, "light" | "dark">): PoolDie[] {
  return poolDice(state.light, state.dark);
}

/** R-RA-2 the card's setting for a lone die. */
export function settingsOf(state: Pick<RiskyCardState, "singleDieServesBoth">): SelectionSettings {
  return { singleDieServesBoth: state.singleDieServesBoth };
}

/** R-RA-3 / R-EQ-3 the weapon's Slaughter tag makes the Effect explode on 5+. */
export function isSlaughter(state: Pick<RiskyCardState, "weapon">): boolean {
  return state.weapon?.tags.includes("slaughter") ?? false;
}

/** The tier rank of the Effect: the weapon's, or the approach's. */
export function cardRank(state: Pick<RiskyCardState, "weapon" | "rank">): TierRank {
  return asTierRank(state.weapon ? state.weapon.rank : state.rank);
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
  const spend = spendEgo(state.dark, state.egoBefore, state.sayonara);
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
