/**
 * Reading DOM nodes by their properties, never by `instanceof`: in a v14 detached window (any
 * ApplicationV2 popped out into its own browser window) the nodes belong to another realm, where
 * `instanceof HTMLElement` and friends are false (foundryvtt#13128; research/foundry-v14.md).
 */

/** A form field's name and value (a checkbox's `checked`), or null when `target` is no input or select. */
export function fieldValue(target: EventTarget | null): { readonly name: string; readonly value: string | boolean } | null {
  if (target === null || typeof target !== "object") return null;
  const tag: unknown = Reflect.get(target, "tagName");
  if (tag !== "INPUT" && tag !== "SELECT" && tag !== "TEXTAREA") return null;
  const name: unknown = Reflect.get(target, "name");
  if (typeof name !== "string") return null;
  const checkbox = tag === "INPUT" && Reflect.get(target, "type") === "checkbox";
  const value: unknown = Reflect.get(target, checkbox ? "checked" : "value");
  return typeof value === "string" || typeof value === "boolean" ? { name, value } : null;
}
