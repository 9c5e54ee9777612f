/**
 * The risk advisor beside the Dark Dice stepper (R-POOL-4), as both roll dialogs show it: one row per
 * Dark Dice count from 0 to the dialog's maximum, its figures and what that one more die changed, the
 * current choice marked, each row a button that sets the Dark Dice. The rows come from the advisor's
 * one pure place (src/rules/advice.ts) fed with the dialog's own odds function; this only formats them
 * (pure, written the client's way: "12,3%" in pt-BR). Shared by templates/dialogs/partials/advisor.hbs.
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
 * What the Effect column holds: an expected Effect (one throw), or nothing (a separate Effect roll is made
 * on the 4+ the next column shows; a montage's 4+ decides).
 */
export type AdvisorEffect = "expected" | "none";

const signed = (text: string, d: number): string => (d > 0 ? `+${text}` : d < 0 ? `${MINUS}${text}` : `\u00b1${text}`);

/** A change of probability in percentage points, one decimal; "" below a rounding's worth. */
function pointsChange(d: number, locale: string | undefined): string {
  return signed(decimal(Math.abs(d) * 100, 1, locale), Math.abs(d) < 0.0005 ? 0 : d);
}
function valueChange(d: number, digits: number, locale: string | undefined): string {
  return signed(decimal(Math.abs(d), digits, locale), Math.abs(d) < 0.5 * 10 ** -digits ? 0 : d);
}

/** Better or worse for the player, as a CSS class: more success is good, more Ego lost is bad. */
function tone(d: number, good: boolean): string {
  if (Math.abs(d) < 1e-9) return "";
  return d > 0 === good ? "is-gain" : "is-cost";
}

function cells(
  f: AdviceFigures,
  c: AdviceFigures | null,
  effect: AdvisorEffect,
  locale: string | undefined,
): AdvisorRowView["cells"] {
  const p = (v: number): string => percent(v, locale).text;
  const pc = (d: number | undefined): string => (d === undefined ? "" : pointsChange(d, locale));
  const effectCell =
    effect === "expected"
      ? [
          {
            value: decimal(f.effect, 1, locale),
            change: c ? valueChange(c.effect, 1, locale) : "",
            cls: tone(c?.effect ?? 0, true),
          },
        ]
      : [];
  return [
    { value: p(f.success), change: pc(c?.success), cls: tone(c?.success ?? 0, true) },
    { value: p(f.atLeastPartial), change: pc(c?.atLeastPartial), cls: tone(c?.atLeastPartial ?? 0, true) },
    ...effectCell,
    {
      value: decimal(f.egoLoss, 1, locale),
      change: c ? valueChange(c.egoLoss, 1, locale) : "",
      cls: tone(c?.egoLoss ?? 0, false),
    },
    { value: p(f.egoZero), change: pc(c?.egoZero), cls: tone(c?.egoZero ?? 0, false) },
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
      "TERRAN.Advisor.partial",
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
