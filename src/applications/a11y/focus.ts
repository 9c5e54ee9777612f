/**
 * The focus kept across a re-render: the control that had it (by id or name, else its `data-action` and data)
 * gets it back, or a stand-in when it is gone or closed: itself with fewer data, its `data-focus-next`, the
 * control at its place, the root. No Foundry, no imports (sandbox/server.ts loads it as is); nodes are read by
 * their properties (v14 detached windows: applications/dom.ts).
 */

/** Most specific last. */
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
/** Dropped in the second try: what a click changes on the control (a die's next role, a circle's value). */
const VOLATILE_DATA = new Set<string>(["role", "value", "first", "second"]);

/** Enabled controls, and whatever our templates make focusable. */
const FOCUSABLE = 'button, a[href], input, select, textarea, summary, [tabindex]:not([tabindex="-1"])';

export interface FocusMemory {
  /** Most exact first. */
  readonly keys: readonly string[];
  /** Among the root's focusable controls. */
  readonly index: number;
}

function isElement(node: unknown): node is HTMLElement {
  const el = node as Partial<HTMLElement> | null | undefined;
  return el?.nodeType === 1 && typeof el.closest === "function";
}

function quoted(value: string): string {
  return `"${value.replace(/["\\]/g, "\\$&")}"`;
}

function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/** In document order. */
export function focusables(root: ParentNode): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => {
    if ("disabled" in el && (el as HTMLButtonElement).disabled) return false;
    if (el.closest("[inert], [hidden]")) return false;
    return el.getClientRects().length > 0;
  });
}

/** Most exact first; empty when nothing names it. */
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
  // A control that goes once pressed may name what comes next (Confirm: its Apply Effect).
  const next = el.dataset.focusNext;
  if (next) keys.push(`${scope}[data-action=${quoted(next)}]`);
  return [...new Set(keys)];
}

/** Null when the focus was elsewhere. */
export function rememberFocus(root: ParentNode & Node, active: Element | null | undefined): FocusMemory | null {
  if (!isElement(active) || !root.contains(active) || active === (root as unknown)) return null;
  const index = focusables(root).indexOf(active);
  return { keys: focusKeys(active), index };
}

/** Null when nothing was remembered; never moves focus already inside `root` (a field clicked meanwhile). */
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

/** So the keyboard starts inside the window. */
export function focusFirst(root: ParentNode): HTMLElement | null {
  const first = focusables(root)[0] ?? null;
  first?.focus();
  return first;
}
