/**
 * The system's ChatMessage document: a message carrying a card (flags) is rendered from the card's
 * state for the user looking at it (whose buttons are enabled, and why not), and its buttons and dice
 * are wired to the card controller. A message without a card renders as Foundry's own.
 */
import { renderCard } from "../applications/chat/card-render.ts";
import { onCardClick } from "../applications/chat/card-controller.ts";
import { storedCard } from "./card-flags.ts";

export class TerranChatMessage<out SubType extends ChatMessage.SubType = ChatMessage.SubType> extends ChatMessage<SubType> {
  override async renderHTML(options?: Parameters<ChatMessage["renderHTML"]>[0]): Promise<HTMLElement> {
    const html = await super.renderHTML(options);
    const card = storedCard(this);
    if (!card) return html;
    const content = html.querySelector(".message-content");
    if (content) content.innerHTML = await renderCard(this, card);
    html.addEventListener("click", (event) => void onCardClick(this, event));
    return html;
  }
}
