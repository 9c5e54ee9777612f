/**
 * Accessibility, focus after a re-render. A re-render replaces a window's or a card's HTML, and the
 * control that had the keyboard focus goes with it: focus would fall back to the page, and a keyboard
 * player would start again from the top after every stepper press or die choice. Before the render we
 * remember which control had focus (by its id or name, else by its `data-action` and the data that
 * tell it apart) and its place among the controls; after it, the same control gets focus again, or,
 * when it is gone or disabled (the die just chosen, a stepper at its limit, Confirm once confirmed),
 * the same control with fewer data, else the action it names as its successor (`data-focus-next`:
 * Confirm names Apply Effect), else the control now at the same place, else the root.
 *
 * No Foundry and no imports: the sandbox page loads this file as it is (sandbox/server.ts), and nodes
 * are read by their properties (a v14 detached window's nodes are of another realm: src/applications/dom.ts).
 */

/** The data attributes that tell two controls with the same action apart, most specific last. */
const KEY_DATA = [
  "index",
  "key",
  "attribute",
  "track",
  "tab",
  "group",
  "facet",
  "type",
  "range",
  "tag",
  "flag",
  "scope",
  "first",
  "second",
  "role",
  "value",
] as const;
/** Dropped in the second try: what a click changes about the control itself (a die's next role, a circle's value). */
const VOLATILE_DATA = new Set<string>(["role", "value", "first", "second"]);

/** What can take the focus: enabled controls, and whatever our templates make focusable. */
const FOCUSABLE = 'button, a[href], input, select, textarea, summary, [tabindex]:not([tabindex="-1"])';

export interface FocusMemory {
  /** Selectors for the control, most exact first. */
  readonly keys: readonly string[];
  /** Its place among the root's focusable controls. */
  readonly index: number;
}

function isElement(node: unknown): node is HTMLElement {
  const el = node as Partial<HTMLElement> | null | undefined;
  return el?.nodeType === 1 && typeof el.closest === "function";
}

/** A quoted attribute value for a selector. */
function quoted(value: string): string {
  return `"${value.replace(/["\\]/g, "\\$&")}"`;
}

function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/** The controls of `root` that can take focus now, in document order. */
export function focusables(root: ParentNode): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => {
    if ("disabled" in el && (el as HTMLButtonElement).disabled) return false;
    if (el.closest("[inert], [hidden]")) return false;
    return el.getClientRects().length > 0;
  });
}

/** Selectors that find `el` again in a re-rendered `root`, most exact first (empty when nothing names it). */
export function focusKeys(el: HTMLElement): string[] {
  const tag = el.tagName.toLowerCase();
  if (el.id) return [`${tag}[id=${quoted(el.id)}]`];
  const name = el.getAttribute("name");
  if (name) return [`${tag}[name=${quoted(name)}]`];
  const action = el.dataset.action;
  if (!action) return [];
  const row = el.closest<HTMLElement>("[data-item-id], [data-facet]:not([data-action])");
  const scope = row?.dataset.itemId
    ? `[data-item-id=${quoted(row.dataset.itemId)}] `
    : row?.dataset.facet
      ? `[data-facet=${quoted(row.dataset.facet)}] `
      : "";
  const attrs = (keep: (name: string) => boolean): string =>
    KEY_DATA.filter((d) => keep(d) && el.dataset[d] !== undefined)
      .map((d) => `[data-${kebab(d)}=${quoted(el.dataset[d] ?? "")}]`)
      .join("");
  const base = `${scope}[data-action=${quoted(action)}]`;
  const keys = [`${base}${attrs(() => true)}`, `${base}${attrs((d) => !VOLATILE_DATA.has(d))}`];
  // A control that goes away once pressed may name what comes next (a card's Confirm: its Apply Effect).
  const next = el.dataset.focusNext;
  if (next) keys.push(`${scope}[data-action=${quoted(next)}]`);
  return [...new Set(keys)];
}

/** What had the focus inside `root` before a re-render, or null when the focus was elsewhere. */
export function rememberFocus(root: ParentNode & Node, active: Element | null | undefined): FocusMemory | null {
  if (!isElement(active) || !root.contains(active) || active === (root as unknown)) return null;
  const index = focusables(root).indexOf(active);
  return { keys: focusKeys(active), index };
}

/**
 * After a re-render: focuses the remembered control (or the best stand-in for it, as said above) and
 * returns it; null when nothing was remembered. Never moves focus that is already inside `root`
 * (a field the player clicked into meanwhile).
 */
export function restoreFocus(root: ParentNode & Node, memory: FocusMemory | null): HTMLElement | null {
  if (!memory) return null;
  const doc = root.ownerDocument ?? (root as unknown as Document);
  const current = doc.activeElement;
  if (isElement(current) && root.contains(current) && current !== (root as unknown)) return current;
  const candidates = focusables(root);
  for (const key of memory.keys) {
    const match = candidates.find((el) => el.matches(key));
    if (match) {
      match.focus();
      return match;
    }
  }
  const atPlace = candidates[Math.min(Math.max(memory.index, 0), candidates.length - 1)];
  if (atPlace) {
    atPlace.focus();
    return atPlace;
  }
  if (isElement(root)) {
    if (!root.hasAttribute("tabindex")) root.setAttribute("tabindex", "-1");
    root.focus();
    return root;
  }
  return null;
}

/** A window's first render: focus goes to its first control, so the keyboard starts inside it. */
export function focusFirst(root: ParentNode): HTMLElement | null {
  const first = focusables(root)[0] ?? null;
  first?.focus();
  return first;
}
