/**
 * Reading DOM nodes by their properties, never by class checks: in a v14 detached window (any
 * ApplicationV2 popped out into its own browser window) the nodes belong to another realm, whose DOM
 * classes are not the main window's (foundryvtt#13128; research/foundry-v14.md).
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

/** A form field's name and value (a checkbox's `checked`), or null when `target` is no input or select. */
export function fieldValue(
  target: EventTarget | null,
): { readonly name: string; readonly value: string | boolean } | null {
  const field = fieldOf(target);
  if (!field) return null;
  const checkbox = field.tagName.toUpperCase() === "INPUT" && (field as HTMLInputElement).type === "checkbox";
  return { name: field.name, value: checkbox ? (field as HTMLInputElement).checked : field.value };
}

/** The closest element with a `data-action` to where an event started, or null. */
export function actionElement(target: EventTarget | null): HTMLElement | null {
  return elementOf(target)?.closest<HTMLElement>("[data-action]") ?? null;
}
