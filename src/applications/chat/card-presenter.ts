/** Hands the card's drawing and click handling to the ChatMessage document (it must not import this layer). */
import { TerranChatMessage } from "../../documents/chat-message.ts";
import { cardShown } from "./card-a11y.ts";
import { onCardClick } from "./card-controller.ts";
import { renderCard } from "./card-render.ts";

export function registerCardPresenter(): void {
  TerranChatMessage.presenter = {
    render: renderCard,
    onClick: onCardClick,
    shown: (message, html) => cardShown(message.id ?? "", html),
  };
}
