/** R-CHAR-4 / R-CHAR-7 through the actor's creation operations. */
import { describe, expect, it } from "vitest";
import {
  creationEgoOperation,
  creationGritOperation,
  creationRatingsOperation,
  creationRollOperation,
} from "../../../src/documents/operations/index.ts";
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
