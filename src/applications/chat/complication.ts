/**
 * R-LEG-14 the clicker's side of a Challenge card's "Complication −Nd to …": the named character or each one
 * targeted; run here when this user may update it, else on the active GM's (relay/complications.ts checks
 * again).
 */
import { CharacterData } from "../../data/actor/character.ts";
import { TerranActor } from "../../documents/actor.ts";
import { attempt, say } from "../../prompts/notify.ts";
import { carryComplicationFromCard } from "../../relay/complications.ts";
import { askGm, QUERIES } from "../../relay/queries.ts";
import { RulesError } from "../../rules/index.ts";

/** Named by the button, or this user's targets. */
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

/** R-LEG-14 once each. */
export async function carryComplicationClick(
  message: ChatMessage.Implementation,
  targetUuid: string | null,
): Promise<void> {
  const user = game.user;
  if (!user) return;
  const targets = (await attempt(() => complicationTargets(targetUuid))) ?? [];
  for (const actor of targets) {
    // A refusal for one is shown; the others still carry it.
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
