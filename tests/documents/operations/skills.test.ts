/** R-V-5 the held skills recorded on the sheet: added under the world's scheme, removed by stored entry. */
import { describe, expect, it } from "vitest";
import { CORE, V062, withoutSkills } from "../../../src/rules/index.ts";
import { addHeldSkillOperation, removeHeldSkillOperation } from "../../../src/documents/operations/index.ts";
import { expectRefusal, refusal, state } from "./fixtures.ts";

describe("addHeldSkillOperation", () => {
  it("R-V-5: a listed skill is stored by its id, one added to a group as group:name, after what is stored", () => {
    const s = state({ heldSkills: ["sneak"] });
    expect(addHeldSkillOperation(s, V062, "negotiation")).toEqual({
      update: { "system.heldSkills": ["sneak", "negotiation"] },
      itemUpdates: [],
      outcome: { stored: "negotiation" },
    });
    expect(addHeldSkillOperation(s, V062, { group: "violence", name: "  Whip " }).update).toEqual({
      "system.heldSkills": ["sneak", "violence:Whip"],
    });
    // A character saved before held skills has no field: the first skill starts the list.
    expect(addHeldSkillOperation(state(), V062, "tame").update).toEqual({ "system.heldSkills": ["tame"] });
  });

  it("R-V-6: a skill is never held twice (a custom name compares without case)", () => {
    const s = state({ heldSkills: ["sneak", "violence:Whip"] });
    expect(refusal(() => addHeldSkillOperation(s, V062, "sneak")).data.reason).toBe("skillHeld");
    expect(refusal(() => addHeldSkillOperation(s, V062, { group: "violence", name: "WHIP" })).data.reason).toBe(
      "skillHeld",
    );
    // The same name in another group is another skill.
    expect(addHeldSkillOperation(s, V062, { group: "athletics", name: "Whip" }).update).toEqual({
      "system.heldSkills": ["sneak", "violence:Whip", "athletics:Whip"],
    });
  });

  it("R-V-5: an unknown skill or group, a nameless one, or a world without held skills is refused with its reason", () => {
    const s = state();
    expect(refusal(() => addHeldSkillOperation(s, V062, "moonwalk")).data.reason).toBe("skillUnknown");
    expect(refusal(() => addHeldSkillOperation(s, V062, { group: "magic", name: "Fire" })).data.reason).toBe(
      "skillUnknown",
    );
    expect(refusal(() => addHeldSkillOperation(s, V062, { group: "violence", name: "  " })).data.reason).toBe(
      "skillNameless",
    );
    expect(refusal(() => addHeldSkillOperation(s, CORE, "sneak")).data.reason).toBe("noHeldSkills");
    expect(refusal(() => addHeldSkillOperation(s, withoutSkills(V062), "sneak")).data.reason).toBe("noHeldSkills");
    expectRefusal(() => addHeldSkillOperation(state({ dead: true }), V062, "sneak"), "dead", /dead/);
  });

  it("R-V-5: an entry this edition cannot read stays stored (nothing is lost) and does not block a new skill", () => {
    const s = state({ heldSkills: ["moonwalk", "sneak"] });
    expect(addHeldSkillOperation(s, V062, "tame").update).toEqual({
      "system.heldSkills": ["moonwalk", "sneak", "tame"],
    });
  });
});

describe("removeHeldSkillOperation", () => {
  it("R-V-5: one stored entry out, read or not, the rest in order; one not held is refused", () => {
    const s = state({ heldSkills: ["moonwalk", "sneak", "violence:Whip"] });
    expect(removeHeldSkillOperation(s, "sneak").update).toEqual({ "system.heldSkills": ["moonwalk", "violence:Whip"] });
    expect(removeHeldSkillOperation(s, "moonwalk").update).toEqual({ "system.heldSkills": ["sneak", "violence:Whip"] });
    expectRefusal(() => removeHeldSkillOperation(s, "tame"), "unknown-id", /not a skill the character holds/);
    expectRefusal(() => removeHeldSkillOperation(state(), "tame"), "unknown-id", /not a skill/);
  });
});
