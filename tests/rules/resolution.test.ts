import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  challengeStrikesBack,
  defaultSecondHit,
  defaultSelection,
  effectOrder,
  effectsThatLand,
  poolDice,
  precisionBand,
  reduceDisposition,
  resolve,
  secondHitAvailable,
  validateSecondHit,
  validateSelection,
} from "../../src/rules/resolution.ts";

const off = { singleDieServesBoth: false };

describe("Precision, Effect and outcome", () => {
  it.each([
    [1, "fail"],
    [2, "fail"],
    [3, "fail"],
    [4, "partial"],
    [5, "partial"],
    [6, "success"],
  ] as const)("R-RA-1: a Precision die of %i is a %s", (face, band) => {
    expect(precisionBand(face)).toBe(band);
  });

  it("R-RA-1: faces outside 1–6 are refused", () => {
    expect(() => precisionBand(0)).toThrow(/from 1 to 6/);
    expect(() => precisionBand(7)).toThrow(/from 1 to 6/);
    expect(() => poolDice([3, 6.5], [])).toThrow(/Light die #2/);
  });

  it("R-RA-1 R-RA-2: by default Precision is the highest die and Effect the highest remaining, light or dark", () => {
    const dice = poolDice([2, 5], [6, 3]);
    expect(defaultSelection(dice)).toEqual({ precision: 2, effect: 1 });
    const tie = poolDice([4, 6], [6]);
    expect(defaultSelection(tie)).toEqual({ precision: 1, effect: 2 });
  });

  it("R-RA-2: a single die serves both by default; with the setting off it leaves no Effect", () => {
    const one = poolDice([], [5]);
    expect(defaultSelection(one)).toEqual({ precision: 0, effect: 0 });
    expect(defaultSelection(one, off)).toEqual({ precision: 0, effect: null });
    expect(resolve(one, { precision: 0, effect: null }, {}, off).landing).toEqual({ player: false, challenge: true });
    expect(() => validateSelection(one, { precision: 0, effect: 0 }, off)).toThrow(/different die/);
  });

  it("R-RA-2 R-POOL-5: an empty pool has nothing to choose", () => {
    expect(defaultSelection([])).toBeNull();
    expect(() => validateSelection([], { precision: 0, effect: null })).toThrow(/No dice were thrown/);
  });

  it("R-RA-1 R-RA-2: a user's choice must name two different dice of the pool", () => {
    const dice = poolDice([1, 4], [6]);
    expect(validateSelection(dice, { precision: 1, effect: 2 })).toEqual({ precision: 1, effect: 2 });
    expect(() => validateSelection(dice, { precision: 1, effect: 1 })).toThrow(/different die/);
    expect(() => validateSelection(dice, { precision: 3, effect: 0 })).toThrow(/one of the 3 dice/);
    expect(() => validateSelection(dice, { precision: 0, effect: -1 })).toThrow(/one of the 3 dice/);
    expect(() => validateSelection(dice, { precision: 0.5, effect: 1 })).toThrow(/one of the 3 dice/);
  });

  it("R-RA-1: choosing a lower Precision die changes the outcome", () => {
    const dice = poolDice([2, 6], []);
    expect(resolve(dice, { precision: 1, effect: 0 }).band).toBe("success");
    expect(resolve(dice, { precision: 0, effect: 1 }).band).toBe("fail");
    expect(resolve(dice, { precision: 0, effect: 1 }).effectFace).toBe(6);
  });

  it.each([
    ["fail", { player: false, challenge: true }],
    ["partial", { player: true, challenge: true }],
    ["success", { player: true, challenge: false }],
  ] as const)("R-RA-6: on a %s these Effects land: %o", (band, landing) => {
    expect(effectsThatLand(band)).toEqual(landing);
  });

  it("R-RA-6: resolve reports the landing for the chosen dice", () => {
    expect(resolve(poolDice([5, 2], []), { precision: 0, effect: 1 })).toMatchObject({
      band: "partial",
      succeeded: true,
      precisionFace: 5,
      effectFace: 2,
      landing: { player: true, challenge: true },
    });
  });

  it("R-RA-8: a Reaction gives no player Effect unless the GM says so", () => {
    const dice = poolDice([6, 4], []);
    expect(resolve(dice, { precision: 0, effect: 1 }, { reaction: true }).landing).toEqual({
      player: false,
      challenge: false,
    });
    expect(resolve(dice, { precision: 0, effect: 1 }, { reaction: true, gmAllowsEffect: true }).landing).toEqual({
      player: true,
      challenge: false,
    });
  });

  it("R-ADV-2: Specialist turns a Fail into a success with reduced Effect; the Challenge's Effect still lands", () => {
    const dice = poolDice([3, 2], []);
    const plain = resolve(dice, { precision: 0, effect: 1 });
    expect(plain).toMatchObject({
      band: "fail",
      succeeded: false,
      specialistRescue: false,
      landing: { player: false },
    });
    const rescued = resolve(dice, { precision: 0, effect: 1 }, { specialist: true });
    expect(rescued).toMatchObject({
      band: "fail",
      succeeded: true,
      specialistRescue: true,
      landing: { player: true, challenge: true },
    });
    expect(resolve(poolDice([6, 2], []), { precision: 0, effect: 1 }, { specialist: true }).specialistRescue).toBe(
      false,
    );
  });

  it("R-RA-7: the player's Effect reduces Disposition to a floor of 0; at 0 the Challenge is overcome", () => {
    expect(reduceDisposition(10, 4)).toEqual({ value: 6, overcome: false });
    expect(reduceDisposition(5, 5)).toEqual({ value: 0, overcome: true });
    expect(reduceDisposition(3, 9)).toEqual({ value: 0, overcome: true });
    expect(reduceDisposition(7, 0)).toEqual({ value: 7, overcome: false });
    expect(() => reduceDisposition(7, -1)).toThrow(/An Effect must be at least 0/);
  });

  it.each([
    [{ fast: true }, "player-first"],
    [{ nimble: true }, "player-first"],
    [{ slow: true }, "player-last"],
    [{}, "gm"],
    [{ fast: true, slow: true }, "gm"],
    [{ nimble: true, slow: true }, "gm"],
  ] as const)("R-RA-9: order with %o is %s", (who, order) => {
    expect(effectOrder(who)).toBe(order);
  });

  it("R-RA-9: a Challenge overcome by an Effect applied first deals no Effect", () => {
    const partial = effectsThatLand("partial");
    expect(challengeStrikesBack(partial, "player-first", true)).toBe(false);
    expect(challengeStrikesBack(partial, "player-first", false)).toBe(true);
    expect(challengeStrikesBack(partial, "player-last", true)).toBe(true);
    expect(challengeStrikesBack(partial, "gm", true)).toBe(true);
    expect(challengeStrikesBack(effectsThatLand("success"), "player-first", false)).toBe(false);
  });

  it("R-RA-10: Whirlwind's second hit needs the advancement, combat, a success and a third die", () => {
    const dice = poolDice([6, 4, 5], []);
    const selection = { precision: 0, effect: 2 };
    const success = resolve(dice, selection);
    expect(secondHitAvailable(dice, selection, success, { whirlwind: true, combat: true })).toBe(true);
    expect(secondHitAvailable(dice, selection, success, { whirlwind: false, combat: true })).toBe(false);
    expect(secondHitAvailable(dice, selection, success, { whirlwind: true, combat: false })).toBe(false);
    expect(defaultSecondHit(dice, selection)).toBe(1);
    expect(validateSecondHit(dice, selection, 1)).toBe(1);
    expect(() => validateSecondHit(dice, selection, 0)).toThrow(/neither the Precision nor the Effect/);
    const fail = poolDice([3, 2, 1], []);
    expect(secondHitAvailable(fail, selection, resolve(fail, selection), { whirlwind: true, combat: true })).toBe(
      false,
    );
    const two = poolDice([6, 5], []);
    const sel2 = { precision: 0, effect: 1 };
    expect(secondHitAvailable(two, sel2, resolve(two, sel2), { whirlwind: true, combat: true })).toBe(false);
    expect(defaultSecondHit(two, sel2)).toBeNull();
  });

  it("R-RA-1 R-RA-2: property — the default choice is valid, Precision is the maximum and Effect the next", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 4 }),
        fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 8 }),
        fc.boolean(),
        (light, dark, serves) => {
          const dice = poolDice(light, dark);
          const settings = { singleDieServesBoth: serves };
          const sel = defaultSelection(dice, settings);
          if (dice.length === 0 || !sel) {
            expect(dice.length === 0 && sel === null).toBe(true);
            return;
          }
          expect(validateSelection(dice, sel, settings)).toEqual(sel);
          const faces = dice.map((d) => d.face).sort((a, b) => b - a);
          expect(dice[sel.precision]?.face).toBe(faces[0]);
          if (dice.length > 1) expect(sel.effect === null ? null : dice[sel.effect]?.face).toBe(faces[1]);
        },
      ),
    );
  });
});
