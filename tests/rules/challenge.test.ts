import { describe, expect, it } from "vitest";
import {
  applyEffectToFacet,
  challengeArmour,
  challengeArmourShown,
  challengeEffect,
  challengeStats,
  consequenceOf,
  challengeScale,
  isOvercome,
  makeFacet,
} from "../../src/rules/challenge.ts";
import { CORE, DEGENESIS, LEGACY } from "../../src/rules/rulesets/index.ts";
import { fortune, fortuneProbability } from "../../src/rules/fortune.ts";

describe("Challenges", () => {
  it.each([
    ["trivial", 5, 0, true],
    ["dangerous", 10, 1, false],
    ["serious", 20, 2, false],
    ["formidable", 30, 3, false],
    ["exceptional", 40, 4, false],
  ] as const)(
    "R-CH-1: %s has Disposition %i and %i Effect dice (halved: %s) in both rulesets",
    (tier, disposition, dice, halved) => {
      // "Both rulesets" of R-CH-1 are Core and Degenesis; Legacy has its own levels (R-LEG-10).
      for (const ruleset of [CORE, DEGENESIS]) {
        expect(challengeStats(ruleset, tier)).toMatchObject({ tier, disposition, dice, halved });
      }
    },
  );

  it("R-CH-1: Exceptional scales with n ≥ 4: Disposition 10n and n dice", () => {
    expect(challengeStats(CORE, "exceptional", 6)).toEqual({
      tier: "exceptional",
      disposition: 60,
      dice: 6,
      halved: false,
      n: 6,
    });
    expect(() => challengeStats(CORE, "exceptional", 3)).toThrow(/between 4 and 100/);
    expect(() => challengeStats(CORE, "exceptional", 4.5)).toThrow(/whole number/);
    expect(() => challengeStats(CORE, "legendary")).toThrow(/not a Challenge tier/);
    expect(challengeStats(DEGENESIS, "serious").n).toBeNull();
  });

  it("R-CH-1 (ruling): Exceptional keeps n dice (4 or more) with any Disposition from 40 up; 10n is only the proposal", () => {
    expect(challengeStats(CORE, "exceptional", 4, 45)).toEqual({
      tier: "exceptional",
      disposition: 45,
      dice: 4,
      halved: false,
      n: 4,
    });
    expect(challengeStats(DEGENESIS, "exceptional", 5, 40)).toMatchObject({ disposition: 40, dice: 5 });
    expect(challengeStats(CORE, "exceptional", 4, 137)).toMatchObject({ disposition: 137, dice: 4 });
    expect(challengeStats(CORE, "exceptional", 7)).toMatchObject({ disposition: 70, dice: 7 });
    expect(() => challengeStats(CORE, "exceptional", 4, 39)).toThrow(/at least 40/);
    expect(() => challengeStats(CORE, "exceptional", 4, 41.5)).toThrow(/whole number/);
    expect(makeFacet(CORE, "Storm", "exceptional", 4, 48)).toMatchObject({ disposition: 48, value: 48, dice: 4 });
  });

  it("R-CH-1 (ruling): the other tiers have one Disposition; another one is refused", () => {
    expect(challengeStats(CORE, "serious", undefined, 20)).toMatchObject({ disposition: 20, dice: 2 });
    expect(() => challengeStats(CORE, "serious", undefined, 25)).toThrow(/Serious|serious/);
    expect(challengeScale(CORE, "exceptional")).toEqual({ minN: 4, minDisposition: 40, dispositionPerN: 10 });
    expect(challengeScale(DEGENESIS, "formidable")).toBeNull();
  });

  it("R-CH-2: keep the highest of the Challenge's dice, explode on 6", () => {
    expect(challengeEffect({ dice: 3, halved: false }, [2, 5, 1], [])).toMatchObject({ value: 5, halved: false });
    expect(challengeEffect({ dice: 2, halved: false }, [6, 3], [6, 4]).value).toBe(16);
    expect(() => challengeEffect({ dice: 2, halved: false }, [6, 3], [])).toThrow(/incomplete/);
    expect(() => challengeEffect({ dice: 2, halved: false }, [5, 3], [2])).toThrow(/does not explode/);
    expect(() => challengeEffect({ dice: 2, halved: false }, [5], [])).toThrow(/throws 2 dice; 1 were given/);
  });

  it.each([
    [[1], [], 1],
    [[2], [], 1],
    [[5], [], 3],
    [[6], [1], 4],
    [[6], [6, 3], 8],
  ] as const)("R-CH-2: Trivial's d/2 of %o then %o is %i (halved, rounded up)", (faces, chain, value) => {
    expect(challengeEffect({ dice: 0, halved: true }, faces, chain).value).toBe(value);
  });

  it.each([
    [1, "annoying"],
    [3, "annoying"],
    [4, "troublesome"],
    [5, "troublesome"],
    [6, "devastating"],
    [17, "devastating"],
  ] as const)("R-CH-3: a Challenge Effect of %i read as a consequence is %s", (effect, band) => {
    expect(consequenceOf(effect)).toBe(band);
  });

  it("R-CH-3: a consequence of 0 or a fraction is refused", () => {
    expect(() => consequenceOf(0)).toThrow(/at least 1/);
    expect(() => consequenceOf(2.5)).toThrow(/whole number/);
  });

  it("R-CH-5 R-RA-7: each facet has its own tier, Disposition and dice; overcoming one overcomes the Challenge", () => {
    const brute = [makeFacet(CORE, "Fight", "dangerous"), makeFacet(CORE, "Talk down", "trivial")];
    expect(brute.map((f) => [f.name, f.value, f.dice, f.halved])).toEqual([
      ["Fight", 10, 1, false],
      ["Talk down", 5, 0, true],
    ]);
    const hit = applyEffectToFacet(brute, 0, 7);
    expect(hit.facets.map((f) => f.value)).toEqual([3, 5]);
    expect(hit.overcome).toBe(false);
    const talked = applyEffectToFacet(hit.facets, 1, 5);
    expect(talked.facets.map((f) => f.value)).toEqual([3, 0]);
    expect(talked.overcome).toBe(true);
    expect(isOvercome(brute)).toBe(false);
    expect(() => applyEffectToFacet(brute, 2, 1)).toThrow(/no facet #3/);
  });
});

describe("Fortune die", () => {
  it.each([
    [4, 4, true],
    [3, 4, false],
    [1, 1, true],
    [6, 6, true],
    [5, 6, false],
  ] as const)("R-FORT-1: a %i against a chance of %i+ succeeds: %s", (face, chance, success) => {
    expect(fortune(face, chance).success).toBe(success);
  });

  it("R-FORT-1: the chance is 1–6 and its probability is (7 − chance)/6", () => {
    expect(fortuneProbability(4)).toBeCloseTo(0.5, 12);
    expect(fortuneProbability(1)).toBe(1);
    expect(() => fortune(3, 7)).toThrow(/between 1 and 6/);
    expect(() => fortune(0, 3)).toThrow(/from 1 to 6/);
  });
});

describe("a Challenge's armour", () => {
  it("R-CH-6 (house rule): in Core and Degenesis a Challenge's armour counts only with the world's house rule on", () => {
    for (const ruleset of [CORE, DEGENESIS]) {
      expect(challengeArmour({ ruleset, houseRule: true }, 2)).toBe(2);
      expect(challengeArmourShown({ ruleset, houseRule: true })).toBe(true);
      expect(challengeArmour({ ruleset, houseRule: false }, 2)).toBe(0);
      expect(challengeArmourShown({ ruleset, houseRule: false })).toBe(false);
    }
    expect(() => challengeArmour({ ruleset: CORE, houseRule: true }, -1)).toThrow(/at least 0/);
    expect(() => challengeArmour({ ruleset: CORE, houseRule: false }, 1.5)).toThrow(/whole number/);
  });

  it("R-LEG-6: a Legacy Challenge never has armour, the house rule on or off", () => {
    expect(challengeArmour({ ruleset: LEGACY, houseRule: true }, 2)).toBe(0);
    expect(challengeArmour({ ruleset: LEGACY, houseRule: false }, 2)).toBe(0);
    expect(challengeArmourShown({ ruleset: LEGACY, houseRule: true })).toBe(false);
  });
});
