/**
 * The clicks on a GM's roll request card: a row's Roll opens the roll dialog of that row's character,
 * preset to what was asked (or rolls the Fortune die, which has no dialog), for its owner or a GM; the
 * card it posts carries the request's link, so every client's request card shows the result. An
 * answered row's result links to the card that answered it.
 */
import { requestTarget } from "../../chat/index.ts";
import { CharacterData } from "../../data/actor/character.ts";
import { requestRow } from "../../table/roll-requests.ts";
import { isLegacyAttribute } from "../../documents/operations/legacy.ts";
import { RulesError } from "../../rules/index.ts";
import { currentRuleset } from "../../settings/settings.ts";
import { LegacyRollDialog } from "../dialogs/legacy-roll-dialog.ts";
import { RollDialog } from "../dialogs/roll-dialog.ts";
import { rollFortune } from "./roll-other.ts";

/** Opens the row's roll (refused, with the reason, for a user who does not own the row's character). */
export async function rollForRequest(message: ChatMessage.Implementation, index: number): Promise<void> {
  const { state, actor, link } = await requestRow(message, index);
  if (state.subject.kind === "fortune") {
    await rollFortune(state.subject.chance, { actor, link });
    return;
  }
  const target = requestTarget(state.subject);
  if (!(actor.system instanceof CharacterData)) throw new RulesError("not-allowed", `${actor.name} is not a character.`, { reason: "noCharacter" });
  // A ruleset that rolls the Effect apart (Legacy, R-LEG-9) has its own Risky Action dialog, preset to the attribute (as src/api.ts opens it).
  const { subject } = state;
  if (!target && subject.kind === "attribute" && currentRuleset().resolution.kind === "separate" && isLegacyAttribute(subject.attribute)) {
    await new LegacyRollDialog({ actor, attribute: subject.attribute, answers: link }).render({ force: true });
    return;
  }
  if (!target) throw new RulesError("unknown-id", "The roll dialog cannot roll this yet.", { id: state.subject.kind === "attribute" ? state.subject.attribute : "" });
  await new RollDialog({ actor, target, weapon: null, answers: link }).render({ force: true });
}

/** Scrolls the chat log to the message that answered a row (an id of letters and digits only). */
export function showAnswer(messageId: string): void {
  if (!/^[A-Za-z0-9]+$/.test(messageId)) return;
  const found = document.querySelector<HTMLElement>(`.chat-message[data-message-id="${messageId}"]`);
  found?.scrollIntoView({ block: "center" });
}
