/** The GM's corrections: a rating, a track, a death undone. */
import { describe, expect, it } from "vitest";
import type { Attribute } from "../../../src/rules/index.ts";
import { CORE, LEGACY } from "../../../src/rules/index.ts";
import { defaultLegacyValues, legacyBlocks } from "../../fixtures/legacy-values.ts";
import {
  correctLostOperation,
  markDeadOperation,
  reviveOperation,
  setAttributeOperation,
  setTrackOperation,
} from "../../../src/documents/operations/index.ts";
import { expectRefusal, state } from "./fixtures.ts";

describe("setAttributeOperation", () => {
  it("R-CHAR-1: sets a rating 0–4", () => {
    expect(setAttributeOperation(state(), "exertion", 3)).toEqual({
      update: { "system.attributes.exertion": 3 },
      itemUpdates: [],
      outcome: { attribute: "exertion", value: 3 },
    });
    expect(setAttributeOperation(state({ attributes: { exertion: 3 } }), "exertion", 3).update).toEqual({});
  });

  it("R-CHAR-5: a rating that would take the six past 10 is refused (attribute-cap); up to 10, and lowering, are fine", () => {
    const s = state({ attributes: { intuition: 4, reason: 4, finesse: 1 } });
    expect(setAttributeOperation(s, "exertion", 1).update).toEqual({ "system.attributes.exertion": 1 });
    expectRefusal(() => setAttributeOperation(s, "exertion", 2), "attribute-cap", /may not go above 10/);
    expect(setAttributeOperation(s, "finesse", 2).update).toEqual({ "system.attributes.finesse": 2 });
    expect(setAttributeOperation(s, "intuition", 0).update).toEqual({ "system.attributes.intuition": 0 });
  });

  it("R-CHAR-1: a rating outside 0–4, a fraction or an unknown attribute is refused", () => {
    expectRefusal(
      () => setAttributeOperation(state(), "reason", 5),
      "out-of-range",
      /reason rating must be between 0 and 4/,
    );
    expectRefusal(() => setAttributeOperation(state(), "reason", 1.5), "not-integer", /whole number/);
    expectRefusal(
      () => setAttributeOperation(state(), "luck" as Attribute, 1),
      "unknown-id",
      /"luck" is not an attribute/,
    );
    expectRefusal(() => setAttributeOperation(state({ dead: true }), "reason", 1), "dead", /dead/);
  });
});

describe("setTrackOperation", () => {
  it("R-GRIT-1: sets Grit's fields, keeping those not given", () => {
    expect(setTrackOperation(state(), "grit", { max: 5, dice: 2 })).toEqual({
      update: { "system.grit.max": 5, "system.grit.dice": 2 },
      itemUpdates: [],
      outcome: { value: 3, max: 5, dice: 2, lost: false },
    });
  });

  it("R-EGO-3: Ego 0 makes the character lost; Ego above 0 brings a lost one back", () => {
    expect(setTrackOperation(state(), "ego", { value: 0 }).update).toEqual({
      "system.ego.value": 0,
      "system.lost": true,
    });
    expect(setTrackOperation(state({ ego: { value: 0 }, lost: true }), "ego", { value: 2 }).update).toEqual({
      "system.ego.value": 2,
      "system.lost": false,
    });
  });

  it("R-EGO-1: Ego at most 6, a value never above its maximum, no negative dice", () => {
    expectRefusal(
      () => setTrackOperation(state(), "ego", { value: 7, max: 7 }),
      "out-of-range",
      /Ego's value must be between 0 and 6/,
    );
    expectRefusal(
      () => setTrackOperation(state(), "grit", { value: 4 }),
      "out-of-range",
      /Grit's value \(4\) cannot exceed its maximum \(3\)/,
    );
    expectRefusal(
      () => setTrackOperation(state(), "grit", { dice: -1 }),
      "out-of-range",
      /Grit's dice must be at least 0/,
    );
    expectRefusal(
      () => setTrackOperation(state({ dead: true }), "grit", { value: 1 }),
      "dead",
      /cannot change their Grit/,
    );
  });
});

describe("reviveOperation", () => {
  it("R-HARM-5: the GM undoes a death", () => {
    expect(reviveOperation(state({ dead: true }))).toEqual({
      update: { "system.dead": false },
      itemUpdates: [],
      outcome: { dead: false },
    });
  });

  it("R-HARM-5: only a dead character can be revived (not-allowed)", () => {
    expectRefusal(() => reviveOperation(state()), "not-allowed", /not dead/);
  });
});

describe("markDeadOperation", () => {
  it("R-HARM-5 (ruling): the GM marks the character dead on the table's word", () => {
    expect(markDeadOperation(state())).toEqual({
      update: { "system.dead": true },
      itemUpdates: [],
      outcome: { dead: true },
    });
  });

  it("R-HARM-5 (ruling): a dead character cannot die again (not-allowed)", () => {
    expectRefusal(() => markDeadOperation(state({ dead: true })), "not-allowed", /already dead/);
  });
});

describe("correctLostOperation", () => {
  it("R-EGO-3 R-EGO-4 (ruling): a GM corrects a mistaken lost: lost cleared and Ego 0 raised to 1 — not a reset", () => {
    expect(correctLostOperation(state({ lost: true, ego: { value: 0, max: 4 } }), CORE)).toEqual({
      update: { "system.lost": false, "system.ego.value": 1 },
      itemUpdates: [],
      outcome: { lost: false, ego: 1 },
    });
    // Ego above 0 (a lost flag left behind) stays as it is: only the flag goes.
    expect(correctLostOperation(state({ lost: true, ego: { value: 3, max: 4 } }), CORE)).toEqual({
      update: { "system.lost": false },
      itemUpdates: [],
      outcome: { lost: false, ego: 3 },
    });
  });

  it("R-LEG-7 (ruling): in Legacy the Ego raised is the Legacy Ego (ratings.ego.value), not Core's", () => {
    const legacy = { ...defaultLegacyValues(), ego: { value: 0 } };
    const s = { ...state({ lost: true, ego: { value: 0, max: 4 } }) };
    const lostLegacy = { ...s, source: { ...s.source, ...legacyBlocks(legacy) } };
    expect(correctLostOperation(lostLegacy, LEGACY)).toEqual({
      update: { "system.lost": false, "system.ratings.ego.value": 1 },
      itemUpdates: [],
      outcome: { lost: false, ego: 1 },
    });
  });

  it("R-EGO-3 (ruling): a character who is not lost has nothing to correct (not-allowed)", () => {
    expectRefusal(() => correctLostOperation(state(), CORE), "not-allowed", /not lost/);
  });
});
