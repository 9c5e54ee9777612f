/** R-XP-1 through the actor's XP operations. */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { XP_PER_SESSION } from "../../../src/rules/index.ts";
import {
  awardXpOperation,
  conditionAddedOperation,
  sessionXpOperation,
} from "../../../src/documents/operations/index.ts";
import { advancement, expectRefusal, state } from "./fixtures.ts";

describe("awardXpOperation", () => {
  it("R-XP-1: the GM's award is added", () => {
    expect(awardXpOperation(state({ xp: 3 }), 2)).toEqual({
      update: { "system.xp": 5 },
      itemUpdates: [],
      outcome: { gained: 2, xp: 5 },
    });
  });

  it("R-XP-1: a session played and survived is worth XP_PER_SESSION", () => {
    expect(sessionXpOperation(state({ xp: 1 })).update).toEqual({ "system.xp": 1 + XP_PER_SESSION });
  });

  it("R-XP-1: an award must be a whole number of at least 1", () => {
    expectRefusal(() => awardXpOperation(state(), 0), "out-of-range", /An XP award must be at least 1 \(got 0\)/);
    expectRefusal(() => awardXpOperation(state(), 1.5), "not-integer", /An XP award must be a whole number/);
  });

  it("R-XP-1: a dead character earns no XP (dead)", () => {
    expectRefusal(() => awardXpOperation(state({ dead: true }), 2), "dead", /cannot gain XP/);
    expectRefusal(() => sessionXpOperation(state({ dead: true })), "dead", /cannot gain XP/);
  });

  it("R-XP-1: an award only ever raises the XP by exactly the amount", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 1, max: 20 }), (xp, amount) => {
        expect(awardXpOperation(state({ xp }), amount).update).toEqual({ "system.xp": xp + amount });
      }),
    );
  });
});

describe("conditionAddedOperation", () => {
  it("R-XP-1 R-EGO-4: a new Condition in play gives +1 XP", () => {
    expect(conditionAddedOperation(state({ xp: 2 }, advancement("sleek")))).toEqual({
      update: { "system.xp": 3 },
      itemUpdates: [],
      outcome: { gained: 1, xp: 3 },
    });
  });

  it("R-XP-1 R-EGO-5: a Stigma or a mutation counts as a Condition", () => {
    expect(conditionAddedOperation(state({}, advancement("sleek")), "stigma").update).toEqual({ "system.xp": 1 });
    expect(conditionAddedOperation(state({}, advancement("sleek")), "mutation").update).toEqual({ "system.xp": 1 });
  });

  it("R-XP-1 R-CHAR-7: a Condition taken while the character is created (no advancement yet) gives nothing", () => {
    expect(conditionAddedOperation(state({ xp: 0 }))).toEqual({
      update: {},
      itemUpdates: [],
      outcome: { gained: 0, xp: 0 },
    });
  });

  it("R-XP-1 R-HARM-6: a Malaise is not a new Condition and gives no XP", () => {
    expect(conditionAddedOperation(state({}, advancement("sleek")), "malaise").update).toEqual({});
  });

  it("R-XP-1: a dead character gains nothing (dead)", () => {
    expectRefusal(() => conditionAddedOperation(state({ dead: true }, advancement("sleek"))), "dead", /dead/);
  });
});
