/**
 * DOM nodes read by their properties, never by class checks: a v14 detached window's nodes belong to another
 * realm (foundryvtt#13128).
 */

/** An element is nodeType 1 with `closest`. */
export function elementOf(node: EventTarget | null | undefined): HTMLElement | null {
  const el = node as Partial<HTMLElement> | null | undefined;
  return el?.nodeType === 1 && typeof el.closest === "function" ? (el as HTMLElement) : null;
}

/** Its `value`, `checked`, `valueAsNumber` and `type` are there to read. */
export function inputOf(node: EventTarget | null | undefined): HTMLInputElement | null {
  const el = elementOf(node);
  return el?.tagName.toUpperCase() === "INPUT" ? (el as HTMLInputElement) : null;
}

/** A field whose `value` a change handler reads. */
export function fieldOf(node: EventTarget | null | undefined): HTMLInputElement | HTMLSelectElement | null {
  const el = elementOf(node);
  const tag = el?.tagName.toUpperCase();
  if (tag === "INPUT") return el as HTMLInputElement;
  if (tag === "SELECT") return el as HTMLSelectElement;
  return null;
}

/** A checkbox's `checked`; null when no input or select. */
export function fieldValue(
  target: EventTarget | null,
): { readonly name: string; readonly value: string | boolean } | null {
  const field = fieldOf(target);
  if (!field) return null;
  const checkbox = field.tagName.toUpperCase() === "INPUT" && (field as HTMLInputElement).type === "checkbox";
  return { name: field.name, value: checkbox ? (field as HTMLInputElement).checked : field.value };
}

export function actionElement(target: EventTarget | null): HTMLElement | null {
  return elementOf(target)?.closest<HTMLElement>("[data-action]") ?? null;
}
