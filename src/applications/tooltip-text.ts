/**
 * A user's text in core's tooltip, as written: core draws `data-tooltip-text` as cleaned HTML and never
 * localises it (foundryvtt#12355, #12356; Draw Steel uses it from 13.340 to 14.356).
 */

const ENTITIES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Safe in a quoted attribute too. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

/** A template prints it with `{{…}}`. */
export function tooltipText(text: string): string {
  return escapeHtml(text);
}

/** For HTML built as a string. */
export function tooltipTextAttribute(text: string): string {
  return `data-tooltip-text="${escapeHtml(tooltipText(text))}"`;
}
