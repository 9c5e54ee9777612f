/**
 * R-XP-1 the end of a session on the document side: the GM's award (one update per actor; one refusal stops no
 * other) and its Undo from the card. GM only, so no relay; the rulings are documents/operations/session.ts's.
 */
import {
  claimSessionUndo,
  createSessionCard,
  recordSessionUndo,
  type SessionCardRow,
  type SessionCardState,
  type SessionRefusal,
  type SessionUndoRecord,
} from "../chat/index.ts";
import { RulesError } from "../rules/index.ts";
import { currentRuleset } from "../settings/settings.ts";
import { TerranActor } from "../documents/actor.ts";
import { egoLostOf } from "../data/ratings.ts";
import {
  readSessionChoices,
  sessionAwardOperation,
  sessionAwardPlan,
  sessionUndoOperation,
  type SessionRowChoice,
  type SessionRowPlan,
} from "../documents/operations/index.ts";
import { characterState } from "../documents/state.ts";
import { cardFlags, tableSpeaker } from "../documents/chat-message.ts";
import { trustedCard } from "../documents/provenance.ts";
import { closeLuckSessionFor, takeBackLuckXpFor } from "./luck.ts";

function assertGm(): { readonly id: string; readonly isGM: true } {
  const user = game.user;
  if (!user?.isGM) throw new RulesError("not-allowed", "Only a GM can award session XP.", { reason: "notGm" });
  return { id: user.id ?? "", isGM: true };
}

/** A player owns them; in the Actors directory's order. */
export function playerCharacters(): TerranActor[] {
  const all: unknown[] = [...(game.actors?.contents ?? [])];
  return all.filter((a): a is TerranActor => a instanceof TerranActor && a.type === "character" && a.hasPlayerOwner);
}

/** R-XP-1 (R-LEG-12 from the stored `egoLost`). */
export function sessionRows(): SessionRowPlan[] {
  const candidates = playerCharacters().flatMap((actor) => {
    const state = characterState(actor);
    return state
      ? [{ uuid: actor.uuid, name: actor.name, source: state.source, egoLost: egoLostOf(state.source) }]
      : [];
  });
  return sessionAwardPlan(candidates, currentRuleset());
}

async function actorOf(uuid: string): Promise<TerranActor | null> {
  const doc: unknown =
    uuid.startsWith("Actor.") || uuid.startsWith("Scene.") ? await fromUuid(uuid as `Actor.${string}`) : null;
  return doc instanceof TerranActor ? doc : null;
}

/** Dead (the rules), or the update refused (anything else). */
function refusalOf(error: unknown): SessionRefusal {
  if (error instanceof RulesError && error.code === "dead") return "dead";
  return "refused";
}

/** R-XP-1 */
async function awardRow(uuid: string, name: string, xp: number): Promise<SessionCardRow> {
  const refused = (refusal: SessionRefusal): SessionCardRow => ({
    actorUuid: uuid,
    actorName: name,
    xp,
    given: false,
    refusal,
    before: null,
    after: null,
    undo: null,
  });
  const actor = await actorOf(uuid);
  if (!actor) return refused("missing");
  const state = characterState(actor);
  if (!state) return refused("notCharacter");
  try {
    const { update, outcome } = sessionAwardOperation(state, xp, currentRuleset());
    await actor.update(update);
    return {
      actorUuid: uuid,
      actorName: actor.name,
      xp,
      given: true,
      refusal: null,
      before: state.source.xp,
      after: outcome.xp,
      undo: null,
      egoLost: outcome.egoLost,
    };
  } catch (error) {
    // A refusal (the rules' or Foundry's) is listed; the next actor is still awarded.
    console.warn(`terran-engine | session XP for ${name} refused:`, error);
    return refused(refusalOf(error));
  }
}

/** The last part of its uuid, as table/luck.ts records it. */
function luckActorId(uuid: string): string {
  return uuid.split(".").at(-1) ?? uuid;
}

/** R-LUCK-1 */
function givenXp(rows: readonly SessionCardRow[]): { actorId: string; xp: number }[] {
  return rows.filter((r) => r.given).map((r) => ({ actorId: luckActorId(r.actorUuid), xp: r.xp }));
}

/** R-XP-1 refused whole when a row's XP is not 1–99; posts one summary card. */
export async function awardSession(choices: readonly SessionRowChoice[]): Promise<SessionCardState> {
  const gm = assertGm();
  const picked = readSessionChoices(choices);
  const rows: SessionCardRow[] = [];
  for (const row of picked) rows.push(await awardRow(row.uuid, row.name, row.xp));
  const luck = await closeLuckSessionFor(
    givenXp(rows),
    new Map(rows.map((r) => [luckActorId(r.actorUuid), r.actorName])),
  );
  const state = createSessionCard(gm.id, rows, luck);
  await ChatMessage.create({ speaker: tableSpeaker(), content: "", flags: cardFlags({ kind: "session", state }) });
  return state;
}

/** As far as the character still holds it. */
async function undoRow(row: SessionCardRow): Promise<SessionUndoRecord> {
  const actor = await actorOf(row.actorUuid);
  const state = actor ? characterState(actor) : null;
  if (!actor || !state) return { taken: 0, short: 0, refusal: actor ? "notCharacter" : "missing" };
  try {
    const { update, outcome } = sessionUndoOperation(state, row.xp, row.egoLost ?? 0);
    if (Object.keys(update).length > 0) await actor.update(update);
    return { taken: outcome.taken, short: outcome.short, refusal: null };
  } catch (error) {
    console.warn(`terran-engine | taking back session XP from ${row.actorName} refused:`, error);
    return { taken: 0, short: 0, refusal: refusalOf(error) };
  }
}

/** R-XP-1 claimed on the card first, so a second click (or GM) does nothing; each actor once. */
export async function undoSessionAward(
  message: ChatMessage.Implementation,
  version: number,
): Promise<SessionCardState> {
  const gm = assertGm();
  const stored = trustedCard(message);
  if (stored.kind !== "session")
    throw new RulesError("not-allowed", "That message holds no session award.", { reason: "badRequest" });
  const user = gm;
  const claimed = claimSessionUndo(stored.state, user, version);
  await message.update({ flags: cardFlags({ kind: "session", state: claimed }) });
  const outcomes: Record<string, SessionUndoRecord> = Object.create(null) as Record<string, SessionUndoRecord>;
  for (const row of claimed.rows) if (row.given) outcomes[row.actorUuid] = await undoRow(row);
  const done = recordSessionUndo(claimed, user, outcomes);
  // R-LUCK-1 a card from before the ledger names none.
  const taken = claimed.rows.flatMap((r) => {
    const outcome = outcomes[r.actorUuid];
    return r.given && outcome ? [{ actorId: luckActorId(r.actorUuid), xp: outcome.taken }] : [];
  });
  if (claimed.luck) await takeBackLuckXpFor(claimed.luck.session, taken);
  await message.update({ flags: cardFlags({ kind: "session", state: done }) });
  return done;
}
