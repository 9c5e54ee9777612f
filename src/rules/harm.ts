/**
 * R-HARM-1 … R-HARM-5, R-CH-4 an incoming Effect, in two pure steps: `assessHarm` says what it would do and
 * which choice is open, `applyHarm` takes the choices.
 */
import { ARMOUR_VALUE, ELEPHANT_SKIN_ARMOUR, type BodyArmour } from "./equipment.ts";
import { assertInteger, RulesError } from "./errors.ts";
import { isMortallyWounded, markWound, unmarkedTracks, type WoundTrack, type Wounds } from "./wounds.ts";

export interface ArmourState {
  readonly body: BodyArmour;
  /** Carried and not yet sacrificed. */
  readonly shield: boolean;
  readonly elephantSkin: boolean;
  /** An item's own value (default: R-EQ-4's). */
  readonly bodyValue?: number;
  /** An item's own value (default 1). */
  readonly shieldValue?: number;
}

export interface ArmourLine {
  readonly labelKey: string;
  readonly value: number;
}

/** R-HARM-2; (ruling) a shield counts as armour, so *Elephant skin* adds nothing beside one. */
export function armourValue(armour: ArmourState): { value: number; lines: ArmourLine[] } {
  const lines: ArmourLine[] = [];
  if (armour.body !== "none") {
    const value = assertInteger(armour.bodyValue ?? ARMOUR_VALUE[armour.body], "An armour value", 0);
    lines.push({ labelKey: `TERRAN.Armour.${armour.body}`, value });
  } else if (armour.elephantSkin && !armour.shield)
    lines.push({ labelKey: "TERRAN.Adv.elephantSkin", value: ELEPHANT_SKIN_ARMOUR });
  if (armour.shield) {
    const value = assertInteger(armour.shieldValue ?? ARMOUR_VALUE.shield, "A shield's value", 0);
    lines.push({ labelKey: "TERRAN.Armour.shield", value });
  }
  return { value: lines.reduce((t, l) => t + l.value, 0), lines };
}

/** R-HARM-1 */
export function damageAfterArmour(effect: number, armour: number): number {
  return Math.max(0, assertInteger(effect, "An Effect", 0) - assertInteger(armour, "Armour", 0));
}

export interface HarmTarget {
  readonly grit: number;
  readonly wounds: Wounds;
  readonly dead: boolean;
  readonly armour: ArmourState;
}

export interface HarmChoices {
  /** R-HARM-2 */
  readonly sacrificeShield?: boolean;
  /** R-HARM-3 when one must be marked. */
  readonly woundTrack?: WoundTrack;
}

export interface HarmAssessment {
  readonly effect: number;
  readonly armour: number;
  readonly damage: number;
  readonly shieldSacrificed: boolean;
  readonly gritBefore: number;
  readonly gritAfter: number;
  /** R-HARM-3 */
  readonly marksWound: boolean;
  /** Empty when none must be marked. */
  readonly woundOptions: readonly WoundTrack[];
  /** R-HARM-5 */
  readonly kills: boolean;
}

/** R-HARM-1 … R-HARM-5 before any choice is made. */
export function assessHarm(
  target: HarmTarget,
  effect: number,
  choices: Pick<HarmChoices, "sacrificeShield"> = {},
): HarmAssessment {
  if (target.dead) throw new RulesError("dead", "The character is dead; they cannot be harmed further.");
  const gritBefore = assertInteger(target.grit, "Grit", 0);
  assertInteger(effect, "An Effect", 0); // Checked even when a sacrificed shield makes the damage 0.
  const armour = armourValue(target.armour).value;
  if (choices.sacrificeShield && !target.armour.shield) {
    throw new RulesError("not-allowed", "There is no shield to sacrifice.");
  }
  const shieldSacrificed = choices.sacrificeShield ?? false;
  const damage = shieldSacrificed ? 0 : damageAfterArmour(effect, armour);
  const none: HarmAssessment = {
    effect,
    armour,
    damage,
    shieldSacrificed,
    gritBefore,
    gritAfter: gritBefore,
    marksWound: false,
    woundOptions: [],
    kills: false,
  };
  if (damage === 0) return none;
  if (isMortallyWounded(target.wounds)) return { ...none, gritAfter: Math.max(0, gritBefore - damage), kills: true };
  const marksWound = damage > gritBefore || gritBefore === 0;
  return {
    ...none,
    gritAfter: Math.max(0, gritBefore - damage),
    marksWound,
    woundOptions: marksWound ? unmarkedTracks(target.wounds) : [],
  };
}

export interface HarmResult {
  readonly assessment: HarmAssessment;
  readonly grit: number;
  readonly wounds: Wounds;
  readonly wound: WoundTrack | null;
  readonly mortallyWounded: boolean;
  readonly dead: boolean;
  readonly shieldDestroyed: boolean;
}

/**
 * R-HARM-1 … R-HARM-5 `woundTrack` is required when more than one track is free. Harm never unmarks a wound.
 */
export function applyHarm(target: HarmTarget, effect: number, choices: HarmChoices = {}): HarmResult {
  const assessment = assessHarm(target, effect, choices);
  let wounds = target.wounds;
  let wound: WoundTrack | null = null;
  if (assessment.marksWound) {
    const options = assessment.woundOptions;
    const only = options.length === 1 ? options[0] : undefined;
    const chosen = choices.woundTrack ?? only;
    if (chosen === undefined) {
      throw new RulesError("choice-required", `Choose the wound track to mark: ${options.join(", ")}.`, {
        options: options.join(","),
      });
    }
    if (!options.includes(chosen)) {
      throw new RulesError(
        "bad-choice",
        `The ${chosen} track cannot be marked now; choose one of ${options.join(", ")}.`,
        {
          track: chosen,
        },
      );
    }
    wounds = markWound(wounds, chosen);
    wound = chosen;
  }
  return {
    assessment,
    grit: assessment.gritAfter,
    wounds,
    wound,
    mortallyWounded: isMortallyWounded(wounds),
    dead: assessment.kills,
    shieldDestroyed: assessment.shieldSacrificed,
  };
}
