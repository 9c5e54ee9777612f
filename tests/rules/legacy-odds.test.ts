/**
 * Exact odds of the Legacy rolls (src/rules/roll-odds.ts) against full enumeration: every face vector
 * of the pool, every Effect die with its explosion chain enumerated by recursion down to a remaining
 * mass below 1e-12, every face vector of k ≤ 6 XP dice. Nothing here shares a helper with roll-odds.ts.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { challengeStats } from "../../src/rules/challenge.ts";
import {
  challengeEffectOdds,
  effectRollOdds,
  keptExplodingOdds,
  montageOdds,
  outcomeOdds,
  separateRiskyOdds,
  sumAtLeastOdds,
} from "../../src/rules/roll-odds.ts";
import { egoLossOdds } from "../../src/rules/odds.ts";
import { CORE, LEGACY } from "../../src/rules/rulesets/index.ts";

const TOLERANCE = 1e-9;

/** Every face vector of n d6, once (an odometer). */
function* vectors(n: number): Generator<readonly number[]> {
  const faces = new Array<number>(n).fill(1);
  for (;;) {
    yield faces;
    let i = 0;
    while (i < n && faces[i] === 6) faces[i++] = 1;
    if (i === n) return;
    faces[i] = (faces[i] ?? 0) + 1;
  }
}

/** R-LEG-9 / R-LEG-8 brute force: outcome bands and Ego loss law for light + dark dice. */
function brutePool(light: number, dark: number, ego: number, cost: number) {
  const n = light + dark;
  let count = 0;
  const outcome = { fail: 0, partial: 0, success: 0 };
  let expectedLoss = 0;
  let loseAny = 0;
  let zero = 0;
  for (const faces of vectors(n)) {
    count++;
    const top = n === 0 ? 0 : Math.max(...faces);
    if (top <= 3) outcome.fail++;
    else if (top <= 5) outcome.partial++;
    else outcome.success++;
    const costly = faces.slice(light).filter((f) => f <= ego).length;
    const loss = Math.min(costly * cost, ego);
    expectedLoss += loss;
    if (loss > 0) loseAny++;
    if (ego - loss === 0) zero++;
  }
  return {
    outcome: { fail: outcome.fail / count, partial: outcome.partial / count, success: outcome.success / count },
    ego: { expectedLoss: expectedLoss / count, pLoseAny: loseAny / count, pZero: zero / count },
  };
}

/** R-LEG-11 brute force: a fresh die's explosion chain (on 6) by recursion, to a dropped mass < 1e-12. */
function bruteChain(): Map<number, number> {
  const from = (depth: number): Map<number, number> => {
    const dist = new Map<number, number>();
    for (let face = 1; face <= 6; face++) {
      if (face < 6) dist.set(face, (dist.get(face) ?? 0) + 1 / 6);
      else if (depth > 0) for (const [x, p] of from(depth - 1)) dist.set(6 + x, (dist.get(6 + x) ?? 0) + p / 6);
    }
    return dist;
  };
  return from(16); // (1/6)^16 ≈ 3.5e-13 dropped
}
const CHAIN = bruteChain();

/** R-LEG-11 brute force: n dice, keep the highest, explode, halve up, add the bonus. */
function bruteEffect(n: number, halved: boolean, bonus: number): Map<number, number> {
  const dist = new Map<number, number>();
  const value = (t: number): number => (halved ? Math.ceil(t / 2) : t) + bonus;
  let count = 0;
  const kept = new Map<number, number>();
  for (const faces of vectors(n)) {
    count++;
    const top = Math.max(...faces);
    kept.set(top, (kept.get(top) ?? 0) + 1);
  }
  for (const [top, c] of kept) {
    const p = c / count;
    if (top < 6) dist.set(value(top), (dist.get(value(top)) ?? 0) + p);
    else for (const [x, px] of CHAIN) dist.set(value(6 + x), (dist.get(value(6 + x)) ?? 0) + p * px);
  }
  return dist;
}

const mean = (dist: ReadonlyMap<number, number>): number => [...dist].reduce((s, [t, p]) => s + t * p, 0);

function expectDistribution(
  actual: readonly { total: number; p: number }[],
  expected: ReadonlyMap<number, number>,
): void {
  const seen = new Map(actual.map((x) => [x.total, x.p]));
  const totals = new Set([...seen.keys(), ...expected.keys()]);
  const off = [...totals].filter((t) => !(Math.abs((seen.get(t) ?? 0) - (expected.get(t) ?? 0)) <= TOLERANCE));
  expect(off).toEqual([]);
  actual.forEach((x, i) => {
    if (i > 0) expect(x.total).toBeGreaterThan(actual[i - 1]?.total ?? -Infinity);
  });
}

describe("Legacy odds against full enumeration", () => {
  const pools: [number, number][] = [];
  for (let light = 0; light <= 4; light++) for (let dark = 0; dark <= 3; dark++) pools.push([light, dark]);

  it.each(pools)(
    "R-LEG-9 R-LEG-8 R-LEG-14: light %i + dark %i, every Ego 0–10, Dark Dice costing 1 or 2 (montage)",
    (light, dark) => {
      for (let ego = 0; ego <= 10; ego++) {
        for (const montage of [false, true]) {
          const brute = brutePool(light, dark, ego, montage ? 2 : 1);
          const odds = separateRiskyOdds(LEGACY, { light, dark, ego, montage });
          expect(odds.dice).toBe(light + dark);
          expect(odds.empty).toBe(light + dark === 0);
          for (const band of ["fail", "partial", "success"] as const)
            expect(Math.abs(odds.outcome[band] - brute.outcome[band])).toBeLessThan(TOLERANCE);
          expect(
            Math.abs(odds.pEffect - (light + dark === 0 ? 0 : brute.outcome.partial + brute.outcome.success)),
          ).toBeLessThan(TOLERANCE);
          for (const key of ["expectedLoss", "pLoseAny", "pZero"] as const) {
            if (ego === 0) continue; // already lost: checked below
            expect(Math.abs(odds.ego[key] - brute.ego[key])).toBeLessThan(TOLERANCE);
          }
        }
      }
      expect(separateRiskyOdds(LEGACY, { light, dark, ego: 0 }).ego).toEqual({
        expectedLoss: 0,
        pLoseAny: 0,
        pZero: 1,
      });
    },
  );

  it.each([
    [1, false, 0],
    [1, true, 0],
    [1, false, 1],
    [2, false, 0],
    [2, true, 0],
    [3, false, 0],
    [4, false, 0],
  ])("R-LEG-11 R-LEG-10: %i dice, keep the highest, explode on 6, halved %s, +%i", (dice, halved, bonus) => {
    const odds = keptExplodingOdds({ dice, halved, bonus });
    const brute = bruteEffect(dice, halved, bonus);
    expectDistribution(odds.distribution, brute);
    expect(Math.abs(odds.expected - mean(brute))).toBeLessThan(1e-8);
    expect(odds.tailCut).toBeLessThan(odds.tailEpsilon);
    expect(Math.abs(odds.distribution.reduce((s, x) => s + x.p, 0) + odds.tailCut - 1)).toBeLessThan(1e-12);
  });

  it("R-LEG-11: each tool's Effect roll (Lesser d/2, Normal 1d, Normal two-handed 1d+1, Greater 2d, +1d to the Effect)", () => {
    const cases = [
      { rank: 1 as const, tags: {}, extra: 0, dice: 1, halved: true, bonus: 0, tool: "lesser" },
      { rank: 0 as const, tags: { improvised: true }, extra: 0, dice: 1, halved: true, bonus: 0, tool: "lesser" },
      { rank: 2 as const, tags: {}, extra: 0, dice: 1, halved: false, bonus: 0, tool: "normal" },
      {
        rank: 3 as const,
        tags: { versatileTwoHanded: true },
        extra: 0,
        dice: 1,
        halved: false,
        bonus: 1,
        tool: "normal",
      },
      { rank: 4 as const, tags: {}, extra: 0, dice: 2, halved: false, bonus: 0, tool: "greater" },
      { rank: 4 as const, tags: {}, extra: 1, dice: 3, halved: false, bonus: 0, tool: "greater" },
      { rank: 1 as const, tags: {}, extra: 1, dice: 2, halved: true, bonus: 0, tool: "lesser" },
    ];
    for (const c of cases) {
      const odds = effectRollOdds(LEGACY, c.rank, c.tags, c.extra);
      expect(odds).toMatchObject({ tool: c.tool, dice: c.dice, halved: c.halved, bonus: c.bonus });
      expectDistribution(odds.distribution, bruteEffect(c.dice, c.halved, c.bonus));
    }
    // The known means: 1d explodes to 4.2 on average; d/2 halves up to 2.4; 1d+1 adds 1.
    expect(effectRollOdds(LEGACY, 2).expected).toBeCloseTo(4.2, 12);
    expect(effectRollOdds(LEGACY, 1).expected).toBeCloseTo(2.4, 12);
    expect(effectRollOdds(LEGACY, 2, { versatileTwoHanded: true }).expected).toBeCloseTo(5.2, 12);
    expect(() => effectRollOdds(CORE, 2)).toThrow(/own throw/);
  });

  it("R-LEG-10: a Challenge's Effect at each level (Trivial d/2 … Fantastical nd)", () => {
    for (const tier of ["trivial", "dangerous", "serious", "formidable", "extreme"]) {
      const stats = challengeStats(LEGACY, tier);
      const odds = challengeEffectOdds(LEGACY, tier);
      expectDistribution(odds.distribution, bruteEffect(stats.halved ? 1 : stats.dice, stats.halved, 0));
    }
    expect(challengeEffectOdds(LEGACY, "fantastical", 5).dice).toBe(5);
  });

  it.each([1, 2, 3, 4, 5, 6])("R-LEG-13: P(sum of %i d6 ≥ target) for every target, against every face vector", (k) => {
    const counts = new Map<number, number>();
    let all = 0;
    for (const faces of vectors(k)) {
      all++;
      const s = faces.reduce((a, b) => a + b, 0);
      counts.set(s, (counts.get(s) ?? 0) + 1);
    }
    for (let target = -1; target <= 6 * k + 2; target++) {
      let hits = 0;
      for (const [s, c] of counts) if (s >= target) hits += c;
      expect(Math.abs(sumAtLeastOdds(k, target).p - hits / all)).toBeLessThan(1e-12);
    }
    expectDistribution(sumAtLeastOdds(k, 0).distribution, new Map([...counts].map(([s, c]) => [s, c / all])));
    expect(sumAtLeastOdds(k, 0).expected).toBe(3.5 * k);
  });

  it("R-LEG-14: a montage: the complication's law, then the outcome of the reduced pool, against enumeration", () => {
    for (const tier of ["trivial", "dangerous", "serious", "formidable"]) {
      const stats = challengeStats(LEGACY, tier);
      const effect = bruteEffect(stats.halved ? 1 : stats.dice, stats.halved, 0);
      const byDice = new Map<number, number>();
      for (const [total, p] of effect) {
        const dice = total <= 3 ? 0 : total <= 5 ? 1 : total <= 11 ? 2 : 3;
        byDice.set(dice, (byDice.get(dice) ?? 0) + p);
      }
      for (const [light, dark] of [
        [4, 0],
        [2, 1],
        [5, 2],
        [1, 0],
      ] as const) {
        const odds = montageOdds(LEGACY, { light, dark, ego: 3, tier });
        for (const { dice, p } of odds.complication) expect(Math.abs(p - (byDice.get(dice) ?? 0))).toBeLessThan(1e-9);
        let success = 0;
        for (const [dice, p] of byDice)
          success += p * brutePool(Math.min(4, Math.max(0, light - dice)), dark, 3, 2).outcome.success;
        expect(Math.abs(odds.outcome.success - success)).toBeLessThan(1e-9);
        expect(Math.abs(odds.ego.expectedLoss - brutePool(0, dark, 3, 2).ego.expectedLoss)).toBeLessThan(TOLERANCE);
      }
    }
    expect(() => montageOdds(CORE, { light: 2, dark: 0, ego: 3, tier: "serious" })).toThrow(/no montage/);
  });
});

describe("Legacy odds: properties and refusals", () => {
  it("R-LEG-9 R-LEG-13: probabilities lie in 0–1, outcome bands sum to 1, more dice never lower P(sum ≥ target) (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 0, max: 60 }),
        (n, k, target) => {
          const o = outcomeOdds(n);
          expect(Math.abs(o.fail + o.partial + o.success - 1)).toBeLessThan(1e-12);
          const a = sumAtLeastOdds(k, target).p;
          expect(a).toBeGreaterThanOrEqual(0);
          expect(a).toBeLessThanOrEqual(1);
          expect(sumAtLeastOdds(k + 1, target).p).toBeGreaterThanOrEqual(a - 1e-12);
        },
      ),
    );
  });

  it("R-LEG-8: the expected Ego lost is 0…Ego and grows with the Dark Dice (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 1, max: 10 }),
        fc.constantFrom(1, 2),
        (dark, ego, cost) => {
          const e = egoLossOdds(dark, ego, cost);
          expect(e.expectedLoss).toBeGreaterThanOrEqual(0);
          expect(e.expectedLoss).toBeLessThanOrEqual(ego + 1e-12);
          expect(egoLossOdds(dark + 1, ego, cost).expectedLoss).toBeGreaterThanOrEqual(e.expectedLoss - 1e-12);
        },
      ),
    );
  });

  it("R-LEG-8 R-EGO-2 R-SAY-1 R-LEG-14: the Ego lost is the binomial sum for up to 200 Dark Dice, Ego 0–10, cost 1 or 2", () => {
    // The closed form: Σ_k C(n, k) p^k (1 − p)^(n − k) · min(cost·k, Ego), each term in the log domain.
    const closed = (n: number, ego: number, cost: number, sayonara: boolean) => {
      const p = sayonara ? 1 / 6 : Math.min(ego, 6) / 6;
      let [expectedLoss, pZero, pNone, logC] = [0, 0, 0, 0];
      for (let k = 0; k <= n; k++) {
        if (k > 0) logC += Math.log(n - k + 1) - Math.log(k);
        const pk = p === 1 ? (k === n ? 1 : 0) : Math.exp(logC + k * Math.log(p) + (n - k) * Math.log1p(-p));
        const loss = Math.min(cost * k, ego);
        expectedLoss += pk * loss;
        if (loss === ego) pZero += pk;
        if (k === 0) pNone = pk;
      }
      return ego === 0 ? { expectedLoss: 0, pLoseAny: 0, pZero: 1 } : { expectedLoss, pLoseAny: 1 - pNone, pZero };
    };
    for (const n of [0, 1, 2, 3, 7, 20, 60, 200])
      for (let ego = 0; ego <= 10; ego++)
        for (const cost of [1, 2])
          for (const sayonara of [false, true]) {
            const odds = egoLossOdds(n, ego, cost, sayonara);
            const exact = closed(n, ego, cost, sayonara);
            const label = `${n} dice, Ego ${ego}, cost ${cost}${sayonara ? ", Sayonara" : ""}`;
            expect(Math.abs(odds.expectedLoss - exact.expectedLoss), label).toBeLessThan(TOLERANCE);
            expect(Math.abs(odds.pLoseAny - exact.pLoseAny), label).toBeLessThan(TOLERANCE);
            expect(Math.abs(odds.pZero - exact.pZero), label).toBeLessThan(TOLERANCE);
          }
  });

  it("R-LEG-9: bad inputs are refused with a readable message", () => {
    expect(() => separateRiskyOdds(LEGACY, { light: 5, dark: 0, ego: 3 })).toThrow(
      /Light Dice must be between 0 and 4/,
    );
    expect(() => separateRiskyOdds(LEGACY, { light: 1, dark: -1, ego: 3 })).toThrow(/Dark Dice/);
    expect(() => separateRiskyOdds(LEGACY, { light: 1, dark: 0, ego: 11 })).toThrow(/Ego must be between 0 and 10/);
    expect(() => separateRiskyOdds(CORE, { light: 1, dark: 0, ego: 3 })).toThrow(/riskyActionOdds/);
    expect(() => sumAtLeastOdds(0, 3)).toThrow(/between 1 and 100/);
  });
});
