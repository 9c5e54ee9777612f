/**
 * R-LEG-14 the step that carries a Challenge card's complication to a character's next related roll
 * (an actor flag, src/documents/complications.ts), run where the rights are: on the clicker's client
 * when they may update the character, else on the active GM's (the query in ./queries.ts). Nothing in a
 * request is trusted; the step checks, against the card as stored: the message holds a Challenge card,
 * the asker is its roller or a GM (carrying it is their reading of the scene), the target is a
 * character, and the world's ruleset reads the card's own Effect as a complication of 1 to 3 dice.
 */
import { challengeCardResult, isRollerOrGm } from "../chat/index.ts";
import type { CarryComplicationRequest } from "../chat/complication-request.ts";
import { CharacterData } from "../data/actor/character.ts";
import type { PendingComplication } from "../data/complications.ts";
import { TerranActor } from "../documents/actor.ts";
import { trustedCard } from "../documents/provenance.ts";
import { carryComplication } from "../documents/complications.ts";
import { challengeReading, RulesError } from "../rules/index.ts";
import { currentRuleset } from "../settings/settings.ts";
import type { AppliedSummary, Asker } from "./card-changes.ts";

async function characterFrom(uuid: string): Promise<TerranActor> {
  const known = uuid.startsWith("Actor.") || uuid.startsWith("Scene.");
  const doc: unknown = known ? await fromUuid(uuid as `Actor.${string}`) : null;
  if (!(doc instanceof TerranActor)) throw new RulesError("unknown-id", `No actor ${uuid}.`, { id: uuid });
  if (!(doc.system instanceof CharacterData))
    throw new RulesError("not-allowed", `${doc.name} is not a character.`, { reason: "noCharacter" });
  return doc;
}

/** R-LEG-14 carries the card's complication to the character (replacing one of the same Challenge). */
export async function carryComplicationFromCard(
  request: CarryComplicationRequest,
  asker: Asker,
): Promise<AppliedSummary<PendingComplication>> {
  const message = game.messages?.get(request.messageId);
  const stored = message ? trustedCard(message) : null;
  if (stored?.kind !== "challenge")
    throw new RulesError("not-allowed", "That message holds no Challenge card.", { reason: "badRequest" });
  const state = stored.state;
  if (!isRollerOrGm(asker, state.rollerId))
    throw new RulesError("not-allowed", "Only the one who rolled, or a GM, carries a complication.", {
      reason: "notRoller",
    });
  const target = await characterFrom(request.targetUuid);
  const reading = challengeReading(currentRuleset(), challengeCardResult(state).effect.value);
  if (reading.kind !== "fork" || reading.complication === 0)
    throw new RulesError("not-allowed", "This Effect brings no complication.", { reason: "noComplication" });
  const carried = { challengeUuid: state.challengeUuid, from: state.challengeName, dice: reading.complication };
  await carryComplication(target, carried);
  return { outcome: carried, recorded: true, version: state.version };
}
