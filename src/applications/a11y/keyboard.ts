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

/** The keys that move within a composite widget, and the step each takes ("first"/"last" for Home/End). */
const MOVES: Readonly<Record<string, -1 | 1 | "first" | "last">> = {
  ArrowRight: 1,
  ArrowDown: 1,
  ArrowLeft: -1,
  ArrowUp: -1,
  Home: "first",
  End: "last",
};

function isHtml(node: unknown): node is HTMLElement {
  const el = node as Partial<HTMLElement> | null | undefined;
  return el?.nodeType === 1 && typeof el.closest === "function";
}

/**
 * The WAI-ARIA tabs pattern: in a `role="tablist"`, an arrow key (Home, End) moves to the next tab
 * (the first, the last), wrapping round, and opens it (a click: automatic activation).
 */
function moveTab(tab: HTMLElement, move: -1 | 1 | "first" | "last"): boolean {
  const list = tab.closest('[role="tablist"]');
  if (!list) return false;
  const tabs = [...list.querySelectorAll<HTMLElement>('[role="tab"]')];
  const at = tabs.indexOf(tab);
  const next =
    move === "first"
      ? tabs[0]
      : move === "last"
        ? tabs[tabs.length - 1]
        : tabs[(at + move + tabs.length) % tabs.length];
  if (!next || next === tab) return false;
  next.focus();
  next.click();
  return true;
}

/**
 * The WAI-ARIA radio group pattern, for our rating circles (templates/sheets/character/main.hbs): each
 * radio sets its rating and the checked one, pressed, lowers the rating by one. So Right/Down presses
 * the radio after the checked one, Left/Up the one before it (on the first radio: that radio, which
 * lowers the rating to 0); Home presses the first, End the last. Focus goes with the press; a radio that
 * cannot be pressed (`disabled` or `aria-disabled`) takes the focus, so its reason is read, and nothing else.
 */
function moveRadio(radio: HTMLElement, move: -1 | 1 | "first" | "last"): boolean {
  const group = radio.closest('[role="radiogroup"]');
  if (!group) return false;
  const radios = [...group.querySelectorAll<HTMLElement>('[role="radio"]')];
  const checked = radios.findIndex((r) => r.getAttribute("aria-checked") === "true");
  let target: number;
  if (move === "first") target = 0;
  else if (move === "last") target = radios.length - 1;
  else if (move === 1) target = Math.min(checked + 1, radios.length - 1);
  else target = Math.max(checked - 1, 0);
  const next = radios[target];
  if (!next || (move === 1 && target === checked) || (move === -1 && checked < 0)) return true;
  next.focus();
  const closed = (next as HTMLButtonElement).disabled || next.getAttribute("aria-disabled") === "true";
  if (!closed) next.click();
  return true;
}

/** A keydown handler for a window's root: the arrow keys, Home and End in our tab lists and radio groups. */
export function moveOnKey(event: KeyboardEvent): void {
  const move = MOVES[event.key];
  if (move === undefined || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const el = event.target;
  if (!isHtml(el)) return;
  const role = el.getAttribute("role");
  const handled = role === "tab" ? moveTab(el, move) : role === "radio" ? moveRadio(el, move) : false;
  if (handled) event.preventDefault();
}
