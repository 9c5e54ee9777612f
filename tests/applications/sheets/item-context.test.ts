/**
 * The item sheets' pure context and list edits (src/applications/sheets/item/item-context.ts): every field
 * with the ruleset's labels (R-RA-4 / R-RA-5 tiers, R-EQ-1 / R-EQ-2 ranges, R-EQ-3 tags), dice
 * modifiers and flags (R-POOL-2).
 */
import { describe, expect, it } from "vitest";
import {
  editModifier,
  itemSheetContext,
  newModifier,
  parseCustomTags,
  removeModifier,
  toggleIn,
  toggleModifierScope,
} from "../../../src/applications/sheets/item/item-context.ts";
import { MECHANICS_FLAGS, WEAPON_TAGS } from "../../../src/rules/index.ts";
import { advancementSheet, armourSheet, conditionSheet, OBSERVER, weaponSheet } from "../../fixtures/sheets.ts";
import { english } from "../../support/templates.ts";

const say = (m: { key: string; value: string }): string => english(m.key).replaceAll("{value}", m.value);

describe("item sheet context", () => {
  it("R-RA-4: a Core weapon offers Bad (−1e) … Best (+3e); its own ranges and every tag", () => {
    const view = itemSheetContext(weaponSheet("core"));
    expect(view.type).toBe("weapon");
    expect(view.weapon?.rank.options.map((o) => english(o.labelKey))).toEqual([
      "Bad (−1e)",
      "Mediocre (±0e)",
      "Good (+1e)",
      "Better (+2e)",
      "Best (+3e)",
    ]);
    expect(view.weapon?.rank.options.find((o) => o.selected)?.value).toBe("4");
    expect(view.weapon?.ranges.map((r) => [r.id, r.checked, r.foreign])).toEqual([
      ["contact", false, false],
      ["reach", false, false],
      ["short", true, false],
      ["long", true, false],
    ]);
    expect(view.weapon?.tags.map((t) => t.id)).toEqual(
      WEAPON_TAGS.filter((t) => t !== "heavyFirepower" && t !== "unarmed"),
    );
    expect(view.weapon?.tags.find((t) => t.id === "unhandy")?.checked).toBe(true);
    expect(view.weapon?.customTags).toBe("Loud");
    expect(view.advancement).toBeNull();
  });

  it("R-V-17 (ruling): a v0.6.2 weapon offers the Unarmed mark; a Core world keeps a stored one, flagged foreign", () => {
    const v062 = itemSheetContext(weaponSheet("v062"));
    expect(v062.weapon?.tags.map((t) => [t.id, t.foreign])).toEqual([
      ["slaughter", false],
      ["improvised", false],
      ["unhandy", true],
      ["heavyFirepower", false],
      ["unarmed", false],
    ]);
    expect(say(v062.weapon?.tags.find((t) => t.id === "unarmed")?.toggle.tooltip ?? { key: "", value: "" })).toMatch(
      /Martial combatant/,
    );
    // R-V-17 (ruling 20) v0.6.2's Improvised is −1d only; Core's hint names its Effect tier too.
    const hint = (view: typeof v062) =>
      say(view.weapon?.tags.find((t) => t.id === "improvised")?.toggle.tooltip ?? { key: "", value: "" });
    expect(hint(v062)).toMatch(/−1d \(no Effect part/);
    expect(hint(itemSheetContext(weaponSheet("core")))).toMatch(/lowest tier/);
    const input = weaponSheet("core");
    const kept = {
      ...input,
      item: { ...input.item, system: { ...input.item.system, tags: ["improvised", "unarmed"] } },
    } as typeof input;
    const core = itemSheetContext(kept).weapon?.tags.filter((t) => t.checked);
    expect(core?.map((t) => [t.id, t.foreign])).toEqual([
      ["improvised", false],
      ["unarmed", true],
    ]);
  });

  it("R-RA-5 / R-EQ-2: a Degenesis weapon offers the floors 1e…5e; ranges kept from Core are flagged", () => {
    const input = weaponSheet("degenesis");
    const kept = {
      ...input,
      item: { ...input.item, system: { ...input.item.system, ranges: ["nearby", "long"] } },
    } as typeof input;
    const view = itemSheetContext(kept);
    expect(view.weapon?.rank.options.map((o) => english(o.labelKey))).toEqual([
      "Improvised (1e)",
      "Reduced (2e)",
      "Standard (3e)",
      "Increased (4e)",
      "Extreme (5e)",
    ]);
    expect(view.weapon?.ranges.map((r) => [r.id, r.checked, r.foreign])).toEqual([
      ["contact", false, false],
      ["reach", false, false],
      ["nearby", true, false],
      ["farAway", false, false],
      ["long", true, true],
    ]);
  });

  it("armour: kind, value, equipped, and Destroyed for shields", () => {
    const view = itemSheetContext(armourSheet());
    expect(view.armour).toMatchObject({ value: 1, equipped: true, destroyed: false, isShield: true });
    expect(view.armour?.kind.options.find((o) => o.selected)?.value).toBe("shield");
  });

  it("an advancement: every field, flags and dice modifiers, and what the engine knows it as", () => {
    const view = itemSheetContext(advancementSheet());
    const a = view.advancement;
    expect(a?.key).toBe("marathon");
    expect(a?.engineLabelKey).toBe("TERRAN.Adv.marathon");
    expect(a?.source.options.map((o) => o.value)).toEqual(["core", "degenesis", "cult", "legacy", "v062"]);
    expect(a?.cult.shown).toBe(false);
    expect(a?.developed.options.map((o) => o.value)).toEqual([
      "",
      "intuition",
      "reason",
      "finesse",
      "exertion",
      "attunement",
      "influence",
    ]);
    // R-ADV-1 the world's ruleset's flags only: Core's, not Degenesis' Specialist, Legacy's HP flags nor
    // v0.6.2's Martial combatant.
    const others = ["specialist", "tough", "protected", "multiAttack", "skillFocus", "egoMaxDown", "martialCombatant"];
    const ids = a?.mechanics.flags.map((f) => f.id) ?? [];
    expect(ids).toEqual(MECHANICS_FLAGS.filter((f) => !others.includes(f)));
    expect(a?.mechanics.dice).toHaveLength(1);
    const mod = a?.mechanics.dice[0];
    expect(mod).toMatchObject({
      index: 0,
      dice: 1,
      label: "TERRAN.Mod.marathon",
      situational: true,
      display: { key: "TERRAN.Mod.marathon", text: "" },
    });
    expect(mod?.scopes.filter((s) => s.checked).map((s) => s.id)).toEqual(["any"]);
    expect(mod?.scopes.map((s) => s.id)).toContain("save:insight");
    expect(mod?.scopes.find((s) => s.id === "save:insight")?.labelKey).toBe("TERRAN.Save.insight");
    expect(view.description.labelKey).toBe("TERRAN.Sheet.Item.description");
  });

  it("R-V-3: a modifier's Save scopes are named as the world's ruleset names its Saves", () => {
    const scopes = itemSheetContext(advancementSheet("v062")).advancement?.mechanics.dice[0]?.scopes ?? [];
    expect(scopes.filter((s) => s.id.startsWith("save:")).map((s) => s.labelKey)).toEqual([
      "TERRAN.Save.evasion",
      "TERRAN.Save.prowess",
      "TERRAN.Save.resolveAlone",
    ]);
  });

  it("a homebrew advancement says only its flags and dice are automated", () => {
    const input = advancementSheet();
    const view = itemSheetContext({
      ...input,
      item: { ...input.item, system: { ...input.item.system, key: "" } },
    } as typeof input);
    expect(view.advancement?.engineLabelKey).toBeNull();
  });

  it("a condition: kind, key, flags and dice", () => {
    const view = itemSheetContext(conditionSheet("degenesis"));
    expect(view.condition?.kind.options.map((o) => o.value)).toEqual(["condition", "stigma", "mutation", "malaise"]);
    expect(view.condition?.mechanics.dice[0]?.dice).toBe(-1);
  });

  it("a locked sheet closes every toggle and says why", () => {
    const view = itemSheetContext(advancementSheet("core", OBSERVER));
    expect(view.editable).toBe(false);
    const toggles = [
      ...(view.advancement?.mechanics.flags ?? []).map((f) => f.toggle),
      view.advancement?.mechanics.addModifier,
    ];
    for (const t of toggles) {
      expect(t?.disabled).toBe(true);
      expect(say(t?.tooltip ?? { key: "", value: "" })).toBe("You cannot change this sheet.");
    }
  });
});

describe("item list edits", () => {
  it("toggles a value in a list", () => {
    expect(toggleIn(["a", "b"], "b")).toEqual(["a"]);
    expect(toggleIn(["a"], "c")).toEqual(["a", "c"]);
  });

  it("reads custom tags from comma-separated text", () => {
    expect(parseCustomTags(" Loud, heavy ,, Loud, rusty ")).toEqual(["Loud", "heavy", "rusty"]);
    expect(parseCustomTags("")).toEqual([]);
  });

  it("R-POOL-2: modifier dice stay whole numbers −4…+4 and the correction is shown", () => {
    const dice = [newModifier("m1"), newModifier("m2")];
    expect(editModifier(dice, 0, "dice", "-2").dice[0]?.dice).toBe(-2);
    const big = editModifier(dice, 1, "dice", "9");
    expect(big.dice[1]?.dice).toBe(4);
    expect(big.corrected && say(big.corrected)).toBe("A value was out of range; it was set to 4.");
    const junk = editModifier(dice, 1, "dice", "");
    expect(junk.dice[1]?.dice).toBe(1);
    expect(junk.corrected?.key).toBe("TERRAN.Sheet.Corrected.notNumber");
    expect(editModifier(dice, 0, "label", "  Climbing ").dice[0]?.label).toBe("Climbing");
    expect(editModifier(dice, 0, "situational", false).dice[0]?.situational).toBe(false);
    expect(dice[0]?.dice).toBe(1);
  });

  it("a modifier's scopes toggle, and a modifier left with none applies to any roll", () => {
    const dice = [newModifier("m1")];
    const two = toggleModifierScope(dice, 0, "reason");
    expect(two[0]?.appliesTo).toEqual(["any", "reason"]);
    const one = toggleModifierScope(two, 0, "any");
    expect(one[0]?.appliesTo).toEqual(["reason"]);
    expect(toggleModifierScope(one, 0, "reason")[0]?.appliesTo).toEqual(["any"]);
    expect(removeModifier(two, 0)).toEqual([]);
  });
});
