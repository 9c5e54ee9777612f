/**
 * DOM tests that hold in a detached window (v14): a window popped out into its own browser window
 * has its own DOM classes, so `instanceof HTMLElement` (the main window's class) is false for its
 * nodes (foundryvtt#13128). Nodes are recognised by their properties instead.
 */

/** The element an event came from (or any node), or null: an element is nodeType 1 with `closest`. */
export function elementOf(node: EventTarget | null | undefined): HTMLElement | null {
  const el = node as Partial<HTMLElement> | null | undefined;
  return el?.nodeType === 1 && typeof el.closest === "function" ? (el as HTMLElement) : null;
}

/** An <input> (its `value`, `checked`, `valueAsNumber` and `type` are there to read). */
export function inputOf(node: EventTarget | null | undefined): HTMLInputElement | null {
  const el = elementOf(node);
  return el?.tagName.toUpperCase() === "INPUT" ? (el as HTMLInputElement) : null;
}

/** An <input> or a <select>: a field whose `value` a change handler reads. */
export function fieldOf(node: EventTarget | null | undefined): HTMLInputElement | HTMLSelectElement | null {
  const el = elementOf(node);
  const tag = el?.tagName.toUpperCase();
  if (tag === "INPUT") return el as HTMLInputElement;
  if (tag === "SELECT") return el as HTMLSelectElement;
  return null;
}
