/**
 * The HP model's sheet part (R-LEG-4 … R-LEG-6), pure: its HP, recovery and wound stages, with the Legacy
 * character's rated parts (sheets/character/character-legacy.ts) around them.
 */
import type { HpWoundDef, Ruleset } from "../../rules/index.ts";
import type { CharacterDerived } from "../../data/derived.ts";
import { hitPointsOf, type HitPointsSource } from "../../data/hit-points.ts";
import { ratingsOf } from "../../data/ratings.ts";
import { systemPath } from "../../system-id.ts";
import { button, message, percentOf } from "../sheets/common.ts";
import type { CharacterSheetInput } from "../sheets/inputs.ts";
import type { Gate } from "../sheets/character/character-context.ts";
import {
  legacyAttributesOf,
  legacyCreationOf,
  legacyEgoOf,
  legacyExperienceOf,
  legacySkillsOf,
  type LegacyMainView,
  type LegacyWoundView,
} from "../sheets/character/character-legacy.ts";
import type { HealthSheetEntry } from "./sheet.ts";

const PARTIAL = "templates/sheets/partials/health-hp.hbs";

/** The model's wound stages: marked or not, their penalty, and the toggle. */
function woundsOf(stages: readonly HpWoundDef[], hitPoints: HitPointsSource, g: Gate): LegacyWoundView[] {
  return stages.map((w): LegacyWoundView => {
    const marked = hitPoints[w.id];
    return {
      id: w.id,
      labelKey: w.labelKey,
      marked,
      effect: message(`TERRAN.Sheet.Legacy.woundEffect.${w.id}`, w.lightPenalty),
      toggle: button(
        message(marked ? "TERRAN.Sheet.Wounds.recover" : "TERRAN.Sheet.Wounds.mark"),
        g.notEditable,
        g.dead,
      ),
    };
  });
}

/** HP and its recovery: a night's rest (not while wounded), a week's (only when wounded), and Harm. */
function hpOf(d: CharacterDerived["hitPoints"], g: Gate): LegacyMainView["hp"] {
  const wounded = d.critical || d.mortal;
  return {
    value: d.value,
    max: d.max,
    percent: percentOf(d.value, d.max),
    night: button(
      message("TERRAN.Sheet.Legacy.nightHint"),
      g.notEditable,
      g.dead,
      wounded && message("TERRAN.Sheet.Legacy.nightWounded"),
    ),
    week: button(
      message("TERRAN.Sheet.Legacy.weekHint"),
      g.notEditable,
      g.dead,
      !wounded && message("TERRAN.Sheet.Legacy.weekNoWound"),
    ),
    harm: button(message("TERRAN.Sheet.Legacy.harmHint"), g.notEditable, g.dead),
  };
}

/** The main tab of a character on the HP health model; `stages` are the model's wound stages (its `health.wounds`). */
function hpMainOf(
  input: CharacterSheetInput,
  ruleset: Ruleset,
  stages: readonly HpWoundDef[],
  derived: CharacterDerived,
  g: Gate,
): LegacyMainView {
  const rated = ratingsOf(input.system);
  const d = derived.hitPoints;
  const attributes = legacyAttributesOf(ruleset, rated, derived, g);
  const hp = hpOf(d, g);
  const ego = legacyEgoOf(input, derived.ratings, g);
  const experience = legacyExperienceOf(input, derived, g);
  return {
    partial: systemPath(PARTIAL),
    creating: false,
    // R-LEG-13 XP buy an Advancement roll.
    xp: { text: experience.targetText, affordable: input.system.xp > 0 },
    mortalBannerKey: "TERRAN.Sheet.Banner.mortal.textHp",
    moves: { night: hp.night, week: hp.week, refill: ego.refill, harm: hp.harm },
    rolls: attributes.map((a) => a.roll),
    attributes,
    penalty: d.woundPenalty !== 0 ? message("TERRAN.Sheet.Legacy.penalty", -d.woundPenalty) : null,
    ...legacySkillsOf(input, ruleset, rated, derived, g),
    hp,
    ego,
    wounds: woundsOf(stages, hitPointsOf(input.system), g),
    experience,
    creation: legacyCreationOf(input, derived, g),
  };
}

export const HP_SHEET: HealthSheetEntry<"hp"> = {
  partial: PARTIAL,
  sheet: (ruleset, health) => ({
    main: (input, derived, g) => hpMainOf(input, ruleset, health.wounds, derived, g),
    mortallyWounded: (derived) => derived.hitPoints.mortal,
  }),
};
