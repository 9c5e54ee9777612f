/**
 * R-LEG-4 … R-LEG-6 the HP health model. As harm.ts, two pure steps: `assessHpHarm` says what an Effect would
 * do and which choice is open, `applyHpHarm` takes the choices.
 */
import { armourValue, damageAfterArmour, type ArmourState } from "./harm.ts";
import { assertFaces, sum } from "./dice.ts";
import { assertId, assertInteger, RulesError } from "./errors.ts";
import { assertRatingsOf, loseAttribute, losableAttributes, type Ratings } from "./ratings.ts";
import type { HpWoundDef, Ruleset } from "./rulesets/types.ts";

/** R-LEG-5 */
export type HpWound = "none" | HpWoundDef["id"];
export const HP_WOUNDS: readonly HpWound[] = ["none", "critical", "mortal"];

export interface HpState {
  readonly hp: number;
  readonly wound: HpWound;
  readonly dead: boolean;
}

export interface HpHarmTarget extends HpState {
  readonly ratings: Ratings;
  /** R-LEG-6 as R-HARM-2, without *Elephant skin*. */
  readonly armour: ArmourState;
}

export interface HpHarmChoices {
  /** R-LEG-6 */
  readonly sacrificeShield?: boolean;
  /** R-LEG-6 the Dark Dice faces thrown against this harm. */
  readonly protectedFaces?: readonly number[];
  /** R-LEG-5 asked when more than one attribute can give the point. */
  readonly lostAttribute?: string;
}

export interface HpHarmAssessment {
  readonly effect: number;
  readonly armour: number;
  /** R-LEG-6 */
  readonly protectedBy: number;
  readonly damage: number;
  readonly shieldSacrificed: boolean;
  readonly hpBefore: number;
  readonly hpAfter: number;
  readonly woundBefore: HpWound;
  readonly woundAfter: HpWound;
  /** R-LEG-5 points lost for good; `lossOptions` may give them. */
  readonly attributeLoss: number;
  readonly lossOptions: readonly string[];
  readonly kills: boolean;
}

function hpWounds(ruleset: Ruleset): readonly HpWoundDef[] {
  if (ruleset.health.kind !== "hp")
    throw new RulesError("not-allowed", "This ruleset has no hit points (it uses Grit).");
  return ruleset.health.wounds;
}

/** R-LEG-5 null past the last: death. */
function nextStage(ruleset: Ruleset, wound: HpWound): HpWoundDef | null {
  const stages = hpWounds(ruleset);
  if (wound === "none") return stages[0] ?? null;
  const at = stages.findIndex((s) => s.id === wound);
  return stages[at + 1] ?? null;
}

/** R-LEG-5 (none: 0). */
export function hpWoundPenalty(ruleset: Ruleset, wound: HpWound): number {
  assertId(wound, HP_WOUNDS, "a wound stage");
  return hpWounds(ruleset).find((s) => s.id === wound)?.lightPenalty ?? 0;
}

/** HP 0 while wounded. */
export function assertHpState(state: HpState, max = Number.POSITIVE_INFINITY): HpState {
  assertInteger(state.hp, "HP", 0, max);
  assertId(state.wound, HP_WOUNDS, "a wound stage");
  if (typeof state.dead !== "boolean") throw new RulesError("bad-choice", "Dead must be yes or no.");
  if (state.wound !== "none" && state.hp !== 0) {
    throw new RulesError("out-of-range", `A wounded character has 0 HP (got ${state.hp}).`, {
      what: "HP",
      value: state.hp,
    });
  }
  return state;
}

/** R-LEG-6 */
export function protectedReduction(faces: readonly number[]): number {
  return sum(assertFaces(faces, "A Protected die"));
}

/** R-LEG-5 / R-LEG-6; (ruling) one stage per harm: reaching 0 HP is Critical and the overflow is lost. */
export function assessHpHarm(
  ruleset: Ruleset,
  target: HpHarmTarget,
  effect: number,
  choices: Pick<HpHarmChoices, "sacrificeShield" | "protectedFaces"> = {},
): HpHarmAssessment {
  hpWounds(ruleset);
  if (target.dead) throw new RulesError("dead", "The character is dead; they cannot be harmed further.");
  assertHpState(target);
  assertRatingsOf(ruleset, target.ratings);
  assertInteger(effect, "An Effect", 0);
  const armour = armourValue({ ...target.armour, elephantSkin: false }).value;
  if (choices.sacrificeShield && !target.armour.shield)
    throw new RulesError("not-allowed", "There is no shield to sacrifice.");
  const shieldSacrificed = choices.sacrificeShield ?? false;
  const afterArmour = shieldSacrificed ? 0 : damageAfterArmour(effect, armour);
  const protectedBy = protectedReduction(choices.protectedFaces ?? []);
  const damage = Math.max(0, afterArmour - protectedBy);
  const base: HpHarmAssessment = {
    effect,
    armour,
    protectedBy: Math.min(protectedBy, afterArmour),
    damage,
    shieldSacrificed,
    hpBefore: target.hp,
    hpAfter: target.hp,
    woundBefore: target.wound,
    woundAfter: target.wound,
    attributeLoss: 0,
    lossOptions: [],
    kills: false,
  };
  if (damage === 0) return base;
  if (target.hp > 0) {
    const hpAfter = Math.max(0, target.hp - damage);
    if (hpAfter > 0) return { ...base, hpAfter };
    // R-LEG-5 (ruling) the overflow is lost.
    return { ...base, hpAfter: 0, woundAfter: nextStage(ruleset, "none")?.id ?? "none" };
  }
  const stage = nextStage(ruleset, target.wound);
  if (!stage) return { ...base, hpAfter: 0, kills: true };
  const lossOptions = stage.attributeLoss > 0 ? losableAttributes(ruleset, target.ratings) : [];
  // R-LEG-5 (ruling)
  const kills = stage.attributeLoss > 0 && lossOptions.length === 0;
  return {
    ...base,
    hpAfter: 0,
    woundAfter: kills ? target.wound : stage.id,
    attributeLoss: kills ? 0 : stage.attributeLoss,
    lossOptions: kills ? [] : lossOptions,
    kills,
  };
}

export interface HpHarmResult extends HpState {
  readonly assessment: HpHarmAssessment;
  readonly ratings: Ratings;
  /** Null when none. */
  readonly lost: string | null;
  readonly shieldDestroyed: boolean;
}

/** R-LEG-5 / R-LEG-6 `lostAttribute` is required when more than one attribute can give the point. */
export function applyHpHarm(
  ruleset: Ruleset,
  target: HpHarmTarget,
  effect: number,
  choices: HpHarmChoices = {},
): HpHarmResult {
  const assessment = assessHpHarm(ruleset, target, effect, choices);
  let ratings = target.ratings;
  let lost: string | null = null;
  if (assessment.attributeLoss > 0) {
    const options = assessment.lossOptions;
    const only = options.length === 1 ? options[0] : undefined;
    const chosen = choices.lostAttribute ?? only;
    if (chosen === undefined) {
      throw new RulesError(
        "choice-required",
        `Choose the attribute that loses ${assessment.attributeLoss} for good: ${options.join(", ")}.`,
        {
          options: options.join(","),
        },
      );
    }
    if (!options.includes(chosen))
      throw new RulesError(
        "bad-choice",
        `${String(chosen)} cannot lose a point; choose one of ${options.join(", ")}.`,
        { attribute: String(chosen) },
      );
    ratings = loseAttribute(ruleset, ratings, chosen, assessment.attributeLoss);
    lost = chosen;
  }
  return {
    assessment,
    hp: assessment.hpAfter,
    wound: assessment.woundAfter,
    dead: assessment.kills,
    ratings,
    lost,
    shieldDestroyed: assessment.shieldSacrificed,
  };
}

/** R-LEG-5 a week of care (HP stay at 0 until a night's rest). */
export function recoverHpWound(ruleset: Ruleset, state: HpState): HpState {
  assertHpState(state);
  if (state.dead) throw new RulesError("dead", "The character is dead; nothing recovers.");
  const stages = hpWounds(ruleset);
  const at = stages.findIndex((s) => s.id === state.wound);
  if (at < 0) throw new RulesError("bad-choice", "There is no wound to recover from.");
  return { ...state, wound: at === 0 ? "none" : (stages[at - 1]?.id ?? "none") };
}

/** R-LEG-4 a wounded character must heal first. */
export function restHp(ruleset: Ruleset, state: HpState, max: number): HpState {
  hpWounds(ruleset);
  assertHpState(state);
  assertInteger(max, "HP max", 0);
  if (state.dead) throw new RulesError("dead", "The character is dead; nothing recovers.");
  if (state.wound !== "none")
    throw new RulesError("not-allowed", "A wound must heal (a week of care) before rest brings HP back.");
  return { ...state, hp: max };
}

/** R-LEG-4 (ruling) */
export function hpWithinMax(state: HpState, max: number): HpState {
  assertHpState(state);
  return { ...state, hp: Math.min(state.hp, assertInteger(max, "HP max", 0)) };
}
