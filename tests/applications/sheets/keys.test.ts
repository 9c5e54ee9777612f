/**
 * The i18n keys the sheets build from data (a refusal code, a ruleset id, an item type…) exist in
 * en.json for every value the data can take, not only for the values the fixtures happen to render.
 */
import { describe, expect, it } from "vitest";
import { CHARACTER_TABS } from "../../../src/applications/sheets/inputs.ts";
import {
  GROUPS,
  RULESET_IDS,
  WEAPON_TAGS,
  WOUND_TRACKS,
  getRuleset,
  MECHANICS_FLAGS,
  CONDITION_KINDS,
  type AdvancementRefusal,
} from "../../../src/rules/index.ts";
import { english } from "../../support/templates.ts";

const REFUSALS: readonly AdvancementRefusal[] = [
  "not-in-ruleset",
  "cult-only",
  "already-taken",
  "needs-mutations",
  "needs-skills",
  "creation-only",
];
const ITEM_TYPES = ["weapon", "armour", "advancement", "condition"] as const;
const LISTS = ["advancements", "conditions", "weapons", "armour"] as const;

describe("sheet keys built from data", () => {
  it("exist for every value", () => {
    const keys = [
      ...REFUSALS.map((r) => `TERRAN.Sheet.Disabled.refusal.${r}`),
      // R-V-8 v0.6.2 has no Ego reset at will.
      ...RULESET_IDS.filter((id) => id !== "v062").flatMap((id) => [
        `TERRAN.Sheet.Ego.reset.${id}`,
        `TERRAN.Sheet.Ego.resetHint.${id}`,
      ]),
      ...RULESET_IDS.flatMap((id) => Object.keys(getRuleset(id).cults).map((c) => `TERRAN.Cult.${c}`)),
      ...RULESET_IDS.flatMap((id) => getRuleset(id).advancements.map((a) => `TERRAN.Adv.${a}`)),
      ...RULESET_IDS.flatMap((id) => getRuleset(id).ranges.map((r) => r.labelKey)),
      ...RULESET_IDS.flatMap((id) => getRuleset(id).effect.tiers.map((t) => t.labelKey)),
      ...ITEM_TYPES.flatMap((t) => [
        `TERRAN.Sheet.Items.create.${t}`,
        `TERRAN.Sheet.Items.newName.${t}`,
        `TYPES.Item.${t}`,
      ]),
      ...LISTS.flatMap((l) => [`TERRAN.Sheet.Items.${l}`, `TERRAN.Sheet.Items.empty.${l}`]),
      ...GROUPS.map((g) => `TERRAN.Sheet.Wounds.effect.${g}`),
      ...WOUND_TRACKS.map((t) => `TERRAN.Sheet.Wounds.penalty.${t}`),
      ...CHARACTER_TABS.map((t) => `TERRAN.Sheet.Tabs.${t}`),
      ...WEAPON_TAGS.map((t) => `TERRAN.Sheet.Item.tagHint.${t}`),
      ...MECHANICS_FLAGS.map((f) => `TERRAN.Flag.${f}`),
      ...CONDITION_KINDS.map((k) => `TERRAN.ConditionKind.${k}`),
      ...(["core", "degenesis", "cult"] as const).map((s) => `TERRAN.AdvancementSource.${s}`),
    ];
    expect(
      keys.filter((k) => {
        try {
          english(k);
          return false;
        } catch {
          return true;
        }
      }),
    ).toEqual([]);
  });
});
