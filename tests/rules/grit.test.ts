/**
 * §2 Grit: R-GRIT-1 (the Grit roll, Die Hard), R-GRIT-2 (rest, a poor night or poor food, Asceticism), R-GRIT-3 (the
 * reset that comes with an advancement).
 */
import { describe, expect, it } from "vitest";
import {
  advancementGritReset,
  DEFAULT_GRIT_DICE,
  gritDiceCount,
  gritRoll,
  restGrit,
  type GritRollOptions,
} from "../../src/rules/grit.ts";
import { expectRulesError } from "./fixtures.ts";

describe("R-GRIT-1 the Grit roll", () => {
  const highestCases: [number[], number][] = [
    [[3], 3],
    [[2, 5], 5],
    [[6, 1, 6], 6],
    [[1, 1, 1], 1],
  ];
  it.each(highestCases)("R-GRIT-1: without Die Hard, %j keeps the highest die: %i", (faces, expected) => {
    expect(gritRoll(faces)).toBe(expected);
    expect(gritRoll(faces, false)).toBe(expected);
  });

  const dieHardCases: [number[], number][] = [
    [[2, 5], 7],
    [[1, 1], 2],
    [[6, 6, 6], 18],
    [[4], 4],
  ];
  it.each(dieHardCases)("R-GRIT-1: with Die Hard, %j sums all dice: %i", (faces, expected) => {
    expect(gritRoll(faces, true)).toBe(expected);
  });

  it("R-GRIT-1: no dice gives Grit 0, with or without Die Hard", () => {
    expect(gritRoll([])).toBe(0);
    expect(gritRoll([], true)).toBe(0);
  });

  it("R-GRIT-1: Grit dice default to 1d; Die Hard adds +1d", () => {
    expect(DEFAULT_GRIT_DICE).toBe(1);
    expect(gritDiceCount(1)).toBe(1);
    expect(gritDiceCount(1, { dieHard: true })).toBe(2);
    expect(gritDiceCount(2, { dieHard: true })).toBe(3);
    expect(gritDiceCount(0, { dieHard: true })).toBe(1);
  });

  it.each([0, 7, 2.5, -1])("R-GRIT-1: a Grit die showing %s is refused", (face) => {
    expectRulesError(() => gritRoll([face]), "bad-face", /Grit die #1 must show a whole number from 1 to 6/);
  });

  it("R-GRIT-1: the refusal names the bad die", () => {
    expectRulesError(() => gritRoll([3, 4, 9], true), "bad-face", /Grit die #3 .*got 9/);
  });

  it("R-GRIT-1: a negative or fractional number of Grit dice is refused", () => {
    expectRulesError(() => gritDiceCount(-1), "out-of-range", /Grit dice must be at least 0/);
    expectRulesError(() => gritDiceCount(1.5), "not-integer", /Grit dice must be a whole number/);
  });
});

describe("R-GRIT-2 rest", () => {
  it("R-GRIT-2: after a good night, value and maximum both become the roll", () => {
    expect(restGrit(4)).toEqual({ value: 4, max: 4 });
    expect(restGrit(9)).toEqual({ value: 9, max: 9 });
    expect(restGrit(0)).toEqual({ value: 0, max: 0 });
  });

  it("R-GRIT-2: a rest roll that is negative or fractional is refused", () => {
    expectRulesError(() => restGrit(-1), "out-of-range", /A Grit roll must be at least 0/);
    expectRulesError(() => restGrit(2.5), "not-integer", /A Grit roll must be a whole number/);
  });

  const restDiceCases: [string, number, GritRollOptions, number][] = [
    ["good rest, 2 dice", 2, {}, 2],
    ["a poor night, 2 dice", 2, { poorNight: true }, 1],
    ["poor food, 2 dice", 2, { poorFood: true }, 1],
    ["a poor night, 1 die", 1, { poorNight: true }, 0],
    ["poor food with Asceticism keeps every die", 1, { poorFood: true, asceticism: true }, 1],
    ["Asceticism without a poor night or poor food changes nothing", 1, { asceticism: true }, 1],
    ["a poor night with Die Hard", 1, { poorNight: true, dieHard: true }, 1],
    ["poor food with Die Hard and Asceticism", 1, { poorFood: true, dieHard: true, asceticism: true }, 2],
    ["a poor night with 0 dice never goes below 0", 0, { poorNight: true }, 0],
  ];
  it.each(restDiceCases)("R-GRIT-2: %s", (_label, dice, options, expected) => {
    expect(gritDiceCount(dice, options)).toBe(expected);
  });

  it("R-GRIT-2 (ruling): Asceticism cancels only the poor food; a poor night still costs −1d", () => {
    expect(gritDiceCount(2, { poorNight: true, asceticism: true })).toBe(1);
    expect(gritDiceCount(2, { poorNight: true, poorFood: true, asceticism: true })).toBe(1);
    expect(gritDiceCount(2, { poorFood: true, asceticism: true })).toBe(2);
  });

  it("R-GRIT-2 (ruling): a poor night and poor food together still cost one die, not two", () => {
    expect(gritDiceCount(3, { poorNight: true, poorFood: true })).toBe(2);
    expect(gritDiceCount(3, { poorNight: true, poorFood: true, dieHard: true })).toBe(3);
  });

  it("R-GRIT-2 R-GRIT-1: a poor night with a single Grit die throws nothing and leaves Grit 0", () => {
    const count = gritDiceCount(1, { poorNight: true });
    expect(count).toBe(0);
    expect(restGrit(gritRoll([]))).toEqual({ value: 0, max: 0 });
  });
});

describe("R-GRIT-3 advancement reset", () => {
  it("R-GRIT-3: a roll above the maximum raises value and maximum to it", () => {
    expect(advancementGritReset({ value: 2, max: 4 }, 6)).toEqual({ value: 6, max: 6 });
  });

  it("R-GRIT-3: a roll above the value only raises the value; the maximum stays", () => {
    expect(advancementGritReset({ value: 2, max: 4 }, 3)).toEqual({ value: 3, max: 4 });
    expect(advancementGritReset({ value: 2, max: 4 }, 4)).toEqual({ value: 4, max: 4 });
  });

  it("R-GRIT-3: a roll at or below the value changes nothing", () => {
    expect(advancementGritReset({ value: 3, max: 4 }, 3)).toEqual({ value: 3, max: 4 });
    expect(advancementGritReset({ value: 3, max: 4 }, 1)).toEqual({ value: 3, max: 4 });
    expect(advancementGritReset({ value: 0, max: 5 }, 0)).toEqual({ value: 0, max: 5 });
  });

  it("R-GRIT-3 R-GRIT-1: with Die Hard the reset roll sums its dice too", () => {
    expect(gritDiceCount(1, { dieHard: true })).toBe(2);
    expect(advancementGritReset({ value: 3, max: 5 }, gritRoll([4, 3], true))).toEqual({ value: 7, max: 7 });
  });

  it("R-GRIT-3: a reset roll that is negative or fractional is refused", () => {
    expectRulesError(() => advancementGritReset({ value: 2, max: 4 }, -2), "out-of-range", /at least 0/);
    expectRulesError(() => advancementGritReset({ value: 2, max: 4 }, 4.5), "not-integer", /whole number/);
  });
});
