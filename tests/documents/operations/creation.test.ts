/** R-CHAR-4 / R-CHAR-7, and v0.6.2's steps (R-V-2, R-V-4, R-V-6), through the actor's creation operations. */
import { describe, expect, it } from "vitest";
import {
  creationEgoOperation,
  creationGritOperation,
  creationPointOperation,
  creationRatingsOperation,
  creationRollOperation,
  creationSkillGroupsOperation,
  creationSkillRollOperation,
} from "../../../src/documents/operations/index.ts";
import { CORE, V062, withoutSkills } from "../../../src/rules/index.ts";
import { advancement, expectRefusal, refusal, state } from "./fixtures.ts";

describe("creationRatingsOperation", () => {
  it("R-CHAR-4 R-CHAR-3: each group's points are placed as the player says; the Saves follow", () => {
    const shares = { reason: 1, finesse: 2, attunement: 2, influence: 1 };
    const { update, outcome } = creationRatingsOperation(state(), { insight: 2, prowess: 5, resolve: 6 }, shares);
    expect(update).toEqual({
      "system.attributes.reason": 1,
      "system.attributes.finesse": 2,
      "system.attributes.attunement": 2,
      "system.attributes.influence": 1,
    });
    expect(outcome.saves).toEqual({ insight: 1, prowess: 1, resolve: 2 });
  });

  it("R-CHAR-4: re-distributing changes only the ratings that move", () => {
    const s = state({ attributes: { reason: 1, finesse: 2, attunement: 2, influence: 1 } });
    expect(
      creationRatingsOperation(s, { insight: 1, prowess: 4, resolve: 6 }, { intuition: 1, finesse: 2, attunement: 3 })
        .update,
    ).toEqual({
      "system.attributes.intuition": 1,
      "system.attributes.reason": 0,
      "system.attributes.attunement": 3,
      "system.attributes.influence": 0,
    });
  });

  it("R-CHAR-4: every point must be placed (bad-distribution)", () => {
    const error = expectRefusal(
      () =>
        creationRatingsOperation(
          state(),
          { insight: 6, prowess: 1, resolve: 1 },
          { reason: 2, finesse: 1, influence: 1 },
        ),
      "bad-distribution",
      /The insight roll gives 3 points to place; 2 were placed/,
    );
    expect(error.data).toEqual({ group: "insight", points: 3, placed: 2 });
  });

  it("R-CHAR-7: after the first advancement the ratings are no longer distributed (not-allowed)", () => {
    expectRefusal(
      () =>
        creationRatingsOperation(
          state({}, advancement("sleek")),
          { insight: 1, prowess: 1, resolve: 1 },
          { reason: 1, finesse: 1, influence: 1 },
        ),
      "not-allowed",
      /no longer being created/,
    );
    expectRefusal(
      () => creationRatingsOperation(state({ dead: true }), { insight: 1, prowess: 1, resolve: 1 }, {}),
      "dead",
      /dead/,
    );
  });
});

describe("creationGritOperation and creationEgoOperation", () => {
  it("R-CHAR-7 R-GRIT-1: the starting Grit is the roll, value and maximum", () => {
    expect(creationGritOperation(state(), [5])).toEqual({
      update: { "system.grit.value": 5, "system.grit.max": 5 },
      itemUpdates: [],
      outcome: { roll: 5, track: { value: 5, max: 5 } },
    });
  });

  it("R-CHAR-7 R-EGO-1: the starting Ego is the roll, value and maximum, with nothing to gain", () => {
    expect(creationEgoOperation(state(), [6])).toEqual({
      update: { "system.ego.value": 6, "system.ego.max": 6 },
      itemUpdates: [],
      outcome: { roll: 6, track: { value: 6, max: 6 } },
    });
  });

  it("R-CHAR-7: refused once the character has its first advancement (not-allowed), or with the wrong number of dice (no-dice)", () => {
    expectRefusal(() => creationGritOperation(state({}, advancement("sleek")), [5]), "not-allowed", /starting Grit/);
    expectRefusal(() => creationEgoOperation(state({}, advancement("sleek")), [5]), "not-allowed", /starting Ego/);
    expectRefusal(() => creationGritOperation(state(), [5, 5]), "no-dice", /starting Grit roll throws 1 die/);
    expectRefusal(() => creationEgoOperation(state(), []), "no-dice", /starting Ego roll throws 1 die/);
  });
});

describe("creationRollOperation", () => {
  it("R-CHAR-4: three group dice, Insight then Prowess then Resolve, become the creation roll", () => {
    expect(creationRollOperation(state(), [2, 5, 6], null, { isGM: false })).toEqual({
      insight: 2,
      prowess: 5,
      resolve: 6,
    });
  });

  it("R-CHAR-4: the roll is made once; only a GM rolls again (already-rolled)", () => {
    const first = { insight: 1, prowess: 1, resolve: 1 };
    expect(refusal(() => creationRollOperation(state(), [6, 6, 6], first, { isGM: false })).code).toBe(
      "already-rolled",
    );
    expect(creationRollOperation(state(), [6, 6, 6], first, { isGM: true })).toEqual({
      insight: 6,
      prowess: 6,
      resolve: 6,
    });
  });

  it("R-CHAR-4 R-CHAR-7: refused with the wrong number of dice, a bad face, after the first advancement, or when dead", () => {
    expect(refusal(() => creationRollOperation(state(), [2, 5], null, { isGM: false })).code).toBe("no-dice");
    expect(refusal(() => creationRollOperation(state(), [2, 5, 7], null, { isGM: false })).code).toBe("bad-face");
    expect(
      refusal(() => creationRollOperation(state({}, advancement("sleek")), [2, 5, 6], null, { isGM: true })).code,
    ).toBe("not-allowed");
    expect(refusal(() => creationRollOperation(state({ dead: true }), [2, 5, 6], null, { isGM: true })).code).toBe(
      "dead",
    );
  });
});

describe("creationSkillRollOperation", () => {
  const player = { isGM: false };

  it("R-V-6 one extra die: its face is kept and gives 1–3 → 1, 4–5 → 2, 6 → 3 more skills", () => {
    expect(creationSkillRollOperation(state(), V062, [4], null, player)).toEqual({ face: 4, extra: 2 });
    expect(creationSkillRollOperation(state(), V062, [6], null, player)).toEqual({ face: 6, extra: 3 });
    expect(creationSkillRollOperation(state(), V062, [3], null, player)).toEqual({ face: 3, extra: 1 });
  });

  it("R-V-6 rolled once; only a GM rolls it again (already-rolled)", () => {
    expectRefusal(() => creationSkillRollOperation(state(), V062, [2], 5, player), "already-rolled", /only a GM/);
    expect(creationSkillRollOperation(state(), V062, [2], 5, { isGM: true }).face).toBe(2);
  });

  it("R-V-6 refused without held skills, after creation, or with the wrong dice", () => {
    expectRefusal(
      () => creationSkillRollOperation(state(), withoutSkills(V062), [2], null, player),
      "not-allowed",
      /without skills/,
    );
    expectRefusal(() => creationSkillRollOperation(state(), CORE, [2], null, player), "not-allowed", /without skills/);
    const created = state({}, advancement("eager"));
    expectRefusal(
      () => creationSkillRollOperation(created, V062, [2], null, player),
      "not-allowed",
      /no longer being created/,
    );
    refusal(() => creationSkillRollOperation(state(), V062, [2, 3], null, player));
    expectRefusal(() => creationSkillRollOperation(state(), V062, [7], null, player), "bad-face", /extra skills die/);
  });
});

describe("creationSkillGroupsOperation", () => {
  it("R-V-2 Spacer or an archetype of one's own stores the two groups chosen with the GM (ruling)", () => {
    const spacer = state({ archetype: "spacer" });
    expect(creationSkillGroupsOperation(spacer, V062, ["vehicles", "athletics"]).update).toEqual({
      "system.skillGroups": ["vehicles", "athletics"],
    });
    const own = state({ archetype: "Smuggler", skillGroups: ["vehicles", "athletics"] });
    expect(creationSkillGroupsOperation(own, V062, ["liaison", "vehicles"]).update).toEqual({
      "system.skillGroups": ["liaison", "vehicles"],
    });
  });

  it("R-V-2 two different groups, for an archetype that names none; refused without skills", () => {
    const spacer = state({ archetype: "spacer" });
    expectRefusal(() => creationSkillGroupsOperation(spacer, V062, ["vehicles", "vehicles"]), "bad-choice", /twice/);
    expectRefusal(
      () => creationSkillGroupsOperation(spacer, V062, ["vehicles"]),
      "choice-required",
      /two skill groups/,
    );
    const mechanic = state({ archetype: "mechanic" });
    expectRefusal(
      () => creationSkillGroupsOperation(mechanic, V062, ["sciences", "liaison"]),
      "bad-choice",
      /own groups/,
    );
    expectRefusal(
      () => creationSkillGroupsOperation(spacer, withoutSkills(V062), ["vehicles", "athletics"]),
      "not-allowed",
      /without skills/,
    );
  });
});

describe("creationPointOperation", () => {
  const rolled = { intuition: 3, finesse: 1, attunement: 1, influence: 1 };
  const bare = withoutSkills(V062);

  it("R-V-4 without skills, one more point to an attribute below 4, once the dice are placed (ruling)", () => {
    expect(creationPointOperation(state({ attributes: rolled }), bare, "reason", false).update).toEqual({
      "system.attributes.reason": 1,
    });
    expect(creationPointOperation(state({ attributes: rolled }), bare, "intuition", false).update).toEqual({
      "system.attributes.intuition": 4,
    });
  });

  it("R-V-4 refused before the dice are placed, a second time, at 4, or where skills are played (ruling)", () => {
    expectRefusal(
      () => creationPointOperation(state(), bare, "reason", false),
      "choice-required",
      /attribute points first/,
    );
    expectRefusal(
      () => creationPointOperation(state({ attributes: rolled }), bare, "reason", true),
      "not-allowed",
      /already/,
    );
    expectRefusal(
      () => creationPointOperation(state({ attributes: { ...rolled, intuition: 4 } }), bare, "intuition", false),
      "attribute-cap",
      /at 4/,
    );
    expectRefusal(
      () => creationPointOperation(state({ attributes: rolled }), V062, "reason", false),
      "not-allowed",
      /without skills/,
    );
    expectRefusal(
      () => creationPointOperation(state({ attributes: rolled }), CORE, "reason", false),
      "not-allowed",
      /without skills/,
    );
    const created = state({ attributes: rolled }, advancement("eager"));
    expectRefusal(
      () => creationPointOperation(created, bare, "reason", false),
      "not-allowed",
      /no longer being created/,
    );
  });
});
