/** R-HARM-1 … R-HARM-5, R-CH-4 through the actor's harm operation. */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { challengeEffect, challengeStats, CORE, WOUND_TRACKS, type WoundTrack } from "../../../src/rules/index.ts";
import { applyHarmOperation, assessHarmOperation } from "../../../src/documents/operations/index.ts";
import { advancement, armour, condition, expectRefusal, state } from "./fixtures.ts";

describe("applyHarmOperation", () => {
  it("R-HARM-1 R-HARM-2 R-HARM-3: harm 5 against Light armour and Grit 3 empties Grit and marks the chosen track", () => {
    const s = state({}, armour("light"));
    const { update, itemUpdates, outcome } = applyHarmOperation(s, 5, { woundTrack: "broken" });
    expect(update).toEqual({ "system.grit.value": 0, "system.wounds.broken": true });
    expect(itemUpdates).toEqual([]);
    expect(outcome).toMatchObject({
      wound: "broken",
      grit: 0,
      dead: false,
      mortallyWounded: false,
      shieldItemId: null,
    });
    expect(outcome.assessment).toMatchObject({ armour: 1, damage: 4, gritBefore: 3, gritAfter: 0 });
  });

  it("R-HARM-1: an Effect the armour stops changes nothing", () => {
    const { update, itemUpdates, outcome } = applyHarmOperation(state({}, armour("heavy")), 2);
    expect(update).toEqual({});
    expect(itemUpdates).toEqual([]);
    expect(outcome.assessment.damage).toBe(0);
  });

  it("R-HARM-3: damage equal to the Grit left empties Grit without a wound", () => {
    expect(applyHarmOperation(state(), 3).update).toEqual({ "system.grit.value": 0 });
  });

  it("R-HARM-3: damage below the Grit left only lowers Grit", () => {
    expect(applyHarmOperation(state({ grit: { value: 5, max: 6 } }), 2).update).toEqual({ "system.grit.value": 3 });
  });

  it("R-HARM-3: harm at Grit 0 marks a wound; with one free track it is marked without asking", () => {
    const s = state({ grit: { value: 0 }, wounds: ["stressed", "broken"] });
    const { update, outcome } = applyHarmOperation(s, 1);
    expect(update).toEqual({ "system.wounds.weary": true });
    expect(outcome.mortallyWounded).toBe(true);
  });

  it("R-HARM-3: when several tracks are free the player must choose (choice-required), and only a free one", () => {
    const s = state({ wounds: ["stressed"] });
    const error = expectRefusal(
      () => applyHarmOperation(s, 4),
      "choice-required",
      /Choose the wound track to mark: broken, weary/,
    );
    expect(error.data).toEqual({ options: "broken,weary" });
    expectRefusal(
      () => applyHarmOperation(s, 4, { woundTrack: "stressed" }),
      "bad-choice",
      /stressed track cannot be marked/,
    );
  });

  it("R-HARM-2: the armour items' own values count, heavy armour and a shield together", () => {
    const s = state({}, armour("heavy", { value: 3 }), armour("shield"));
    expect(applyHarmOperation(s, 6).update).toEqual({ "system.grit.value": 1 });
    expect(assessHarmOperation(s, 6).armour).toBe(4);
  });

  it("R-HARM-2: unequipped or destroyed armour does not count", () => {
    const s = state({}, armour("heavy", { equipped: false }), armour("shield", { destroyed: true }));
    expect(applyHarmOperation(s, 2).update).toEqual({ "system.grit.value": 1 });
  });

  it("R-HARM-2: Elephant skin gives armour 1 when no body armour is worn", () => {
    const s = state({}, advancement("elephantSkin"));
    expect(applyHarmOperation(s, 3).update).toEqual({ "system.grit.value": 1 });
  });

  it("R-HARM-2: a sacrificed shield ignores the Effect and is marked destroyed", () => {
    const shield = armour("shield", { id: "shield1" });
    const s = state({}, shield);
    const { update, itemUpdates, outcome } = applyHarmOperation(s, 12, { sacrificeShield: true });
    expect(update).toEqual({});
    expect(itemUpdates).toEqual([{ _id: "shield1", "system.destroyed": true }]);
    expect(outcome).toMatchObject({ shieldDestroyed: true, shieldItemId: "shield1", wound: null });
  });

  it("R-HARM-2: of two shields carried, the one that counts (the higher value) is sacrificed", () => {
    const s = state(
      {},
      armour("shield", { id: "small" }),
      armour("shield", { id: "tower", value: 2 }),
      armour("shield", { id: "spare", value: 2 }),
    );
    expect(applyHarmOperation(s, 3, { sacrificeShield: true }).itemUpdates).toEqual([
      { _id: "tower", "system.destroyed": true },
    ]);
  });

  it("R-HARM-2: without an equipped, intact shield there is nothing to sacrifice", () => {
    const s = state({}, armour("shield", { equipped: false }), armour("shield", { destroyed: true }));
    expectRefusal(() => applyHarmOperation(s, 3, { sacrificeShield: true }), "not-allowed", /no shield to sacrifice/);
  });

  it("R-HARM-5: any damage to a Mortally Wounded character kills", () => {
    const s = state({ grit: { value: 2 }, wounds: ["stressed", "broken", "weary"] });
    const { update, outcome } = applyHarmOperation(s, 1);
    expect(update).toEqual({ "system.grit.value": 1, "system.dead": true });
    expect(outcome.dead).toBe(true);
  });

  it("R-HARM-5: a Mortally Wounded character whose armour stops the Effect lives", () => {
    const s = state({ wounds: ["stressed", "broken", "weary"] }, armour("light"));
    expect(applyHarmOperation(s, 1).update).toEqual({});
  });

  it("R-CH-4: a Challenge's Effect (Dangerous, 6 exploding into 2 = 8) goes through the harm rules", () => {
    const effect = challengeEffect(challengeStats(CORE, "dangerous"), [6], [2]).value;
    expect(effect).toBe(8);
    const { update } = applyHarmOperation(state({}, armour("light"), armour("shield")), effect, {
      woundTrack: "weary",
    });
    expect(update).toEqual({ "system.grit.value": 0, "system.wounds.weary": true });
  });

  it("R-HARM-3 R-EGO-3: a lost character can still be harmed", () => {
    expect(applyHarmOperation(state({ lost: true, ego: { value: 0 } }), 1).update).toEqual({ "system.grit.value": 2 });
  });

  it("R-HARM-5: a dead character cannot be harmed (dead)", () => {
    expectRefusal(() => applyHarmOperation(state({ dead: true }), 3), "dead", /The character is dead/);
  });

  it("R-HARM-1: a negative Effect is refused", () => {
    expectRefusal(() => applyHarmOperation(state(), -1), "out-of-range", /An Effect must be at least 0/);
  });

  it("R-HARM-2 R-HARM-3: harm from an item flagged with an unknown rule is refused, not guessed", () => {
    const odd = condition("condition", { flags: ["flying" as never] });
    expectRefusal(() => applyHarmOperation(state({}, odd), 1), "unknown-id", /"flying" is not a rule/);
  });
});

describe("assessHarmOperation", () => {
  it("R-HARM-3: says a wound must be marked and which tracks are open, before the choice", () => {
    const assessment = assessHarmOperation(state({ wounds: ["broken"] }, armour("light")), 5);
    expect(assessment).toEqual({
      effect: 5,
      armour: 1,
      damage: 4,
      shieldSacrificed: false,
      gritBefore: 3,
      gritAfter: 0,
      marksWound: true,
      woundOptions: ["stressed", "weary"],
      kills: false,
    });
  });

  it("R-HARM-2: with the shield sacrificed the assessment shows no damage", () => {
    expect(assessHarmOperation(state({}, armour("shield")), 9, { sacrificeShield: true })).toMatchObject({
      damage: 0,
      shieldSacrificed: true,
    });
  });

  it("R-HARM-5: a dead character is not assessed (dead)", () => {
    expectRefusal(() => assessHarmOperation(state({ dead: true }), 1), "dead", /dead/);
  });
});

describe("harm invariants", () => {
  const track = fc.constantFrom<WoundTrack>(...WOUND_TRACKS);
  it("R-HARM-3 R-HARM-5: harm never unmarks a wound, never sets Grit below 0 and only ever sets dead to true", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 8 }),
        fc.subarray([...WOUND_TRACKS]),
        fc.constantFrom("none", "light", "heavy"),
        fc.boolean(),
        fc.integer({ min: 0, max: 15 }),
        fc.boolean(),
        fc.option(track, { nil: undefined }),
        (grit, marked, body, shield, effect, sacrifice, woundTrack) => {
          const items = [...(body === "none" ? [] : [armour(body)]), ...(shield ? [armour("shield")] : [])];
          const s = state({ grit: { value: grit, max: 8 }, wounds: marked }, ...items);
          let update: Record<string, unknown>;
          try {
            update = applyHarmOperation(s, effect, { sacrificeShield: sacrifice && shield, woundTrack }).update;
          } catch (error) {
            expect((error as { code?: string }).code).toMatch(/^(choice-required|bad-choice)$/);
            return;
          }
          for (const [path, value] of Object.entries(update)) {
            if (path.startsWith("system.wounds.")) expect(value).toBe(true);
            if (path === "system.grit.value") expect(value).toBeGreaterThanOrEqual(0);
            if (path === "system.dead") expect(value).toBe(true);
          }
        },
      ),
    );
  });
});
