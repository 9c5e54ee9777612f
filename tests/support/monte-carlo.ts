/**
 * Seeded Monte Carlo estimates of the numbers `src/rules/odds.ts` computes exactly. This lives
 * outside `src/rules/` because it draws (pseudo-)random numbers; the tests use it as an independent
 * check of the exact odds on pools too big to enumerate, and the bench uses it as the baseline the
 * exact computation is compared with. Deterministic: the same seed gives the same estimate.
 *
 * It re-implements the rules directly from RULES.md (R-RA-1, R-RA-2, R-RA-3, R-RA-6, R-POOL-5,
 * R-EGO-2, R-SAY-1) and shares no helper with odds.ts.
 */
import type { OddsInput } from "../../src/rules/odds.ts";

/** mulberry32: a small, fast 32-bit seeded PRNG; returns floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function rollD6(random: () => number): number {
  return 1 + Math.floor(random() * 6);
}

/** A sample mean with its standard error (sample standard deviation / √count). */
export interface MeanEstimate {
  readonly mean: number;
  readonly standardError: number;
  readonly count: number;
}

export interface MonteCarloOdds {
  readonly trials: number;
  readonly outcome: { readonly fail: number; readonly partial: number; readonly success: number };
  readonly effect: {
    /** Observed frequency of each Effect die total. */
    readonly frequency: ReadonlyMap<number, number>;
    readonly expected: MeanEstimate;
    readonly pLands: number;
    readonly expectedWhenLands: MeanEstimate;
    readonly value?: { readonly expected: MeanEstimate; readonly expectedWhenLands: MeanEstimate };
  };
  readonly ego: { readonly expectedLoss: MeanEstimate; readonly pLoseAny: number; readonly pZero: number };
}

class Accumulator {
  private n = 0;
  private sum = 0;
  private sumSq = 0;
  add(x: number): void {
    this.n++;
    this.sum += x;
    this.sumSq += x * x;
  }
  estimate(): MeanEstimate {
    if (this.n === 0) return { mean: 0, standardError: 0, count: 0 };
    const mean = this.sum / this.n;
    const variance = this.n > 1 ? Math.max(0, (this.sumSq - this.n * mean * mean) / (this.n - 1)) : 0;
    return { mean, standardError: Math.sqrt(variance / this.n), count: this.n };
  }
}

/** Standard error of a frequency whose true probability is `p`, over `trials` trials. */
export function proportionStandardError(p: number, trials: number): number {
  return Math.sqrt((p * (1 - p)) / trials);
}

/** Estimate the odds of `input` from `trials` simulated throws. */
export function monteCarloOdds(input: OddsInput, trials: number, seed: number): MonteCarloOdds {
  const random = mulberry32(seed);
  const n = input.light + input.dark;
  const threshold = input.slaughter ? 5 : 6;
  const servesBoth = input.singleDieServesBoth ?? true;
  let fail = 0;
  let partial = 0;
  let success = 0;
  let lands = 0;
  let loseAny = 0;
  let zero = 0;
  const frequency = new Map<number, number>();
  const dieTotal = new Accumulator();
  const dieTotalLanding = new Accumulator();
  const value = new Accumulator();
  const valueLanding = new Accumulator();
  const egoLoss = new Accumulator();

  for (let trial = 0; trial < trials; trial++) {
    // Roll the pool; track the two highest faces and the Ego cost of the dark dice.
    let first = 0;
    let second = 0;
    let cost = 0;
    for (let i = 0; i < n; i++) {
      const face = rollD6(random);
      if (face > first) {
        second = first;
        first = face;
      } else if (face > second) {
        second = face;
      }
      if (i >= input.light) {
        const costs = input.sayonara ? face === 1 : face <= input.ego;
        if (costs) cost++;
      }
    }
    // R-RA-1 Precision (0 for an empty pool counts as a Fail, R-POOL-5).
    if (first <= 3) fail++;
    else if (first <= 5) partial++;
    else success++;
    // R-RA-6 with an Effect die (R-RA-2: a lone die only with the setting on).
    const landed = first >= 4 && (n >= 2 || servesBoth);
    if (landed) lands++;
    // R-RA-2 Effect die, R-RA-3 explosion.
    let effectFace = second;
    if (n === 1) effectFace = servesBoth ? first : 0;
    let total = effectFace;
    let last = effectFace;
    while (last >= threshold) {
      last = rollD6(random);
      total += last;
    }
    frequency.set(total, (frequency.get(total) ?? 0) + 1);
    dieTotal.add(total);
    if (landed) dieTotalLanding.add(total);
    if (input.effect) {
      // No Effect die (total 0): no Effect, no floor.
      const v = total === 0 ? 0 : input.effect.rule.value(total, input.effect.rank, input.effect.tags).value;
      value.add(v);
      if (landed) valueLanding.add(v);
    }
    // R-EGO-2 floor 0; R-EGO-3 Ego 0 is already lost.
    const loss = Math.min(cost, input.ego);
    egoLoss.add(loss);
    if (loss > 0) loseAny++;
    if (input.ego - loss === 0) zero++;
  }

  const effectValue = input.effect
    ? { value: { expected: value.estimate(), expectedWhenLands: valueLanding.estimate() } }
    : {};
  return {
    trials,
    outcome: { fail: fail / trials, partial: partial / trials, success: success / trials },
    effect: {
      frequency,
      expected: dieTotal.estimate(),
      pLands: lands / trials,
      expectedWhenLands: dieTotalLanding.estimate(),
      ...effectValue,
    },
    ego: { expectedLoss: egoLoss.estimate(), pLoseAny: loseAny / trials, pZero: zero / trials },
  };
}
