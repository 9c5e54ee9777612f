/**
 * R-LUCK-1 how lucky a roll was: its percentile P(worse) + ½·P(same) under its own pool's law, for the outcome
 * and the Effect (which orderings and which Effect die: ruling, §11). Exact: an exploding total is reached by
 * finitely many chains, so nothing is cut or sampled.
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

/** Null where the roll has no outcome or no Effect. */
export interface RollLuck {
  readonly outcome: number | null;
  readonly effect: number | null;
  /** The outcome and the Effect together when both. */
  readonly chance: number;
}

/** The most an observed Effect total may be (a longer chain is far below any double's reach). */
export const LUCK_TOTAL_MAX = 600;

/**
 * R-LUCK-1 / R-RA-1 the rung of the outcome ladder (0 Fail, 1 with a consequence, 2 Success); an empty pool's 0
 * is a Fail.
 */
export function outcomeRung(highestFace: number): number {
  assertInteger(highestFace, "The highest face", 0, 6);
  return highestFace === 0 ? 0 : BANDS.indexOf(precisionBand(highestFace));
}

/** R-LUCK-1 */
function rungLaw(dice: number): number[] {
  const law = BANDS.map(() => 0);
  for (let face = 0; face <= 6; face++) {
    const p = pHighestAtMost(face, dice) - (face === 0 ? 0 : pHighestAtMost(face - 1, dice));
    law[outcomeRung(face)] = (law[outcomeRung(face)] ?? 0) + p;
  }
  return law;
}

/** Masses by rank, ascending. */
function percentileAt(law: readonly number[], at: number): Luck {
  let worse = 0;
  for (let r = 0; r < at; r++) worse += law[r] ?? 0;
  const same = law[at] ?? 0;
  return { percentile: clamp01(worse + same / 2), chance: same };
}

function clamp01(p: number): number {
  return Math.min(1, Math.max(0, p));
}

/** R-LUCK-1 */
export function outcomeLuck(faces: readonly number[]): Luck {
  const dice = assertFaces(faces, "A die");
  return percentileAt(rungLaw(dice.length), outcomeRung(highest(dice)));
}

/** R-LUCK-1 / R-RA-3 `law[s]` = P(a fresh chain totals s), s = 0…upTo. */
export function chainLaw(threshold: number, upTo: number): number[] {
  assertInteger(threshold, "The explosion threshold", 2, 6);
  assertInteger(upTo, "The largest total", 0, LUCK_TOTAL_MAX);
  // Mass of the prefixes of exploding dice only, summing to s.
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

/** [P(total < x), P(total = x)] of an Effect die showing `f`. */
function totalGivenFace(f: number, threshold: number, x: number, chain: readonly number[]): [number, number] {
  if (f < threshold) return [f < x ? 1 : 0, f === x ? 1 : 0];
  let below = 0;
  for (let s = 1; s < x - f; s++) below += chain[s] ?? 0;
  return [below, x - f >= 1 ? (chain[x - f] ?? 0) : 0];
}

function assertTotal(total: number): number {
  return assertInteger(total, "The Effect's total", 1, LUCK_TOTAL_MAX);
}

/** R-LUCK-1 by the law of the die's face (`faceLaw[f]`, f = 1…6) and its threshold. */
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

/** Probabilities for the faces 0…6, summing to at most 1. */
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

/** R-LEG-11 the kept (highest) face of `dice` d6. */
export function keptFaceLaw(dice: number): number[] {
  assertInteger(dice, "The Effect dice", 1, 100);
  const law = [0];
  for (let f = 1; f <= 6; f++) law.push(pHighestAtMost(f, dice) - pHighestAtMost(f - 1, dice));
  return law;
}

/** b > a reads as b = a. */
function jointCdf(a: number, b: number, n: number): number {
  if (a <= 0 || b <= 0) return 0;
  const c = Math.min(a, b);
  return Math.pow(c / 6, n) + n * ((a - c) / 6) * Math.pow(c / 6, n - 1);
}

/** R-LUCK-1 / R-RA-1 / R-RA-2 `joint[a][f]`: P(highest a, default Effect face f) of a combined throw. */
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

/** Core, Degenesis: Precision and Effect from one throw. */
export interface CombinedLuckInput {
  /** Light then dark. */
  readonly faces: readonly number[];
  /** R-RA-3 / R-EQ-3 */
  readonly slaughter: boolean;
  /** R-RA-2 (setting) */
  readonly singleDieServesBoth: boolean;
  /** The chosen Effect die's face and chain; null before the Effect is confirmed. */
  readonly chosen: { readonly face: number; readonly chain: readonly number[] } | null;
}

/**
 * R-LUCK-1 (ruling, §11) the default Effect die's total; an exploding one borrows the chosen die's chain
 * (chains are fresh dice, so the law is the same). Null when there is no Effect die or the chain is unknown.
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

/** R-LUCK-1 (ruling, §11) */
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

/** R-LUCK-1 / R-LEG-11 `total` = kept + chain. */
export function keptExplodingLuck(dice: number, explodeOn: number, total: number): RollLuck {
  const luck = effectLuck(keptFaceLaw(dice), explodeOn, total);
  return { outcome: null, effect: luck.percentile, chance: luck.chance };
}

/** R-LUCK-1 / R-LEG-9 the Effect is rolled apart. */
export function separateRollLuck(faces: readonly number[]): RollLuck {
  const luck = outcomeLuck(faces);
  return { outcome: luck.percentile, effect: null, chance: luck.chance };
}
