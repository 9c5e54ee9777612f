/**
 * The risk advisor beside the Dark Dice stepper (R-POOL-4), in both roll dialogs: a row per Dark Dice
 * count, each a button setting it. The rows come from src/rules/advice.ts fed with the dialog's odds;
 * this only formats them in the client's locale (templates/dialogs/partials/advisor.hbs).
 */
import type { AdviceFigures, AdviceRow } from "../../rules/index.ts";
import { decimal, message, MINUS, percent, type DialogMessage } from "../format.ts";

/** The `data-action` of an advisor row: its `data-key` is the Dark Dice count it sets. */
export const ADVISOR_ACTION = "advisorDark";

/** One Dark Dice count, formatted: each figure and its change from the row above ("" on the first row). */
export interface AdvisorRowView {
  readonly dark: number;
  /** The count the dialog holds now. */
  readonly current: boolean;
  /** The button's accessible name ("Set Dark Dice to 3"). */
  readonly label: DialogMessage;
  readonly cells: readonly { readonly value: string; readonly change: string; readonly cls: string }[];
}

export interface AdvisorView {
  /** Open on render (the host remembers the disclosure per dialog). */
  readonly open: boolean;
  /** The summary line: the current count's figures in brief. */
  readonly summary: DialogMessage;
  /** The column headings' i18n keys (the Effect column says what it measures in this resolution). */
  readonly columns: readonly string[];
  readonly rows: readonly AdvisorRowView[];
}

/**
 * What follows a 4+: an Effect from the same throw (its average shown), a separate Effect roll (its chance
 * is the 4+ itself, R-LEG-11), or no Effect of the roller's (a montage: the 4+ reads as a success).
 */
export type AdvisorEffect = "expected" | "rolled" | "none";

const signed = (text: string, d: number): string => (d > 0 ? `+${text}` : d < 0 ? `${MINUS}${text}` : `\u00b1${text}`);

type Cell = AdvisorRowView["cells"][number];

/** A figure and its change from the row above to one decimal (`scale` 100: percentage points); a change
 *  too small to print reads ±0.0 in no colour. `good`: more of it helps the player. */
function cell(value: string, d: number | undefined, scale: number, good: boolean, locale?: string): Cell {
  if (d === undefined) return { value, change: "", cls: "" };
  const shown = Math.abs(d * scale) < 0.05 ? 0 : d;
  const cls = shown === 0 ? "" : shown > 0 === good ? "is-gain" : "is-cost";
  return { value, change: signed(decimal(Math.abs(d * scale), 1, locale), shown), cls };
}

function cells(
  f: AdviceFigures,
  c: AdviceFigures | null,
  effect: AdvisorEffect,
  locale: string | undefined,
): AdvisorRowView["cells"] {
  const p = (v: number): string => percent(v, locale).text;
  const effectCell = effect === "expected" ? [cell(decimal(f.effect, 1, locale), c?.effect, 1, true, locale)] : [];
  return [
    cell(p(f.success), c?.success, 100, true, locale),
    cell(p(f.atLeastPartial), c?.atLeastPartial, 100, true, locale),
    ...effectCell,
    cell(decimal(f.egoLoss, 1, locale), c?.egoLoss, 1, false, locale),
    cell(p(f.egoZero), c?.egoZero, 100, false, locale),
  ];
}

/**
 * The advisor of a dialog holding `current` Dark Dice, from the rows of src/rules/advice.ts (none while
 * a closed advisor leaves them unworked); `last` is the most Dark Dice the dialog allows.
 */
export function advisorView<O>(
  rows: readonly AdviceRow<O>[],
  current: number,
  effect: AdvisorEffect,
  options: { readonly open: boolean; readonly locale?: string | undefined; readonly last: number },
): AdvisorView {
  const { locale } = options;
  const now = rows.find((r) => r.dark === current) ?? rows[0];
  return {
    open: options.open,
    summary: message("TERRAN.Advisor.summary", options.last),
    columns: [
      "TERRAN.Advisor.success",
      effect === "none" ? "TERRAN.Advisor.partial" : "TERRAN.Advisor.lands",
      ...(effect === "expected" ? ["TERRAN.Advisor.effect"] : []),
      "TERRAN.Advisor.egoLoss",
      "TERRAN.Advisor.egoZero",
    ],
    rows: rows.map((r) => ({
      dark: r.dark,
      current: r === now,
      label: message("TERRAN.Advisor.pick", r.dark),
      cells: cells(r.figures, r.change, effect, locale),
    })),
  };
}
