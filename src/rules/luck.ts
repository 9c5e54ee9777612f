/**
 * R-LUCK-1 how lucky a roll was: its percentile under its own pool's distribution,
 * P(a worse result) + ½·P(the same result), for the outcome and for the Effect, and the chance of
 * exactly this result. Ordinary luck is 0.5; the percentiles of fair dice average 0.5.
 *
 * - The outcome is ordered by the outcome ladder (R-RA-1, R-LEG-9): Fail < Success with a consequence
 *   < Success, read from the highest die of the throw (the best the dice offered; ruling, §11).
 * - The Effect is ordered by its die total, explosions included (R-RA-3, R-LEG-11), before the tier,
 *   floor, halving or bonus reads it (those are the tool's, not the dice's; ruling, §11).
 * - Where the player picks the Effect die after the throw (Core, Degenesis), the Effect's distribution
 *   is the one the roll dialog shows (src/rules/odds.ts): the default Effect die (R-RA-2: the highest
 *   remaining once the highest is the Precision), exploded (ruling, §11).
 *
 * Exact: an exploding total x is reached by finitely many chains (every die adds at least 1), so
 * P(total < x) and P(total = x) are finite sums over the faces and the chains up to x; nothing is cut
 * and nothing is sampled. The outcome's law comes from `pHighestAtMost` (odds.ts).
 */
import { assertFaces, highest } from "./dice.ts";
import { assertInteger, RulesError } from "./errors.ts";
import { explosionThreshold } from "./explosion.ts";
import { pHighestAtMost } from "./odds.ts";
import { BANDS, precisionBand } from "./resolution.ts";

/** One reading of luck: the percentile (0…1) and the chance of exactly this result. */
export interface Luck {
  readonly percentile: number;
  readonly chance: number;
}

/** A whole roll's luck: the outcome's and the Effect's percentiles (null when it has none) and the joint chance. */
export interface RollLuck {
  readonly outcome: number | null;
  readonly effect: number | null;
  /** The chance of exactly this result: the outcome and the Effect together when both. */
  readonly chance: number;
}

/** The most an observed Effect total may be: a chain this long has a chance far below any double's reach. */
export const LUCK_TOTAL_MAX = 600;

/**
 * R-LUCK-1 the rung of the outcome ladder a highest face reaches, by the Precision die's bands (R-RA-1
 * `precisionBand`): 0 Fail, 1 Success with a consequence, 2 Success; an empty pool's "highest" 0 is a Fail.
 */
export function outcomeRung(highestFace: number): number {
  assertInteger(highestFace, "The highest face", 0, 6);
  return highestFace === 0 ? 0 : BANDS.indexOf(precisionBand(highestFace));
}

/** R-LUCK-1 P(the highest of `dice` d6 is on each rung), from `pHighestAtMost` (R-RA-1). */
function rungLaw(dice: number): number[] {
  const law = BANDS.map(() => 0);
  for (let face = 0; face <= 6; face++) {
    const p = pHighestAtMost(face, dice) - (face === 0 ? 0 : pHighestAtMost(face - 1, dice));
    law[outcomeRung(face)] = (law[outcomeRung(face)] ?? 0) + p;
  }
  return law;
}

/** R-LUCK-1 the percentile of a discrete law (masses by rank, ascending) at rank `at`. */
function percentileAt(law: readonly number[], at: number): Luck {
  let worse = 0;
  for (let r = 0; r < at; r++) worse += law[r] ?? 0;
  const same = law[at] ?? 0;
  return { percentile: clamp01(worse + same / 2), chance: same };
}

function clamp01(p: number): number {
  return Math.min(1, Math.max(0, p));
}

/** R-LUCK-1 the outcome's luck: the rung of the highest of `faces` under the law of `faces.length` d6. */
export function outcomeLuck(faces: readonly number[]): Luck {
  const dice = assertFaces(faces, "A die");
  return percentileAt(rungLaw(dice.length), outcomeRung(highest(dice)));
}

/**
 * R-LUCK-1 / R-RA-3 the exact law of a fresh explosion chain's total (a d6; while the last die shows
 * `threshold` or more, another is added): `law[s]` = P(total = s) for s = 0…upTo. Every total is reached
 * by finitely many chains, so each entry is a finite sum.
 */
export function chainLaw(threshold: number, upTo: number): number[] {
  assertInteger(threshold, "The explosion threshold", 2, 6);
  assertInteger(upTo, "The largest total", 0, LUCK_TOTAL_MAX);
  // `exploding[s]`: mass of the prefixes (only exploding dice so far) summing to s.
  const exploding = new Array<number>(upTo + 1).fill(0);
  const law = new Array<number>(upTo + 1).fill(0);
  exploding[0] = 1;
  for (let s = 1; s <= upTo; s++) {
    for (let face = 1; face <= 6 && face <= s; face++) {
      const before = (exploding[s - face] ?? 0) / 6;
      if (face >= threshold) exploding[s] = (exploding[s] ?? 0) + before;
      else law[s] = (law[s] ?? 0) + before;
    }
  }
  return law;
}

/** The law of an Effect die's total given its face `f`: P(total < x) and P(total = x). */
function totalGivenFace(f: number, threshold: number, x: number, chain: readonly number[]): [number, number] {
  if (f < threshold) return [f < x ? 1 : 0, f === x ? 1 : 0];
  let below = 0;
  for (let s = 1; s < x - f; s++) below += chain[s] ?? 0;
  return [below, x - f >= 1 ? (chain[x - f] ?? 0) : 0];
}

/** Checks an observed Effect total: a whole number 1…LUCK_TOTAL_MAX. */
function assertTotal(total: number): number {
  return assertInteger(total, "The Effect's total", 1, LUCK_TOTAL_MAX);
}

/**
 * R-LUCK-1 the Effect's luck given the law of its die's face (`faceLaw[f]`, f = 1…6) and its exploding
 * threshold: the percentile of the observed total `total` (face and chain).
 */
export function effectLuck(faceLaw: readonly number[], threshold: number, total: number): Luck {
  assertLaw(faceLaw);
  const x = assertTotal(total);
  const chain = chainLaw(explosionAt(threshold), x);
  let worse = 0;
  let same = 0;
  for (let f = 1; f <= 6; f++) {
    const pf = faceLaw[f] ?? 0;
    if (pf === 0) continue;
    const [below, at] = totalGivenFace(f, threshold, x, chain);
    worse += pf * below;
    same += pf * at;
  }
  return { percentile: clamp01(worse + same / 2), chance: same };
}

/** A face law: an array of probabilities (0…1) for the faces 0…6, summing to at most 1. */
function assertLaw(law: readonly number[]): void {
  const values: readonly unknown[] = Array.isArray(law) ? law : [Number.NaN];
  let total = 0;
  for (const p of values) total += typeof p === "number" && p >= 0 && p <= 1 ? p : Number.NaN;
  const ok = values.length <= 7 && total <= 1 + 1e-9;
  if (!ok) throw new RulesError("out-of-range", "A face law must give each face a probability, 1 in all at most.");
}

function explosionAt(threshold: number): number {
  return assertInteger(threshold, "The explosion threshold", 2, 6);
}

/** R-LEG-11 the law of the kept face of `dice` d6 (the highest): (f/6)^n − ((f−1)/6)^n. */
export function keptFaceLaw(dice: number): number[] {
  assertInteger(dice, "The Effect dice", 1, 100);
  const law = [0];
  for (let f = 1; f <= 6; f++) law.push(pHighestAtMost(f, dice) - pHighestAtMost(f - 1, dice));
  return law;
}

/** P(highest ≤ a, second-highest ≤ b) of n ≥ 2 d6 (b > a reads as b = a). */
function jointCdf(a: number, b: number, n: number): number {
  if (a <= 0 || b <= 0) return 0;
  const c = Math.min(a, b);
  return Math.pow(c / 6, n) + n * ((a - c) / 6) * Math.pow(c / 6, n - 1);
}

/**
 * R-LUCK-1 / R-RA-1 / R-RA-2 the joint law of (highest face, default Effect face) of a combined throw:
 * `joint[a][f]`. A lone die with R-RA-2's setting on is both; n ≥ 2: the highest and the second-highest.
 */
function combinedJoint(n: number): number[][] {
  const joint = Array.from({ length: 7 }, () => new Array<number>(7).fill(0));
  for (let a = 1; a <= 6; a++) {
    const row = joint[a] ?? [];
    for (let f = 1; f <= 6; f++) {
      if (n === 1) row[f] = a === f ? 1 / 6 : 0;
      else
        row[f] = Math.max(
          0,
          jointCdf(a, f, n) - jointCdf(a - 1, f, n) - jointCdf(a, f - 1, n) + jointCdf(a - 1, f - 1, n),
        );
    }
  }
  return joint;
}

/** What a combined throw (Core, Degenesis: Precision and Effect from one throw) needs for its luck. */
export interface CombinedLuckInput {
  /** Every die of the pool, light then dark. */
  readonly faces: readonly number[];
  /** R-RA-3 / R-EQ-3 the Effect explodes on 5+ (Slaughter). */
  readonly slaughter: boolean;
  /** R-RA-2 (setting) a lone die is Precision and Effect. */
  readonly singleDieServesBoth: boolean;
  /**
   * The chain rolled for the Effect die the player chose, with that die's face; null before the
   * Effect is confirmed (then the Effect is known only when the default die does not explode).
   */
  readonly chosen: { readonly face: number; readonly chain: readonly number[] } | null;
}

/**
 * R-LUCK-1 the default Effect die's total (ruling, §11): its face, and when it explodes, the chain
 * rolled for the chosen die if that die exploded too (every chain is fresh dice, so its law does not
 * depend on which exploding die started it). Null when the pool has no Effect die or the chain is unknown.
 */
export function defaultEffectTotal(input: CombinedLuckInput): number | null {
  const faces = assertFaces(input.faces, "A die");
  const threshold = explosionThreshold(input.slaughter);
  const sorted = [...faces].sort((x, y) => y - x);
  const face = faces.length === 1 ? (input.singleDieServesBoth ? sorted[0] : undefined) : sorted[1];
  if (face === undefined) return null;
  if (face < threshold) return face;
  if (!input.chosen) return null;
  const chosen = assertFaces([input.chosen.face], "The chosen Effect die")[0] ?? 0;
  const chain = assertFaces(input.chosen.chain, "Explosion die");
  if (chosen < threshold) return null;
  const last = chain.at(-1);
  if (last === undefined || last >= threshold || chain.slice(0, -1).some((c) => c < threshold))
    throw new RulesError("bad-chain", "The explosion chain does not end where the rule says it does (R-RA-3).", {
      threshold,
    });
  return face + chain.reduce((t, c) => t + c, 0);
}

/**
 * R-LUCK-1 a combined throw's luck: the outcome (highest die), the default Effect (ruling, §11) and their joint chance.
 */
export function combinedRollLuck(input: CombinedLuckInput): RollLuck {
  const faces = assertFaces(input.faces, "A die");
  const n = faces.length;
  const outcome = outcomeLuck(faces);
  const total = defaultEffectTotal(input);
  if (n === 0 || total === null) return { outcome: outcome.percentile, effect: null, chance: outcome.chance };
  const threshold = explosionThreshold(input.slaughter);
  const joint = combinedJoint(n);
  const faceLaw = [0, 1, 2, 3, 4, 5, 6].map((f) => joint.reduce((t, row) => t + (row[f] ?? 0), 0));
  const effect = effectLuck(faceLaw, threshold, total);
  const rung = outcomeRung(highest(faces));
  const chain = chainLaw(threshold, total);
  let chance = 0;
  for (let a = 1; a <= 6; a++) {
    if (outcomeRung(a) !== rung) continue;
    for (let f = 1; f <= 6; f++) chance += (joint[a]?.[f] ?? 0) * totalGivenFace(f, threshold, total, chain)[1];
  }
  return { outcome: outcome.percentile, effect: effect.percentile, chance };
}

/**
 * R-LUCK-1 / R-LEG-11 a separate Effect roll's luck: `dice` d6, the highest kept, exploding on `explodeOn`; `total` =
 * kept + chain.
 */
export function keptExplodingLuck(dice: number, explodeOn: number, total: number): RollLuck {
  const luck = effectLuck(keptFaceLaw(dice), explodeOn, total);
  return { outcome: null, effect: luck.percentile, chance: luck.chance };
}

/** R-LUCK-1 / R-LEG-9 a throw whose outcome is its highest die and whose Effect is rolled apart (Legacy). */
export function separateRollLuck(faces: readonly number[]): RollLuck {
  const luck = outcomeLuck(faces);
  return { outcome: luck.percentile, effect: null, chance: luck.chance };
}
