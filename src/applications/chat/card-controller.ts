/**
 * What a click on a card does: the clicked `data-action`, if it is one of the card's own kind
 * (src/chat/card-kinds.ts), goes to that kind's handler (./card-kinds.ts), with the stored state as
 * the kind's check reads it. A refusal is a localised warning and changes nothing; a card the user may
 * not see cannot be clicked.
 */
import { isActionOf, isCardAction, type CardAction, type CardKind } from "../../chat/index.ts";
import { storedCard, type StoredCardOf } from "../../documents/card-flags.ts";
import { attempt } from "../../prompts/notify.ts";
import { actionElement, elementOf } from "../dom.ts";
import { beforeCardUpdate } from "./card-a11y.ts";
import { cardKindEntry } from "./card-kinds.ts";

async function clickOf<K extends CardKind>(
  message: ChatMessage.Implementation,
  card: StoredCardOf<K>,
  action: CardAction,
  el: HTMLElement,
): Promise<void> {
  if (!isActionOf(card.kind, action)) return;
  const entry = cardKindEntry(card.kind);
  await entry.actions[action]({ message, state: entry.check(card.state), el });
}

/** The click handler of a card message: dispatches `[data-action]` to the handler of the card's kind. */
export async function onCardClick(message: ChatMessage.Implementation, event: MouseEvent): Promise<void> {
  if (!message.isContentVisible) return;
  const el = actionElement(event.target);
  const action = el?.dataset.action;
  if (!el || !action || !isCardAction(action) || el.hasAttribute("disabled")) return;
  event.preventDefault();
  const card = storedCard(message);
  if (!card) return;
  // The update re-renders the message; the keyboard focus comes back to this control (./card-a11y.ts).
  const root = elementOf(event.currentTarget);
  if (root) beforeCardUpdate(message.id ?? "", root);
  await attempt(() => clickOf(message, card, action, el));
}
