/**
 * Exact odds of the separate-Effect rolls (Legacy: R-LEG-9 … R-LEG-11, R-LEG-14) and the XP rolls (R-LEG-13),
 * as odds.ts computes them: exact sums, the explosion tail cut below TAIL_EPSILON and reported as `tailCut`.
 */
import { toolFor, type EffectTags, type TierRank } from "./effect.ts";
import { challengeStats } from "./challenge.ts";
import { assertInteger, RulesError } from "./errors.ts";
import { darkDieCost } from "./ego.ts";
import { egoLossOdds, pHighestAtMost, TAIL_EPSILON, type EgoLossOdds, type OddsPoint } from "./odds.ts";
import type { Ruleset } from "./rulesets/types.ts";

/** R-LEG-9 / R-RA-1 (an empty pool fails). */
export interface OutcomeOdds {
  readonly fail: number;
  readonly partial: number;
  readonly success: number;
}

export function outcomeOdds(dice: number): OutcomeOdds {
  const n = assertInteger(dice, "The number of dice", 0);
  const fail = pHighestAtMost(3, n);
  const atMostFive = pHighestAtMost(5, n);
  return { fail, partial: Math.max(0, atMostFive - fail), success: 1 - atMostFive };
}

/** The most Dark Dice the separate-Effect odds take. */
export const DARK_ODDS_MAX = 200;

export interface SeparateRiskyOdds {
  readonly dice: number;
  /** R-POOL-5 / R-LEG-9 */
  readonly empty: boolean;
  readonly outcome: OutcomeOdds;
  /** R-RA-6 / R-LEG-11 the Effect roll is made (outcome 4+). */
  readonly pEffect: number;
  readonly ego: EgoLossOdds;
}

/**
 * R-LEG-9 the outcome of light + dark, the chance of an Effect roll, and the Ego (R-LEG-8; R-LEG-14 with
 * `montage`).
 */
export function separateRiskyOdds(
  ruleset: Ruleset,
  input: { readonly light: number; readonly dark: number; readonly ego: number; readonly montage?: boolean },
): SeparateRiskyOdds {
  if (ruleset.resolution.kind !== "separate") {
    throw new RulesError(
      "not-allowed",
      "This ruleset takes Precision and Effect from one throw: use riskyActionOdds (R-RA-1 … R-RA-6).",
    );
  }
  const light = assertInteger(input.light, "Light Dice", 0, ruleset.resolution.lightMax);
  const dark = assertInteger(input.dark, "Dark Dice", 0, DARK_ODDS_MAX);
  const ego = assertInteger(input.ego, "Ego", 0, ruleset.ego.max);
  const cost = darkDieCost(ruleset, { montage: input.montage ?? false });
  const outcome = outcomeOdds(light + dark);
  return {
    dice: light + dark,
    empty: light + dark === 0,
    outcome,
    pEffect: light + dark === 0 ? 0 : outcome.partial + outcome.success,
    ego: egoLossOdds(dark, ego, cost),
  };
}

export interface KeptExplodingSpec {
  /** The highest is kept. */
  readonly dice: number;
  /** Rounded up. */
  readonly halved: boolean;
  /** Added after (Normal tool two-handed: +1). */
  readonly bonus: number;
}

export interface EffectRollOdds extends KeptExplodingSpec {
  /** Ascending; sums to 1 − `tailCut`. */
  readonly distribution: readonly OddsPoint[];
  readonly expected: number;
  /** The kept die and its explosion, before halving and bonus. */
  readonly expectedDie: number;
  readonly pExplodes: number;
  readonly tailCut: number;
  readonly tailEpsilon: typeof TAIL_EPSILON;
}

/**
 * R-LEG-11 / R-LEG-10 n d6, highest kept, exploding on 6, halved up, + bonus. A 6 adds a chain of totals 6j + r
 * (r = 1…5) with mass (1/6)^j · 1/6; E[chain] = 4.2, and a chain ends odd with probability 3/5 (for d/2,
 * E[⌈T/2⌉] = (E[T] + P(T odd))/2).
 */
export function keptExplodingOdds(spec: KeptExplodingSpec): EffectRollOdds {
  const n = assertInteger(spec.dice, "Effect dice", 1, 100);
  const bonus = assertInteger(spec.bonus, "The Effect bonus", 0, 10);
  if (typeof spec.halved !== "boolean") throw new RulesError("bad-choice", "Halved must be yes or no.");
  const pFace = (f: number): number => pHighestAtMost(f, n) - pHighestAtMost(f - 1, n);
  const value = (total: number): number => (spec.halved ? Math.ceil(total / 2) : total) + bonus;
  const mass = new Map<number, number>();
  const add = (v: number, p: number): void => {
    mass.set(v, (mass.get(v) ?? 0) + p);
  };
  for (let f = 1; f <= 5; f++) add(value(f), pFace(f));
  const p6 = pFace(6);
  let level = 1; // (1/6)^j
  let j = 0;
  while (level >= TAIL_EPSILON) {
    for (let r = 1; r <= 5; r++) add(value(6 + 6 * j + r), (p6 * level) / 6);
    level /= 6;
    j++;
  }
  const distribution = [...mass.entries()].sort(([a], [b]) => a - b).map(([total, p]) => ({ total, p }));
  let expectedDie = p6 * (6 + 4.2);
  let pOdd = p6 * (3 / 5);
  for (let f = 1; f <= 5; f++) {
    expectedDie += f * pFace(f);
    if (f % 2 === 1) pOdd += pFace(f);
  }
  const expected = (spec.halved ? (expectedDie + pOdd) / 2 : expectedDie) + bonus;
  return {
    dice: n,
    halved: spec.halved,
    bonus,
    distribution,
    expected,
    expectedDie,
    pExplodes: p6,
    tailCut: p6 * level,
    tailEpsilon: TAIL_EPSILON,
  };
}

/** R-LEG-11 (`extra`: +1d to the Effect). */
export function effectRollOdds(
  ruleset: Ruleset,
  rank: TierRank,
  tags: EffectTags = {},
  extra = 0,
): EffectRollOdds & { readonly tool: string } {
  if (ruleset.resolution.kind !== "separate")
    throw new RulesError(
      "not-allowed",
      "In this ruleset the Effect die comes from the Risky Action's own throw (R-RA-2).",
    );
  const tool = toolFor(ruleset.tools, rank, tags.improvised ?? false);
  const more = assertInteger(extra, "Extra Effect dice", 0, 6);
  const odds = keptExplodingOdds({
    dice: tool.dice + more,
    halved: tool.halved,
    bonus: tags.versatileTwoHanded ? tool.twoHandedBonus : 0,
  });
  return { ...odds, tool: tool.id };
}

export interface SumOdds {
  readonly k: number;
  readonly target: number;
  readonly p: number;
  /** Ascending (k … 6k). */
  readonly distribution: readonly OddsPoint[];
  readonly expected: number;
}

export const SUM_ODDS_MAX = 100;

/** R-LEG-13 by convolution. */
export function sumAtLeastOdds(k: number, target: number): SumOdds {
  const n = assertInteger(k, "The number of dice", 1, SUM_ODDS_MAX);
  const t = assertInteger(target, "The target", Number.MIN_SAFE_INTEGER);
  let law = [1];
  for (let i = 0; i < n; i++) {
    const next = new Array<number>(law.length + 6).fill(0);
    law.forEach((p, s) => {
      for (let f = 1; f <= 6; f++) next[s + f] = (next[s + f] ?? 0) + p / 6;
    });
    law = next;
  }
  const distribution = law.map((p, total) => ({ total, p })).filter((x) => x.p > 0);
  const p = distribution.filter((x) => x.total >= t).reduce((s, x) => s + x.p, 0);
  return { k: n, target: t, p: Math.min(1, p), distribution, expected: 3.5 * n };
}

/** R-LEG-10 / R-CH-2 */
export function challengeEffectOdds(ruleset: Ruleset, tier: string, n?: number): EffectRollOdds {
  const stats = challengeStats(ruleset, tier, n);
  return keptExplodingOdds({ dice: stats.halved ? 1 : stats.dice, halved: stats.halved, bonus: 0 });
}

export interface MontageOdds {
  /** R-LEG-14 Light Dice lost; the open last band takes the tail. */
  readonly complication: readonly { readonly dice: number; readonly p: number }[];
  readonly outcome: OutcomeOdds;
  /** R-LEG-14 */
  readonly ego: EgoLossOdds;
}

/**
 * R-LEG-14 the Challenge's Effect, its complication off the Light Dice (`light` unclamped, before it), then the
 * outcome of the highest die.
 */
export function montageOdds(
  ruleset: Ruleset,
  input: {
    readonly light: number;
    readonly dark: number;
    readonly ego: number;
    readonly tier: string;
    readonly n?: number;
  },
): MontageOdds {
  if (!ruleset.montage || ruleset.darkDice.montageCost === null || ruleset.resolution.kind !== "separate") {
    throw new RulesError("not-allowed", "This ruleset has no montage.");
  }
  const raw = assertInteger(input.light, "Light Dice before the complication", -20, 20);
  const dark = assertInteger(input.dark, "Dark Dice", 0, DARK_ODDS_MAX);
  const ego = assertInteger(input.ego, "Ego", 0, ruleset.ego.max);
  const effect = challengeEffectOdds(ruleset, input.tier, input.n);
  const byDice = new Map<number, number>();
  let listed = 0;
  for (const point of effect.distribution) {
    const dice = montageBand(ruleset, point.total);
    byDice.set(dice, (byDice.get(dice) ?? 0) + point.p);
    listed += point.p;
  }
  // The cut tail lies in the open last band.
  const last = ruleset.montage.complications[ruleset.montage.complications.length - 1]?.dice ?? 0;
  byDice.set(last, (byDice.get(last) ?? 0) + (1 - listed));
  const complication = [...byDice.entries()].sort(([a], [b]) => a - b).map(([dice, p]) => ({ dice, p }));
  const outcome = { fail: 0, partial: 0, success: 0 };
  for (const { dice, p } of complication) {
    const light = Math.min(ruleset.resolution.lightMax, Math.max(0, raw - dice));
    const o = outcomeOdds(light + dark);
    outcome.fail += p * o.fail;
    outcome.partial += p * o.partial;
    outcome.success += p * o.success;
  }
  return { complication, outcome, ego: egoLossOdds(dark, ego, darkDieCost(ruleset, { montage: true })) };
}

function montageBand(ruleset: Ruleset, effect: number): number {
  const band = ruleset.montage?.complications.find((b) => effect >= b.min && (b.max === null || effect <= b.max));
  if (!band)
    throw new RulesError("out-of-range", `A Challenge Effect of ${effect} is not on the table.`, {
      what: "A Challenge Effect",
      value: effect,
    });
  return band.dice;
}
