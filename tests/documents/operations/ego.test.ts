/** R-EGO-1 … R-EGO-5, R-SAY-1 through the actor's Ego operations. */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { CORE, DEGENESIS, V062 } from "../../../src/rules/index.ts";
import {
  egoDiceFor,
  endSceneOperation,
  panicOperation,
  resetEgoOperation,
  spendEgoOperation,
} from "../../../src/documents/operations/index.ts";
import { advancement, expectRefusal, state } from "./fixtures.ts";

describe("spendEgoOperation", () => {
  it("R-EGO-2: each Dark die at or below the Ego at the throw costs 1", () => {
    const { update, itemUpdates, outcome } = spendEgoOperation(state(), CORE, [2, 4, 5, 6]);
    expect(update).toEqual({ "system.ego.value": 2 });
    expect(itemUpdates).toEqual([]);
    expect(outcome).toEqual({ before: 4, costly: [true, true, false, false], cost: 2, after: 2, lost: false });
  });

  it("R-EGO-2: Dark dice above the Ego cost nothing: an empty update", () => {
    expect(spendEgoOperation(state(), CORE, [5, 6]).update).toEqual({});
  });

  it("R-EGO-2 R-EGO-3: Ego floors at 0 and the character is lost", () => {
    const { update, outcome } = spendEgoOperation(state({ ego: { value: 2 } }), CORE, [1, 1, 2, 2]);
    expect(update).toEqual({ "system.ego.value": 0, "system.lost": true });
    expect(outcome.lost).toBe(true);
  });

  it("R-SAY-1: during Sayonara only a 1 costs Ego", () => {
    expect(spendEgoOperation(state({ sayonara: true }), CORE, [1, 2, 3, 4]).update).toEqual({ "system.ego.value": 3 });
  });

  it("R-EGO-3: a lost character spends no more Ego (not-allowed)", () => {
    expectRefusal(
      () => spendEgoOperation(state({ ego: { value: 0 }, lost: true }), CORE, [3]),
      "not-allowed",
      /lost \(Ego 0\)/,
    );
  });

  it("R-EGO-2: a face that is not a d6 face is refused (bad-face)", () => {
    expectRefusal(() => spendEgoOperation(state(), CORE, [7]), "bad-face", /Dark die #1 must show/);
  });

  it("R-EGO-2: a dead character is refused (dead)", () => {
    expectRefusal(() => spendEgoOperation(state({ dead: true }), CORE, [3]), "dead", /cannot spend Ego/);
  });

  it("R-EGO-2 R-EGO-3: Ego in the update never goes below 0 nor above the Ego at the throw", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 12 }),
        fc.boolean(),
        (ego, dark, sayonara) => {
          const { update, outcome } = spendEgoOperation(state({ ego: { value: ego, max: 6 }, sayonara }), CORE, dark);
          const after = update["system.ego.value"] ?? ego;
          expect(after).toBeGreaterThanOrEqual(0);
          expect(after).toBeLessThanOrEqual(ego);
          expect(update["system.lost"] ?? false).toBe(after === 0);
          expect(outcome.after).toBe(after);
        },
      ),
    );
  });
});

describe("egoDiceFor", () => {
  it("R-EGO-1: the Ego dice, +1 with Eager", () => {
    expect(egoDiceFor(state())).toBe(1);
    expect(egoDiceFor(state({ ego: { dice: 2 } }, advancement("eager")))).toBe(3);
  });

  it("R-EGO-1: a dead character rolls no Ego (dead)", () => {
    expectRefusal(() => egoDiceFor(state({ dead: true })), "dead", /cannot roll Ego/);
  });
});

describe("resetEgoOperation", () => {
  it("R-EGO-4: Core: value and maximum become the roll, and a Condition must be gained — no XP here", () => {
    const { update, outcome } = resetEgoOperation(state({ ego: { value: 1 } }), [5], CORE);
    expect(update).toEqual({ "system.ego.value": 5, "system.ego.max": 5 });
    expect(outcome).toEqual({
      ego: 5,
      row: { min: 4, max: 5, gain: "condition", labelKey: "TERRAN.EgoReset.condition" },
      lost: false,
    });
  });

  it("R-EGO-5: Degenesis: a 6 resets and rolls a random mutation", () => {
    const { update, outcome } = resetEgoOperation(state({ ego: { value: 2 } }), [6], DEGENESIS);
    expect(update).toEqual({ "system.ego.value": 6, "system.ego.max": 6 });
    expect(outcome.row?.gain).toBe("mutation-random");
  });

  it("R-V-8: v0.6.2 has no reset at will: the operation refuses it and says what resets Ego there", () => {
    expectRefusal(() => resetEgoOperation(state({ ego: { value: 2 } }), [5], V062), "not-allowed", /Panic Event/);
  });

  it("R-EGO-5: Degenesis: 1–3 gives a Stigma", () => {
    expect(resetEgoOperation(state(), [3], DEGENESIS).outcome.row?.gain).toBe("stigma");
  });

  it("R-EGO-1 R-EGO-4: with Eager the reset throws two dice and keeps the highest", () => {
    expect(resetEgoOperation(state({}, advancement("eager")), [2, 6], CORE).update).toEqual({
      "system.ego.value": 6,
      "system.ego.max": 6,
    });
  });

  it("R-EGO-4 R-EGO-3: a reset with no Ego dice left sets Ego to 0 and the character is lost", () => {
    const { update, outcome } = resetEgoOperation(state({ ego: { dice: 0 } }), [], CORE);
    expect(update).toEqual({ "system.ego.value": 0, "system.ego.max": 0, "system.lost": true });
    expect(outcome).toEqual({ ego: 0, row: null, lost: true });
  });

  it("R-EGO-4: the number of faces must be the number of Ego dice (no-dice)", () => {
    expectRefusal(
      () => resetEgoOperation(state(), [3, 4], CORE),
      "no-dice",
      /The Ego reset throws 1 die, but 2 were given/,
    );
  });

  it("R-EGO-3 R-EGO-4: a lost character cannot reset (not-allowed)", () => {
    expectRefusal(
      () => resetEgoOperation(state({ ego: { value: 0 }, lost: true }), [4], CORE),
      "not-allowed",
      /cannot reset Ego/,
    );
  });

  it("R-EGO-4: a dead character cannot reset (dead)", () => {
    expectRefusal(() => resetEgoOperation(state({ dead: true }), [4], CORE), "dead", /dead/);
  });
});

describe("panicOperation", () => {
  const FAILED = { failed: true, successAtCost: false, lost: false };

  it("R-V-8: Ego and its maximum become the highest Ego die, lower or higher than before", () => {
    const low = panicOperation(state({ ego: { value: 5, max: 6 } }), V062, FAILED, [2]);
    expect(low.update).toEqual({ "system.ego.value": 2, "system.ego.max": 2 });
    expect(low.outcome).toMatchObject({ ego: 2, state: "flight", conditionOwed: true });
    const high = panicOperation(state({ ego: { value: 1, max: 3 } }), V062, FAILED, [6]);
    expect(high.update).toEqual({ "system.ego.value": 6, "system.ego.max": 6 });
    expect(high.outcome.state).toBe("fight");
  });

  it("R-V-8 (ruling): Eager's die is thrown too: the faces must be as many", () => {
    const eager = state({}, advancement("eager"));
    expect(panicOperation(eager, V062, FAILED, [1, 4]).outcome).toMatchObject({ ego: 4, state: "freeze" });
    expectRefusal(() => panicOperation(eager, V062, FAILED, [4]), "no-dice", /2 Ego dice/);
  });

  it("R-V-8: refused without the ruleset's table, off a Fail, at a cost, once lost, twice a scene, dead or departed", () => {
    expectRefusal(() => panicOperation(state(), CORE, FAILED, [3]), "not-allowed", /no Panic/);
    expectRefusal(() => panicOperation(state(), V062, { ...FAILED, failed: false }, [3]), "not-allowed", /Fail/);
    expectRefusal(() => panicOperation(state(), V062, { ...FAILED, successAtCost: true }, [3]), "not-allowed", /cost/);
    expectRefusal(() => panicOperation(state(), V062, { ...FAILED, lost: true }, [3]), "not-allowed", /lost/);
    expectRefusal(() => panicOperation(state({ lost: true }), V062, FAILED, [3]), "not-allowed", /lost/);
    const panicked = { ...state(), panic: { state: "freeze" as const, messageId: "m1" } };
    expectRefusal(() => panicOperation(panicked, V062, FAILED, [3]), "not-allowed", /once this scene/);
    expectRefusal(() => panicOperation(state({ dead: true }), V062, FAILED, [3]), "dead", /dead/);
    expectRefusal(() => panicOperation(state({ departed: true }), V062, FAILED, [3]), "not-allowed", /left the story/);
  });

  it("R-V-8: the scene's end closes the Panic (a Condition is owed); ending one effect early does not", () => {
    const mark = { state: "fight" as const, messageId: "m1" };
    const panicked = { ...state(), panic: mark };
    expect(endSceneOperation(panicked).outcome.panicEnded).toEqual(mark);
    expect(endSceneOperation(panicked, "brainwave").outcome.panicEnded).toBeNull();
    expect(endSceneOperation(state()).outcome.panicEnded).toBeNull();
  });
});
