/**
 * §3 Ego: R-EGO-1 (the Ego roll, Eager), R-EGO-2 (spending on Dark Dice), R-EGO-3 (lost), R-EGO-4 and
 * R-EGO-5 (the Core and Degenesis resets), and R-SAY-1 (Sayonara).
 */
import { describe, expect, it } from "vitest";
import type { Face } from "../../src/rules/dice.ts";
import {
  DEFAULT_EGO_DICE,
  EGO_MAX,
  assertEgo,
  darkDieCosts,
  egoDiceCount,
  egoResetRow,
  egoRoll,
  isLost,
  resetEgo,
  spendEgo,
} from "../../src/rules/ego.ts";
import { CORE, DEGENESIS, LEGACY, type EgoResetGain } from "../../src/rules/rulesets/index.ts";
import { sayonaraTrack, successorAdvancements, type Track } from "../../src/rules/sayonara.ts";
import { expectRulesError } from "./fixtures.ts";

describe("R-EGO-1 the Ego roll", () => {
  const egoRollCases: [number[], number][] = [
    [[4], 4],
    [[2, 5], 5],
    [[6, 6], 6],
    [[1, 3, 2], 3],
  ];
  it.each(egoRollCases)("R-EGO-1: %j keeps the highest die: %i", (faces, expected) => {
    expect(egoRoll(faces)).toBe(expected);
  });

  it("R-EGO-1: Ego dice default to 1d; Eager adds +1d", () => {
    expect(DEFAULT_EGO_DICE).toBe(1);
    expect(egoDiceCount(1, false)).toBe(1);
    expect(egoDiceCount(1, true)).toBe(2);
    expect(egoDiceCount(0, true)).toBe(1);
    expect(egoDiceCount(0, false)).toBe(0);
  });

  it("R-EGO-1: with Eager the two dice still keep the highest, they are not summed", () => {
    expect(egoRoll([2, 5])).toBe(5);
    expect(egoRoll([3, 3])).toBe(3);
  });

  it("R-EGO-1: no dice gives 0", () => {
    expect(egoRoll([])).toBe(0);
  });

  it("R-EGO-1: a bad Ego die or a bad number of Ego dice is refused", () => {
    expectRulesError(() => egoRoll([7]), "bad-face", /Ego die #1 must show a whole number from 1 to 6/);
    expectRulesError(() => egoRoll([3, 0]), "bad-face", /Ego die #2/);
    expectRulesError(() => egoDiceCount(-1, true), "out-of-range", /Ego dice must be at least 0/);
    expectRulesError(() => egoDiceCount(1.5, false), "not-integer", /Ego dice must be a whole number/);
  });

  it("R-EGO-1: Ego is a whole number from 0 to 6", () => {
    expect(EGO_MAX).toBe(6);
    expect(assertEgo(0)).toBe(0);
    expect(assertEgo(6)).toBe(6);
    expectRulesError(() => assertEgo(7), "out-of-range", /Ego must be between 0 and 6 \(got 7\)/);
    expectRulesError(() => assertEgo(-1), "out-of-range", /Ego must be between 0 and 6/);
    expectRulesError(() => assertEgo(2.5), "not-integer", /Ego must be a whole number/);
  });
});

describe("R-EGO-2 spending Ego", () => {
  const spendCases: [number, number[], boolean[], number, number][] = [
    [4, [], [], 0, 4],
    [4, [5, 6], [false, false], 0, 4],
    [4, [4], [true], 1, 3],
    [4, [1, 5, 4], [true, false, true], 2, 2],
    [6, [6, 6], [true, true], 2, 4],
    [1, [1, 2], [true, false], 1, 0],
  ];
  it.each(spendCases)("R-EGO-2: Ego %i, Dark Dice %j", (ego, dark, costly, cost, after) => {
    const spend = spendEgo(CORE, dark, ego);
    expect(spend).toEqual({ before: ego, costly, cost, after, lost: after === 0 });
  });

  it("R-EGO-2: every Dark Die compares to the Ego at the throw, not to the Ego left after earlier dice", () => {
    // Ego 3, dice 3, 3, 2: each is ≤ 3, so 3 Ego. Comparing to the falling Ego instead would charge
    // only 2 (3 ≤ 3 → Ego 2; 3 ≤ 2 no; 2 ≤ 2 → Ego 1).
    const spend = spendEgo(CORE, [3, 3, 2], 3);
    expect(spend.costly).toEqual([true, true, true]);
    expect(spend.cost).toBe(3);
    expect(spend.after).toBe(0);
  });

  it("R-EGO-2: Ego never goes below 0", () => {
    const spend = spendEgo(CORE, [1, 1, 1, 1], 2);
    expect(spend.cost).toBe(4);
    expect(spend.after).toBe(0);
  });

  it("R-EGO-2: a single die costs when it shows the Ego or less", () => {
    expect(darkDieCosts(3, 4)).toBe(true);
    expect(darkDieCosts(4, 4)).toBe(true);
    expect(darkDieCosts(5, 4)).toBe(false);
    expect(darkDieCosts(1, 0)).toBe(false);
  });

  it("R-EGO-2: a bad Ego or a bad Dark Die is refused", () => {
    expectRulesError(() => spendEgo(CORE, [1], 7), "out-of-range", /Ego must be between 0 and 6/);
    expectRulesError(() => spendEgo(CORE, [1], -1), "out-of-range", /Ego must be between 0 and 6/);
    expectRulesError(() => spendEgo(CORE, [1], 2.5), "not-integer", /whole number/);
    expectRulesError(() => spendEgo(CORE, [2, 0], 3), "bad-face", /Dark die #2 must show a whole number from 1 to 6/);
    expectRulesError(() => spendEgo(CORE, [7], 3), "bad-face", /Dark die #1/);
  });

  it("R-EGO-2 R-LEG-8 R-SAY-1 R-LEG-14: one spendEgo gives Core's, Degenesis's and Legacy's costs on the same faces", () => {
    const faces = [1, 3, 5, 6];
    const spent = (costly: boolean[], cost: number, after: number, before: number) => ({
      before,
      costly,
      cost,
      after,
      lost: after === 0,
    });
    // R-EGO-2 / R-LEG-8 the same law in every ruleset: a die at or below the Ego at the throw costs 1.
    for (const ruleset of [CORE, DEGENESIS, LEGACY])
      expect(spendEgo(ruleset, faces, 4)).toEqual(spent([true, true, false, false], 2, 2, 4));
    // R-SAY-1 (Core, Degenesis) only a 1 costs.
    for (const ruleset of [CORE, DEGENESIS])
      expect(spendEgo(ruleset, faces, 4, { sayonara: true })).toEqual(spent([true, false, false, false], 1, 3, 4));
    // R-LEG-8 Legacy's Ego may pass 6: then every die costs; Core's Ego is 6 at most.
    expect(spendEgo(LEGACY, faces, 8)).toEqual(spent([true, true, true, true], 4, 4, 8));
    expectRulesError(() => spendEgo(CORE, faces, 8), "out-of-range", /Ego must be between 0 and 6/);
    // R-LEG-14 a montage's die costs 2.
    expect(spendEgo(LEGACY, faces, 8, { montage: true })).toEqual(spent([true, true, true, true], 8, 0, 8));
  });

  it("R-SAY-1: a ruleset without Sayonara (Legacy) never reads the flag: a stray one changes no cost", () => {
    const faces = [1, 3, 5, 6];
    expect(spendEgo(LEGACY, faces, 4, { sayonara: true })).toEqual(spendEgo(LEGACY, faces, 4));
  });

  it("R-LEG-14: the montage is refused in a ruleset that has none", () => {
    expectRulesError(() => spendEgo(CORE, [1], 3, { montage: true }), "not-allowed", /no montage/);
    expectRulesError(() => spendEgo(DEGENESIS, [1], 3, { montage: true }), "not-allowed", /no montage/);
  });
});

describe("R-EGO-3 lost", () => {
  it("R-EGO-3: at Ego 0 the character is lost, not before", () => {
    expect(isLost(0)).toBe(true);
    expect(isLost(1)).toBe(false);
    expect(isLost(6)).toBe(false);
  });

  it("R-EGO-3 R-EGO-2: a spend that ends at 0 reports the character lost; one that leaves 1 does not", () => {
    expect(spendEgo(CORE, [2, 1], 2).lost).toBe(true);
    expect(spendEgo(CORE, [2, 5], 2).lost).toBe(false);
    expect(spendEgo(CORE, [2, 5], 2).after).toBe(1);
  });

  it("R-EGO-3: asking about a bad Ego is refused", () => {
    expectRulesError(() => isLost(7), "out-of-range", /Ego must be between 0 and 6/);
  });
});

describe("R-EGO-4 the Core reset", () => {
  it.each([1, 2, 3, 4, 5, 6])(
    "R-EGO-4 R-XP-1: a Core reset on %i sets Ego to it, gives a Condition and +1 XP",
    (face) => {
      const reset = resetEgo(CORE, [face]);
      expect(reset.ego).toBe(face);
      expect(reset.row?.gain).toBe("condition");
      expect(reset.xp).toBe(1);
    },
  );

  it("R-EGO-4 R-EGO-1: a reset keeps the highest of its dice (Eager)", () => {
    const reset = resetEgo(CORE, [2, 5]);
    expect(reset.ego).toBe(5);
    expect(reset.row?.min).toBe(4);
    expect(reset.row?.max).toBe(5);
  });

  it("R-EGO-4: the Core table has the rows 1–3, 4–5 and 6", () => {
    expect(CORE.egoReset.map((r) => [r.min, r.max, r.gain])).toEqual([
      [1, 3, "condition"],
      [4, 5, "condition"],
      [6, 6, "condition"],
    ]);
  });

  it("R-EGO-4: a reset with no dice sets Ego 0 and gains nothing (ruling)", () => {
    expect(resetEgo(CORE, [])).toEqual({ ego: 0, row: null, xp: 0 });
  });

  it("R-EGO-4: a value off the table or a bad die is refused", () => {
    expectRulesError(() => egoResetRow(CORE, 0), "out-of-range", /An Ego reset of 0 is not on the table/);
    expectRulesError(() => egoResetRow(CORE, 7), "out-of-range", /not on the table/);
    expectRulesError(() => resetEgo(CORE, [8]), "bad-face", /Ego die #1/);
  });
});

describe("R-EGO-5 the Degenesis reset", () => {
  const degenesisResetCases: [Face, EgoResetGain][] = [
    [1, "stigma"],
    [2, "stigma"],
    [3, "stigma"],
    [4, "mutation-detrimental"],
    [5, "mutation-detrimental"],
    [6, "mutation-random"],
  ];
  it.each(degenesisResetCases)("R-EGO-5: Primer spores rolling %i reset Ego to it and bring %s", (face, gain) => {
    const reset = resetEgo(DEGENESIS, [face]);
    expect(reset.ego).toBe(face);
    expect(reset.row?.gain).toBe(gain);
    expect(egoResetRow(DEGENESIS, face).gain).toBe(gain);
  });

  it("R-EGO-5 R-XP-1: stigmas and mutations are Conditions, worth +1 XP", () => {
    expect(resetEgo(DEGENESIS, [2]).xp).toBe(1);
    expect(resetEgo(DEGENESIS, [5]).xp).toBe(1);
    expect(resetEgo(DEGENESIS, [6]).xp).toBe(1);
  });
});

describe("R-SAY-1 Sayonara", () => {
  it("R-SAY-1 R-EGO-2: during Sayonara a Dark Die costs Ego only on a 1", () => {
    const spend = spendEgo(CORE, [1, 2, 3, 4, 1], 4, { sayonara: true });
    expect(spend.costly).toEqual([true, false, false, false, true]);
    expect(spend.cost).toBe(2);
    expect(spend.after).toBe(2);
    // The same dice outside Sayonara would cost 5 and leave Ego 0.
    expect(spendEgo(CORE, [1, 2, 3, 4, 1], 4).after).toBe(0);
  });

  it("R-SAY-1: a Sayonara 1 costs even against a high Ego, a 2 never does", () => {
    expect(darkDieCosts(1, 6, true)).toBe(true);
    expect(darkDieCosts(2, 6, true)).toBe(false);
  });

  const coreSayonaraCases: [string, Track, number, Track][] = [
    ["a lower roll replaces a higher value", { value: 5, max: 5 }, 2, { value: 2, max: 2 }],
    ["a higher roll replaces value and maximum", { value: 1, max: 3 }, 4, { value: 4, max: 4 }],
    ["a Die Hard Grit roll is taken as it is", { value: 3, max: 6 }, 8, { value: 8, max: 8 }],
  ];
  it.each(coreSayonaraCases)("R-SAY-1: Core takes the new values (%s)", (_label, old, roll, expected) => {
    expect(sayonaraTrack(CORE, old, roll)).toEqual(expected);
  });

  const degenesisSayonaraCases: [string, Track, number, Track][] = [
    ["a lower roll keeps the old value", { value: 5, max: 5 }, 2, { value: 5, max: 5 }],
    ["a higher roll is taken", { value: 1, max: 3 }, 4, { value: 4, max: 4 }],
    ["a roll between value and maximum raises the value only", { value: 2, max: 5 }, 3, { value: 3, max: 5 }],
    ["a roll below a spent value keeps value and maximum", { value: 2, max: 5 }, 1, { value: 2, max: 5 }],
  ];
  it.each(degenesisSayonaraCases)(
    "R-SAY-1: Degenesis keeps the higher of old and new (%s)",
    (_label, old, roll, expected) => {
      expect(sayonaraTrack(DEGENESIS, old, roll)).toEqual(expected);
    },
  );

  it("R-SAY-1: a negative or fractional Sayonara roll is refused", () => {
    expectRulesError(
      () => sayonaraTrack(CORE, { value: 2, max: 2 }, -1),
      "out-of-range",
      /A Sayonara roll must be at least 0/,
    );
    expectRulesError(() => sayonaraTrack(DEGENESIS, { value: 2, max: 2 }, 1.5), "not-integer", /whole number/);
  });

  const successorCases: [number, number][] = [
    [0, 0],
    [1, 1],
    [2, 1],
    [3, 2],
    [4, 2],
    [5, 3],
    [6, 3],
    [7, 4],
    [8, 4],
    [9, 5],
  ];
  it.each(successorCases)(
    "R-SAY-1: a successor of a character with %i advancements starts with %i",
    (held, expected) => {
      expect(successorAdvancements(held)).toBe(expected);
    },
  );

  it("R-SAY-1: a bad number of advancements is refused", () => {
    expectRulesError(() => successorAdvancements(-1), "out-of-range", /The number of advancements must be at least 0/);
    expectRulesError(() => successorAdvancements(2.5), "not-integer", /whole number/);
  });
});
