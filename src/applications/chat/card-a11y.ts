/**
 * Accessibility on the chat cards: a click re-renders the message (its flags change), and Foundry puts a new
 * element in the chat log. Before the click's update we remember what had the keyboard focus in the
 * card; when the new element is in the page, the focus goes back to the same control (or the best
 * stand-in: src/applications/a11y/focus.ts) and what changed on the card (outcome, Effect, Ego,
 * applied) is said politely. A card drawn for the first time is said nothing. One keeper per message.
 * Run against the stand-ins (tests/foundry/a11y.stubs.test.ts), not in Foundry; the sandbox page runs
 * the same keeper around its card re-renders.
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

/** Before a click's update: what has the focus inside the message's element. */
export function beforeCardUpdate(messageId: string, root: HTMLElement): void {
  keeperOf(messageId).before(root);
}

/**
 * Runs `then` once `el` is in a document (the chat log inserts a rendered message after renderHTML), for
 * a few frames at most.
 */
function whenConnected(el: HTMLElement, then: () => void, frames = 30): void {
  if (el.isConnected) then();
  else if (frames > 0 && typeof globalThis.requestAnimationFrame === "function")
    requestAnimationFrame(() => whenConnected(el, then, frames - 1));
}

/** A card's element was drawn: once it is in the chat log, the focus comes back and the changes are said. */
export function cardShown(messageId: string, root: HTMLElement): void {
  closeUntrusted(root);
  whenConnected(root, () => keeperOf(messageId).after(root));
}

/**
 * A card its author could not have made (./card-presenter.ts `untrustedFrame`) keeps its controls focusable
 * but closed, each saying why, as every closed control does.
 */
function closeUntrusted(root: HTMLElement): void {
  for (const frame of root.querySelectorAll<HTMLElement>("[data-untrusted]")) {
    const why = frame.dataset.untrusted ?? "";
    for (const control of frame.querySelectorAll<HTMLElement>("[data-action]")) {
      control.setAttribute("aria-disabled", "true");
      control.setAttribute("title", why);
    }
  }
}
