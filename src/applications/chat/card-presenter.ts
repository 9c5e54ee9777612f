/**
 * The cards' glue with the ChatMessage document, which must not import this layer: at init the document
 * is handed how to draw a card for the current user and what a click on it does.
 *
 * - Drawing: the card's kind names its entry (./card-kinds.ts), whose check reads the stored state whole
 *   (a refusal is a RulesError, which the message shows as a short notice) and whose view is the
 *   template's context.
 * - A click: the clicked `data-action`, if it is one of the card's own kind (src/chat/card-kinds.ts),
 *   goes to that kind's handler, with the stored state as the kind's check reads it. A refusal is a
 *   localised warning and changes nothing; a card the user may not see cannot be clicked. A closed
 *   button (aria-disabled, still focusable) is not pressed: its reason is shown.
 */
import { isActionOf, isCardAction, type CardAction, type CardKind } from "../../chat/index.ts";
import { storedCard, type StoredCard, type StoredCardOf } from "../../documents/card-flags.ts";
import { TerranChatMessage } from "../../documents/chat-message.ts";
import { attempt } from "../../prompts/notify.ts";
import { actionElement, elementOf } from "../dom.ts";
import { beforeCardUpdate, cardShown } from "./card-a11y.ts";
import { cardKindEntry } from "./card-kinds.ts";

async function renderOf<K extends CardKind>(
  message: ChatMessage.Implementation,
  card: StoredCardOf<K>,
): Promise<string> {
  const entry = cardKindEntry(card.kind);
  const state = entry.check(card.state);
  return foundry.applications.handlebars.renderTemplate(entry.template, await entry.view(message, state));
}

/** A card's template drawn for the current user, from the state in the message's flags. */
export function renderCard(message: ChatMessage.Implementation, card: StoredCard): Promise<string> {
  return renderOf(message, card);
}

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
  // A closed button keeps the focus (aria-disabled, so its reason stays in reach of the keyboard); pressed,
  // it says why and does nothing.
  if (el.getAttribute("aria-disabled") === "true") {
    const reason = el.getAttribute("title") ?? el.closest<HTMLElement>("[data-tooltip]")?.dataset.tooltip ?? "";
    if (reason) ui.notifications?.warn(reason);
    return;
  }
  const card = storedCard(message);
  if (!card) return;
  // The update re-renders the message; the keyboard focus comes back to this control (./card-a11y.ts).
  const root = elementOf(event.currentTarget);
  if (root) beforeCardUpdate(message.id ?? "", root);
  await attempt(() => clickOf(message, card, action, el));
}

export function registerCardPresenter(): void {
  TerranChatMessage.presenter = {
    render: renderCard,
    onClick: onCardClick,
    shown: (message, html) => cardShown(message.id ?? "", html),
  };
}
