/**
 * Where a card's state lives: the chat message's flags, so every client and a reload render the same
 * card. The dice themselves are the message's rolls and are never edited. A result card (Grit reset,
 * Fortune…) has nothing to change later, so its stored state is its view.
 */
import type { AnswerLink, CardKind, CardStates } from "../chat/index.ts";
import { SYSTEM_ID } from "../system-id.ts";

/** A card of kind `K` as its message's flags hold it. */
export interface StoredCardOf<K extends CardKind> {
  readonly kind: K;
  readonly state: CardStates[K];
}

/** A stored card of any kind: one member per kind of src/chat/card-kinds.ts (`CardStates`). */
export type StoredCard = { readonly [K in CardKind]: StoredCardOf<K> }[CardKind];

export function storedCard(message: ChatMessage.Implementation): StoredCard | null {
  return message.getFlag(SYSTEM_ID, "card") ?? null;
}

export function cardFlags(card: StoredCard): Record<string, unknown> {
  return { [SYSTEM_ID]: { card } };
}

/** The flag key under which a card answering a GM's request carries its link (src/chat/request-card.ts). */
export const ANSWER_FLAG = "answers";

/** The flags of a card that answers a request's row: the card's own flags and the link beside them. */
export function answerFlags(card: StoredCard, link: AnswerLink | null): Record<string, unknown> {
  const flags = cardFlags(card);
  if (!link) return flags;
  return { [SYSTEM_ID]: { ...(flags[SYSTEM_ID] as object), [ANSWER_FLAG]: link } };
}

/**
 * The id of the request a message says it answers, or null: enough to know which request card to draw
 * again. The link itself is untrusted and read in full where the rows are derived (src/table/roll-requests.ts).
 */
export function answeredRequestId(message: ChatMessage.Implementation): string | null {
  const link: unknown = message.getFlag(SYSTEM_ID, ANSWER_FLAG);
  const id: unknown = typeof link === "object" && link !== null ? Reflect.get(link, "requestId") : undefined;
  return typeof id === "string" ? id : null;
}
