/**
 * R-LUCK-2 "Are the dice fair?": the chi-square test of a user's faces against fair dice. The reference
 * values are SciPy 1.17's `scipy.stats.chi2.sf` and `scipy.stats.chisquare` (computed outside this
 * repository; a wrong tail or a wrong statistic misses them by far more than the tolerance).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chiSquareSurvival, diceFairness, FAIR_ALPHA, FAIR_MIN_DICE, RulesError } from "../../src/rules/index.ts";

/** P(χ²₅ ≥ x), from scipy.stats.chi2.sf(x, 5). */
const SF5: readonly (readonly [number, number])[] = [
  [0.5, 0.9921232932326296],
  [1, 0.9625657732472964],
  [2, 0.8491450360846096],
  [5, 0.4158801869955079],
  [11.070497693516351, 0.05],
  [15.08627246938899, 0.01],
  [20.515005652432873, 0.001],
  [30, 1.4748581038443073e-5],
  [50, 1.3857973367009573e-9],
  [100, 5.285148360943219e-20],
];

/** Closed form for odd degrees (k = 5): Q = erfc(√(x/2)) + √(2x/π)·e^(−x/2)·(1 + x/3), with erfc from Q(½, ·). */
function closedForm5(x: number): number {
  const erfc = chiSquareSurvival(x, 1); // P(χ²₁ ≥ x) = erfc(√(x/2))
  return erfc + Math.sqrt((2 * x) / Math.PI) * Math.exp(-x / 2) * (1 + x / 3);
}

describe("R-LUCK-2 the chi-square tail", () => {
  it.each(SF5)("R-LUCK-2: P(χ²₅ ≥ %d) matches SciPy to 1e-6 (relative 1e-9)", (x, p) => {
    const got = chiSquareSurvival(x, 5);
    expect(Math.abs(got - p)).toBeLessThan(1e-6);
    expect(Math.abs(got - p) / p).toBeLessThan(1e-9);
  });

  it("R-LUCK-2: agrees with the closed form for odd degrees of freedom, across the range", () => {
    for (let x = 0.05; x < 80; x += 0.37) expect(chiSquareSurvival(x, 5)).toBeCloseTo(closedForm5(x), 12);
  });

  it("R-LUCK-2: other degrees of freedom (1, 2, 10) match SciPy; 0 gives 1, infinity 0", () => {
    expect(chiSquareSurvival(3.841458820694124, 1)).toBeCloseTo(0.05, 12);
    // k = 2 is exactly e^(−x/2).
    for (const x of [0.1, 1, 7, 40]) expect(chiSquareSurvival(x, 2)).toBeCloseTo(Math.exp(-x / 2), 13);
    expect(chiSquareSurvival(18.307038053275146, 10)).toBeCloseTo(0.05, 12);
    expect(chiSquareSurvival(0, 5)).toBe(1);
    expect(chiSquareSurvival(Number.POSITIVE_INFINITY, 5)).toBe(0);
  });

  it("R-LUCK-2: falls as the statistic grows and stays within 0–1", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 500, noNaN: true }), fc.double({ min: 0, max: 50, noNaN: true }), (x, d) => {
        const a = chiSquareSurvival(x, 5);
        const b = chiSquareSurvival(x + d, 5);
        return a >= 0 && a <= 1 && b <= a + 1e-12;
      }),
    );
  });

  it("R-LUCK-2: refuses a negative or missing statistic and degrees that are not whole", () => {
    for (const x of [-1, Number.NaN]) expect(() => chiSquareSurvival(x, 5)).toThrow(RulesError);
    for (const k of [0, 2.5, Number.NaN]) expect(() => chiSquareSurvival(1, k)).toThrow(RulesError);
  });
});

describe("R-LUCK-2 are a user's dice fair?", () => {
  it("R-LUCK-2: the statistic and p-value match scipy.stats.chisquare", () => {
    const t = diceFairness([60, 70, 72, 65, 80, 65]);
    expect(t.dice).toBe(412);
    expect(t.statistic).toBeCloseTo(3.5436893203883497, 12);
    expect(t.p).toBeCloseTo(0.6167874359499397, 9);
    expect(t.verdict).toBe("fair");
    const skewed = diceFairness([40, 50, 60, 70, 80, 112]);
    expect(skewed.statistic).toBeCloseTo(47.37864077669903, 10);
    expect(skewed.p).toBeCloseTo(4.756090309872151e-9, 15);
    expect(skewed.verdict).toBe("unusual");
  });

  it(`R-LUCK-2 (ruling): below ${FAIR_MIN_DICE} dice it says nothing; from ${FAIR_MIN_DICE} on it answers`, () => {
    const few = diceFairness([29, 0, 0, 0, 0, 0]);
    expect(few).toMatchObject({ dice: 29, p: null, verdict: "too-few" });
    expect(diceFairness([0, 0, 0, 0, 0, 0])).toMatchObject({ dice: 0, statistic: 0, p: null, verdict: "too-few" });
    expect(diceFairness([5, 5, 5, 5, 5, 5])).toMatchObject({ dice: 30, statistic: 0, p: 1, verdict: "fair" });
    expect(diceFairness([30, 0, 0, 0, 0, 0]).verdict).toBe("unusual");
  });

  it(`R-LUCK-2 (ruling): "unusual" is p below ${FAIR_ALPHA}, not below 0.05`, () => {
    // 60 dice (SciPy): χ² = 12.2, p ≈ 0.032 is unusual at 5% but not at 1%; χ² = 15.2, p ≈ 0.0095 is.
    const borderline = diceFairness([18, 13, 4, 10, 8, 7]);
    expect(borderline.statistic).toBeCloseTo(12.2, 12);
    expect(borderline.p).toBeCloseTo(0.032147742536157944, 12);
    const beyond = diceFairness([19, 13, 3, 10, 8, 7]);
    expect(beyond.p).toBeCloseTo(0.009541093715731697, 12);
    expect(beyond.verdict).toBe("unusual");
    expect(borderline.verdict).toBe("fair");
  });

  it("R-LUCK-2: refuses counts that are not six whole numbers ≥ 0", () => {
    for (const bad of [
      [1, 2, 3],
      [1, 2, 3, 4, 5, 6, 7],
      [1, 2, 3, 4, 5, -1],
      [1, 2, 3, 4, 5, 0.5],
      [1, 2, 3, 4, 5, Number.NaN],
    ])
      expect(() => diceFairness(bad)).toThrow(RulesError);
    expect(() => diceFairness([Number.MAX_SAFE_INTEGER, 1, 0, 0, 0, 0])).toThrow(RulesError);
  });
});
