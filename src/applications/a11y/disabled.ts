/**
 * A `disabled` button cannot take the focus, so its reason (a tooltip on its wrapper) would reach only a mouse:
 * a closed button with a reason becomes `aria-disabled="true"`, described by it (`aria-describedby`), and a
 * press does nothing (`guardClosed`). No Foundry, no imports (sandbox/server.ts loads it as is).
 */

function isHtml(node: unknown): node is HTMLElement {
  const el = node as Partial<HTMLElement> | null | undefined;
  return el?.nodeType === 1 && typeof el.closest === "function";
}

let counter = 0;

/** Its `data-tooltip` wrapper gives the reason. */
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

/** Bound in the capture phase. */
export function guardClosed(event: Event): void {
  const target = event.target;
  if (!isHtml(target) || !target.closest('[aria-disabled="true"]')) return;
  event.preventDefault();
  event.stopImmediatePropagation();
}
