/**
 * The clicks on a GM's roll request card: a row's Roll opens the roll dialog of that row's character,
 * preset to what was asked (or rolls the Fortune die, which has no dialog), for its owner or a GM; the
 * card it posts carries the request's link, so every client's request card shows the result. An
 * answered row's result links to the card that answered it.
 */
import { CharacterData } from "../../data/actor/character.ts";
import { requestRow } from "../../table/roll-requests.ts";
import { RulesError } from "../../rules/index.ts";
import { currentRuleset } from "../../settings/settings.ts";
import { resolutionModel } from "../resolution/index.ts";
import { rollFortune } from "./roll-other.ts";

/** Opens the row's roll (refused, with the reason, for a user who does not own the row's character). */
export async function rollForRequest(message: ChatMessage.Implementation, index: number): Promise<void> {
  const { state, actor, link } = await requestRow(message, index);
  if (state.subject.kind === "fortune") {
    await rollFortune(state.subject.chance, { actor, link });
    return;
  }
  if (!(actor.system instanceof CharacterData))
    throw new RulesError("not-allowed", `${actor.name} is not a character.`, { reason: "noCharacter" });
  // The world's resolution model opens its own dialog, preset to the request (as src/api.ts opens a roll).
  await resolutionModel(currentRuleset()).answer(actor, state.subject, link);
}

/** Scrolls the chat log to the message that answered a row (an id of letters and digits only). */
export function showAnswer(messageId: string): void {
  if (!/^[A-Za-z0-9]+$/.test(messageId)) return;
  const found = document.querySelector<HTMLElement>(`.chat-message[data-message-id="${messageId}"]`);
  found?.scrollIntoView({ block: "center" });
}
