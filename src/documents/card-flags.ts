/**
 * Where a card's state lives: the chat message's flags, so every client and a reload render the same
 * card. The dice themselves are the message's rolls and are never edited. A result card (Grit reset,
 * Fortune…) has nothing to change later, so its stored state is its view.
 */
import type { ChallengeCardState, RequestCardState, ResultCardView, RiskyCardState, SessionCardState } from "../chat/index.ts";
import { SYSTEM_ID } from "../system-id.ts";

export type StoredCard =
  | { readonly kind: "risky"; readonly state: RiskyCardState }
  | { readonly kind: "challenge"; readonly state: ChallengeCardState }
  | { readonly kind: "result"; readonly state: ResultCardView }
  | { readonly kind: "session"; readonly state: SessionCardState }
  | { readonly kind: "request"; readonly state: RequestCardState };

export function storedCard(message: ChatMessage.Implementation): StoredCard | null {
  return message.getFlag(SYSTEM_ID, "card") ?? null;
}

export function cardFlags(card: StoredCard): Record<string, unknown> {
  return { [SYSTEM_ID]: { card } };
}
