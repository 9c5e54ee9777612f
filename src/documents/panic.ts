/** R-V-8 a Panic Event taken from a failed Risky card: checked against the card, rolled, noted once, then applied. */
import { panicOffer, riskyCardResult, type PanicRecord, readPanicRecord } from "../chat/index.ts";
import { getRuleset, RulesError, type PanicResult } from "../rules/index.ts";
import { SYSTEM_ID } from "../system-id.ts";
import { assertOwner, rollFaces } from "./actor-dice.ts";
import type { TerranActor } from "./actor.ts";
import * as ops from "./operations/index.ts";
import { trustedCard } from "./provenance.ts";

const refusal = (message: string): RulesError => new RulesError("not-allowed", message, { reason: "badRequest" });

/** The card the Panic is taken from, believed only after the provenance check, and the character's own. */
function panicCard(actor: TerranActor, messageId: string) {
  const message = game.messages?.get(messageId);
  const stored = message ? trustedCard(message) : null;
  if (!message || stored?.kind !== "risky") throw refusal("That message holds no Risky Action card.");
  if (stored.state.actorUuid !== actor.uuid) throw refusal("A Panic Event is taken only by the character who rolled.");
  return { message, card: stored.state };
}

/**
 * R-V-8 the roller (or a GM) panics from the card: the card must offer it to this user now, the character must
 * be theirs; the record goes on the card first (so it is taken once), then Ego and the scene's state change.
 */
export async function takePanic(actor: TerranActor, messageId: string): Promise<PanicResult> {
  const { message, card } = panicCard(actor, messageId);
  const state = actor.characterState();
  const user = { id: game.user?.id ?? "", isGM: game.user?.isGM ?? false };
  const taken = readPanicRecord(message.getFlag(SYSTEM_ID, "panic")) !== null;
  const character = { egoDice: ops.egoDiceFor(state), panicked: (state.panic ?? null) !== null };
  const offer = panicOffer(card, user, taken, character);
  if (!offer) throw refusal("This roll did not Fail in a ruleset with Panic Events.");
  if (offer.button.disabled)
    throw new RulesError("not-allowed", "A Panic Event cannot be taken from this card now.", {
      reason: offer.button.tooltipKey ?? "badRequest",
    });
  assertOwner(actor);
  const result = riskyCardResult(card);
  const { roll, faces } = await rollFaces(character.egoDice);
  const op = ops.panicOperation(
    state,
    getRuleset(card.rulesetId),
    { failed: result.band === "fail", successAtCost: result.gmSuccess, lost: !card.ego.undone && result.ego.lost },
    faces,
  );
  const record: PanicRecord = {
    userId: user.id,
    faces,
    egoBefore: state.source.ego.value,
    egoMaxBefore: state.source.ego.max,
    ego: op.outcome.ego,
    state: op.outcome.state,
  };
  const rolls = roll ? [...message.rolls, roll].map((r) => JSON.stringify(r)) : undefined;
  await message.update({ flags: { [SYSTEM_ID]: { panic: record } }, ...(rolls ? { rolls } : {}) });
  try {
    await actor.update({ ...op.update, flags: { [SYSTEM_ID]: { panic: { state: op.outcome.state, messageId } } } });
  } catch (error) {
    await message.update({ flags: { [SYSTEM_ID]: { panic: null } } });
    throw error;
  }
  return op.outcome;
}
