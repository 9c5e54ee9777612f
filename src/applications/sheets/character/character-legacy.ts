/**
 * The Legacy character's rated parts of the main tab, pure: the ruleset's attributes and skills, Ego,
 * Experience and creation rolls, each refusal a disabled button's reason. The HP model's part
 * (applications/health/hp-sheet.ts) builds the tab from them; its view is `LegacyMainView`.
 */
import type { Ruleset } from "../../../rules/index.ts";
import type { CharacterDerived } from "../../../data/derived.ts";
import {
  advancementsWonOf,
  attributeRatingLabel,
  egoLostOf,
  skillRatingLabel,
  type RatingsSource,
} from "../../../data/ratings.ts";
import { button, message, percentOf, type ButtonView, type Message } from "../common.ts";
import type { CharacterSheetInput } from "../inputs.ts";
import type { Gate } from "./character-context.ts";
import { ratingCircle, type CircleView, type HealthMainView } from "./character-views.ts";

/**
 * A rating circle: a radio of its row's radio group, as Core's (./character-views.ts ratingCircle), with no Save fence.
 */
export type LegacyCircleView = Omit<CircleView, "fenced">;

export interface LegacyRatingView {
  readonly id: string;
  readonly labelKey: string;
  readonly value: number;
  readonly circles: readonly LegacyCircleView[];
}

export interface LegacyAttributeView extends LegacyRatingView {
  readonly roll: ButtonView & { readonly what: string; readonly light: number; readonly draggable: boolean };
}

export interface LegacySkillView extends LegacyRatingView {
  /** R-LEG-13 skill development: the roll's target (3 × rating) and the button. */
  readonly target: number;
  readonly develop: ButtonView;
}

export interface LegacyWoundView {
  readonly id: "critical" | "mortal";
  readonly labelKey: string;
  readonly marked: boolean;
  readonly effect: Message;
  readonly toggle: ButtonView;
}

export interface LegacyMainView extends HealthMainView {
  readonly attributes: readonly LegacyAttributeView[];
  /** R-LEG-5 "−1d on every pool" while wounded, or null. */
  readonly penalty: Message | null;
  readonly skills: readonly LegacySkillView[] | null;
  readonly skillPoints: Message | null;
  readonly hp: {
    readonly value: number;
    readonly max: number;
    readonly percent: number;
    readonly night: ButtonView;
    readonly week: ButtonView;
    readonly harm: ButtonView;
  };
  readonly ego: { readonly value: number; readonly max: number; readonly percent: number; readonly refill: ButtonView };
  readonly wounds: readonly LegacyWoundView[];
  readonly experience: {
    readonly egoLost: number;
    readonly won: number;
    readonly target: number;
    readonly targetText: Message;
    readonly roll: ButtonView;
    readonly endSession: ButtonView;
  };
  /**
   * R-LEG-2 the creation roll, offered until the character holds an Advancement; once rolled only to a
   * GM, as a roll again (`again`; ruling, §10).
   */
  readonly creation: { readonly shown: boolean; readonly again: boolean; readonly roll: ButtonView };
}

function circles(value: number, max: number, hint: string, g: Gate, extra: Message | null = null): LegacyCircleView[] {
  return Array.from({ length: max }, (_, i) => {
    const { hint: tip, ...circle } = ratingCircle(i + 1, value, hint);
    return { ...circle, button: button(tip, g.notEditable, g.dead, extra) };
  });
}

/**
 * R-LEG-3 a skill's circles: during creation a circle that would place more than the creation points
 * over the skills is disabled with the reason (lowering is always open); after creation a skill rises by
 * skill development, so its circles are the GM's alone.
 */
function skillCircles(
  value: number,
  max: number,
  g: Gate,
  points: { readonly placed: number; readonly points: number } | null,
  afterCreation: Message | null,
): LegacyCircleView[] {
  return circles(value, max, "TERRAN.Sheet.Legacy.setSkill", g, afterCreation).map((c) => {
    const over = points !== null && c.sets > value && points.placed - value + c.sets > points.points;
    return over && !c.button.disabled
      ? { ...c, button: button(c.button.tooltip, message("TERRAN.Sheet.Legacy.skillPointsOver", points.points)) }
      : c;
  });
}

/**
 * Play mode closes the rating circles outside creation, as Core's ratings (the owner's toggle); during
 * creation (no Advancement yet, as the creation roll reads it) they stay open in either mode.
 */
function playLock(derived: CharacterDerived, g: Gate): Message | null {
  return derived.advancements === 0 ? null : g.playMode;
}

/**
 * The Light Dice an attribute's roll starts from (wounds applied; skills and situational dice are
 * chosen in the dialog).
 */
function startingLight(ruleset: Ruleset, rating: number, derived: CharacterDerived): number {
  return Math.min(ruleset.resolution.lightMax, Math.max(0, rating + derived.hitPoints.woundPenalty));
}

/** The ruleset's attributes, each with its circles and its roll's starting Light Dice. */
export function legacyAttributesOf(
  ruleset: Ruleset,
  rated: RatingsSource,
  derived: CharacterDerived,
  g: Gate,
): LegacyAttributeView[] {
  return ruleset.attributes.list
    .filter((a): a is typeof a & { id: keyof RatingsSource["attributes"] } => Object.hasOwn(rated.attributes, a.id))
    .map((a): LegacyAttributeView => {
      const value = rated.attributes[a.id];
      const b = button(message("TERRAN.Sheet.Roll.attribute"), g.notOwner, g.dead);
      return {
        id: a.id,
        labelKey: attributeRatingLabel(a.id),
        value,
        circles: circles(value, ruleset.attributes.max, "TERRAN.Sheet.Attributes.setRating", g, playLock(derived, g)),
        roll: { ...b, what: a.id, light: startingLight(ruleset, value, derived), draggable: !b.disabled },
      };
    });
}

/**
 * The skills (null in a game without them), each with its circles and R-LEG-13 development button, and
 * R-LEG-3 the creation points left to place.
 */
export function legacySkillsOf(
  input: CharacterSheetInput,
  ruleset: Ruleset,
  rated: RatingsSource,
  derived: CharacterDerived,
  g: Gate,
): Pick<LegacyMainView, "skills" | "skillPoints"> {
  const skillRule = ruleset.experience.skillRoll;
  // R-LEG-3 the creation points count while the character is being created (no Advancement yet, as
  // the creation roll reads it).
  const inCreation = derived.advancements === 0;
  const placed = Object.values(rated.skills).reduce((a, v) => a + v, 0);
  const points = ruleset.skills && inCreation ? { placed, points: ruleset.skills.creationPoints } : null;
  const afterCreation =
    !inCreation && !input.permissions.isGM ? message("TERRAN.Sheet.Legacy.skillsAfterCreation") : playLock(derived, g);
  const skills = ruleset.skills
    ? ruleset.skills.list
        .filter((s): s is typeof s & { id: keyof RatingsSource["skills"] } => Object.hasOwn(rated.skills, s.id))
        .map((s): LegacySkillView => {
          const value = rated.skills[s.id];
          const atMax =
            ruleset.skills !== null && value >= ruleset.skills.max ? message("TERRAN.Sheet.Legacy.skillAtMax") : null;
          return {
            id: s.id,
            labelKey: skillRatingLabel(s.id),
            value,
            circles: skillCircles(value, ruleset.skills?.max ?? 0, g, points, afterCreation),
            target: (skillRule?.perRating ?? 0) * value,
            develop: button(
              message("TERRAN.Sheet.Legacy.develop", (skillRule?.perRating ?? 0) * value),
              g.notOwner,
              g.dead,
              atMax,
              input.system.xp < 1 && message("TERRAN.Sheet.Legacy.noXp"),
            ),
          };
        })
    : null;
  return {
    skills,
    // R-LEG-3 what is left to place during creation (none shown after it, nor in a game without skills).
    skillPoints:
      skills && points
        ? message("TERRAN.Sheet.Legacy.skillPointsLeft", Math.max(0, points.points - points.placed))
        : null,
  };
}

/** Ego and its refill (closed when full, and for a lost character: R-LEG-7 ruling). */
export function legacyEgoOf(
  input: CharacterSheetInput,
  d: CharacterDerived["ratings"],
  g: Gate,
): LegacyMainView["ego"] {
  return {
    value: d.ego.value,
    max: d.ego.max,
    percent: percentOf(d.ego.value, d.ego.max),
    refill: button(
      message("TERRAN.Sheet.Legacy.refillHint"),
      g.notEditable,
      g.dead,
      g.lost,
      d.ego.value >= d.ego.max && message("TERRAN.Sheet.Legacy.egoFull"),
    ),
  };
}

/** The Experience rolls: the Advancement roll against Ego max + HP max, and the session's end. */
export function legacyExperienceOf(
  input: CharacterSheetInput,
  derived: CharacterDerived,
  g: Gate,
): LegacyMainView["experience"] {
  const target = derived.ratings.ego.max + derived.hitPoints.max;
  const egoLost = egoLostOf(input.system);
  return {
    egoLost,
    won: advancementsWonOf(input.system),
    target,
    targetText: message("TERRAN.Sheet.Legacy.target", target),
    roll: button(
      message("TERRAN.Sheet.Legacy.advancementHint", target),
      g.notOwner,
      g.dead,
      input.system.xp < 1 && message("TERRAN.Sheet.Legacy.noXp"),
    ),
    endSession: button(
      message("TERRAN.Sheet.Legacy.endSessionHint", egoLost),
      g.notEditable,
      egoLost === 0 && message("TERRAN.Sheet.Legacy.noEgoLost"),
    ),
  };
}

/**
 * R-LEG-2 the creation roll (ruling, §10): offered until the character holds an Advancement; once rolled,
 * hidden from players and offered to a GM as "Roll again", which keeps the HP and Ego already lost.
 */
export function legacyCreationOf(
  input: CharacterSheetInput,
  derived: CharacterDerived,
  g: Gate,
): LegacyMainView["creation"] {
  const again = input.legacyCreationRolled ?? false;
  return {
    shown: derived.advancements === 0 && !input.system.dead && (!again || input.permissions.isGM),
    again,
    roll: button(
      message(again ? "TERRAN.Sheet.Legacy.rollAgainHint" : "TERRAN.Sheet.Legacy.creationHint"),
      g.notEditable,
      g.dead,
    ),
  };
}
