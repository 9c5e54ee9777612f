/** R-V-8 the Panic Event on a Risky card for the current user: the offer with its odds, or what it did. */
import { panicOffer, readPanicRecord, type RiskyCardState } from "../../chat/index.ts";
import { TerranActor } from "../../documents/actor.ts";
import { egoDiceFor } from "../../documents/operations/index.ts";
import { SYSTEM_ID } from "../../system-id.ts";
import { panicContext, type PanicCardView } from "./panic-context.ts";

/** The character's Ego dice and whether they panicked this scene, when this client can read them. */
function characterFacts(uuid: string): { egoDice: number; panicked: boolean } | null {
  const actor: unknown = uuid.startsWith("Actor.") ? fromUuidSync(uuid as `Actor.${string}`) : null;
  if (!(actor instanceof TerranActor) || !actor.isOwner) return null;
  const state = actor.characterState();
  try {
    return { egoDice: egoDiceFor(state), panicked: (state.panic ?? null) !== null };
  } catch {
    return null;
  }
}

/** Null when the card offers no Panic (another ruleset, no Fail) and none was taken. */
export function panicCardView(
  message: ChatMessage.Implementation,
  state: RiskyCardState,
  user: { id: string; isGM: boolean },
): PanicCardView | null {
  const record = readPanicRecord(message.getFlag(SYSTEM_ID, "panic"));
  const offer = panicOffer(state, user, record !== null, characterFacts(state.actorUuid));
  return panicContext(offer, record, game.i18n?.lang ?? "en");
}

/** R-V-8 the roller's click: the character takes the Panic (TerranActor checks the card again). */
export async function takePanicClick(message: ChatMessage.Implementation, state: RiskyCardState): Promise<void> {
  const actor: unknown = await fromUuid(state.actorUuid as `Actor.${string}`);
  if (actor instanceof TerranActor) await actor.takePanic(message.id ?? "");
}
