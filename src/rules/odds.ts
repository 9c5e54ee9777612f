/**
 * Exact odds of a Risky Action (R-RA-1 … R-RA-6, R-POOL-5, R-EGO-2, R-SAY-1) for the roll dialog: closed forms and
 * exact sums, no sampling. Only the explosion tail (R-RA-3) is cut, below `TAIL_EPSILON`, and reported as `tailCut`;
 * expected values are exact, tail included. Precision is the pool's highest die, the Effect die the second-highest
 * (R-RA-1, R-RA-2).
 */
import type { EffectRule, EffectTags, TierRank } from "./effect.ts";
import { assertInteger } from "./errors.ts";
import { explosionThreshold } from "./explosion.ts";

/** R-RA-3 the explosion tail is cut once the mass of the chains not yet listed is below this. */
export const TAIL_EPSILON = 1e-9;

export interface OddsInput {
  /** R-POOL-3 already clamped. */
  readonly light: number;
  /** R-POOL-4 */
  readonly dark: number;
  /** R-EGO-2 the Ego at the throw. */
  readonly ego: number;
  /** R-RA-3 / R-EQ-3: explodes on 5+. */
  readonly slaughter?: boolean;
  /** R-SAY-1: a Dark Die costs Ego only on a 1. */
  readonly sayonara?: boolean;
  /** R-RA-2 setting (default true): a lone die is Precision and Effect; false: no Effect. */
  readonly singleDieServesBoth?: boolean;
  /** R-RA-4 / R-RA-5 also the Effect value after the ruleset's tier. */
  readonly effect?: { readonly rule: EffectRule; readonly rank: TierRank; readonly tags?: EffectTags };
}

export interface OddsPoint {
  readonly total: number;
  readonly p: number;
}

export interface EffectValueOdds {
  /** Ascending; the same tail cut as the die total. */
  readonly distribution: readonly OddsPoint[];
  readonly expected: number;
  /** Given that the Effect lands (Precision ≥ 4); 0 if it never does. */
  readonly expectedWhenLands: number;
}

export interface Odds {
  readonly dice: number;
  /** R-POOL-5 nothing is thrown. */
  readonly empty: boolean;
  /** R-RA-1 */
  readonly outcome: { readonly fail: number; readonly partial: number; readonly success: number };
  readonly effect: {
    /** R-RA-2, R-RA-3 the die total with explosions, ascending, possible totals only; sums to 1 − `tailCut`. */
    readonly distribution: readonly OddsPoint[];
    /** Closed form, tail included. */
    readonly expected: number;
    readonly tailCut: number;
    readonly tailEpsilon: typeof TAIL_EPSILON;
    /** R-RA-6 P(Precision ≥ 4 and there is an Effect die). */
    readonly pLands: number;
    /** 0 when it can never land. */
    readonly expectedWhenLands: number;
    readonly value?: EffectValueOdds;
  };
  /** R-EGO-2, R-EGO-3, R-SAY-1. */
  readonly ego: EgoLossOdds;
}

/** R-RA-1 (k/6)^n; no dice: 1. */
export function pHighestAtMost(k: number, n: number): number {
  assertInteger(k, "The face limit", 0, 6);
  assertInteger(n, "The number of dice", 0);
  return n === 0 ? 1 : Math.pow(k / 6, n);
}

// R-RA-3 the explosion chain of one fresh d6, memoised per threshold.

interface Chain {
  /** For the chains kept (fewer than `levels` explosions). */
  readonly p: readonly number[];
  /** 3.5 / (1 − q), q = P(face ≥ threshold). */
  readonly mean: number;
  /** q^levels < TAIL_EPSILON. */
  readonly cut: number;
  /** mean − Σ x·p[x]. */
  readonly cutMoment: number;
  /**
   * Σ (−1)^x over the cut tail: E[(−1)^X] = h / (1 − g), g and h the signed masses of the faces that do and do not
   * explode, less the listed part.
   */
  readonly cutSigned: number;
  readonly cutMinTotal: number;
}

const chains = new Map<number, Chain>();

/** Levels j = 0, 1, … (j exploding dice, then one that does not) until q^j < TAIL_EPSILON. */
function chainFor(threshold: number): Chain {
  const cached = chains.get(threshold);
  if (cached) return cached;
  const q = (7 - threshold) / 6;
  const p: number[] = [];
  const add = (x: number, mass: number): void => {
    p[x] = (p[x] ?? 0) + mass;
  };
  // Mass of j exploding dice summing to s.
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
  let listedSigned = 0;
  p.forEach((mass, x) => {
    listedMoment += x * mass;
    listedSigned += (-1) ** x * mass;
  });
  let g = 0;
  let h = 0;
  for (let face = 1; face <= 6; face++) {
    if (face >= threshold) g += (-1) ** face / 6;
    else h += (-1) ** face / 6;
  }
  const chain: Chain = {
    p,
    mean,
    cut: remaining,
    cutMoment: mean - listedMoment,
    cutSigned: h / (1 - g) - listedSigned,
    cutMinTotal: levels * threshold + 1,
  };
  chains.set(threshold, chain);
  return chain;
}

export interface ExplodingDieOdds {
  /** Ascending totals; sums to 1 − `tailCut`. */
  readonly distribution: readonly OddsPoint[];
  readonly tailCut: number;
  /** Closed form, tail included. */
  readonly expected: number;
  /** The totals the cut tail starts from. */
  readonly tailFrom: number;
}

/** R-RA-3 one fresh d6 exploding on `threshold`+ (6, or 5 with Slaughter). */
export function explodingDieOdds(threshold: number): ExplodingDieOdds {
  const chain = chainFor(assertInteger(threshold, "The explosion threshold", 2, 6));
  return {
    distribution: toPoints(chain.p),
    tailCut: chain.cut,
    expected: chain.mean,
    tailFrom: chain.cutMinTotal,
  };
}

// R-RA-1, R-RA-2, R-RA-6 the Effect face's law, alone and with Precision ≥ 4.

interface FaceLaw {
  readonly face: readonly number[];
  readonly lands: readonly number[];
  /** R-V-12 of `lands`, those with a Precision of 4–5. */
  readonly partial: readonly number[];
}

/** P(highest ≤ a, second ≤ b), n ≥ 2, b ≤ a: (b/6)^n + n·((a−b)/6)·(b/6)^(n−1). */
function jointAtMost(a: number, b: number, n: number): number {
  const low = b / 6;
  return Math.pow(low, n) + n * ((a - b) / 6) * Math.pow(low, n - 1);
}

function faceLaw(n: number, singleDieServesBoth: boolean): FaceLaw {
  const face = [0, 0, 0, 0, 0, 0, 0];
  const lands = [0, 0, 0, 0, 0, 0, 0];
  const partial = [0, 0, 0, 0, 0, 0, 0];
  if (n === 0) {
    // R-POOL-5
    face[0] = 1;
  } else if (n === 1) {
    if (singleDieServesBoth) {
      // R-RA-2 setting on: it lands on 4+.
      for (let f = 1; f <= 6; f++) {
        face[f] = 1 / 6;
        lands[f] = f >= 4 ? 1 / 6 : 0;
        partial[f] = f === 4 || f === 5 ? 1 / 6 : 0;
      }
    } else {
      // R-RA-2 setting off.
      face[0] = 1;
    }
  } else {
    // P(M2 ≤ b) = joint(6, b); with Precision ≤ 3: joint(3, min(b, 3)).
    for (let b = 1; b <= 6; b++) {
      const all = jointAtMost(6, b, n) - jointAtMost(6, b - 1, n);
      const failing = b <= 3 ? jointAtMost(3, b, n) - jointAtMost(3, b - 1, n) : 0;
      const belowSix = b <= 5 ? jointAtMost(5, b, n) - jointAtMost(5, b - 1, n) : 0;
      face[b] = Math.max(0, all);
      lands[b] = Math.max(0, all - failing);
      partial[b] = Math.max(0, belowSix - failing);
    }
  }
  return { face, lands, partial };
}

// ---------------------------------------------------------------------------------------------
// R-EGO-2, R-EGO-3, R-SAY-1, R-LEG-8, R-LEG-14

export interface EgoLossOdds {
  readonly expectedLoss: number;
  readonly pLoseAny: number;
  /** R-EGO-3 / R-LEG-7 the character is lost; 1 when Ego is already 0. */
  readonly pZero: number;
}

/**
 * The law of the rules' `spendEgo` (R-EGO-2, R-LEG-8, R-SAY-1, R-LEG-14): min(cost × costly dice, Ego), an exact
 * binomial sum.
 */
export function egoLossOdds(dark: number, ego: number, cost = 1, sayonara = false): EgoLossOdds {
  const n = assertInteger(dark, "Dark Dice", 0);
  const e = assertInteger(ego, "Ego", 0, 100);
  const c = assertInteger(cost, "The Ego per Dark Die", 1, 10);
  // R-EGO-3
  if (e === 0) return { expectedLoss: 0, pLoseAny: 0, pZero: 1 };
  const p = sayonara ? 1 / 6 : Math.min(e, 6) / 6;
  // Ego reaches 0 from `reach` costly dice on.
  const reach = Math.ceil(e / c);
  if (p === 1) {
    const loss = Math.min(c * n, e);
    return { expectedLoss: loss, pLoseAny: n > 0 ? 1 : 0, pZero: loss === e ? 1 : 0 };
  }
  // P(k+1)/P(k) = (n − k)·p / ((k + 1)·(1 − p)); only k < reach matter, unless that is most of the mass.
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
    // A small upper tail is summed directly, not lost to 1 − massBelow; the median is below reach ≤ 100.
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
 * A total of 0 (no Effect die) has value 0, no floor. The value's expectation is exact since `value(total) − total`
 * is constant over the cut tail (79+ on 6, 101+ on 5+) for both R-RA-4 and R-RA-5.
 */
export function riskyActionOdds(input: OddsInput): Odds {
  validate(input);
  const { light, dark, ego } = input;
  const n = light + dark;
  const threshold = explosionThreshold(input.slaughter ?? false);
  const chain = chainFor(threshold);
  const law = faceLaw(n, input.singleDieServesBoth ?? true);

  const fail = pHighestAtMost(3, n);
  const atMostFive = pHighestAtMost(5, n);
  const outcome = { fail, partial: Math.max(0, atMostFive - fail), success: 1 - atMostFive };
  const pLands = law.lands.reduce((t, p) => t + p, 0);

  // R-RA-3 a face at or above the threshold adds a fresh chain.
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
  const value = input.effect ? valueOdds(input.effect, law, threshold, chain, pLands) : undefined;

  return {
    dice: n,
    empty: n === 0,
    outcome,
    effect: value ? { ...effect, value } : effect,
    ego: egoLossOdds(dark, ego, 1, input.sayonara ?? false),
  };
}

/**
 * R-RA-4, R-RA-5, R-V-12 the Effect value's law: a throw's Effect is read with `partial` when its Precision is
 * 4–5 (only an approach row halves on it), else as a success.
 */
function valueOdds(
  spec: NonNullable<OddsInput["effect"]>,
  law: FaceLaw,
  threshold: number,
  chain: Chain,
  pLands: number,
): EffectValueOdds {
  const whole = {
    face: law.face.map((p, f) => p - (law.partial[f] ?? 0)),
    lands: law.lands.map((p, f) => p - (law.partial[f] ?? 0)),
  };
  const halved = { face: law.partial, lands: law.partial };
  const parts = [
    readingOdds(spec, spec.tags ?? {}, whole, threshold, chain),
    readingOdds(spec, { ...spec.tags, partial: true }, halved, threshold, chain),
  ];
  const byValue = new Map<number, number>();
  for (const part of parts) part.byValue.forEach((p, v) => byValue.set(v, (byValue.get(v) ?? 0) + p));
  const distribution = [...byValue.entries()].sort(([a], [b]) => a - b).map(([total, p]) => ({ total, p }));
  const expected = parts.reduce((t, part) => t + part.expected, 0);
  const landing = parts.reduce((t, part) => t + part.expectedLanding, 0);
  return { distribution, expected, expectedWhenLands: pLands > 0 ? landing / pLands : 0 };
}

/**
 * Σ p(x) · value(f + x) over the chain's cut tail, exact for the two forms a tier gives there: the total plus a
 * constant, or half of it rounded (value(t + 2) = value(t) + 1), read off the tail's parity.
 */
function tailMean(valueOf: (total: number) => number, f: number, tailFrom: number, chain: Chain): number {
  const atFrom = valueOf(tailFrom);
  const step = valueOf(tailFrom + 2) - atFrom;
  if (step === 2) return (f + atFrom - tailFrom) * chain.cut + chain.cutMoment;
  if (step !== 1) throw new Error(`an Effect value that grows by ${step} per two totals has no tail form`);
  const even = tailFrom % 2 === 0 ? tailFrom : tailFrom + 1;
  const odd = even === tailFrom ? tailFrom + 1 : tailFrom;
  const pEven = (chain.cut + (-1) ** f * chain.cutSigned) / 2;
  const pOdd = chain.cut - pEven;
  const half = (f * chain.cut + chain.cutMoment) / 2;
  return half + (valueOf(even) - even / 2) * pEven + (valueOf(odd) - odd / 2) * pOdd;
}

interface ReadingOdds {
  readonly byValue: ReadonlyMap<number, number>;
  /** Σ P · value over the faces given, unnormalised. */
  readonly expected: number;
  readonly expectedLanding: number;
}

/** The value law of the throws weighted by `faces`, each Effect read with `tags`. */
function readingOdds(
  spec: NonNullable<OddsInput["effect"]>,
  tags: EffectTags,
  faces: { readonly face: readonly number[]; readonly lands: readonly number[] },
  threshold: number,
  chain: Chain,
): ReadingOdds {
  // R-POOL-5, R-RA-2 off: no Effect, not even a floor.
  const valueOf = (total: number): number => (total === 0 ? 0 : spec.rule.value(total, spec.rank, tags).value);
  const byValue = new Map<number, number>();
  const add = (total: number, p: number): void => {
    if (p > 0) byValue.set(valueOf(total), (byValue.get(valueOf(total)) ?? 0) + p);
  };
  // See riskyActionOdds: past the tail's start the value is the total plus a constant, or (halved) half of it.
  const tailFrom = threshold + chain.cutMinTotal;
  const valueMean = (f: number): number => {
    if (f < threshold) return valueOf(f);
    let listed = 0;
    chain.p.forEach((px, x) => {
      listed += px * valueOf(f + x);
    });
    return listed + tailMean(valueOf, f, tailFrom, chain);
  };
  let expected = 0;
  let expectedLanding = 0;
  for (let f = 0; f <= 6; f++) {
    const pf = faces.face[f] ?? 0;
    const pl = faces.lands[f] ?? 0;
    if (f < threshold) add(f, pf);
    else chain.p.forEach((px, x) => add(f + x, pf * px));
    if (pf === 0 && pl === 0) continue;
    const m = valueMean(f);
    expected += pf * m;
    expectedLanding += pl * m;
  }
  return { byValue, expected, expectedLanding };
}
