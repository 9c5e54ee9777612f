/** R-GRIT-1 … R-GRIT-3 through the actor's Grit operations. */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { advancementGritOperation, gritDiceFor, restOperation } from "../../../src/documents/operations/index.ts";
import { advancement, expectRefusal, state } from "./fixtures.ts";

describe("gritDiceFor", () => {
  it("R-GRIT-1: the Grit dice; Die Hard adds one", () => {
    expect(gritDiceFor(state())).toBe(1);
    expect(gritDiceFor(state({ grit: { dice: 2 } }, advancement("dieHard")))).toBe(3);
  });

  it("R-GRIT-2: a poor night or poor food costs a die; Asceticism cancels the food's", () => {
    expect(gritDiceFor(state(), { poorNight: true })).toBe(0);
    expect(gritDiceFor(state(), { poorFood: true })).toBe(0);
    expect(gritDiceFor(state({}, advancement("asceticism")), { poorFood: true })).toBe(1);
    expect(gritDiceFor(state({}, advancement("dieHard")), { poorNight: true })).toBe(1);
  });

  it("R-GRIT-2 (ruling): with Asceticism a poor night still costs its die", () => {
    expect(gritDiceFor(state({}, advancement("asceticism")), { poorNight: true })).toBe(0);
    expect(
      gritDiceFor(state({ grit: { dice: 2 } }, advancement("asceticism")), { poorNight: true, poorFood: true }),
    ).toBe(1);
  });

  it("R-GRIT-1: a dead character rolls no Grit (dead)", () => {
    expectRefusal(() => gritDiceFor(state({ dead: true })), "dead", /cannot roll Grit/);
  });
});

describe("restOperation", () => {
  it("R-GRIT-2: after rest value and maximum become the roll", () => {
    expect(restOperation(state({ grit: { value: 1, max: 3 } }), [5])).toEqual({
      update: { "system.grit.value": 5, "system.grit.max": 5 },
      itemUpdates: [],
      outcome: { roll: 5, grit: { value: 5, max: 5 } },
    });
  });

  it("R-GRIT-2: the maximum can fall too", () => {
    expect(restOperation(state(), [2]).update).toEqual({ "system.grit.value": 2, "system.grit.max": 2 });
  });

  it("R-GRIT-1 R-GRIT-2: with Die Hard the dice are summed", () => {
    expect(restOperation(state({}, advancement("dieHard")), [3, 4]).update).toEqual({
      "system.grit.value": 7,
      "system.grit.max": 7,
    });
  });

  it("R-GRIT-1 R-GRIT-2: a poor rest with a single Grit die throws none: Grit 0", () => {
    expect(restOperation(state(), [], { poorNight: true }).update).toEqual({
      "system.grit.value": 0,
      "system.grit.max": 0,
    });
  });

  it("R-GRIT-2: the faces must be as many as the dice (no-dice)", () => {
    expectRefusal(
      () => restOperation(state(), [4], { poorNight: true }),
      "no-dice",
      /Rest throws 0 dice, but 1 was given/,
    );
    expectRefusal(() => restOperation(state({}, advancement("dieHard")), [4]), "no-dice", /Rest throws 2 dice/);
  });

  it("R-GRIT-2: a face that is not a d6 face is refused (bad-face)", () => {
    expectRefusal(() => restOperation(state(), [0]), "bad-face", /Grit die #1/);
  });

  it("R-GRIT-2: a dead character does not rest (dead)", () => {
    expectRefusal(() => restOperation(state({ dead: true }), [4]), "dead", /cannot rest/);
  });
});

describe("advancementGritOperation", () => {
  it("R-GRIT-3: a roll above the maximum sets value and maximum to it", () => {
    expect(advancementGritOperation(state({ grit: { value: 1 } }), [5])).toEqual({
      update: { "system.grit.value": 5, "system.grit.max": 5 },
      itemUpdates: [],
      outcome: { roll: 5, grit: { value: 5, max: 5 } },
    });
  });

  it("R-GRIT-3: a roll above the value but not the maximum raises the value only", () => {
    expect(advancementGritOperation(state({ grit: { value: 1 } }), [2]).update).toEqual({ "system.grit.value": 2 });
  });

  it("R-GRIT-3: a roll at or below the value changes nothing", () => {
    expect(advancementGritOperation(state(), [2]).update).toEqual({});
  });

  it("R-GRIT-3 R-GRIT-1: Die Hard applies to this roll as well", () => {
    expect(advancementGritOperation(state({}, advancement("dieHard")), [2, 3]).update).toEqual({
      "system.grit.value": 5,
      "system.grit.max": 5,
    });
  });

  it("R-GRIT-3: the faces must be as many as the dice (no-dice), and the dead roll nothing (dead)", () => {
    expectRefusal(() => advancementGritOperation(state(), [2, 3]), "no-dice", /throws 1 die, but 2 were given/);
    expectRefusal(() => advancementGritOperation(state({ dead: true }), [2]), "dead", /dead/);
  });

  it("R-GRIT-2 R-GRIT-3: rest sets value = maximum; the advancement roll never lowers the maximum nor the value", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 0, max: 12 }),
        fc.boolean(),
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 3, maxLength: 3 }),
        (value, max, dieHard, dice) => {
          const s = state({ grit: { value, max, dice: 1 } }, ...(dieHard ? [advancement("dieHard")] : []));
          const faces = dice.slice(0, gritDiceFor(s));
          const rest = restOperation(s, faces).outcome.grit;
          expect(rest.value).toBe(rest.max);
          const { update, outcome } = advancementGritOperation(s, faces);
          expect(update["system.grit.value"] ?? value).toBe(Math.max(value, outcome.roll));
          expect(update["system.grit.max"] ?? max).toBeGreaterThanOrEqual(Math.max(max, outcome.roll));
        },
      ),
    );
  });
});
