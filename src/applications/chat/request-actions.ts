/**
 * Clicks on a GM's roll request: a row's Roll opens that character's dialog preset to the request (or rolls the
 * Fortune die) for its owner or a GM, and the card it posts carries the request's link; an answered row links
 * to its answer.
 */
import { CharacterData } from "../../data/actor/character.ts";
import { requestRow } from "../../table/roll-requests.ts";
import { RulesError } from "../../rules/index.ts";
import { currentRuleset } from "../../settings/settings.ts";
import { resolutionModel } from "../resolution/index.ts";
import { rollFortune } from "./roll-other.ts";

/** Refused, with the reason, for a user who does not own the row's character. */
export async function rollForRequest(message: ChatMessage.Implementation, index: number): Promise<void> {
  const { state, actor, link } = await requestRow(message, index);
  if (state.subject.kind === "fortune") {
    await rollFortune(state.subject.chance, { actor, link });
    return;
  }
  if (!(actor.system instanceof CharacterData))
    throw new RulesError("not-allowed", `${actor.name} is not a character.`, { reason: "noCharacter" });
  // The world's resolution model opens its own dialog, preset (as api.ts opens a roll).
  await resolutionModel(currentRuleset()).answer(actor, state.subject, link);
}

/** An id of letters and digits only. */
export function showAnswer(messageId: string): void {
  if (!/^[A-Za-z0-9]+$/.test(messageId)) return;
  const found = document.querySelector<HTMLElement>(`.chat-message[data-message-id="${messageId}"]`);
  found?.scrollIntoView({ block: "center" });
}
