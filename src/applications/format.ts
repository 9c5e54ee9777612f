/**
 * The applications' formatting (the roll dialog's model, the separate resolution's dialog model, the
 * Challenge forecast): a message as an i18n key with its parameter, signed dice
 * ("+1d", "−2d") and numbers and probabilities written the client's way ("12,3%" in pt-BR). Pure.
 */

/** A localised message with at most one parameter, `{value}` in the English text. */
export interface DialogMessage {
  readonly key: string;
  readonly value: string;
}

export interface PercentView {
  readonly p: number;
  /** "12.3%" ("<0.1%" and ">99.9%" at the edges, so a possibility never reads as 0 or 100). */
  readonly text: string;
  /** CSS width, in percent, for bars. */
  readonly width: string;
}

export const MINUS = "\u2212";

/** "+1d", "−2d", "±0d". */
export function signedDice(n: number): string {
  if (n > 0) return `+${n}d`;
  if (n < 0) return `${MINUS}${-n}d`;
  return "\u00b10d";
}

const EDGE = 1e-12;

/**
 * `n` with `digits` decimals, written as `locale` writes numbers ("5.0" in English, "5,0" in pt-BR); English when Intl
 * cannot read the locale.
 */
export function decimal(n: number, digits: number, locale = "en"): string {
  return numberFormat(locale, digits).format(n);
}

const formats = new Map<string, Intl.NumberFormat>();

/** One `Intl.NumberFormat` per locale and number of decimals, made once (each costs ~50 formatted numbers). */
function numberFormat(locale: string, digits: number): Intl.NumberFormat {
  const key = `${locale}|${digits}`;
  let format = formats.get(key);
  if (!format) {
    const options = { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false } as const;
    try {
      format = new Intl.NumberFormat(locale, options);
    } catch {
      format = new Intl.NumberFormat("en", options);
    }
    formats.set(key, format);
  }
  return format;
}

/** A probability as a percentage with one decimal (in `locale`'s way); a possibility never reads as 0.0% or 100.0%. */
export function percent(p: number, locale = "en"): PercentView {
  const clamped = Number.isFinite(p) ? Math.min(1, Math.max(0, p)) : 0;
  const one = (n: number): string => decimal(n, 1, locale);
  let text: string;
  if (clamped <= EDGE) text = `${one(0)}%`;
  else if (clamped >= 1 - EDGE) text = `${one(100)}%`;
  else if (clamped < 0.0005) text = `<${one(0.1)}%`;
  else if (clamped >= 0.9995) text = `>${one(99.9)}%`;
  else text = `${one(clamped * 100)}%`;
  return { p: clamped, text, width: (clamped * 100).toFixed(2) };
}

export const message = (key: string, value: string | number = ""): DialogMessage => ({ key, value: String(value) });
