/**
 * Accessibility: what an application (or a card) does around each re-render for keyboard and screen-reader
 * players — remember the focus before, put it back after (./focus.ts), and announce the live values
 * that changed (./live.ts). One per window or card; `before` when a render starts, `after` when the
 * new HTML is in the page.
 *
 * No Foundry: the sandbox page runs the same class around its own re-renders (sandbox/client.ts).
 */
import { rememberFocus, restoreFocus, type FocusMemory } from "./focus.ts";
import { announceChange } from "./live.ts";

export class A11yKeeper {
  #focus: FocusMemory | null = null;
  #announced: string | null = null;

  /** Before a render: what has the focus inside `root`. */
  before(root: Element): void {
    this.#focus = rememberFocus(root, root.ownerDocument.activeElement);
  }

  /** After a render: focus back where it was, and what changed said politely. */
  after(root: Element): HTMLElement | null {
    const focused = restoreFocus(root, this.#focus);
    this.#focus = null;
    this.#announced = announceChange(root, this.#announced);
    return focused;
  }
}
