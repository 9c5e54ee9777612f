/**
 * A small public API (on `globalThis.TerranEngine`) for macros and the sheets to come: open the roll
 * dialog for an attribute, a save or a weapon; roll a Challenge's Effect; roll the Fortune die; end
 * the scene (the effects of activated advancements).
 */
import { rollChallengeEffect, rollFortune } from "./applications/chat/roll-other.ts";
import { openRoll } from "./applications/resolution/index.ts";
import { TerranActor } from "./documents/actor.ts";
import { RulesError } from "./rules/index.ts";
import { attempt } from "./prompts/notify.ts";
import { openRollRequest, openSessionAward } from "./applications/gm/commands.ts";
import { openTableLuck } from "./applications/gm/luck-window.ts";

/** Opens the roll dialog: `what` is an attribute id, `save:<group>`, or a weapon item's id. */
function roll(actor: Actor.Implementation, what: string): Promise<void> {
  return openRoll(actor, what);
}

/** The hotbar's roll macros (src/applications/sheets/hotbar.ts): `roll` for the actor with this uuid. */
async function rollFor(actorUuid: string, what: string): Promise<void> {
  const doc: unknown = await fromUuid(actorUuid as `Actor.${string}`);
  const actor = doc instanceof Actor ? (doc as Actor.Implementation) : null;
  if (!actor) {
    ui.notifications?.warn(game.i18n?.localize("TERRAN.Sheet.Macro.missing") ?? "TERRAN.Sheet.Macro.missing");
    return;
  }
  await roll(actor, what);
}

/**
 * R-ADV-1 / R-ADV-2 the scene ends: the effects of activated advancements (Brainwave's +1d, Nova's
 * states) end, and R-SAY-1 a character in their last scene departs — on `actor`, or without one on every
 * character this user may change (the GM: all).
 */
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

/**
 * R-CH-2 a Challenge's Effect and R-FORT-1 the Fortune die (./applications/chat/roll-other.ts); R-XP-1
 * the GM's end-of-session dialog (`sessionAward`) and the GM's roll request (`requestRoll`): the table tools.
 * R-LUCK-1 / R-LUCK-2 the Table luck window (`tableLuck`), for every user.
 */
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
