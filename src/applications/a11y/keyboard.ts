/**
 * Keyboard presses for our one non-button control (a portrait `<img role="button">`, as Foundry's sheets draw
 * it) and arrow keys in tab lists and radio groups (the WAI-ARIA patterns). No Foundry, no imports: the sandbox
 * loads this file as it is (sandbox/server.ts).
 */

/** Enter or Space on a `role="button"` that is no <button> clicks it. */
export function pressOnKey(event: KeyboardEvent): void {
  if (event.key !== "Enter" && event.key !== " ") return;
  const el = event.target as Partial<HTMLElement> | null;
  if (el?.nodeType !== 1 || typeof el.getAttribute !== "function" || typeof el.click !== "function") return;
  if (el.getAttribute("role") !== "button" || el.tagName?.toUpperCase() === "BUTTON") return;
  event.preventDefault();
  el.click();
}

/** "first"/"last" for Home/End. */
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

/** WAI-ARIA tabs: arrows (Home, End) move to the next tab, wrapping, and open it (automatic activation). */
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
 * WAI-ARIA radio group for the rating circles: the checked radio pressed lowers the rating, so the arrows press
 * the neighbour (Left on the first: that one, to 0). A closed radio takes the focus only, so its reason is
 * read.
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

/** The arrow keys, Home and End in our tab lists and radio groups. */
export function moveOnKey(event: KeyboardEvent): void {
  const move = MOVES[event.key];
  if (move === undefined || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const el = event.target;
  if (!isHtml(el)) return;
  const role = el.getAttribute("role");
  const handled = role === "tab" ? moveTab(el, move) : role === "radio" ? moveRadio(el, move) : false;
  if (handled) event.preventDefault();
}
