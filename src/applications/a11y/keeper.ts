/**
 * What a window or card does around each re-render for keyboard and screen-reader users: focus kept
 * (./focus.ts), changes announced (./live.ts). No Foundry: the sandbox runs the same class (sandbox/client.ts).
 */
import { rememberFocus, restoreFocus, type FocusMemory } from "./focus.ts";
import { announceChange } from "./live.ts";

export class A11yKeeper {
  #focus: FocusMemory | null = null;
  #announced: string | null = null;

  before(root: Element): void {
    this.#focus = rememberFocus(root, root.ownerDocument.activeElement);
  }

  after(root: Element): HTMLElement | null {
    const focused = restoreFocus(root, this.#focus);
    this.#focus = null;
    this.#announced = announceChange(root, this.#announced);
    return focused;
  }
}
