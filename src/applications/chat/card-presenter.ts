/** Hands the card's drawing and click handling to the ChatMessage document (it must not import this layer). */
import { TerranChatMessage } from "../../documents/chat-message.ts";
import { cardShown } from "./card-a11y.ts";

export function registerCardPresenter(): void {
  TerranChatMessage.presenter = {
    // A card's drawing loads with the first card shown (not part of the startup bundle: bench/size.ts).
    render: async (...args) => {
      const { renderCard } = await import("./card-render.ts");
      return renderCard(...args);
    },
    // A card's buttons load their handling on the first click (not part of the startup bundle: bench/size.ts).
    onClick: async (...args) => {
      const { onCardClick } = await import("./card-controller.ts");
      return onCardClick(...args);
    },
    shown: (message, html) => cardShown(message.id ?? "", html),
  };
}
