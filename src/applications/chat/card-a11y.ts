/**
 * Chat cards and the keyboard: a click re-renders the message, so the focus is remembered before its update and
 * given back to the same control (or the best stand-in, a11y/focus.ts) once the new element is in the page, and
 * what changed is said politely. One keeper per message; the sandbox runs the same keeper.
 */
import { A11yKeeper } from "../a11y/keeper.ts";

const keepers = new Map<string, A11yKeeper>();

function keeperOf(messageId: string): A11yKeeper {
  let keeper = keepers.get(messageId);
  if (!keeper) {
    keeper = new A11yKeeper();
    keepers.set(messageId, keeper);
  }
  return keeper;
}

/** What has the focus inside the message's element. */
export function beforeCardUpdate(messageId: string, root: HTMLElement): void {
  keeperOf(messageId).before(root);
}

/** The chat log inserts a rendered message after renderHTML; tried for a few frames at most. */
function whenConnected(el: HTMLElement, then: () => void, frames = 30): void {
  if (el.isConnected) then();
  else if (frames > 0 && typeof globalThis.requestAnimationFrame === "function")
    requestAnimationFrame(() => whenConnected(el, then, frames - 1));
}

export function cardShown(messageId: string, root: HTMLElement): void {
  closeUntrusted(root);
  whenConnected(root, () => keeperOf(messageId).after(root));
}

/** Its controls stay focusable but closed, each saying why (`untrustedFrame`). */
function closeUntrusted(root: HTMLElement): void {
  for (const frame of root.querySelectorAll<HTMLElement>("[data-untrusted]")) {
    const why = frame.dataset.untrusted ?? "";
    for (const control of frame.querySelectorAll<HTMLElement>("[data-action]")) {
      control.setAttribute("aria-disabled", "true");
      control.setAttribute("title", why);
    }
  }
}
