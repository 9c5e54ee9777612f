/**
 * §12 v0.6.2's creation on the character sheet: the book's order (R-V-1), the archetype's groups (R-V-2), the
 * skills owed (R-V-6), the no-skills point (R-V-4), Expert (R-V-6 ruling 7), and none of it in the other rulesets.
 */
import { describe, expect, it } from "vitest";
import {
  characterSheetContext,
  type CharacterFullView,
  type CharacterSheetView,
} from "../../../src/applications/sheets/character/character-context.ts";
import type { CreationView } from "../../../src/applications/sheets/character/character-views.ts";
import type { CharacterSheetInput } from "../../../src/applications/sheets/inputs.ts";
import type { Attribute } from "../../../src/rules/index.ts";
import {
  advancementRow,
  freshCharacter,
  GM,
  gritPart,
  seasonedCharacter,
  v062CreationCharacter,
} from "../../fixtures/sheets.ts";
import { english } from "../../support/templates.ts";

function full(view: CharacterSheetView): CharacterFullView {
  if (view.limited) throw new Error("expected the full view");
  return view;
}

const creationOf = (input: CharacterSheetInput): CreationView => gritPart(full(characterSheetContext(input))).creation;
const say = (m: { key: string; value: string }): string => english(m.key).replaceAll("{value}", m.value);
const withRoll = (face: number | null, point: Attribute | null = null) => ({
  ui: { creation: { roll: null, shares: {}, skillRoll: face, point } },
});

function skillsOf(c: CreationView) {
  if (!c.skills) throw new Error("expected the Skills step");
  return c.skills;
}

describe("R-V-1 the v0.6.2 creation steps come from the ruleset's data", () => {
  it("R-V-1 a v0.6.2 character in creation has the archetype, Skills and keepsake steps; no extra point", () => {
    const c = creationOf(v062CreationCharacter());
    expect(c.shown).toBe(true);
    expect(c.archetype).not.toBeNull();
    expect(c.skills).not.toBeNull();
    expect(c.point).toBeNull();
    expect(c.keepsakes).toBe(true);
    expect(english(c.introKey)).toMatch(/^Take the steps in order: the archetype/);
  });

  it("R-V-1 Core and Degenesis show none of them (their rulesets hold no such data)", () => {
    for (const id of ["core", "degenesis"] as const) {
      const c = creationOf(freshCharacter(id));
      expect([c.archetype, c.skills, c.point, c.afterCreation]).toEqual([null, null, null, null]);
      expect(c.keepsakes).toBe(false);
      expect(english(c.introKey)).toMatch(/^Roll the ratings and split them/);
    }
  });

  it("R-V-1 (ruling) the trinket, patch and picture are three optional fields of the biography tab", () => {
    const input = v062CreationCharacter({ keepsakes: { trinket: "A brass compass", patch: "", picture: "" } });
    const { keepsakes } = full(characterSheetContext(input));
    expect(keepsakes?.fields.map((f) => [f.name, f.value])).toEqual([
      ["system.keepsakes.trinket", "A brass compass"],
      ["system.keepsakes.patch", ""],
      ["system.keepsakes.picture", ""],
    ]);
    expect(full(characterSheetContext(seasonedCharacter())).keepsakes).toBeNull();
  });
});

describe("R-V-2 the archetype step", () => {
  it("R-V-2 a listed archetype shows its two groups and is done; its groups head the first skills", () => {
    const c = creationOf(v062CreationCharacter({ archetype: "mechanic" }));
    expect(c.archetype).toMatchObject({
      done: true,
      groupKeys: ["TERRAN.SkillGroup.vehicles", "TERRAN.SkillGroup.technology"],
      choose: null,
    });
    const firsts = skillsOf(c).firsts;
    expect(firsts.map((f) => f.group)).toEqual(["vehicles", "technology"]);
    expect(firsts[0]?.options.map((o) => o.id)).toContain("spacecraft");
    expect(firsts[0]?.options.map((o) => o.id)).not.toContain("computers");
  });

  it("R-V-2 no archetype yet: the step says so and the first skills wait for it", () => {
    const c = creationOf(v062CreationCharacter({ archetype: "" }));
    expect(c.archetype?.done).toBe(false);
    expect(c.archetype?.owed?.key).toBe("TERRAN.Sheet.Creation.archetypeOwed");
    expect(skillsOf(c).firsts).toEqual([]);
  });

  it("R-V-2 Spacer or an archetype of one's own: two different groups chosen and stored (ruling)", () => {
    for (const archetype of ["spacer", "Smuggler"]) {
      const open = creationOf(v062CreationCharacter({ archetype }));
      expect(open.archetype?.done).toBe(false);
      expect(open.archetype?.owed?.key).toBe("TERRAN.Sheet.Creation.groupsOwed");
      expect(open.archetype?.choose?.first.map((g) => g.id)).toHaveLength(9);
      expect(open.archetype?.choose?.set.disabled).toBe(false);
      const chosen = creationOf(v062CreationCharacter({ archetype, skillGroups: ["vehicles", "athletics"] }));
      expect(chosen.archetype?.done).toBe(true);
      expect(chosen.archetype?.choose?.first.find((g) => g.selected)?.id).toBe("vehicles");
      expect(chosen.archetype?.choose?.second.find((g) => g.selected)?.id).toBe("athletics");
      expect(skillsOf(chosen).firsts.map((f) => f.group)).toEqual(["vehicles", "athletics"]);
    }
  });

  it("R-V-2 stored groups that are not two different ones leave the step owed (ruling)", () => {
    const c = creationOf(v062CreationCharacter({ archetype: "spacer", skillGroups: ["vehicles", "vehicles"] }));
    expect(c.archetype?.done).toBe(false);
    expect(skillsOf(c).firsts).toEqual([]);
  });
});

describe("R-V-6 the Skills step", () => {
  it("R-V-6 before the extra die: the die can be rolled, and more skills wait for it", () => {
    const skills = skillsOf(creationOf(v062CreationCharacter()));
    expect(skills.rolled).toBe(false);
    expect(skills.roll.disabled).toBe(false);
    expect(skills.more.take.disabled).toBe(true);
    expect(say(skills.more.take.tooltip)).toBe(english("TERRAN.Sheet.Disabled.rollSkillsFirst"));
    expect(skills.done).toBe(false);
  });

  it("R-V-6 the die is rolled once (a GM may again) and says how many more skills it gives", () => {
    const skills = skillsOf(creationOf(v062CreationCharacter({}, withRoll(4))));
    expect(skills.rolled).toBe(true);
    expect(skills.roll.disabled).toBe(true);
    expect(skills.roll.tooltip.key).toBe("TERRAN.Sheet.Disabled.rolled");
    expect(skills.more).toMatchObject({ owed: 2, taken: 0 });
    expect(skills.more.take.disabled).toBe(false);
    const gm = skillsOf(creationOf(v062CreationCharacter({}, { ...withRoll(4), permissions: GM })));
    expect(gm.roll.disabled).toBe(false);
  });

  it("R-V-6 one skill from each archetype group, then the die's count from any group", () => {
    const half = skillsOf(creationOf(v062CreationCharacter({ heldSkills: ["religion", "empathy"] }, withRoll(4))));
    expect(half.firsts.map((f) => f.held?.labelKey ?? null)).toEqual(["TERRAN.SkillName.religion", null]);
    expect(half.firsts[1]?.take.disabled).toBe(false);
    expect(half.more).toMatchObject({ owed: 2, taken: 1 });
    expect(half.done).toBe(false);
    const held = ["religion", "law", "empathy", "tame"];
    const done = skillsOf(creationOf(v062CreationCharacter({ heldSkills: held }, withRoll(4))));
    expect(done.done).toBe(true);
    expect(done.more.take.disabled).toBe(true);
    expect(done.more.take.tooltip.key).toBe("TERRAN.Sheet.Disabled.skillsChosen");
    // Listed skills already held are not offered again.
    expect(done.more.choices.flatMap((g) => g.skills.map((k) => k.id))).not.toContain("tame");
  });

  it("R-V-6 the free advancement waits for the skills owed", () => {
    const owed = creationOf(v062CreationCharacter({ heldSkills: ["religion"] }, { ...withRoll(1), ready: true }));
    const keys = owed.advancement.options.map((o) => o.take.tooltip.key);
    expect(new Set(keys)).toEqual(new Set(["TERRAN.Sheet.Creation.advancementAfterSkills"]));
    const done = creationOf(
      v062CreationCharacter({ heldSkills: ["religion", "law", "tame"] }, { ...withRoll(1), ready: true }),
    );
    expect(done.advancement.options.find((o) => o.key === "expert")?.take.disabled).toBe(false);
    expect(done.advancement.options.find((o) => o.key === "eager")?.take.disabled).toBe(false);
  });

  it("R-V-6 Expert taken at creation owes two more skills, asked after creation until held (ruling)", () => {
    const expert = [advancementRow({ id: "advExpert0000001", name: "Expert", key: "expert", sort: 100 })];
    const three = v062CreationCharacter({ heldSkills: ["religion", "law", "tame"] }, { ...withRoll(1), ready: true });
    const owed = creationOf({ ...three, items: expert });
    expect(owed.shown).toBe(false);
    expect(owed.afterCreation?.more).toMatchObject({ owed: 3, taken: 1, expert: 2 });
    expect(owed.afterCreation?.more.take.disabled).toBe(false);
    const five = { ...three, system: { ...three.system, heldSkills: ["religion", "law", "tame", "sneak", "arts"] } };
    expect(creationOf({ ...five, items: expert }).afterCreation).toBeNull();
  });
});

describe("R-V-4 the no-skills point (ruling)", () => {
  const bare = { withoutSkills: true } as const;

  it("R-V-4 without skills: no archetype groups, no Skills step, the extra point instead (ruling)", () => {
    const c = creationOf(v062CreationCharacter({}, bare));
    expect([c.archetype, c.skills]).toEqual([null, null]);
    expect(c.point?.done).toBe(false);
    expect(c.point?.options.every((o) => o.take.tooltip.key === "TERRAN.Sheet.Disabled.ratingsFirst")).toBe(true);
  });

  it("R-V-4 after the dice, any attribute below 4 takes it; then it is given and the advancement opens (ruling)", () => {
    const open = creationOf(v062CreationCharacter({}, { ...bare, ready: true }));
    const intuition = open.point?.options.find((o) => o.id === "intuition");
    expect(open.point?.options.find((o) => o.id === "reason")?.take.disabled).toBe(false);
    expect(intuition?.take.disabled).toBe(false);
    expect(open.advancement.options[0]?.take.tooltip.key).toBe("TERRAN.Sheet.Creation.advancementAfterPoint");
    const given = creationOf(v062CreationCharacter({}, { ...bare, ready: true, ...withRoll(null, "reason") }));
    expect(given.point).toMatchObject({ done: true, givenKey: "TERRAN.Attribute.reason" });
    expect(given.point?.options.every((o) => o.take.tooltip.key === "TERRAN.Sheet.Disabled.pointGiven")).toBe(true);
    expect(given.advancement.options.find((o) => o.key === "eager")?.take.disabled).toBe(false);
  });

  it("R-V-4 an attribute at 4 cannot take it (ruling)", () => {
    const four = { intuition: 4, reason: 0, finesse: 1, exertion: 1, attunement: 1, influence: 1 };
    const c = creationOf(v062CreationCharacter({ attributes: four }, { ...bare, ready: false }));
    expect(c.point?.options.find((o) => o.id === "intuition")?.take.tooltip.key).toBe("TERRAN.Sheet.Disabled.atMax");
  });

  it("R-V-6 Expert is closed in a world without skills, with its reason (ruling)", () => {
    const c = creationOf(v062CreationCharacter({}, { ...bare, ready: true, ...withRoll(null, "reason") }));
    expect(c.advancement.options.find((o) => o.key === "expert")?.take.tooltip.key).toBe(
      "TERRAN.Sheet.Disabled.refusal.needs-skills",
    );
  });
});
