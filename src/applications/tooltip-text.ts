/**
 * A user-written text (a name, a roll link's target) in core's tooltip, shown as written. Core draws a
 * tooltip as HTML: a `data-tooltip` that is not a localization key, and `data-tooltip-text`, are cleaned
 * HTML (foundryvtt#12356); `data-tooltip-text` is never localized (foundryvtt#12355). Both exist on v13
 * and v14 (Draw Steel's templates use them from 13.340 to 14.356). So such a text goes, escaped, into
 * `data-tooltip-text`. Pure.
 */

const ENTITIES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** `text` as HTML that draws it as written (also safe inside a quoted attribute). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

/** The `data-tooltip-text` value that shows `text` as written; a template prints it with `{{…}}`. */
export function tooltipText(text: string): string {
  return escapeHtml(text);
}

/** The whole `data-tooltip-text` attribute, for HTML built as a string. */
export function tooltipTextAttribute(text: string): string {
  return `data-tooltip-text="${escapeHtml(tooltipText(text))}"`;
}
