/**
 * The system's ChatMessage document, and where a card's state lives: the message's flags, so every
 * client and a reload render the same card. The dice themselves are the message's rolls and are never
 * edited. A result card (Grit reset, Fortune…) has nothing to change later, so its stored state is its
 * view.
 *
 * A message carrying a card is rendered from the card's state for the user looking at it (whose buttons
 * are enabled, and why not), and its buttons and dice are wired to the card controller. A message
 * without a card renders as Foundry's own, and so does a card whose content this user may not see (a GM,
 * blind or self roll): core's private view, with no dice, outcome or buttons (ChatMessage#isContentVisible;
 * Draw Steel checks it the same way).
 *
 * Drawing and clicking are the applications layer's (src/applications/chat/card-presenter.ts), which
 * hands them to the document at init: a document never imports an application.
 */
import { RulesError } from "../rules/index.ts";
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

// ---------------------------------------------------------------------------------------------
// The document

/** What draws a card for the current user and handles a click on it. */
export interface CardPresenter {
  render(message: ChatMessage.Implementation, card: StoredCard): Promise<string>;
  onClick(message: ChatMessage.Implementation, event: MouseEvent): Promise<void>;
  /** The card's element is drawn (accessibility: focus and live values across re-renders). */
  shown?(message: ChatMessage.Implementation, html: HTMLElement): void;
}

/**
 * The speaker of a card the GM posts for the table (the end-of-session award, a roll request): the GM
 * user by name, never a token or actor. Core's `getSpeaker()` with no arguments takes the controlled token
 * as the speaker, so a GM with an NPC selected would have posted the card in that NPC's name. The fields
 * are ChatSpeakerData's (scene, actor, token, alias: "An overridden alias name used instead of the Actor
 * or Token name", foundryvtt.com/api/v14 foundry.documents.types.ChatSpeakerData).
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
      // Stored flags are data anyone with the rights could have written: a card the rules cannot read
      // (src/chat checks every stored state whole) is shown as a notice, never breaks the chat log.
      if (!(error instanceof RulesError)) throw error;
      if (content) content.textContent = game.i18n?.localize("TERRAN.Card.corrupt") ?? "TERRAN.Card.corrupt";
      return html;
    }
    html.addEventListener("click", (event) => void presenter.onClick(self, event));
    presenter.shown?.(self, html);
    return html;
  }
}
