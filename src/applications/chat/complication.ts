/**
 * R-LEG-14 the clicker's side of "Complication −Nd to …" on a Challenge card: the character is the one
 * the button names (a character the card harmed) or each character this user targets. The step runs
 * here when this user may update the character, else on the active GM's client (src/relay/complications.ts
 * checks everything again there). A refusal is a localised warning; a success says where it went.
 */
import { CharacterData } from "../../data/actor/character.ts";
import { TerranActor } from "../../documents/actor.ts";
import { attempt, say } from "../../prompts/notify.ts";
import { carryComplicationFromCard } from "../../relay/complications.ts";
import { askGm, QUERIES } from "../../relay/queries.ts";
import { RulesError } from "../../rules/index.ts";

/** The character the button names, or the characters of the tokens this user targets. */
async function complicationTargets(targetUuid: string | null): Promise<TerranActor[]> {
  if (targetUuid !== null) {
    const doc: unknown = await fromUuid(targetUuid as `Actor.${string}`);
    if (doc instanceof TerranActor && doc.system instanceof CharacterData) return [doc];
    throw new RulesError("unknown-id", `No character ${targetUuid}.`, { id: targetUuid });
  }
  const actors = [...(game.user?.targets ?? [])]
    .map((t) => t.actor)
    .filter((a): a is TerranActor => a instanceof TerranActor && a.system instanceof CharacterData);
  const unique = [...new Map(actors.map((a) => [a.uuid, a])).values()];
  if (unique.length === 0)
    throw new RulesError("not-allowed", "Target a character's token first.", { reason: "noCharacter" });
  return unique;
}

/** R-LEG-14 carries the card's complication to each chosen character, once each. */
export async function carryComplicationClick(
  message: ChatMessage.Implementation,
  targetUuid: string | null,
): Promise<void> {
  const user = game.user;
  if (!user) return;
  const targets = (await attempt(() => complicationTargets(targetUuid))) ?? [];
  for (const actor of targets) {
    // Each character on its own: a refusal for one is shown and the others still carry it.
    await attempt(async () => {
      const request = { askerId: user.id ?? "", messageId: message.id ?? "", targetUuid: actor.uuid };
      const asker = { id: user.id ?? "", isGM: user.isGM, user };
      const summary = actor.isOwner
        ? await carryComplicationFromCard(request, asker)
        : await askGm(QUERIES.carryComplication, request);
      const dice = (summary.outcome as { dice?: unknown } | null)?.dice;
      const text = game.i18n?.format("TERRAN.Card.complicationCarried", {
        name: actor.name,
        dice: `−${String(dice)}d`,
      });
      if (text) say("info", text);
    });
  }
}
