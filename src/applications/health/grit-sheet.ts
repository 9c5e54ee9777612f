/**
 * The Grit model's sheet part, pure: the main tab from its pieces (sheets/character/character-grit.ts) and
 * the creation helper.
 */
import type { Ruleset } from "../../rules/index.ts";
import type { CharacterDerived } from "../../data/derived.ts";
import { systemPath } from "../../system-id.ts";
import type { CharacterSheetInput } from "../sheets/inputs.ts";
import type { Gate } from "../sheets/character/character-context.ts";
import { creationOf } from "../sheets/character/character-creation.ts";
import {
  attributeTotalOf,
  egoOf,
  gritOf,
  gritXpOf,
  groupsOf,
  woundsOf,
  type GritMainView,
} from "../sheets/character/character-grit.ts";
import type { HealthSheetEntry } from "./sheet.ts";

const PARTIAL = "templates/sheets/partials/health-grit.hbs";

/** The main tab of a character on the Grit health model. */
function gritMainOf(input: CharacterSheetInput, ruleset: Ruleset, derived: CharacterDerived, g: Gate): GritMainView {
  const { system } = input;
  const creation = creationOf(input, ruleset, derived, g);
  const groups = groupsOf(ruleset, system, derived, g, creation.shown ? null : g.playMode);
  const grit = gritOf(system, derived.flags, g);
  const ego = egoOf(system, ruleset, derived.flags, g, input.panic ?? null);
  return {
    partial: systemPath(PARTIAL),
    creating: creation.shown,
    xp: gritXpOf(system, derived),
    mortalBannerKey: "TERRAN.Sheet.Banner.mortal.text",
    moves: { rest: grit.rest, ...(ego.reset ? { resetEgo: ego.reset } : {}) },
    rolls: groups.flatMap((group) => [...group.attributes.map((a) => a.roll), group.save.roll]),
    groups,
    attributeTotal: attributeTotalOf(system),
    grit,
    ego,
    wounds: woundsOf(system, derived.flags, g),
    woundsLabelKey: ruleset.health.kind === "grit" ? ruleset.health.headingKey : "TERRAN.Sheet.Wounds.label",
    mortallyWounded: derived.mortallyWounded,
    creation,
  };
}

export const GRIT_SHEET: HealthSheetEntry<"grit"> = {
  partial: PARTIAL,
  sheet: (ruleset) => ({
    main: (input, derived, g) => gritMainOf(input, ruleset, derived, g),
    mortallyWounded: (derived) => derived.mortallyWounded,
  }),
};
