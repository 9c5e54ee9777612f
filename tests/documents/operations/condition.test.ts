/** R-COND-1 / R-XP-1 taking and removing a Condition through the actor's operations (Obsessive Focus's shift). */
import { describe, expect, it } from "vitest";
import { removeConditionOperation, shiftOf, takeConditionOperation } from "../../../src/documents/operations/index.ts";
import type { ShiftSource } from "../../../src/data/source.ts";
import { advancement, expectRefusal, state } from "./fixtures.ts";

const RATINGS = { intuition: 2, reason: 1, finesse: 1, exertion: 2, attunement: 1, influence: 1 };
const FOCUS: ShiftSource = { raise: "reason", lower1: "exertion", lower2: "influence" };
const NONE: ShiftSource = { raise: "", lower1: "", lower2: "" };

describe("takeConditionOperation", () => {
  it("R-COND-1 R-XP-1: Obsessive Focus moves the ratings and brings its +1 XP, in one update", () => {
    const s = state({ xp: 2, attributes: RATINGS }, advancement("sleek"));
    expect(takeConditionOperation(s, { kind: "condition", shift: FOCUS })).toEqual({
      update: {
        "system.xp": 3,
        "system.attributes.reason": 2,
        "system.attributes.exertion": 1,
        "system.attributes.influence": 0,
      },
      itemUpdates: [],
      outcome: { gained: 1, xp: 3, shift: { raise: "reason", lower: ["exertion", "influence"] } },
    });
  });

  it("R-COND-1 R-XP-1: a condition without a shift only brings its XP (nothing stored, nothing moved)", () => {
    const s = state({ xp: 2, attributes: RATINGS }, advancement("sleek"));
    expect(takeConditionOperation(s, { kind: "condition" }).update).toEqual({ "system.xp": 3 });
    expect(takeConditionOperation(s, { kind: "condition", shift: NONE }).update).toEqual({ "system.xp": 3 });
  });

  it("R-COND-1: a shift the ratings cannot take is refused with its reason, and nothing changes", () => {
    const s = state({ attributes: { ...RATINGS, influence: 0 } }, advancement("sleek"));
    const error = expectRefusal(
      () => takeConditionOperation(s, { kind: "condition", shift: FOCUS }),
      "bad-choice",
      /already at 0/,
    );
    expect(error.data.reason).toBe("lowerAtZero");
    expectRefusal(
      () =>
        takeConditionOperation(s, {
          kind: "condition",
          shift: { raise: "reason", lower1: "reason", lower2: "exertion" },
        }),
      "bad-choice",
      /three different/,
    );
  });

  it("R-COND-1: a half-chosen shift is refused (choice-required), never half applied", () => {
    expectRefusal(
      () =>
        takeConditionOperation(state({ attributes: RATINGS }), {
          kind: "condition",
          shift: { raise: "reason", lower1: "exertion", lower2: "" },
        }),
      "choice-required",
      /one attribute to raise and two/,
    );
  });

  it("R-COND-1 R-HARM-5: a dead character takes no shift (dead)", () => {
    expectRefusal(
      () => takeConditionOperation(state({ dead: true, attributes: RATINGS }), { kind: "condition", shift: FOCUS }),
      "dead",
      /cannot gain a Condition/,
    );
  });
});

describe("removeConditionOperation", () => {
  it("R-COND-1: removing Obsessive Focus gives its shift back", () => {
    const s = state({ attributes: { ...RATINGS, reason: 2, exertion: 1, influence: 0 } });
    expect(removeConditionOperation(s, { shift: FOCUS })).toEqual({
      update: { "system.attributes.reason": 1, "system.attributes.exertion": 2, "system.attributes.influence": 1 },
      itemUpdates: [],
      outcome: { shift: { raise: "reason", lower: ["exertion", "influence"] }, withheld: [] },
    });
  });

  it("R-COND-1 R-CHAR-5 (ruling): what would pass the total of 10 is withheld and named", () => {
    const s = state({ attributes: { intuition: 3, reason: 2, finesse: 2, exertion: 1, attunement: 2, influence: 0 } });
    const result = removeConditionOperation(s, { shift: FOCUS });
    expect(result.update).toEqual({ "system.attributes.reason": 1, "system.attributes.exertion": 2 });
    expect(result.outcome.withheld).toEqual(["influence"]);
  });

  it("R-COND-1: a condition that moved nothing undoes nothing", () => {
    expect(removeConditionOperation(state({ attributes: RATINGS }), {}).update).toEqual({});
    expect(removeConditionOperation(state({ attributes: RATINGS }), { shift: NONE }).update).toEqual({});
  });

  it("R-COND-1 R-HARM-5 (ruling): the undo also reaches a dead character (their sheet stays true if the GM revives them)", () => {
    const s = state({ dead: true, attributes: { ...RATINGS, reason: 2, exertion: 1, influence: 0 } });
    expect(removeConditionOperation(s, { shift: FOCUS }).update).toEqual({
      "system.attributes.reason": 1,
      "system.attributes.exertion": 2,
      "system.attributes.influence": 1,
    });
  });

  it("R-COND-1: shiftOf reads a stored shift, or null when any part is missing", () => {
    expect(shiftOf({ shift: FOCUS })).toEqual({ raise: "reason", lower: ["exertion", "influence"] });
    expect(shiftOf({ shift: { ...FOCUS, lower2: "" } })).toBeNull();
    expect(shiftOf({})).toBeNull();
  });
});
