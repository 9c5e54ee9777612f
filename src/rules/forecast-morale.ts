/**
 * R-V-16 in the Challenge forecast (forecast.ts): a sentient Challenge's track that reaches 0 rolls Morale,
 * once per 0, and gives up, starts again a tier lower, or starts again at full. The runs from one start to
 * the next 0 are the forecast's own chain; this module joins them. What it assumes: §13, the forecast ruling.
 */
import type { ChallengeStats } from "./challenge.ts";
import { assertInteger } from "./errors.ts";
import { keptHighestLaw, meanAfterArmour, type MeanLaw } from "./forecast-action.ts";
import { lowerTier, moraleOdds, type MoraleTables } from "./morale.ts";

/** The Morale a forecast counts: the ruleset's table and the track as stored. */
export interface ForecastMorale {
  readonly tables: MoraleTables;
  /** The track's tier (as this ruleset reads it), its Dice and its full Disposition (its stored maximum). */
  readonly stats: ChallengeStats;
}

/** One tier the track may play at: its full Disposition, its Effect, and its Morale's odds at 0. */
export interface MoraleStep {
  readonly full: number;
  readonly effect: MeanLaw;
  readonly givesUp: number;
  readonly lower: number;
  readonly carriesOn: number;
}

/** R-V-16 the tiers from the track's own down, each lower one as the table sets it (ruling 19). */
export function moraleSteps(morale: ForecastMorale): MoraleStep[] {
  const steps: MoraleStep[] = [];
  let stats: ChallengeStats | null = morale.stats;
  while (stats) {
    const odds = moraleOdds(morale.tables, stats);
    steps.push({
      full: assertInteger(stats.disposition, "A full Disposition", 1, 1000),
      effect: keptHighestLaw({ dice: stats.dice, halved: stats.halved }),
      givesUp: odds["gives-up"],
      lower: odds.lower,
      carriesOn: odds["carries-on"],
    });
    stats = lowerTier(morale.tables.tiers, stats.tier);
  }
  return steps;
}

/** One run's figures from a start d (forecast.ts `expectations`), read at any d. */
export interface RunFigures {
  readonly actions: (d: number) => number;
  readonly strikes: (d: number) => number;
  readonly unscathed: (d: number) => number;
}

/** The whole of what follows a 0, from the top step: exact expectations (geometric in carry-ons). */
export interface AfterZero {
  readonly actions: number;
  readonly strikes: number;
  readonly effect: number;
  readonly damage: number;
  readonly unscathed: number;
  readonly rolls: number;
}

const NOTHING_AFTER: AfterZero = { actions: 0, strikes: 0, effect: 0, damage: 0, unscathed: 1, rolls: 0 };

/**
 * R-V-16 from a 0 at step k: it gives up (nothing more), or a run from a full Disposition (the lower step's,
 * or its own) and what follows that run's 0. Solved from the lowest step up; a carry-on is its own loop.
 */
export function afterZero(steps: readonly MoraleStep[], run: RunFigures, armour: number): AfterZero {
  let below = NOTHING_AFTER;
  for (let k = steps.length - 1; k >= 0; k--) {
    const s = steps[k];
    if (!s) continue;
    const next = steps[k + 1];
    const lowerRun = next ? phase(next, run, armour) : null;
    const own = phase(s, run, armour);
    const l = lowerRun ? s.lower : 0;
    const stay = 1 - s.carriesOn;
    const via = (pick: (p: PhaseFigures, a: AfterZero) => number, self: number): number =>
      ((lowerRun ? l * pick(lowerRun, below) : 0) + s.carriesOn * self) / stay;
    below = {
      actions: via((p, a) => p.actions + a.actions, own.actions),
      strikes: via((p, a) => p.strikes + a.strikes, own.strikes),
      effect: via((p, a) => p.effect + a.effect, own.effect),
      damage: via((p, a) => p.damage + a.damage, own.damage),
      unscathed:
        (s.givesUp + (lowerRun ? l * lowerRun.unscathed * below.unscathed : 0)) / (1 - s.carriesOn * own.unscathed),
      rolls: (1 + (lowerRun ? l * below.rolls : 0)) / stay,
    };
  }
  return below;
}

/** One run from a step's full Disposition: its actions, strikes, their Effect and harm, and P(no strike). */
interface PhaseFigures {
  readonly actions: number;
  readonly strikes: number;
  readonly effect: number;
  readonly damage: number;
  readonly unscathed: number;
}

function phase(step: MoraleStep, run: RunFigures, armour: number): PhaseFigures {
  const strikes = run.strikes(step.full);
  return {
    actions: run.actions(step.full),
    strikes,
    effect: strikes * step.effect.mean,
    damage: strikes * meanAfterArmour(step.effect, armour),
    unscathed: run.unscathed(step.full),
  };
}

/**
 * R-V-16 P(it has given up within n actions), n = 1, 2, …, from the law of one run's length from the start
 * (`first[n]`) and from each step's full Disposition (`runs[k][n]`): the steps' laws of what follows a 0, from
 * the lowest up, convolved with the first run. Causal in n (a run takes at least one action); the list stops
 * once what is left is below `tail`, or at the runs' last n.
 */
export function givenUpWithin(
  steps: readonly MoraleStep[],
  first: Float64Array,
  runs: readonly Float64Array[],
  tail: number,
): number[] {
  const last = first.length - 1;
  const after = steps.map(() => new Float64Array(last + 1));
  const within: number[] = [];
  let sum = 0;
  for (let n = 0; n <= last; n++) {
    for (let k = steps.length - 1; k >= 0; k--) {
      const list = after[k];
      if (list) list[n] = afterAt(steps, runs, after, k, n);
    }
    if (n === 0) continue;
    let p = 0;
    for (let j = 1; j <= n; j++) p += (first[j] ?? 0) * (after[0]?.[n - j] ?? 0);
    sum += p;
    within.push(Math.min(1, sum));
    if (1 - sum < tail) break;
  }
  return within;
}

/** P(what follows a 0 at step k takes exactly n actions). */
function afterAt(
  steps: readonly MoraleStep[],
  runs: readonly Float64Array[],
  after: readonly Float64Array[],
  k: number,
  n: number,
): number {
  const s = steps[k];
  if (!s) return 0;
  if (n === 0) return s.givesUp;
  const own = runs[k];
  const lower = runs[k + 1];
  const mine = after[k];
  const next = after[k + 1];
  let p = 0;
  for (let j = 1; j <= n; j++) {
    p += s.carriesOn * (own?.[j] ?? 0) * (mine?.[n - j] ?? 0);
    if (lower && next) p += s.lower * (lower[j] ?? 0) * (next[n - j] ?? 0);
  }
  return p;
}
