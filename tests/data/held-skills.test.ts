/** R-V-5 how `system.heldSkills` stores and reads a character's held skills. */
import { describe, expect, it } from "vitest";
import { V062 } from "../../src/rules/index.ts";
import { heldSkillLabel, parseStoredSkill, readHeldSkills, storedSkill } from "../../src/data/held-skills.ts";

const V062_SKILLS =
  V062.heldSkills ??
  (() => {
    throw new Error("v0.6.2 holds skills");
  })();

describe("held skills as stored (R-V-5)", () => {
  it("R-V-5: a listed id and a group:name entry round-trip; what the scheme does not know reads as null", () => {
    expect(storedSkill("sneak")).toBe("sneak");
    expect(storedSkill({ group: "violence", name: "Whip: barbed" })).toBe("violence:Whip: barbed");
    expect(parseStoredSkill(V062_SKILLS, "sneak")).toBe("sneak");
    expect(parseStoredSkill(V062_SKILLS, "violence:Whip: barbed")).toEqual({ group: "violence", name: "Whip: barbed" });
    expect(parseStoredSkill(V062_SKILLS, "moonwalk")).toBeNull();
    expect(parseStoredSkill(V062_SKILLS, "magic:Fire")).toBeNull();
    expect(parseStoredSkill(V062_SKILLS, "violence:  ")).toBeNull();
  });

  it("R-V-6: reading keeps stored order, counts a repeat once, and sets the unread aside", () => {
    const read = readHeldSkills(V062_SKILLS, ["sneak", "moonwalk", "violence:Whip", "violence:whip", "sneak"]);
    expect(read.held.map((h) => h.stored)).toEqual(["sneak", "violence:Whip"]);
    expect(read.unread).toEqual(["moonwalk"]);
    expect(readHeldSkills(V062_SKILLS, undefined)).toEqual({ held: [], unread: [] });
  });

  it("R-V-5: a listed skill is named by its key, one the GM added by its own text; both with the group", () => {
    expect(heldSkillLabel(V062_SKILLS, "sneak")).toEqual({
      labelKey: "TERRAN.SkillName.sneak",
      labelText: "sneak",
      groupKey: "TERRAN.SkillGroup.survival",
    });
    expect(heldSkillLabel(V062_SKILLS, { group: "violence", name: "Whip" })).toEqual({
      labelKey: null,
      labelText: "Whip",
      groupKey: "TERRAN.SkillGroup.violence",
    });
  });
});
