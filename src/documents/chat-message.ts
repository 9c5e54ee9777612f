/**
 * The system's ChatMessage: a card's state lives in its flags, its dice are its rolls (never edited). A card is
 * drawn for the user looking at it by the presenter the applications layer hands in at init; a card whose
 * content this user may not see renders as core's private view (ChatMessage#isContentVisible, as Draw Steel).
 */
import { RulesError } from "../rules/index.ts";
import type { AnswerLink, CardKind, CardStates } from "../chat/index.ts";
import { SYSTEM_ID } from "../system-id.ts";

export interface StoredCardOf<K extends CardKind> {
  readonly kind: K;
  readonly state: CardStates[K];
}

/** One member per kind of chat/card-kinds.ts. */
export type StoredCard = { readonly [K in CardKind]: StoredCardOf<K> }[CardKind];

export function storedCard(message: ChatMessage.Implementation): StoredCard | null {
  return message.getFlag(SYSTEM_ID, "card") ?? null;
}

export function cardFlags(card: StoredCard): Record<string, unknown> {
  return { [SYSTEM_ID]: { card } };
}

/** A card answering a GM's request carries its link under this flag (chat/request-card.ts). */
export const ANSWER_FLAG = "answers";

export function answerFlags(card: StoredCard, link: AnswerLink | null): Record<string, unknown> {
  const flags = cardFlags(card);
  if (!link) return flags;
  return { [SYSTEM_ID]: { ...(flags[SYSTEM_ID] as object), [ANSWER_FLAG]: link } };
}

/**
 * Enough to know which request card to draw again; the link is read in full where rows are derived
 * (table/roll-requests.ts).
 */
export function answeredRequestId(message: ChatMessage.Implementation): string | null {
  const link: unknown = message.getFlag(SYSTEM_ID, ANSWER_FLAG);
  const id: unknown = typeof link === "object" && link !== null ? Reflect.get(link, "requestId") : undefined;
  return typeof id === "string" ? id : null;
}

// ---------------------------------------------------------------------------------------------
// The document

/** What draws a card for the current user and handles a click on it. */
export interface CardPresenter {
  render(message: ChatMessage.Implementation, card: StoredCard): Promise<string>;
  onClick(message: ChatMessage.Implementation, event: MouseEvent): Promise<void>;
  /** Accessibility: focus and live values across re-renders. */
  shown?(message: ChatMessage.Implementation, html: HTMLElement): void;
}

/**
 * The GM user by name: core's `getSpeaker()` takes the controlled token, so a GM with an NPC selected would
 * post in its name. Fields: ChatSpeakerData (foundryvtt.com/api/v14 foundry.documents.types.ChatSpeakerData).
 */
export function tableSpeaker(): { scene: null; actor: null; token: null; alias?: string } {
  const alias = game.user?.name;
  return { scene: null, actor: null, token: null, ...(typeof alias === "string" && alias !== "" ? { alias } : {}) };
}

export class TerranChatMessage<
  out SubType extends ChatMessage.SubType = ChatMessage.SubType,
> extends ChatMessage<SubType> {
  /** Set at init by the applications layer; without it a card renders as core's plain message. */
  static presenter: CardPresenter | null = null;

  override async renderHTML(options?: Parameters<ChatMessage["renderHTML"]>[0]): Promise<HTMLElement> {
    const html = await super.renderHTML(options);
    const card = storedCard(this);
    const presenter = TerranChatMessage.presenter;
    if (!card || !presenter || !this.isContentVisible) return html;
    const self = this as unknown as ChatMessage.Implementation;
    const content = html.querySelector(".message-content");
    try {
      if (content) content.innerHTML = await presenter.render(self, card);
    } catch (error) {
      // A card the rules cannot read (flags are anyone's) shows a notice and never breaks the chat log.
      if (!(error instanceof RulesError)) throw error;
      if (content) content.textContent = game.i18n?.localize("TERRAN.Card.corrupt") ?? "TERRAN.Card.corrupt";
      return html;
    }
    html.addEventListener("click", (event) => void presenter.onClick(self, event));
    presenter.shown?.(self, html);
    return html;
  }
}
