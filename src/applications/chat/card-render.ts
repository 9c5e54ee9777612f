/**
 * Renders a card's template for the current user, from the state in the message's flags: the card's
 * kind names its entry (./card-kinds.ts), whose check reads the stored state whole (a refusal is a
 * RulesError, which the message shows as a short notice) and whose view is the template's context.
 */
import type { CardKind } from "../../chat/index.ts";
import type { StoredCard, StoredCardOf } from "../../documents/card-flags.ts";
import { cardKindEntry } from "./card-kinds.ts";

async function renderOf<K extends CardKind>(
  message: ChatMessage.Implementation,
  card: StoredCardOf<K>,
): Promise<string> {
  const entry = cardKindEntry(card.kind);
  const state = entry.check(card.state);
  return foundry.applications.handlebars.renderTemplate(entry.template, await entry.view(message, state));
}

export function renderCard(message: ChatMessage.Implementation, card: StoredCard): Promise<string> {
  return renderOf(message, card);
}
