/**
 * Accessibility, closed controls. A `disabled` button cannot take the focus, so a keyboard or
 * screen-reader player never learns why it is closed: its reason lives in a tooltip on its wrapper,
 * which only a mouse shows. After each render, a closed button whose wrapper says why becomes
 * `aria-disabled="true"` instead (focusable, announced as unavailable), described by its reason
 * (`aria-describedby`, a visually hidden copy) — styles/sheets.css also shows the reason beside it while
 * it has the focus — and a press on it does nothing (`guardClosed`, bound once on the window's root).
 *
 * No Foundry and no imports: the sandbox page loads this file as it is (sandbox/server.ts).
 */

function isHtml(node: unknown): node is HTMLElement {
  const el = node as Partial<HTMLElement> | null | undefined;
  return el?.nodeType === 1 && typeof el.closest === "function";
}

let counter = 0;

/** Makes every closed button of `root` that has a reason (its `data-tooltip` wrapper) focusable and described by it. */
export function revealClosedReasons(root: ParentNode): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>("button[disabled]")) {
    const reason = button.closest("[data-tooltip]")?.getAttribute("data-tooltip")?.trim();
    if (!reason) continue;
    const note = button.ownerDocument.createElement("span");
    counter += 1;
    note.id = `te-closed-reason-${counter}`;
    note.className = "te-visually-hidden";
    note.textContent = reason;
    button.after(note);
    button.disabled = false;
    button.setAttribute("aria-disabled", "true");
    const described = button.getAttribute("aria-describedby");
    button.setAttribute("aria-describedby", described ? `${described} ${note.id}` : note.id);
  }
}

/** A click handler for a window's root, bound in the capture phase: a press on a closed control goes nowhere. */
export function guardClosed(event: Event): void {
  const target = event.target;
  if (!isHtml(target) || !target.closest('[aria-disabled="true"]')) return;
  event.preventDefault();
  event.stopImmediatePropagation();
}
