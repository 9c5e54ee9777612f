/**
 * The risk advisor's disclosure remembered per dialog (the Core roll dialog, the separate resolution's
 * dialog) for the session: a player who opened it once finds it open on the next re-render and the
 * next roll. Client-side only, nothing stored.
 */

import { SYSTEM_ID } from "../../system-id.ts";

/** The advisor's partial, loaded with each dialog's part (`{{> …}}` in the dialogs' templates). */
export const ADVISOR_TEMPLATE = `systems/${SYSTEM_ID}/templates/dialogs/partials/advisor.hbs`;

/** The dialogs that show the advisor. */
export type AdvisorDialog = "risky" | "separate";

const open = new Map<AdvisorDialog, boolean>();

/** Whether the advisor of `dialog` was last left open (closed until the player opens it). */
export function advisorOpen(dialog: AdvisorDialog): boolean {
  return open.get(dialog) ?? false;
}

/**
 * Remembers the advisor's open state whenever the player opens or closes it in `root` (call after each
 * render); opened with no rows drawn (a model that works them out only while open), `render` draws them.
 */
export function watchAdvisor(root: HTMLElement, dialog: AdvisorDialog, render: () => void): void {
  const details = root.querySelector<HTMLDetailsElement>("details.rd-advisor");
  details?.addEventListener("toggle", () => {
    open.set(dialog, details.open);
    if (details.open && !details.querySelector(".rd-adv-row")) render();
  });
}
