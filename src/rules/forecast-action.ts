/**
 * The exact law of one Risky Action against a Challenge, for the forecast (forecast.ts): P(damage = v)
 * below any limit, "this much or more" being one outcome. Two shapes: `oneThrowAction` (Precision and
 * Effect from one throw, R-RA-1…R-RA-5) and `separateEffectAction` (the Effect a separate roll, R-LEG-9).
 */
import type { EffectRule, EffectTags, TierRank } from "./effect.ts";
import { assertInteger, RulesError } from "./errors.ts";
import { EXPLODE_ON, explosionThreshold } from "./explosion.ts";
import { BANDS, effectsThatLand, type Band } from "./resolution.ts";

/**
 * R-RA-3 how a law repeats itself past its first values: P(v) = Σ c · P(v − lag) over its `[lag, c]`
 * pairs (an exploding die's chain starts again on each explosion).
 */
export type Recurrence = readonly (readonly [lag: number, c: number])[];

/** A law over whole numbers ≥ 0, exact below any limit. */
export interface ValueLaw {
  /** The law's total probability (1 for a whole law, P(band) for the part of one band). */
  readonly total: number;
  /** `below(limit)[v]` = P(value = v) for v = 0 … limit − 1 (exact). P(value ≥ limit) = total − their sum. */
  below(limit: number): readonly number[];
  /** What its builder knows of its tail; the forecast checks it against the values before using it. */
  readonly recurrence?: Recurrence;
}

/** The law of one Risky Action: each band's probability and, within it, the law of the player's Effect that lands. */
export interface ActionLaw {
  /** R-RA-1 P(Fail), P(Success with a consequence), P(Success). */
  readonly band: Readonly<Record<Band, number>>;
  /**
   * P(band and the player's Effect that lands is v): the part of the band's law at each value. A band
   * on which the player's Effect does not land (R-RA-6 Fail) puts all its mass at 0.
   */
  readonly effect: Readonly<Record<Band, ValueLaw>>;
}

/** A Challenge's Effect (R-CH-2) as a law, with its exact mean. */
export interface MeanLaw extends ValueLaw {
  /** Exact expected value (closed form, the whole explosion tail included). */
  readonly mean: number;
}

/** The most values a law lists (a Disposition is at most 1000, armour 10: far below). */
export const LAW_LIMIT = 100_000;

/**
 * A law handed in (a ruleset's, a caller's): a probability as its total, a `below` to read it; RulesError otherwise.
 */
export function assertValueLaw<T extends ValueLaw>(law: T, what = "An Effect's law"): T {
  const total: unknown = law.total;
  if (typeof total !== "number" || !(total >= 0 && total <= 1 + 1e-9) || typeof law.below !== "function") {
    throw new RulesError("bad-distribution", `${what} is not a probability law.`, { what, total: String(total) });
  }
  return law;
}

/** A Challenge's Effect law: a whole law with a finite mean ≥ 0. */
export function assertMeanLaw(law: MeanLaw, what = "A Challenge's Effect law"): MeanLaw {
  assertValueLaw(law, what);
  const mean: unknown = law.mean;
  if (typeof mean !== "number" || !Number.isFinite(mean) || mean < 0) {
    throw new RulesError("bad-distribution", `${what} has no finite mean.`, { what, mean: String(mean) });
  }
  return law;
}

// ---------------------------------------------------------------------------------------------
// R-RA-3 the explosion chain of a fresh d6

const chainCache = new Map<number, number[]>();

/**
 * `P(chain total = x)` for x = 0 … limit − 1, where the chain is a fresh d6 that keeps exploding while
 * it shows `threshold` or more (R-RA-3). Exact: p(x) = [x < threshold, x ≥ 1]/6 + Σ_{f ≥ threshold} p(x − f)/6.
 */
export function chainMass(threshold: number, limit: number): readonly number[] {
  assertInteger(threshold, "The explosion threshold", 2, 6);
  assertInteger(limit, "A limit", 0, LAW_LIMIT);
  const cached = chainCache.get(threshold) ?? [];
  for (let x = cached.length; x < limit; x++) {
    let p = x >= 1 && x < threshold ? 1 / 6 : 0;
    for (let f = threshold; f <= 6; f++) if (x - f >= 0) p += (cached[x - f] ?? 0) / 6;
    cached[x] = p;
  }
  chainCache.set(threshold, cached);
  return cached.slice(0, limit);
}

/** Exact mean of a fresh chain: 3.5 / (1 − q), q = P(face ≥ threshold). */
export function chainMean(threshold: number): number {
  assertInteger(threshold, "The explosion threshold", 2, 6);
  return 3.5 / (1 - (7 - threshold) / 6);
}

/** R-RA-3 the chain's own recurrence: past the first die, P(x) = Σ_{f ≥ threshold} P(x − f) / 6. */
function chainRecurrence(threshold: number): Recurrence {
  return Array.from({ length: 7 - threshold }, (_, i) => [threshold + i, 1 / 6] as const);
}

/**
 * The recurrence of ⌈t / 2⌉ (or ⌊t / 2⌋) read off a law of t: even lags halve; otherwise the even part
 * of B(z)·B(−z), B(z) = 1 − Σ c·z^lag, is a denominator in z².
 */
function halvedRecurrence(rec: Recurrence): Recurrence {
  if (rec.every(([lag]) => lag % 2 === 0)) return rec.map(([lag, c]) => [lag / 2, c] as const);
  const top = Math.max(...rec.map(([lag]) => lag));
  const b = new Array<number>(top + 1).fill(0);
  b[0] = 1;
  for (const [lag, c] of rec) b[lag] = (b[lag] ?? 0) - c;
  const product = new Array<number>(2 * top + 1).fill(0);
  b.forEach((x, i) => b.forEach((y, j) => (product[i + j] = (product[i + j] ?? 0) + x * y * (j % 2 === 0 ? 1 : -1))));
  const out: [number, number][] = [];
  for (let i = 1; 2 * i < product.length; i++) if ((product[2 * i] ?? 0) !== 0) out.push([i, -(product[2 * i] ?? 0)]);
  return out;
}

/**
 * The recurrence of a law of totals read through a non-decreasing `value`: kept when far totals
 * step by one (a tier added, a floor passed), halved when they step by one per two (d/2), else unknown.
 */
function mappedRecurrence(rec: Recurrence, value: (total: number) => number): Recurrence | undefined {
  const far = 12_000;
  const step = value(far + 12) - value(far);
  return step === 12 ? rec : step === 6 ? halvedRecurrence(rec) : undefined;
}

/** The law of a die showing `face` and its chain: `face` itself below the threshold, else face + a fresh chain. */
function dieTotalMass(face: number, threshold: number, limit: number): number[] {
  const out = new Array<number>(limit).fill(0);
  if (face < threshold) {
    if (face < limit) out[face] = 1;
    return out;
  }
  const chain = chainMass(threshold, Math.max(0, limit - face));
  chain.forEach((p, x) => {
    out[face + x] = p;
  });
  return out;
}

// ---------------------------------------------------------------------------------------------
// R-RA-1, R-RA-2: the joint law of (Precision face, Effect face)

/** P(highest ≤ a and second-highest ≤ b) for n ≥ 2 dice. */
function jointAtMost(a: number, b: number, n: number): number {
  if (a <= 0 || b <= 0) return 0;
  if (b >= a) return Math.pow(a / 6, n);
  return Math.pow(b / 6, n) + n * ((a - b) / 6) * Math.pow(b / 6, n - 1);
}

/**
 * `joint[a][b]` = P(Precision face a, Effect face b), a, b = 0 … 6 (0 = no such die): R-POOL-5 an empty
 * pool has neither; a lone die is both (R-RA-2 setting on) or leaves no Effect die (off); two dice or
 * more: the highest and the highest remaining.
 */
export function precisionEffectLaw(dice: number, singleDieServesBoth: boolean): number[][] {
  assertInteger(dice, "The number of dice", 0);
  const joint = Array.from({ length: 7 }, () => new Array<number>(7).fill(0));
  const set = (a: number, b: number, p: number): void => {
    const row = joint[a];
    if (row) row[b] = p;
  };
  if (dice === 0) {
    set(0, 0, 1);
  } else if (dice === 1) {
    for (let f = 1; f <= 6; f++) set(f, singleDieServesBoth ? f : 0, 1 / 6);
  } else {
    for (let a = 1; a <= 6; a++) {
      for (let b = 1; b <= a; b++) {
        const p =
          jointAtMost(a, b, dice) -
          jointAtMost(a - 1, b, dice) -
          jointAtMost(a, b - 1, dice) +
          jointAtMost(a - 1, b - 1, dice);
        set(a, b, Math.max(0, p));
      }
    }
  }
  return joint;
}

/** R-RA-1 the band of a Precision face (an empty pool, face 0, fails: R-POOL-5). */
function bandOf(face: number): Band {
  return face <= 3 ? "fail" : face <= 5 ? "partial" : "success";
}

// ---------------------------------------------------------------------------------------------
// Laws

/** A law built by a function from a limit to the masses below it, memoising the longest asked. */
function lazyLaw(total: number, compute: (limit: number) => number[], recurrence?: Recurrence): ValueLaw {
  let known: number[] = [];
  return {
    total,
    below(limit) {
      assertInteger(limit, "A limit", 0, LAW_LIMIT);
      if (limit > known.length) known = compute(limit);
      return known.slice(0, limit);
    },
    ...(recurrence ? { recurrence } : {}),
  };
}

/** A band where the player's Effect does not land: all its mass at 0. */
function atZero(total: number): ValueLaw {
  return lazyLaw(total, (limit) => {
    const out = new Array<number>(limit).fill(0);
    if (limit > 0) out[0] = total;
    return out;
  });
}

/**
 * Maps a law of die totals through a non-decreasing `value` (both tier rules are: R-RA-4 adds a
 * constant above its 0 clamp, R-RA-5 takes the max with a floor): the totals needed for every value
 * below `limit` are those up to the first total whose value reaches `limit`.
 */
function mapLaw(totalMass: (limit: number) => number[], value: (total: number) => number, limit: number): number[] {
  let top = 0;
  while (value(top) < limit) top++;
  const totals = totalMass(top);
  const out = new Array<number>(limit).fill(0);
  totals.forEach((p, t) => {
    const v = value(t);
    if (v < limit) out[v] = (out[v] ?? 0) + p;
  });
  return out;
}

/** What a one-throw Risky Action (Core, Degenesis) is made with. */
export interface OneThrowApproach {
  /** Light Dice, 0–4 (already clamped, R-POOL-3). */
  readonly light: number;
  /** Dark Dice, ≥ 0 (R-POOL-4). */
  readonly dark: number;
  /** The Effect tier rank (R-RA-4 / R-RA-5), the weapon's or the approach's. */
  readonly rank: TierRank;
  readonly tags?: EffectTags;
  /** R-EQ-3 the Effect die explodes on 5+. */
  readonly slaughter?: boolean;
  /** R-RA-2 setting (default on): a lone die is both Precision and Effect. */
  readonly singleDieServesBoth?: boolean;
}

/**
 * R-RA-1 … R-RA-6 the exact law of a one-throw Risky Action: the band from the Precision die, the
 * player's Effect from the Effect die's chain read through `rule` (landing on Success, with or without
 * a consequence). A total of 0 (no Effect die) is no Effect: 0, no floor (as odds.ts reads it).
 */
export function oneThrowAction(
  rule: EffectRule,
  approach: OneThrowApproach,
  threshold = explosionThreshold(approach.slaughter ?? false),
): ActionLaw {
  const light = assertInteger(approach.light, "Light Dice", 0, 4);
  const dark = assertInteger(approach.dark, "Dark Dice", 0);
  assertInteger(threshold, "The explosion threshold", 2, 6);
  rule.value(1, approach.rank, approach.tags); // refuses a bad rank now, not on the first render
  const joint = precisionEffectLaw(light + dark, approach.singleDieServesBoth ?? true);
  // R-V-12 a partial success's Effect is read with `partial` (only an approach row halves on it).
  const valueIn = (b: Band) => {
    const tags = { ...approach.tags, partial: b === "partial" };
    return (total: number): number => (total === 0 ? 0 : rule.value(total, approach.rank, tags).value);
  };

  const band: Record<Band, number> = { fail: 0, partial: 0, success: 0 };
  joint.forEach((row, a) => row.forEach((p) => (band[bandOf(a)] += p)));

  const lawOf = (b: Band): ValueLaw => {
    if (!effectsThatLand(b).player) return atZero(band[b]);
    const totals = (limit: number): number[] => {
      const out = new Array<number>(limit).fill(0);
      joint.forEach((row, a) => {
        if (bandOf(a) !== b) return;
        row.forEach((p, face) => {
          if (p === 0) return;
          dieTotalMass(face, threshold, limit).forEach((q, t) => {
            out[t] = (out[t] ?? 0) + p * q;
          });
        });
      });
      return out;
    };
    const value = valueIn(b);
    return lazyLaw(
      band[b],
      (limit) => mapLaw(totals, value, limit),
      mappedRecurrence(chainRecurrence(threshold), value),
    );
  };
  return { band, effect: { fail: lawOf("fail"), partial: lawOf("partial"), success: lawOf("success") } };
}

/**
 * An action whose outcome comes from a throw of `light + dark` dice (R-RA-1, highest die) and whose
 * Effect is a separate roll with the law `effect` (independent of the throw), landing as R-RA-6 says.
 * Legacy's shape: the Effect dice of the tool are rolled apart from the Risky Action.
 */
export function separateEffectAction(light: number, dark: number, effect: ValueLaw): ActionLaw {
  const n = assertInteger(light, "Light Dice", 0, 4) + assertInteger(dark, "Dark Dice", 0);
  assertValueLaw(effect);
  if (!(effect.total > 0))
    throw new RulesError("bad-distribution", "An Effect roll's law has no mass.", { total: effect.total });
  const fail = n === 0 ? 1 : Math.pow(3 / 6, n);
  const atMostFive = n === 0 ? 1 : Math.pow(5 / 6, n);
  const band: Record<Band, number> = {
    fail,
    partial: Math.max(0, atMostFive - fail),
    success: Math.max(0, 1 - atMostFive),
  };
  const lawOf = (b: Band): ValueLaw =>
    effectsThatLand(b).player
      ? lazyLaw(band[b], (limit) => effect.below(limit).map((p) => (p * band[b]) / effect.total), effect.recurrence)
      : atZero(band[b]);
  return { band, effect: { fail: lawOf("fail"), partial: lawOf("partial"), success: lawOf("success") } };
}

/** P(kept total = t), t < limit: the highest of `dice` d6, exploding while it shows `threshold` or more. */
function keptHighestTotals(dice: number, threshold: number, limit: number): number[] {
  const pFace = (f: number): number => Math.pow(f / 6, dice) - Math.pow((f - 1) / 6, dice);
  const out = new Array<number>(limit).fill(0);
  for (let f = 1; f <= 6; f++)
    dieTotalMass(f, threshold, limit).forEach((q, t) => (out[t] = (out[t] ?? 0) + pFace(f) * q));
  return out;
}

/**
 * R-LEG-11 the exact law of a separate Effect roll: the highest of `dice` d6, exploding while it shows
 * `threshold` or more, its total read through the ruleset's Effect rule (Legacy's tools halve a
 * Lesser tool's total and add a Normal tool's two-handed +1: `toolTiers` in effect.ts).
 */
export function rolledEffectLaw(
  rule: EffectRule,
  dice: number,
  threshold: number,
  rank: TierRank,
  tags?: EffectTags,
): ValueLaw {
  const n = assertInteger(dice, "Effect dice", 1, 100);
  assertInteger(threshold, "The explosion threshold", 2, 6);
  rule.value(1, rank, tags); // refuses a bad rank now
  const value = (total: number): number => rule.value(total, rank, tags).value;
  const recurrence = mappedRecurrence(chainRecurrence(threshold), value);
  return lazyLaw(1, (limit) => mapLaw((l) => keptHighestTotals(n, threshold, l), value, limit), recurrence);
}

/** Effect dice read as R-CH-2 reads a Challenge's: `dice` d6, the highest kept, exploding on 6; `halved` is d/2. */
export interface KeptHighestDice {
  /** Dice thrown (one for d/2). */
  readonly dice: number;
  /** d/2: one exploding d6, halved, rounded up. */
  readonly halved: boolean;
  /** Added after (Legacy's 1d+1 held two-handed); default 0. */
  readonly bonus?: number;
}

/**
 * R-CH-2 the exact law of an Effect made of the highest of `dice` d6, exploding on 6 (d/2: one such die
 * halved, rounded up), plus `bonus`. No dice (and not d/2): no Effect, 0. Its mean is exact: the kept
 * face, and on a 6 the chain's mean 4.2 (3.5 / (1 − 1/6)); halving adds half of P(total odd), which is
 * 1/2 below 6 for odd faces and 3/5 for a chain (its last die is 1–5, each as likely).
 */
export function keptHighestLaw(spec: KeptHighestDice): MeanLaw {
  const n = spec.halved ? 1 : assertInteger(spec.dice, "Effect dice", 0, 100);
  const bonus = assertInteger(spec.bonus ?? 0, "An Effect bonus", 0, 100);
  if (n === 0) {
    return {
      ...lazyLaw(1, (limit) => new Array<number>(limit).fill(0).map((_, v) => (v === bonus ? 1 : 0))),
      mean: bonus,
    };
  }
  const pFace = (f: number): number => Math.pow(f / 6, n) - Math.pow((f - 1) / 6, n);
  const read = (total: number): number => (spec.halved ? Math.ceil(total / 2) : total) + bonus;
  const totals = (limit: number): number[] => keptHighestTotals(n, EXPLODE_ON, limit);
  const chain = chainMean(EXPLODE_ON);
  let mean = bonus;
  for (let f = 1; f <= 6; f++) {
    const total = f < EXPLODE_ON ? f : f + chain;
    const odd = f < EXPLODE_ON ? f % 2 : 3 / 5; // P(total odd): a 6's chain ends on 1–5
    mean += pFace(f) * (spec.halved ? (total + odd) / 2 : total);
  }
  const recurrence = mappedRecurrence(chainRecurrence(EXPLODE_ON), read);
  return { ...lazyLaw(1, (limit) => mapLaw(totals, read, limit), recurrence), mean };
}

/** R-HARM-1 E[max(0, X − armour)] = E[X] − Σ_{v < armour} … exactly, from the mean and the values below the armour. */
export function meanAfterArmour(law: MeanLaw, armour: number): number {
  assertMeanLaw(law);
  const a = assertInteger(armour, "Armour", 0, LAW_LIMIT);
  // E[max(0, X − a)] = E[X] − a·total + Σ_{v < a} (a − v)·P(v).
  let correction = 0;
  law.below(a).forEach((p, v) => (correction += (a - v) * p));
  return Math.max(0, law.mean - a * law.total + correction);
}

/** Checks an action law's bands sum to 1 (a guard for laws a ruleset supplies). */
export function assertActionLaw(law: ActionLaw): ActionLaw {
  BANDS.forEach((b) => assertValueLaw(law.effect[b], "A band's Effect law"));
  const sum = BANDS.reduce((t, b) => t + law.band[b], 0);
  if (!(Math.abs(sum - 1) < 1e-9) || BANDS.some((b) => !(law.band[b] >= 0) || law.effect[b].total !== law.band[b])) {
    throw new RulesError("bad-distribution", "An action's outcome law does not add up to 1.", { sum });
  }
  return law;
}
