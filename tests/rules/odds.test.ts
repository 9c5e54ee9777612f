/**
 * Tests of the exact Risky Action odds (src/rules/odds.ts).
 *
 * 1. Brute force: every face vector of every pool light 0–4 × dark 0–4 is enumerated once; the
 *    explosion chain is enumerated by its own recursion down to a remaining mass below 1e-12. The
 *    code here shares no helper with odds.ts.
 * 2. Seeded Monte Carlo (tests/support/monte-carlo.ts) for pools too big to enumerate, within 5
 *    standard errors computed from the exact probability or the sample.
 * 3. The closed form P(highest ≤ k) = (k/6)^n against enumeration (SRD v0.4.5, appendix C).
 * 4. fast-check properties. 5. Input validation.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { EffectRule, EffectTags, TierRank } from "../../src/rules/effect.ts";
import { RulesError } from "../../src/rules/errors.ts";
import { pHighestAtMost, riskyActionOdds, TAIL_EPSILON, type Odds, type OddsInput } from "../../src/rules/odds.ts";
import { CORE, DEGENESIS } from "../../src/rules/rulesets/index.ts";
import { monteCarloOdds, proportionStandardError, type MeanEstimate } from "../support/monte-carlo.ts";

const TOLERANCE = 1e-9;

// ---------------------------------------------------------------------------------------------
// Independent enumeration

interface Enumeration {
  readonly light: number;
  readonly dark: number;
  readonly n: number;
  /** 6^n, the number of equally likely face vectors. */
  readonly vectors: number;
  /** joint[m1][m2]: face vectors whose highest face is m1 and second-highest m2 (0 = no such die). */
  readonly joint: readonly (readonly number[])[];
  /** darkAtMost[e][c]: face vectors in which exactly c Dark Dice show ≤ e (e = 0…6). */
  readonly darkAtMost: readonly (readonly number[])[];
}

const enumerations = new Map<string, Enumeration>();

/** Walk every face vector of the pool once (an odometer over n dice). */
function enumeratePool(light: number, dark: number): Enumeration {
  const key = `${light}+${dark}`;
  const cached = enumerations.get(key);
  if (cached) return cached;
  const n = light + dark;
  const joint = Array.from({ length: 7 }, () => new Array<number>(7).fill(0));
  const darkAtMost = Array.from({ length: 7 }, () => new Array<number>(dark + 1).fill(0));
  const faces = new Array<number>(n).fill(1);
  const darkCount = new Array<number>(7).fill(0);
  let vectors = 0;
  for (;;) {
    vectors++;
    let first = 0;
    let second = 0;
    darkCount.fill(0);
    for (let i = 0; i < n; i++) {
      const f = faces[i] ?? 0;
      if (f > first) {
        second = first;
        first = f;
      } else if (f > second) {
        second = f;
      }
      if (i >= light) darkCount[f] = (darkCount[f] ?? 0) + 1;
    }
    const row = joint[first];
    if (row) row[second] = (row[second] ?? 0) + 1;
    let atMost = 0;
    for (let e = 0; e <= 6; e++) {
      atMost += darkCount[e] ?? 0;
      const counts = darkAtMost[e];
      if (counts) counts[atMost] = (counts[atMost] ?? 0) + 1;
    }
    // Next vector.
    let i = 0;
    while (i < n && faces[i] === 6) faces[i++] = 1;
    if (i === n) break;
    faces[i] = (faces[i] ?? 0) + 1;
  }
  const result: Enumeration = { light, dark, n, vectors, joint, darkAtMost };
  enumerations.set(key, result);
  return result;
}

interface BruteChain {
  readonly dist: ReadonlyMap<number, number>;
  readonly dropped: number;
}

const bruteChains = new Map<number, BruteChain>();

/**
 * R-RA-3 by recursion: the law of a fresh die's chain total, allowing at most `depth` explosions;
 * the depth grows until the mass of the longer chains (dropped) is below 1e-12.
 */
function bruteChain(threshold: number): BruteChain {
  const cached = bruteChains.get(threshold);
  if (cached) return cached;
  const memo = new Map<number, BruteChain>();
  const from = (depth: number): BruteChain => {
    const known = memo.get(depth);
    if (known) return known;
    const dist = new Map<number, number>();
    let dropped = 0;
    for (let face = 1; face <= 6; face++) {
      if (face < threshold) {
        dist.set(face, (dist.get(face) ?? 0) + 1 / 6);
      } else if (depth === 0) {
        dropped += 1 / 6;
      } else {
        const rest = from(depth - 1);
        for (const [x, p] of rest.dist) dist.set(face + x, (dist.get(face + x) ?? 0) + p / 6);
        dropped += rest.dropped / 6;
      }
    }
    const chain = { dist, dropped };
    memo.set(depth, chain);
    return chain;
  };
  let depth = 0;
  while (from(depth).dropped >= 1e-12) depth++;
  const chain = from(depth);
  bruteChains.set(threshold, chain);
  return chain;
}

interface ValueSpec {
  readonly label: string;
  readonly rule: EffectRule;
  readonly rank: TierRank;
  readonly tags?: EffectTags;
}

const VALUE_SPECS: readonly (ValueSpec | undefined)[] = [
  undefined,
  { label: "Core Bad improvised", rule: CORE.effect, rank: 0, tags: { improvised: true } },
  { label: "Core Best versatile", rule: CORE.effect, rank: 4, tags: { versatileTwoHanded: true } },
  { label: "Degenesis Reduced", rule: DEGENESIS.effect, rank: 1 },
  { label: "Degenesis Extreme versatile", rule: DEGENESIS.effect, rank: 4, tags: { versatileTwoHanded: true } },
];

interface BruteEffect {
  readonly dist: ReadonlyMap<number, number>;
  readonly dropped: number;
  readonly expected: number;
  readonly pLands: number;
  readonly expectedWhenLands: number;
  readonly value?: { dist: ReadonlyMap<number, number>; expected: number; expectedWhenLands: number };
}

/** The Effect (R-RA-2, R-RA-3, R-RA-6, R-POOL-5) from the enumeration, face vector by face vector. */
function bruteEffect(e: Enumeration, threshold: number, servesBoth: boolean, spec: ValueSpec | undefined): BruteEffect {
  const chain = bruteChain(threshold);
  const dist = new Map<number, number>();
  const landing = new Map<number, number>();
  let dropped = 0;
  let pLands = 0;
  const add = (m: Map<number, number>, total: number, p: number): void => {
    m.set(total, (m.get(total) ?? 0) + p);
  };
  e.joint.forEach((row, first) => {
    row.forEach((count, second) => {
      if (count === 0) return;
      const p = count / e.vectors;
      // R-RA-6: a 4+ Precision with an Effect die (R-RA-2: a lone die only with the setting on).
      const lands = first >= 4 && (e.n >= 2 || servesBoth);
      if (lands) pLands += p;
      let face = second;
      if (e.n === 1) face = servesBoth ? first : 0;
      if (face < threshold) {
        add(dist, face, p);
        if (lands) add(landing, face, p);
        return;
      }
      for (const [x, px] of chain.dist) {
        add(dist, face + x, p * px);
        if (lands) add(landing, face + x, p * px);
      }
      dropped += p * chain.dropped;
    });
  });
  const mean = (m: ReadonlyMap<number, number>, f: (t: number) => number): number => {
    let s = 0;
    for (const [t, p] of m) s += f(t) * p;
    return s;
  };
  const identity = (t: number): number => t;
  const result = {
    dist,
    dropped,
    expected: mean(dist, identity),
    pLands,
    expectedWhenLands: pLands > 0 ? mean(landing, identity) / pLands : 0,
  };
  if (!spec) return result;
  // Total 0 only when there is no Effect die: no Effect, no floor (R-POOL-5, R-RA-2).
  const valueOf = (t: number): number => (t === 0 ? 0 : spec.rule.value(t, spec.rank, spec.tags).value);
  const valueDist = new Map<number, number>();
  for (const [t, p] of dist) add(valueDist, valueOf(t), p);
  return {
    ...result,
    value: {
      dist: valueDist,
      expected: mean(dist, valueOf),
      expectedWhenLands: pLands > 0 ? mean(landing, valueOf) / pLands : 0,
    },
  };
}

/** R-EGO-2, R-EGO-3, R-SAY-1 from the enumeration. */
function bruteEgo(e: Enumeration, ego: number, sayonara: boolean): Odds["ego"] {
  const counts = e.darkAtMost[sayonara ? 1 : ego] ?? [];
  let expectedLoss = 0;
  let pLoseAny = 0;
  let pZero = 0;
  counts.forEach((count, cost) => {
    const p = count / e.vectors;
    const loss = Math.min(cost, ego); // floor 0
    expectedLoss += loss * p;
    if (loss > 0) pLoseAny += p;
    if (ego - loss === 0) pZero += p;
  });
  return { expectedLoss, pLoseAny, pZero };
}

function bruteOutcome(e: Enumeration): Odds["outcome"] {
  let fail = 0;
  let partial = 0;
  let success = 0;
  e.joint.forEach((row, first) => {
    const p = row.reduce((a, b) => a + b, 0) / e.vectors;
    if (first <= 3) fail += p;
    else if (first <= 5) partial += p;
    else success += p;
  });
  return { fail, partial, success };
}

/** Collects mismatches so one `expect` reports them all readably. */
class Mismatches {
  readonly list: string[] = [];
  close(label: string, actual: number, expected: number, tolerance = TOLERANCE): void {
    if (!(Math.abs(actual - expected) <= tolerance)) this.list.push(`${label}: got ${actual}, expected ${expected}`);
  }
  check(label: string, ok: boolean): void {
    if (!ok) this.list.push(label);
  }
}

function compareDistribution(
  m: Mismatches,
  label: string,
  actual: readonly { total: number; p: number }[],
  expected: ReadonlyMap<number, number>,
): void {
  const seen = new Map<number, number>();
  actual.forEach((point, i) => {
    const previous = actual[i - 1];
    if (previous) m.check(`${label}: totals not strictly ascending at ${point.total}`, previous.total < point.total);
    m.check(`${label}: lists impossible total ${point.total}`, expected.has(point.total));
    seen.set(point.total, point.p);
  });
  const totals = new Set([...expected.keys(), ...seen.keys()]);
  for (const t of totals) m.close(`${label} P(${t})`, seen.get(t) ?? 0, expected.get(t) ?? 0);
}

describe("riskyActionOdds against full enumeration", () => {
  const pools: [number, number][] = [];
  for (let light = 0; light <= 4; light++) for (let dark = 0; dark <= 4; dark++) pools.push([light, dark]);

  it.each(pools)(
    "R-RA-1 R-RA-2 R-RA-3 R-RA-4 R-RA-5 R-RA-6 R-POOL-5 R-EGO-2 R-EGO-3 R-SAY-1: light %i + dark %i, every Ego, Slaughter, Sayonara, setting",
    (light, dark) => {
      const e = enumeratePool(light, dark);
      expect(e.vectors).toBe(6 ** (light + dark));
      const m = new Mismatches();
      const outcome = bruteOutcome(e);
      for (const slaughter of [false, true]) {
        for (const servesBoth of [true, false]) {
          for (const spec of VALUE_SPECS) {
            const brute = bruteEffect(e, slaughter ? 5 : 6, servesBoth, spec);
            for (let ego = 0; ego <= 6; ego++) {
              for (const sayonara of [false, true]) {
                const input: OddsInput = {
                  light,
                  dark,
                  ego,
                  slaughter,
                  sayonara,
                  singleDieServesBoth: servesBoth,
                  ...(spec ? { effect: { rule: spec.rule, rank: spec.rank, tags: spec.tags } } : {}),
                };
                const label = `L${light} D${dark} ego ${ego}${slaughter ? " slaughter" : ""}${sayonara ? " sayonara" : ""}${servesBoth ? "" : " setting-off"}${spec ? ` ${spec.label}` : ""}`;
                const odds = riskyActionOdds(input);
                m.check(`${label}: dice`, odds.dice === light + dark);
                m.check(`${label}: empty`, odds.empty === (light + dark === 0));
                m.close(`${label} fail`, odds.outcome.fail, outcome.fail);
                m.close(`${label} partial`, odds.outcome.partial, outcome.partial);
                m.close(`${label} success`, odds.outcome.success, outcome.success);
                compareDistribution(m, `${label} effect`, odds.effect.distribution, brute.dist);
                m.close(`${label} expected`, odds.effect.expected, brute.expected);
                m.close(`${label} tailCut`, odds.effect.tailCut, brute.dropped);
                // The mass odds.ts leaves out is exactly its tailCut, up to what the enumeration drops.
                let listedDiff = 0;
                for (const p of brute.dist.values()) listedDiff += p;
                for (const point of odds.effect.distribution) listedDiff -= point.p;
                m.close(`${label} mass beyond the cut`, listedDiff, odds.effect.tailCut - brute.dropped, 1e-12);
                m.close(`${label} pLands`, odds.effect.pLands, brute.pLands);
                m.close(`${label} expectedWhenLands`, odds.effect.expectedWhenLands, brute.expectedWhenLands);
                if (brute.value) {
                  const value = odds.effect.value;
                  m.check(`${label}: value missing`, value !== undefined);
                  if (value) {
                    compareDistribution(m, `${label} value`, value.distribution, brute.value.dist);
                    m.close(`${label} value expected`, value.expected, brute.value.expected);
                    m.close(`${label} value expectedWhenLands`, value.expectedWhenLands, brute.value.expectedWhenLands);
                  }
                } else {
                  m.check(`${label}: value given though not asked`, odds.effect.value === undefined);
                }
                const egoBrute = bruteEgo(e, ego, sayonara);
                m.close(`${label} expectedLoss`, odds.ego.expectedLoss, egoBrute.expectedLoss);
                m.close(`${label} pLoseAny`, odds.ego.pLoseAny, egoBrute.pLoseAny);
                m.close(`${label} pZero`, odds.ego.pZero, egoBrute.pZero);
              }
            }
          }
        }
      }
      expect(m.list.slice(0, 20)).toEqual([]);
    },
  );
});

describe("worked examples", () => {
  it("R-POOL-5: an empty pool fails with no Effect and costs no Ego", () => {
    const odds = riskyActionOdds({ light: 0, dark: 0, ego: 3 });
    expect(odds.empty).toBe(true);
    expect(odds.dice).toBe(0);
    expect(odds.outcome).toEqual({ fail: 1, partial: 0, success: 0 });
    expect(odds.effect.distribution).toEqual([{ total: 0, p: 1 }]);
    expect(odds.effect.expected).toBe(0);
    expect(odds.effect.tailCut).toBe(0);
    expect(odds.effect.tailEpsilon).toBe(1e-9);
    expect(odds.effect.pLands).toBe(0);
    expect(odds.effect.expectedWhenLands).toBe(0);
    expect(odds.ego).toEqual({ expectedLoss: 0, pLoseAny: 0, pZero: 0 });
  });

  it("R-RA-2: one die with the setting off gives Effect 0; on, the die is both", () => {
    const off = riskyActionOdds({ light: 1, dark: 0, ego: 3, singleDieServesBoth: false });
    expect(off.effect.distribution).toEqual([{ total: 0, p: 1 }]);
    expect(off.effect.pLands).toBe(0);
    expect(off.effect.expectedWhenLands).toBe(0);
    const on = riskyActionOdds({ light: 1, dark: 0, ego: 3 });
    // Faces 1–5 stand; a 6 explodes: E = (1+…+5)/6 + (6 + 3.5·6/5)/6 = 4.2.
    expect(on.effect.expected).toBeCloseTo(4.2, 12);
    // Given a 4+: (4 + 5 + 6 + 4.2) / 3 = 6.4.
    expect(on.effect.expectedWhenLands).toBeCloseTo(6.4, 12);
  });

  it("R-RA-3: a 5+ chain has mean 3.5 / (1 − 1/3) = 5.25 after the first exploding face", () => {
    const odds = riskyActionOdds({ light: 1, dark: 0, ego: 1, slaughter: true });
    // Faces 1–4 stand; 5 and 6 add a fresh chain of mean 5.25.
    expect(odds.effect.expected).toBeCloseTo((1 + 2 + 3 + 4 + 5 + 6 + 2 * 5.25) / 6, 12);
  });

  it("R-EGO-2 R-EGO-3 R-SAY-1: Ego loss examples", () => {
    // Ego 6: every Dark Die costs; 2 dice → lose exactly 2.
    expect(riskyActionOdds({ light: 0, dark: 2, ego: 6 }).ego).toEqual({ expectedLoss: 2, pLoseAny: 1, pZero: 0 });
    // Ego 1, 3 dark dice: lost unless all show 2+.
    const one = riskyActionOdds({ light: 2, dark: 3, ego: 1 }).ego;
    expect(one.pZero).toBeCloseTo(1 - (5 / 6) ** 3, 15);
    expect(one.expectedLoss).toBeCloseTo(1 - (5 / 6) ** 3, 15);
    // Sayonara at Ego 6: only 1s cost.
    const say = riskyActionOdds({ light: 0, dark: 6, ego: 6, sayonara: true }).ego;
    expect(say.expectedLoss).toBeCloseTo(1, 12);
    expect(say.pZero).toBeCloseTo((1 / 6) ** 6, 18);
    // Ego 0 is already lost.
    expect(riskyActionOdds({ light: 4, dark: 5, ego: 0 }).ego).toEqual({ expectedLoss: 0, pLoseAny: 0, pZero: 1 });
  });

  it("R-RA-4 R-RA-5: value distributions map the die total through the ruleset", () => {
    const empty = riskyActionOdds({ light: 0, dark: 0, ego: 2, effect: { rule: DEGENESIS.effect, rank: 1 } });
    // No Effect die, no Effect: the Degenesis floor does not make one up.
    expect(empty.effect.value?.distribution).toEqual([{ total: 0, p: 1 }]);
    expect(empty.effect.value?.expectedWhenLands).toBe(0);
    const core = riskyActionOdds({ light: 1, dark: 0, ego: 2, effect: { rule: CORE.effect, rank: 0 } });
    // Bad −1e: faces 1 and 2 give 0 and 1.
    expect(core.effect.value?.distribution.slice(0, 2)).toEqual([
      { total: 0, p: 1 / 6 },
      { total: 1, p: 1 / 6 },
    ]);
  });

  it("R-POOL-4 R-EGO-2: supports pools far past the dialog maximum", () => {
    for (const dark of [30, 100, 1000]) {
      const odds = riskyActionOdds({ light: 4, dark, ego: 3, slaughter: true });
      const sum = odds.effect.distribution.reduce((s, d) => s + d.p, 0);
      expect(Math.abs(sum + odds.effect.tailCut - 1)).toBeLessThan(1e-12);
      expect(odds.outcome.success).toBeGreaterThan(0.99);
      expect(Number.isFinite(odds.ego.expectedLoss)).toBe(true);
      expect(odds.ego.pZero).toBeCloseTo(1, 6);
    }
  });
});

describe("closed form", () => {
  it("R-RA-1: P(highest ≤ k) = (k/6)^n for n = 1–8, k = 0–6 matches enumeration (SRD v0.4.5 appendix C)", () => {
    for (let n = 1; n <= 8; n++) {
      const light = Math.min(4, n);
      const e = enumeratePool(light, n - light);
      let atMost = 0;
      for (let k = 0; k <= 6; k++) {
        atMost += (e.joint[k] ?? []).reduce((a, b) => a + b, 0);
        expect(Math.abs(pHighestAtMost(k, n) - atMost / e.vectors), `n=${n} k=${k}`).toBeLessThan(1e-12);
      }
    }
    expect(pHighestAtMost(0, 0)).toBe(1);
    expect(pHighestAtMost(3, 0)).toBe(1);
  });
});

// ---------------------------------------------------------------------------------------------
// Monte Carlo

const SIGMAS = 5;
const TRIALS = 200_000;

function withinProportion(m: Mismatches, label: string, exact: number, estimate: number): void {
  // 5 standard errors of a frequency with the exact probability.
  m.close(label, estimate, exact, SIGMAS * proportionStandardError(exact, TRIALS) + 1e-12);
}

function withinMean(m: Mismatches, label: string, exact: number, estimate: MeanEstimate): void {
  // 5 standard errors of the sample mean (sample standard deviation / √count).
  m.close(label, estimate.mean, exact, SIGMAS * estimate.standardError + 1e-12);
}

/**
 * The Ego loss lies in [0, ego], so its variance is at most (ego − μ)·μ (Bhatia–Davis) with the
 * exact mean μ; that bound gives the standard error even when the sample shows no spread at all
 * (e.g. 2 + 20 dice at Ego 5 lose all 5 in nearly every trial).
 */
function withinBoundedMean(m: Mismatches, label: string, exact: number, upper: number, estimate: MeanEstimate): void {
  const standardError = Math.sqrt(Math.max(0, (upper - exact) * exact) / estimate.count);
  m.close(label, estimate.mean, exact, SIGMAS * standardError + 1e-12);
}

describe("riskyActionOdds against a seeded Monte Carlo", () => {
  const cases: { name: string; input: OddsInput; seed: number }[] = [
    { name: "light 4 + dark 10, Ego 4", input: { light: 4, dark: 10, ego: 4 }, seed: 1 },
    {
      name: "light 2 + dark 20, Ego 5, Slaughter, Degenesis Standard",
      input: { light: 2, dark: 20, ego: 5, slaughter: true, effect: { rule: DEGENESIS.effect, rank: 2 } },
      seed: 2,
    },
    {
      name: "light 3 + dark 8, Ego 6, Sayonara, Core Bad",
      input: { light: 3, dark: 8, ego: 6, sayonara: true, effect: { rule: CORE.effect, rank: 0 } },
      seed: 3,
    },
    { name: "light 0 + dark 6, Ego 2, Slaughter", input: { light: 0, dark: 6, ego: 2, slaughter: true }, seed: 4 },
  ];

  it.each(cases)("R-RA-1 R-RA-2 R-RA-3 R-RA-6 R-EGO-2 R-SAY-1: $name within 5 standard errors", ({ input, seed }) => {
    const exact = riskyActionOdds(input);
    const mc = monteCarloOdds(input, TRIALS, seed);
    const m = new Mismatches();
    withinProportion(m, "fail", exact.outcome.fail, mc.outcome.fail);
    withinProportion(m, "partial", exact.outcome.partial, mc.outcome.partial);
    withinProportion(m, "success", exact.outcome.success, mc.outcome.success);
    withinProportion(m, "pLands", exact.effect.pLands, mc.effect.pLands);
    withinMean(m, "expected", exact.effect.expected, mc.effect.expected);
    withinMean(m, "expectedWhenLands", exact.effect.expectedWhenLands, mc.effect.expectedWhenLands);
    for (const point of exact.effect.distribution.filter((d) => d.total <= 20)) {
      withinProportion(m, `P(total ${point.total})`, point.p, (mc.effect.frequency.get(point.total) ?? 0) / TRIALS);
    }
    const value = exact.effect.value;
    const mcValue = mc.effect.value;
    if (value && mcValue) {
      withinMean(m, "value expected", value.expected, mcValue.expected);
      withinMean(m, "value expectedWhenLands", value.expectedWhenLands, mcValue.expectedWhenLands);
    }
    withinBoundedMean(m, "expectedLoss", exact.ego.expectedLoss, input.ego, mc.ego.expectedLoss);
    withinProportion(m, "pLoseAny", exact.ego.pLoseAny, mc.ego.pLoseAny);
    withinProportion(m, "pZero", exact.ego.pZero, mc.ego.pZero);
    expect(m.list).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties

const effectSpec = fc.option(
  fc.record({
    rule: fc.constantFrom(CORE.effect, DEGENESIS.effect),
    rank: fc.constantFrom<TierRank>(0, 1, 2, 3, 4),
    tags: fc.record({ versatileTwoHanded: fc.boolean(), improvised: fc.boolean() }),
  }),
  { nil: undefined },
);

const oddsInput = fc.record({
  light: fc.integer({ min: 0, max: 4 }),
  dark: fc.integer({ min: 0, max: 30 }),
  ego: fc.integer({ min: 0, max: 6 }),
  slaughter: fc.boolean(),
  sayonara: fc.boolean(),
  singleDieServesBoth: fc.boolean(),
  effect: effectSpec,
});

const inUnit = (p: number): boolean => p >= 0 && p <= 1;

/** R-RA-2, R-POOL-5: is there an Effect die at all? */
const hasEffectDie = (input: { light: number; dark: number; singleDieServesBoth: boolean }): boolean =>
  input.light + input.dark >= 2 || (input.light + input.dark === 1 && input.singleDieServesBoth);

describe("riskyActionOdds properties", () => {
  it("R-RA-1 R-RA-3 R-RA-6 R-EGO-2: probabilities in [0, 1]; outcome sums to 1; distributions sum to 1 − tailCut ≤ 1e-9", () => {
    fc.assert(
      fc.property(oddsInput, (input) => {
        const odds = riskyActionOdds(input);
        const { fail, partial, success } = odds.outcome;
        expect([fail, partial, success].every(inUnit)).toBe(true);
        expect(Math.abs(fail + partial + success - 1)).toBeLessThan(1e-12);
        expect(inUnit(odds.effect.pLands) && inUnit(odds.ego.pLoseAny) && inUnit(odds.ego.pZero)).toBe(true);
        expect(odds.effect.tailCut).toBeGreaterThanOrEqual(0);
        expect(odds.effect.tailCut).toBeLessThanOrEqual(TAIL_EPSILON);
        expect(odds.effect.distribution.every((d) => inUnit(d.p) && d.p > 0)).toBe(true);
        const sum = odds.effect.distribution.reduce((s, d) => s + d.p, 0);
        expect(Math.abs(sum - (1 - odds.effect.tailCut))).toBeLessThan(1e-12);
        const value = odds.effect.value;
        expect(value !== undefined).toBe(input.effect !== undefined);
        if (value) {
          expect(value.distribution.every((d) => inUnit(d.p))).toBe(true);
          const valueSum = value.distribution.reduce((s, d) => s + d.p, 0);
          expect(Math.abs(valueSum - (1 - odds.effect.tailCut))).toBeLessThan(1e-12);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("R-EGO-2: expected loss is between 0 and the Ego at the throw", () => {
    fc.assert(
      fc.property(oddsInput, (input) => {
        const { expectedLoss } = riskyActionOdds(input).ego;
        expect(expectedLoss).toBeGreaterThanOrEqual(0);
        expect(expectedLoss).toBeLessThanOrEqual(input.ego + 1e-12);
      }),
      { numRuns: 300 },
    );
  });

  it("R-EGO-2 R-EGO-3 R-SAY-1: P(Ego ends at 0) never falls as Dark Dice are added", () => {
    fc.assert(
      fc.property(oddsInput, fc.integer({ min: 1, max: 10 }), (input, more) => {
        const fewer = riskyActionOdds(input).ego.pZero;
        const moreDice = riskyActionOdds({ ...input, dark: input.dark + more }).ego.pZero;
        expect(moreDice).toBeGreaterThanOrEqual(fewer - 1e-12);
      }),
      { numRuns: 300 },
    );
  });

  it("R-RA-4 R-RA-5: the Effect value is never negative (Core) and never below the floor (Degenesis)", () => {
    fc.assert(
      fc.property(oddsInput, (input) => {
        const spec = input.effect;
        fc.pre(spec !== undefined && hasEffectDie(input));
        const value = riskyActionOdds(input).effect.value;
        expect(value).toBeDefined();
        if (!value) return;
        const least = spec.rule === DEGENESIS.effect ? spec.rule.minimum(spec.rank, spec.tags) : 0;
        expect(value.distribution.every((d) => d.total >= least)).toBe(true);
        expect(value.expected).toBeGreaterThanOrEqual(least);
        if (spec.rule === DEGENESIS.effect) expect(value.distribution[0]?.total).toBe(least);
      }),
      { numRuns: 300 },
    );
  });

  it("R-RA-4 R-RA-3: with a modifier that never meets the 0 clamp, expected value = expected die total + modifier, tail included", () => {
    fc.assert(
      fc.property(oddsInput, fc.constantFrom<TierRank>(1, 2, 3, 4), fc.boolean(), (input, rank, versatile) => {
        fc.pre(hasEffectDie(input));
        const tags = { versatileTwoHanded: versatile };
        const odds = riskyActionOdds({ ...input, effect: { rule: CORE.effect, rank, tags } });
        const modifier = CORE.effect.value(0, rank, tags).value;
        expect(Math.abs((odds.effect.value?.expected ?? Number.NaN) - odds.effect.expected - modifier)).toBeLessThan(
          1e-12,
        );
        if (odds.effect.pLands > 0) {
          const landing = odds.effect.value?.expectedWhenLands ?? Number.NaN;
          expect(Math.abs(landing - odds.effect.expectedWhenLands - modifier)).toBeLessThan(1e-12);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("R-RA-5 R-RA-3: a floor only lifts the low totals: expected value = expected die total + Σ (floor − t)·P(t) over t < floor, tail included", () => {
    fc.assert(
      fc.property(
        oddsInput,
        fc.constantFrom<TierRank>(0, 1, 2, 3, 4),
        fc.boolean(),
        fc.boolean(),
        (input, rank, versatile, improvised) => {
          fc.pre(hasEffectDie(input));
          const tags = { versatileTwoHanded: versatile, improvised };
          const odds = riskyActionOdds({ ...input, effect: { rule: DEGENESIS.effect, rank, tags } });
          const floor = DEGENESIS.effect.minimum(rank, tags);
          const lift = (points: readonly { total: number; p: number }[]): number =>
            points.reduce((s, d) => s + (d.total < floor ? (floor - d.total) * d.p : 0), 0);
          const expected = odds.effect.expected + lift(odds.effect.distribution);
          expect(Math.abs((odds.effect.value?.expected ?? Number.NaN) - expected)).toBeLessThan(1e-12);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("R-RA-3: Slaughter never lowers the expected Effect die total", () => {
    fc.assert(
      fc.property(oddsInput, (input) => {
        const plain = riskyActionOdds({ ...input, slaughter: false }).effect;
        const slaughter = riskyActionOdds({ ...input, slaughter: true }).effect;
        expect(slaughter.expected).toBeGreaterThanOrEqual(plain.expected - 1e-12);
      }),
      { numRuns: 200 },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Validation

describe("riskyActionOdds validation", () => {
  const bad: [string, OddsInput, RegExp][] = [
    ["light 5", { light: 5, dark: 0, ego: 3 }, /Light Dice must be between 0 and 4 \(got 5\)/],
    ["light −1", { light: -1, dark: 0, ego: 3 }, /Light Dice must be between 0 and 4 \(got -1\)/],
    ["light 1.5", { light: 1.5, dark: 0, ego: 3 }, /Light Dice must be a whole number \(got 1\.5\)/],
    ["ego 7", { light: 2, dark: 1, ego: 7 }, /Ego must be between 0 and 6 \(got 7\)/],
    ["ego −1", { light: 2, dark: 1, ego: -1 }, /Ego must be between 0 and 6 \(got -1\)/],
    ["dark −1", { light: 2, dark: -1, ego: 3 }, /Dark Dice must be at least 0 \(got -1\)/],
    ["dark NaN", { light: 2, dark: Number.NaN, ego: 3 }, /Dark Dice must be a whole number \(got NaN\)/],
  ];
  it.each(bad)("R-POOL-3 R-POOL-4 R-EGO-2: %s throws a readable RulesError", (_name, input, message) => {
    expect(() => riskyActionOdds(input)).toThrow(RulesError);
    expect(() => riskyActionOdds(input)).toThrow(message);
  });

  it("R-RA-1: pHighestAtMost rejects faces outside 0–6 and negative pools", () => {
    expect(() => pHighestAtMost(7, 2)).toThrow(RulesError);
    expect(() => pHighestAtMost(3, -1)).toThrow(/The number of dice must be at least 0/);
  });
});
