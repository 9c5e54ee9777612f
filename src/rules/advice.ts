/**
 * The risk advisor's rows (R-POOL-4): per Dark Dice count, the figures a player weighs and what that die
 * changed. The caller passes the odds function its dialog uses, so a row's odds are the ones the dialog shows.
 */
import { assertInteger, RulesError } from "./errors.ts";
import type { EgoLossOdds, Odds } from "./odds.ts";
import { DARK_ODDS_MAX, type OutcomeOdds } from "./roll-odds.ts";

export interface AdviceFigures {
  /** R-RA-1 / R-LEG-9 the highest die shows 6. */
  readonly success: number;
  /** R-RA-1 / R-LEG-9 the highest die shows 4+. */
  readonly atLeastPartial: number;
  /**
   * One throw (R-RA-6): the expected Effect when it lands (after the tier when the odds carry it). Separate
   * (R-LEG-11): the chance of an Effect roll.
   */
  readonly effect: number;
  /** R-EGO-2 / R-LEG-8 expected. */
  readonly egoLoss: number;
  /** R-EGO-3 / R-LEG-7 the chance Ego falls to 0. */
  readonly egoZero: number;
}

export interface AdviceRow<O> {
  readonly dark: number;
  readonly odds: O;
  readonly figures: AdviceFigures;
  /** Minus the row above's; null on the first. */
  readonly change: AdviceFigures | null;
}

const FIELDS = ["success", "atLeastPartial", "effect", "egoLoss", "egoZero"] as const;

function difference(now: AdviceFigures, before: AdviceFigures): AdviceFigures {
  const out = {} as Record<(typeof FIELDS)[number], number>;
  for (const f of FIELDS) out[f] = now[f] - before[f];
  return out;
}

/** R-POOL-4 the rows for 0 … `darkMax`; `oddsAt(d)`: the pool's odds with d Dark Dice. */
export function adviceRows<O>(
  darkMax: number,
  oddsAt: (dark: number) => O,
  figuresOf: (odds: O) => AdviceFigures,
): AdviceRow<O>[] {
  const max = assertInteger(darkMax, "The Dark Dice maximum", 0, DARK_ODDS_MAX);
  const rows: AdviceRow<O>[] = [];
  let before: AdviceFigures | null = null;
  for (let dark = 0; dark <= max; dark++) {
    const odds = oddsAt(dark);
    const figures = figuresOf(odds);
    rows.push({ dark, odds, figures, change: before ? difference(figures, before) : null });
    before = figures;
  }
  return rows;
}

/** Undefined where the path breaks off. */
function read(odds: unknown, path: readonly string[]): unknown {
  let value: unknown = odds;
  for (const key of path)
    value = typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  return value;
}

/** Refuses anything but a finite number 0 … `max` (not the engine's odds). */
function figure(odds: unknown, path: readonly string[], max: number): number {
  const value = read(odds, path);
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0 || value > max) {
    const what = path.join(".");
    throw new RulesError(
      "out-of-range",
      `The odds' ${what} must be a number from 0 to ${max} (got ${String(value)}).`,
      {
        what,
        value: String(value),
      },
    );
  }
  return value;
}

/** R-RA-1 / R-LEG-9 (P(4+) kept within 1 despite rounding). */
function outcomeFigures(odds: unknown): { readonly success: number; readonly atLeastPartial: number } {
  const success = figure(odds, ["outcome", "success"], 1);
  return { success, atLeastPartial: Math.min(1, figure(odds, ["outcome", "partial"], 1) + success) };
}

/** R-RA-1 / R-RA-6 / R-EGO-2 (riskyActionOdds). */
export function combinedAdviceFigures(odds: Odds): AdviceFigures {
  const withValue = read(odds, ["effect", "value"]) !== undefined;
  return {
    ...outcomeFigures(odds),
    effect: figure(odds, ["effect", ...(withValue ? ["value"] : []), "expectedWhenLands"], Number.MAX_VALUE),
    egoLoss: figure(odds, ["ego", "expectedLoss"], Number.MAX_VALUE),
    egoZero: figure(odds, ["ego", "pZero"], 1),
  };
}

/**
 * R-LEG-9 / R-LEG-8 (separateRiskyOdds); a montage (R-LEG-14) has no Effect roll, so its "Effect" is P(4+).
 */
export function separateAdviceFigures(odds: {
  readonly outcome: OutcomeOdds;
  readonly ego: EgoLossOdds;
  readonly pEffect?: number;
}): AdviceFigures {
  const outcome = outcomeFigures(odds);
  return {
    ...outcome,
    effect: read(odds, ["pEffect"]) === undefined ? outcome.atLeastPartial : figure(odds, ["pEffect"], 1),
    egoLoss: figure(odds, ["ego", "expectedLoss"], Number.MAX_VALUE),
    egoZero: figure(odds, ["ego", "pZero"], 1),
  };
}
