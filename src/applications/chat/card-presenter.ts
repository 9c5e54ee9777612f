/**
 * A chat card on this client: how it is drawn for its viewer and where a click on it goes. The ChatMessage
 * document must not import this layer, so it is handed both at init (`registerCardPresenter`). Each kind's
 * template, view and handlers are its entry in ./card-registry.ts; a stored card is checked whole on every
 * draw and click. Only a `data-action` of the card's own kind is dispatched; a refusal is a warning and
 * changes nothing; a closed button (aria-disabled, still focusable) shows its reason.
 */
import { isActionOf, isCardAction, type CardAction, type CardKind } from "../../chat/index.ts";
import { storedCard, TerranChatMessage, type StoredCard, type StoredCardOf } from "../../documents/chat-message.ts";
import { attempt, rulesErrorText } from "../../prompts/notify.ts";
import { actionElement, elementOf } from "../dom.ts";
import { beforeCardUpdate, cardShown } from "./card-a11y.ts";
import { RulesError } from "../../rules/index.ts";
import { trustedCard } from "../../documents/provenance.ts";
import { cardKindEntry } from "./card-registry.ts";

async function renderOf<K extends CardKind>(
  message: ChatMessage.Implementation,
  card: StoredCardOf<K>,
): Promise<string> {
  const entry = cardKindEntry(card.kind);
  return foundry.applications.handlebars.renderTemplate(entry.template, await entry.view(message, card.state));
}

/**
 * A card's template drawn for the current user, from the state in the message's flags as believed; a card its
 * author could not have made is drawn as it says, under a note saying why it cannot be acted on (./card-a11y.ts
 * closes its controls).
 */
export async function renderCard(message: ChatMessage.Implementation, card: StoredCard): Promise<string> {
  const trust = readTrust(message);
  if (trust.card) return renderOf(message, trust.card);
  return untrustedFrame(await renderOf(message, card), trust.why);
}

/** The message's card as believed, or why it is not. */
function readTrust(message: ChatMessage.Implementation): { card: StoredCard | null; why: string } {
  try {
    return { card: trustedCard(message), why: "" };
  } catch (error) {
    if (error instanceof RulesError && error.data.reason === "untrustedCard")
      return { card: null, why: rulesErrorText(error) };
    throw error;
  }
}

function untrustedFrame(html: string, why: string): string {
  const text = foundry.utils.escapeHTML(why);
  return `<div class="te-untrusted" data-untrusted="${text}"><p class="te-untrusted-note" role="note">${text}</p>${html}</div>`;
}

async function clickOf<K extends CardKind>(
  message: ChatMessage.Implementation,
  card: StoredCardOf<K>,
  action: CardAction,
  el: HTMLElement,
): Promise<void> {
  if (!isActionOf(card.kind, action)) return;
  const entry = cardKindEntry(card.kind);
  // The one provenance check (src/documents/provenance.ts): a card its author could not have made is not acted on.
  const believed = trustedCard(message) as StoredCardOf<K>;
  await entry.actions[action]({ message, state: believed.state, el });
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
