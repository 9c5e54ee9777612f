/**
 * The risk advisor's rows: for every Dark Dice count from 0 to a maximum, the figures a player weighs
 * when adding one more Dark Die (R-POOL-4), and what that die changed from the row above. The odds of
 * each row are not computed here: the caller hands in the very odds function its dialog or script
 * already uses (riskyActionOdds, R-RA-1 / R-RA-6 / R-EGO-2, for one throw; separateRiskyOdds or
 * montageOdds, R-LEG-9 / R-LEG-8 / R-LEG-14, for a separate Effect roll), so a row's odds are the same
 * object the dialog shows and `npm run odds -- risky --json` prints for that pool.
 */
import { assertInteger, RulesError } from "./errors.ts";
import type { EgoLossOdds, Odds } from "./odds.ts";
import { DARK_ODDS_MAX, type OutcomeOdds } from "./roll-odds.ts";

/** The figures of one Dark Dice count. */
export interface AdviceFigures {
  /** R-RA-1 / R-LEG-9 P(Success): the highest die shows 6. */
  readonly success: number;
  /** R-RA-1 / R-LEG-9 P(at least a Success with a consequence): the highest die shows 4+. */
  readonly atLeastPartial: number;
  /**
   * One throw (R-RA-6): the expected Effect when the player's Effect lands, after the tier when the
   * odds carry it (R-RA-4 / R-RA-5), else the Effect die's total. A separate Effect roll (R-LEG-9 /
   * R-LEG-11): the probability that the Effect roll is made.
   */
  readonly effect: number;
  /** R-EGO-2 / R-LEG-8 the expected Ego lost. */
  readonly egoLoss: number;
  /** R-EGO-3 / R-LEG-7 the probability that Ego falls to 0. */
  readonly egoZero: number;
}

/** One row of the advisor: a Dark Dice count, its odds, its figures and the change from the row above. */
export interface AdviceRow<O> {
  readonly dark: number;
  readonly odds: O;
  readonly figures: AdviceFigures;
  /** Figures minus the row above's (what this die bought and cost); null on the first row. */
  readonly change: AdviceFigures | null;
}

const FIELDS = ["success", "atLeastPartial", "effect", "egoLoss", "egoZero"] as const;

function difference(now: AdviceFigures, before: AdviceFigures): AdviceFigures {
  const out = {} as Record<(typeof FIELDS)[number], number>;
  for (const f of FIELDS) out[f] = now[f] - before[f];
  return out;
}

/**
 * R-POOL-4 the rows for 0 … `darkMax` Dark Dice: `oddsAt(d)` gives the odds of the pool with d Dark
 * Dice (everything else held), `figuresOf` reads the advisor's figures from them.
 */
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

/** The value at `path` in `odds`, or undefined where the path breaks off. */
function read(odds: unknown, path: readonly string[]): unknown {
  let value: unknown = odds;
  for (const key of path)
    value = typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  return value;
}

/** `path` in `odds` as a finite number from 0 to `max`; anything else is refused (not the engine's odds). */
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

/** R-RA-1 / R-LEG-9 P(6) and P(4+) from the outcome bands (their sum kept within 1 despite rounding). */
function outcomeFigures(odds: unknown): { readonly success: number; readonly atLeastPartial: number } {
  const success = figure(odds, ["outcome", "success"], 1);
  return { success, atLeastPartial: Math.min(1, figure(odds, ["outcome", "partial"], 1) + success) };
}

/** R-RA-1 / R-RA-6 / R-EGO-2 the figures of one throw's odds (riskyActionOdds). */
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
 * R-LEG-9 / R-LEG-8 the figures of a separate resolution's odds (separateRiskyOdds); R-LEG-14 a
 * montage's (montageOdds) have no Effect roll of the player's, so its "Effect" is the chance of 4+,
 * which decides the whole Challenge.
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
