/**
 * A user-written text in core's tooltip, as written: core draws `data-tooltip-text` as cleaned HTML and
 * never localizes it (foundryvtt#12355, #12356; Draw Steel uses it from 13.340 to 14.356). Pure.
 */

const ENTITIES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** `text` as HTML that draws it as written (safe in a quoted attribute too). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

/** The `data-tooltip-text` value showing `text`; a template prints it with `{{…}}`. */
export function tooltipText(text: string): string {
  return escapeHtml(text);
}

/** The whole `data-tooltip-text` attribute, for HTML built as a string. */
export function tooltipTextAttribute(text: string): string {
  return `data-tooltip-text="${escapeHtml(tooltipText(text))}"`;
}
