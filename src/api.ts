/** The macro API on `globalThis.TerranEngine`. */
import { rollChallengeEffect, rollFortune } from "./applications/chat/roll-other.ts";
import { openRoll } from "./applications/resolution/index.ts";
import { TerranActor } from "./documents/actor.ts";
import { RulesError } from "./rules/index.ts";
import { attempt } from "./prompts/notify.ts";
import { openRollRequest, openSessionAward } from "./applications/gm/commands.ts";
import { openTableLuck } from "./applications/gm/luck-window.ts";

/** `what`: an attribute id, `save:<group>`, or a weapon item's id. */
function roll(actor: Actor.Implementation, what: string): Promise<void> {
  return openRoll(actor, what);
}

/** The hotbar's macros (applications/sheets/hotbar.ts). */
async function rollFor(actorUuid: string, what: string): Promise<void> {
  const doc: unknown = await fromUuid(actorUuid as `Actor.${string}`);
  const actor = doc instanceof Actor ? (doc as Actor.Implementation) : null;
  if (!actor) {
    ui.notifications?.warn(game.i18n?.localize("TERRAN.Sheet.Macro.missing") ?? "TERRAN.Sheet.Macro.missing");
    return;
  }
  await roll(actor, what);
}

/** R-ADV-1 / R-ADV-2 / R-SAY-1 on `actor`, or on every character this user may change (the GM: all). */
async function endScene(actor?: Actor.Implementation): Promise<void> {
  await attempt(async () => {
    if (actor !== undefined) {
      if (!(actor instanceof TerranActor))
        throw new RulesError("not-allowed", "Only characters keep effects until the scene ends.");
      await actor.endScene();
      return;
    }
    for (const each of game.actors?.contents ?? []) {
      if (each instanceof TerranActor && each.isOwner && each.sceneToEnd) await each.endScene();
    }
  });
}

/** R-CH-2, R-FORT-1, R-XP-1 and R-LUCK-1 / R-LUCK-2: the table tools. */
export const api = {
  roll,
  rollFor,
  rollChallengeEffect,
  rollFortune,
  endScene,
  sessionAward: openSessionAward,
  requestRoll: openRollRequest,
  tableLuck: openTableLuck,
};
