/**
 * Rolling a Risky Action (or a Reaction) from the dialog's view: one TerranRoll with its light and
 * dark terms, a chat message whose flags hold the card's state, and the Ego the Dark Dice cost
 * (R-EGO-2), spent at once when the world's setting says so (the card offers an Undo).
 */
import { createRiskyCard, markEgoSpent, type CardWeapon, type RiskyCardState } from "../../chat/risky-card.ts";
import { deriveCharacter } from "../../data/derived.ts";
import type { TerranActor } from "../../documents/actor.ts";
import { TerranRoll } from "../../dice/terran-roll.ts";
import { SETTINGS } from "../../settings/settings.ts";
import { SYSTEM_ID } from "../../system-id.ts";
import type { RollDialogSubject, RollDialogView } from "../dialogs/roll-dialog-model.ts";
import { cardFlags } from "./card-flags.ts";

function cardWeapon(subject: RollDialogSubject): CardWeapon | null {
  const weapon = subject.weapon;
  if (!weapon) return null;
  return {
    name: weapon.name,
    rank: weapon.system.rank,
    tags: [...weapon.system.tags, ...weapon.system.customTags],
    twoHanded: weapon.system.twoHanded,
  };
}

export async function rollRiskyAction(actor: TerranActor, subject: RollDialogSubject, view: RollDialogView): Promise<ChatMessage | null> {
  const user = game.user;
  if (!user) return null;
  const roll = TerranRoll.pool(view.light, view.choices.dark, {
    [SYSTEM_ID]: { actorUuid: actor.uuid, target: subject.target, egoBefore: view.egoAtThrow, ruleset: subject.ruleset.id },
  });
  await roll.evaluate();
  const { flags } = deriveCharacter(subject.state.source, subject.state.items);
  let card: RiskyCardState = createRiskyCard({
    rollerId: user.id,
    actorUuid: actor.uuid,
    actorName: actor.name,
    rulesetId: subject.ruleset.id,
    target: subject.target,
    reaction: view.reaction,
    light: roll.lightFaces,
    dark: roll.darkFaces,
    pool: view.pool,
    egoBefore: view.egoAtThrow,
    sayonara: view.sayonara,
    singleDieServesBoth: game.settings?.get(SYSTEM_ID, SETTINGS.singleDieServesBoth) ?? true,
    weapon: cardWeapon(subject),
    rank: view.rank,
    combat: view.choices.combat,
    flags: {
      whirlwind: view.whirlwind,
      specialist: false,
      fast: flags.has("effectFirst"),
      slow: flags.has("effectLast"),
    },
  });
  const spend = (game.settings?.get(SYSTEM_ID, SETTINGS.autoSpendEgo) ?? true) && card.ego.cost > 0;
  if (spend && (await actor.spendEgo(roll.darkFaces)) !== null) card = markEgoSpent(card, { id: user.id, isGM: user.isGM });

  const data = {
    speaker: ChatMessage.getSpeaker({ actor }),
    rolls: [roll],
    content: "",
    flags: cardFlags({ kind: "risky", state: card }),
  };
  ChatMessage.applyRollMode(data, view.rollMode);
  return (await ChatMessage.create(data)) ?? null;
}
