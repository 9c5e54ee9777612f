/**
 * Exact odds of a Risky Action (R-RA-1…R-RA-6, R-POOL-5, R-EGO-2, R-SAY-1), for the roll dialog.
 *
 * Everything here is derived by closed form or by exact summation over faces — nothing is sampled,
 * and nothing here draws a random number. The only approximation is the explosion tail (R-RA-3): an
 * exploding die has no largest total, so its distribution is listed only until the probability mass
 * of the chains not yet listed falls below `TAIL_EPSILON` (1e-9); the mass left out is reported as
 * `tailCut`. The expected values are exact (closed form), tail included.
 *
 * Default die choice (R-RA-1, R-RA-2): Precision is the highest die of the whole pool (its tone does
 * not matter) and the Effect die is the highest remaining one, i.e. the second-highest of the pool.
 */
import type { EffectRule, EffectTags, TierRank } from "./effect.ts";
import { assertInteger } from "./errors.ts";
import { explosionThreshold } from "./explosion.ts";

/** The explosion tail is cut once the mass of the chains not yet listed is below this (R-RA-3). */
export const TAIL_EPSILON = 1e-9;

export interface OddsInput {
  /** Light Dice, 0–4: the already-clamped pool (R-POOL-3). */
  readonly light: number;
  /** Dark Dice, any whole number ≥ 0 (R-POOL-4). */
  readonly dark: number;
  /** The Ego when the dice are thrown, 0–6 (R-EGO-2). */
  readonly ego: number;
  /** R-RA-3 / R-EQ-3: the Effect die explodes on 5+ instead of 6. */
  readonly slaughter?: boolean;
  /** R-SAY-1: during Sayonara a Dark Die costs Ego only when it shows 1. */
  readonly sayonara?: boolean;
  /** R-RA-2 setting (default true): a lone die is both Precision and Effect; false → no Effect (0). */
  readonly singleDieServesBoth?: boolean;
  /** Also give the distribution of the Effect value after the ruleset's tier (R-RA-4 / R-RA-5). */
  readonly effect?: { readonly rule: EffectRule; readonly rank: TierRank; readonly tags?: EffectTags };
}

/** One point of a distribution: the probability `p` of `total`. */
export interface OddsPoint {
  readonly total: number;
  readonly p: number;
}

export interface EffectValueOdds {
  /** Distribution of `rule.value(dieTotal, rank, tags).value`, ascending (same tail cut as the die total). */
  readonly distribution: readonly OddsPoint[];
  /** Exact expected Effect value (see `riskyActionOdds` on the tail). */
  readonly expected: number;
  /** Exact expected Effect value given that the player's Effect lands (Precision ≥ 4); 0 if it never lands. */
  readonly expectedWhenLands: number;
}

export interface Odds {
  /** Dice in the pool: light + dark. */
  readonly dice: number;
  /** R-POOL-5: no dice at all — nothing is thrown, the action fails with no Effect. */
  readonly empty: boolean;
  /** R-RA-1: Precision 1–3 Fail, 4–5 Success with a consequence, 6 Success. */
  readonly outcome: { readonly fail: number; readonly partial: number; readonly success: number };
  readonly effect: {
    /**
     * Distribution of the Effect die total, explosions included (R-RA-2, R-RA-3), ascending totals,
     * only the possible ones (0 appears for an empty pool or a lone die with the R-RA-2 setting off).
     * Sums to 1 − `tailCut`.
     */
    readonly distribution: readonly OddsPoint[];
    /** Exact expected Effect die total (closed form, tail included). */
    readonly expected: number;
    /** Probability mass left out of `distribution` by cutting the explosion tail (< `tailEpsilon`). */
    readonly tailCut: number;
    /** The cut: the tail stops once the mass of the chains not yet listed is below 1e-9. */
    readonly tailEpsilon: typeof TAIL_EPSILON;
    /**
     * R-RA-6: probability that the player's Effect lands = P(Precision ≥ 4 and there is an Effect die);
     * 0 for an empty pool (R-POOL-5) or a lone die with the R-RA-2 setting off.
     */
    readonly pLands: number;
    /** Exact E[Effect die total | the Effect lands]; 0 when it can never land. */
    readonly expectedWhenLands: number;
    /** Only when `input.effect` is given. */
    readonly value?: EffectValueOdds;
  };
  /** R-EGO-2, R-EGO-3, R-SAY-1. */
  readonly ego: EgoLossOdds;
}

/** R-RA-1: P(the highest of `n` d6 is ≤ `k`) = (k/6)^n; with no dice the "highest" is 0, so 1. */
export function pHighestAtMost(k: number, n: number): number {
  assertInteger(k, "The face limit", 0, 6);
  assertInteger(n, "The number of dice", 0);
  return n === 0 ? 1 : Math.pow(k / 6, n);
}

// ---------------------------------------------------------------------------------------------
// R-RA-3 explosion chain of one fresh d6, memoised per threshold.

interface Chain {
  /** `p[x]` = P(chain total = x), for the chains kept (fewer than `levels` explosions). */
  readonly p: readonly number[];
  /** Exact mean of the whole chain: 3.5 / (1 − q), q = P(face ≥ threshold). */
  readonly mean: number;
  /** Mass of the chains cut off (at least `levels` explosions) = q^levels < TAIL_EPSILON. */
  readonly cut: number;
  /** Exact E[total; chain cut off] = mean − Σ x·p[x]. */
  readonly cutMoment: number;
  /** The least total a cut-off chain can reach: `levels` exploding dice and one more die. */
  readonly cutMinTotal: number;
}

const chains = new Map<number, Chain>();

/**
 * The exploding chain started by a fresh d6 (R-RA-3): levels j = 0, 1, … (j exploding dice, then
 * one that does not explode) are added until the mass of the remaining levels, q^j, is below
 * TAIL_EPSILON.
 */
function chainFor(threshold: number): Chain {
  const cached = chains.get(threshold);
  if (cached) return cached;
  const q = (7 - threshold) / 6;
  const p: number[] = [];
  const add = (x: number, mass: number): void => {
    p[x] = (p[x] ?? 0) + mass;
  };
  // `exploding[s]`: mass of having rolled j exploding dice summing to s (starts with j = 0).
  let exploding: number[] = [1];
  let levels = 0;
  let remaining = 1; // q^levels
  while (remaining >= TAIL_EPSILON) {
    const next: number[] = [];
    exploding.forEach((mass, s) => {
      if (mass === 0) return;
      for (let face = 1; face <= 6; face++) {
        if (face >= threshold) next[s + face] = (next[s + face] ?? 0) + mass / 6;
        else add(s + face, mass / 6);
      }
    });
    exploding = next;
    levels++;
    remaining = Math.pow(q, levels);
  }
  for (let x = 0; x < p.length; x++) p[x] ??= 0;
  const mean = 3.5 / (1 - q);
  let listedMoment = 0;
  p.forEach((mass, x) => {
    listedMoment += x * mass;
  });
  const chain: Chain = {
    p,
    mean,
    cut: remaining,
    cutMoment: mean - listedMoment,
    cutMinTotal: levels * threshold + 1,
  };
  chains.set(threshold, chain);
  return chain;
}

// ---------------------------------------------------------------------------------------------
// R-RA-1, R-RA-2: law of the Effect die's face (before it explodes), alone and jointly with
// "Precision ≥ 4" (R-RA-6).

/** `face[f]` = P(Effect face = f), `lands[f]` = P(Effect face = f and Precision ≥ 4), f = 0…6. */
interface FaceLaw {
  readonly face: readonly number[];
  readonly lands: readonly number[];
}

/**
 * P(highest ≤ a, second-highest ≤ b) for n ≥ 2 dice and b ≤ a: all dice ≤ b, or exactly one in
 * (b, a] and the rest ≤ b: (b/6)^n + n·((a−b)/6)·(b/6)^(n−1).
 */
function jointAtMost(a: number, b: number, n: number): number {
  const low = b / 6;
  return Math.pow(low, n) + n * ((a - b) / 6) * Math.pow(low, n - 1);
}

function faceLaw(n: number, singleDieServesBoth: boolean): FaceLaw {
  const face = [0, 0, 0, 0, 0, 0, 0];
  const lands = [0, 0, 0, 0, 0, 0, 0];
  if (n === 0) {
    // R-POOL-5: nothing thrown, no Effect, nothing lands.
    face[0] = 1;
  } else if (n === 1) {
    if (singleDieServesBoth) {
      // R-RA-2 setting on: the lone die is the Effect die too; it lands when it shows 4+.
      for (let f = 1; f <= 6; f++) {
        face[f] = 1 / 6;
        lands[f] = f >= 4 ? 1 / 6 : 0;
      }
    } else {
      // R-RA-2 setting off: no Effect die, so no Effect (0) and nothing of the player's lands.
      face[0] = 1;
    }
  } else {
    // Second-highest: P(M2 ≤ b) = joint(6, b); with Precision ≤ 3: P(M2 ≤ b, M1 ≤ 3) = joint(3, min(b, 3)).
    for (let b = 1; b <= 6; b++) {
      const all = jointAtMost(6, b, n) - jointAtMost(6, b - 1, n);
      const failing = b <= 3 ? jointAtMost(3, b, n) - jointAtMost(3, b - 1, n) : 0;
      face[b] = Math.max(0, all);
      lands[b] = Math.max(0, all - failing);
    }
  }
  return { face, lands };
}

// ---------------------------------------------------------------------------------------------
// R-EGO-2, R-EGO-3, R-SAY-1, R-LEG-8, R-LEG-14

export interface EgoLossOdds {
  /** Expected Ego lost (never more than the Ego at the throw). */
  readonly expectedLoss: number;
  /** Probability of losing at least 1 Ego. */
  readonly pLoseAny: number;
  /** Probability that Ego ends at 0 (the character is lost, R-EGO-3 / R-LEG-7); 1 when Ego is already 0. */
  readonly pZero: number;
}

/**
 * The Ego lost to `dark` Dark Dice, in every ruleset (the law of the rules' `spendEgo`): R-EGO-2 /
 * R-LEG-8 each die shows ≤ the Ego at the throw with p = min(Ego, 6)/6 (R-SAY-1: only a 1, p = 1/6) and
 * then costs `cost` (R-LEG-14: 2 in a montage); the loss is min(cost × costly dice, Ego). Exact sum over
 * the binomial.
 */
export function egoLossOdds(dark: number, ego: number, cost = 1, sayonara = false): EgoLossOdds {
  const n = assertInteger(dark, "Dark Dice", 0);
  const e = assertInteger(ego, "Ego", 0, 100);
  const c = assertInteger(cost, "The Ego per Dark Die", 1, 10);
  // R-EGO-3: at Ego 0 the character is already lost; there is nothing left to spend.
  if (e === 0) return { expectedLoss: 0, pLoseAny: 0, pZero: 1 };
  const p = sayonara ? 1 / 6 : Math.min(e, 6) / 6;
  // Loss = min(c·k, e) with k ~ Binomial(n, p) costly dice: Ego reaches 0 from `reach` costly dice on.
  const reach = Math.ceil(e / c);
  if (p === 1) {
    // Ego 6 or more outside Sayonara: every Dark Die costs.
    const loss = Math.min(c * n, e);
    return { expectedLoss: loss, pLoseAny: n > 0 ? 1 : 0, pZero: loss === e ? 1 : 0 };
  }
  // P(k) by the ratio P(k+1)/P(k) = (n − k)·p / ((k + 1)·(1 − p)); only k < reach matter,
  // except when that lower tail is most of the mass (see below).
  const ratio = (k: number): number => ((n - k) * p) / ((k + 1) * (1 - p));
  let pk = Math.pow(1 - p, n);
  let massBelow = 0;
  let lossBelow = 0;
  for (let k = 0; k < reach && k <= n; k++) {
    massBelow += pk;
    lossBelow += c * k * pk;
    pk *= ratio(k);
  }
  let pZero: number;
  if (massBelow <= 0.5 || reach > n) {
    pZero = reach > n ? 0 : 1 - massBelow;
  } else {
    // The upper tail P(k ≥ reach) is small: sum it directly rather than lose it to 1 − massBelow.
    // Here the median is below reach ≤ 100, so the terms die out quickly.
    pZero = 0;
    for (let k = reach; k <= n && pk > 0; k++) {
      pZero += pk;
      if (k > n * p && pk < pZero * Number.EPSILON) break;
      pk *= ratio(k);
    }
  }
  pZero = Math.min(1, Math.max(0, pZero));
  return {
    expectedLoss: lossBelow + e * pZero,
    // 1 − (1 − p)^n without cancellation.
    pLoseAny: Math.min(1, Math.max(0, -Math.expm1(n * Math.log1p(-p)))),
    pZero,
  };
}

// ---------------------------------------------------------------------------------------------

function validate(input: OddsInput): void {
  assertInteger(input.light, "Light Dice", 0, 4);
  assertInteger(input.dark, "Dark Dice", 0);
  assertInteger(input.ego, "Ego", 0, 6);
}

function toPoints(mass: readonly number[]): OddsPoint[] {
  const points: OddsPoint[] = [];
  mass.forEach((p, total) => {
    if (p > 0) points.push({ total, p });
  });
  return points;
}

/**
 * The exact odds of a Risky Action for a pool and the Ego at the throw.
 *
 * The Effect value (when `input.effect` is given) maps every die total through
 * `rule.value(total, rank, tags).value`. A total of 0 means there was no Effect die (R-POOL-5, or
 * R-RA-2's setting off): no Effect, so its value is 0 and no tier floor applies. Its expected values
 * are exact on the assumption that `value(total) − total` is constant over the totals only the cut
 * tail reaches (79 and up on 6, 101 and up on 5+): true of both rule shapes, since R-RA-4 adds a
 * constant above its 0 clamp and every R-RA-5 floor is below those totals.
 *
 * Throws a RulesError for Light outside 0–4, negative Dark, Ego outside 0–6 or a non-integer.
 */
export function riskyActionOdds(input: OddsInput): Odds {
  validate(input);
  const { light, dark, ego } = input;
  const n = light + dark;
  const threshold = explosionThreshold(input.slaughter ?? false);
  const chain = chainFor(threshold);
  const law = faceLaw(n, input.singleDieServesBoth ?? true);

  // R-RA-1
  const fail = pHighestAtMost(3, n);
  const atMostFive = pHighestAtMost(5, n);
  const outcome = { fail, partial: Math.max(0, atMostFive - fail), success: 1 - atMostFive };
  // R-RA-6: the player's Effect lands on a Success, with or without a consequence, when there is an
  // Effect die (never on an empty pool, R-POOL-5, nor on a lone die with the R-RA-2 setting off).
  const pLands = law.lands.reduce((t, p) => t + p, 0);

  // R-RA-3: a face below the threshold is its own total; a face at or above it adds a fresh chain.
  const mass: number[] = [];
  let pExplodes = 0;
  for (let f = 0; f <= 6; f++) {
    const pf = law.face[f] ?? 0;
    if (f < threshold) {
      mass[f] = (mass[f] ?? 0) + pf;
    } else {
      pExplodes += pf;
      chain.p.forEach((px, x) => {
        mass[f + x] = (mass[f + x] ?? 0) + pf * px;
      });
    }
  }
  for (let t = 0; t < mass.length; t++) mass[t] ??= 0;
  const tailCut = pExplodes * chain.cut;

  /** Exact E[die total | Effect face f]. */
  const dieMean = (f: number): number => (f >= threshold ? f + chain.mean : f);
  let expected = 0;
  let expectedLanding = 0;
  for (let f = 0; f <= 6; f++) {
    expected += (law.face[f] ?? 0) * dieMean(f);
    expectedLanding += (law.lands[f] ?? 0) * dieMean(f);
  }

  const effect: Odds["effect"] = {
    distribution: toPoints(mass),
    expected,
    tailCut,
    tailEpsilon: TAIL_EPSILON,
    pLands,
    expectedWhenLands: pLands > 0 ? expectedLanding / pLands : 0,
  };
  const value = input.effect ? valueOdds(input.effect, mass, law, threshold, chain, pLands) : undefined;

  return {
    dice: n,
    empty: n === 0,
    outcome,
    effect: value ? { ...effect, value } : effect,
    ego: egoLossOdds(dark, ego, 1, input.sayonara ?? false),
  };
}

/** R-RA-4 / R-RA-5: the Effect value's law, from the die total's law. */
function valueOdds(
  spec: NonNullable<OddsInput["effect"]>,
  mass: readonly number[],
  law: FaceLaw,
  threshold: number,
  chain: Chain,
  pLands: number,
): EffectValueOdds {
  // Total 0 = no Effect die (R-POOL-5, R-RA-2 off): no Effect at all, not even a floor.
  const valueOf = (total: number): number => (total === 0 ? 0 : spec.rule.value(total, spec.rank, spec.tags).value);
  const valueAt = mass.map((_, total) => valueOf(total));

  const byValue = new Map<number, number>();
  mass.forEach((p, total) => {
    const v = valueAt[total] ?? valueOf(total);
    if (p > 0) byValue.set(v, (byValue.get(v) ?? 0) + p);
  });
  const distribution = [...byValue.entries()].sort(([a], [b]) => a - b).map(([total, p]) => ({ total, p }));

  // Shift value − total over the cut tail (see riskyActionOdds).
  const tailFrom = threshold + chain.cutMinTotal;
  const tailShift = valueOf(tailFrom) - tailFrom;
  /** Exact E[value | Effect face f], the cut tail included. */
  const valueMean = (f: number): number => {
    if (f < threshold) return valueAt[f] ?? valueOf(f);
    let listed = 0;
    chain.p.forEach((px, x) => {
      listed += px * (valueAt[f + x] ?? valueOf(f + x));
    });
    return listed + (f + tailShift) * chain.cut + chain.cutMoment;
  };
  let expected = 0;
  let expectedLanding = 0;
  for (let f = 0; f <= 6; f++) {
    const pf = law.face[f] ?? 0;
    const pl = law.lands[f] ?? 0;
    if (pf === 0 && pl === 0) continue;
    const m = valueMean(f);
    expected += pf * m;
    expectedLanding += pl * m;
  }
  return { distribution, expected, expectedWhenLands: pLands > 0 ? expectedLanding / pLands : 0 };
}
