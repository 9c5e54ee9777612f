/**
 * Accessibility, keyboard. Our controls are buttons, which the keyboard presses by itself; the one that is
 * not (a portrait that opens the image picker, as Foundry's own sheets draw it: an <img> with a
 * `data-action`) carries `role="button"` and `tabindex="0"`, and this makes Enter and Space press it
 * as they press a button (the WAI-ARIA button pattern).
 *
 * No Foundry and no imports: the sandbox page loads this file as it is (sandbox/server.ts).
 */

/** A keydown handler for a window's root: Enter or Space on a `role="button"` that is no <button> clicks it. */
export function pressOnKey(event: KeyboardEvent): void {
  if (event.key !== "Enter" && event.key !== " ") return;
  const el = event.target as Partial<HTMLElement> | null;
  if (el?.nodeType !== 1 || typeof el.getAttribute !== "function" || typeof el.click !== "function") return;
  if (el.getAttribute("role") !== "button" || el.tagName?.toUpperCase() === "BUTTON") return;
  event.preventDefault();
  el.click();
}
