/**
 * R-LEG-14 carrying a Challenge card's complication to a character (documents/complications.ts), run where the
 * rights are (else through ./queries.ts). Checked against the stored card: its roller or a GM asks, the target
 * is a character, and the ruleset reads the card's Effect as 1 to 3 dice.
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

/** R-LEG-14 replacing one of the same Challenge. */
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
