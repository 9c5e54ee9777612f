/**
 * Rolling a Risky Action (or a Reaction) from the dialog's view: one TerranRoll with its light and
 * dark terms, a chat message whose flags hold the card's state, and the Ego the Dark Dice cost
 * (R-EGO-2), spent at once when the world's setting says so (the card offers an Undo).
 */
import { createRiskyCard, markEgoSpent, type RiskyCardState } from "../../chat/risky-card.ts";
import type { TerranActor } from "../../documents/actor.ts";
import { TerranRoll } from "../../dice/terran-roll.ts";
import { SETTINGS } from "../../settings/settings.ts";
import { SYSTEM_ID } from "../../system-id.ts";
import type { RollDialogSubject, RollDialogView } from "../dialogs/roll-dialog-model.ts";
import { answerFlags } from "../../documents/chat-message.ts";
import type { AnswerLink } from "../../chat/index.ts";
import { applyMessageMode } from "../../compat/generation.ts";
import { riskyCardInput, rollRecord } from "./risky-card-input.ts";

/** `link`: the GM's request this roll answers (its card carries it, src/chat/request-card.ts), or null. */
export async function rollRiskyAction(
  actor: TerranActor,
  subject: RollDialogSubject,
  view: RollDialogView,
  link: AnswerLink | null = null,
): Promise<ChatMessage | null> {
  const user = game.user;
  if (!user) return null;
  const roll = TerranRoll.pool(view.light, view.choices.dark, { [SYSTEM_ID]: rollRecord(subject, view, actor.uuid) });
  await roll.evaluate();
  let card: RiskyCardState = createRiskyCard(
    riskyCardInput(subject, view, {
      rollerId: user.id,
      actor: { uuid: actor.uuid, name: actor.name },
      light: roll.lightFaces,
      dark: roll.darkFaces,
      singleDieServesBoth: game.settings?.get(SYSTEM_ID, SETTINGS.singleDieServesBoth) ?? true,
    }),
  );
  const spend = (game.settings?.get(SYSTEM_ID, SETTINGS.autoSpendEgo) ?? true) && card.ego.cost > 0;
  if (spend && (await actor.spendEgo(roll.darkFaces)) !== null)
    card = markEgoSpent(card, { id: user.id, isGM: user.isGM });

  const data = {
    speaker: ChatMessage.getSpeaker({ actor }),
    rolls: [roll],
    content: "",
    flags: answerFlags({ kind: "risky", state: card }, link),
  };
  applyMessageMode(data, view.messageMode);
  return (await ChatMessage.create(data)) ?? null;
}
