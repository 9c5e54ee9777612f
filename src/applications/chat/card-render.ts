/** Renders a card's template for the current user, from the state in the message's flags. */
import { cardPermission, challengeCardView, requestCardView, riskyCardView, sessionCardView, teslaButton, teslaTaken, type CardUser } from "../../chat/index.ts";
import { requestAnswersFor, rowsOwned } from "../../table/roll-requests.ts";
import { gmOnline } from "../../relay/queries.ts";
import { currentApplyPermission, SETTINGS } from "../../settings/settings.ts";
import { SYSTEM_ID } from "../../system-id.ts";
import type { StoredCard } from "../../documents/card-flags.ts";

export const CARD_TEMPLATES = {
  risky: `systems/${SYSTEM_ID}/templates/chat/risky-card.hbs`,
  challenge: `systems/${SYSTEM_ID}/templates/chat/challenge-card.hbs`,
  result: `systems/${SYSTEM_ID}/templates/chat/result-card.hbs`,
  session: `systems/${SYSTEM_ID}/templates/chat/session-card.hbs`,
  request: `systems/${SYSTEM_ID}/templates/chat/request-card.hbs`,
} as const;

export function currentCardUser(): CardUser {
  return { id: game.user?.id ?? "", isGM: game.user?.isGM ?? false };
}

/** The viewer's permissions; the target is not known until a button is pressed (owning it: null). */
function viewer(rollerId: string, cardKind: "risky" | "challenge") {
  const user = currentCardUser();
  const online = gmOnline();
  const applySetting = currentApplyPermission();
  const permission = cardPermission({ user, rollerId, gmOnline: online, targetOwnedByUser: null, applySetting, cardKind });
  return { ...user, gmOnline: online, mayApply: permission.apply.allowed, mayApplyReason: permission.apply.reasonKey };
}

export async function renderCard(message: ChatMessage.Implementation, card: StoredCard): Promise<string> {
  const render = foundry.applications.handlebars.renderTemplate;
  switch (card.kind) {
    case "risky":
      return render(CARD_TEMPLATES.risky, {
        ...riskyCardView(card.state, viewer(card.state.rollerId, "risky")),
        // R-ADV-2 Tesla's button on a Fail with its +1d; the message notes when it was taken.
        tesla: teslaButton(card.state, currentCardUser(), teslaTaken(message.getFlag(SYSTEM_ID, "tesla"))),
        messageId: message.id,
      });
    case "challenge": {
      const offerHarm = game.settings?.get(SYSTEM_ID, SETTINGS.autoApplyHarm) ?? true;
      return render(CARD_TEMPLATES.challenge, { ...challengeCardView(card.state, { ...viewer(card.state.rollerId, "challenge"), offerHarm }), messageId: message.id });
    }
    case "result":
      return render(CARD_TEMPLATES.result, { ...card.state });
    case "session":
      return render(CARD_TEMPLATES.session, { ...sessionCardView(card.state, currentCardUser()), messageId: message.id });
    case "request": {
      // The rows' results are read from the chat log as it is now (src/chat/request-card.ts, the ruling).
      const viewer = { ...currentCardUser(), owns: await rowsOwned(card.state) };
      return render(CARD_TEMPLATES.request, { ...requestCardView(card.state, viewer, await requestAnswersFor(message, card.state)), messageId: message.id });
    }
  }
}
