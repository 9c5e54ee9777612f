/**
 * The GM's request for a roll, on the document side: posting the request card, and reading the chat
 * log for the cards that answer its rows (src/chat/request-card.ts holds the checks and the ruling: the
 * request card is never written after it is posted, every client derives the rows' results itself).
 */
import {
  createRequestCard,
  readAnswerLink,
  requestAnswers,
  type AnswerCandidate,
  type AnswerLink,
  type RequestCardState,
  type RequestSubject,
  type RowAnswer,
} from "../chat/index.ts";
import { RulesError } from "../rules/index.ts";
import { SYSTEM_ID } from "../system-id.ts";
import { currentRuleset } from "../settings/settings.ts";
import { TerranActor } from "../documents/actor.ts";
import { ANSWER_FLAG, cardFlags, storedCard, tableSpeaker } from "../documents/chat-message.ts";
import { trustedCard } from "../documents/provenance.ts";

/** The answer link a message carries, if any (untrusted: checked by `answerOf`). */
export function answerLinkOf(message: ChatMessage.Implementation): AnswerLink | null {
  return readAnswerLink(message.getFlag(SYSTEM_ID, ANSWER_FLAG));
}

async function actorOf(uuid: string): Promise<TerranActor | null> {
  const known = uuid.startsWith("Actor.") || uuid.startsWith("Scene.");
  const doc: unknown = known ? await fromUuid(uuid as `Actor.${string}`) : null;
  return doc instanceof TerranActor ? doc : null;
}

/** For each row, does the current user own its actor (a GM owns every one)? */
export async function rowsOwned(state: RequestCardState): Promise<boolean[]> {
  return Promise.all(state.rows.map(async (row) => (await actorOf(row.actorUuid))?.isOwner ?? false));
}

/** The chat log's messages in order (Foundry's `game.messages`, a WorldCollection). */
function chatLog(): ChatMessage.Implementation[] {
  return [...(game.messages?.contents ?? [])];
}

/** May the message's author roll for `actorUuid` (an owner of it, or a GM)? */
function authorMayRoll(message: ChatMessage.Implementation, actor: TerranActor | null): boolean {
  const authorId = message.author?.id ?? "";
  const author = game.users?.get(authorId);
  if (!author || !actor) return false;
  return actor.testUserPermission(author, "OWNER");
}

/** An answering card as believed, or null: a card its author could not have rolled answers nothing. */
function believedOrNull(message: ChatMessage.Implementation): ReturnType<typeof trustedCard> | null {
  if (!storedCard(message)) return null;
  try {
    return trustedCard(message);
  } catch {
    return null;
  }
}

/** Each row's answer, read from the chat log for the current user. */
export async function requestAnswersFor(
  message: ChatMessage.Implementation,
  state: RequestCardState,
): Promise<(RowAnswer | null)[]> {
  const requestId = message.id ?? "";
  const actors = new Map(
    await Promise.all(state.rows.map(async (row) => [row.actorUuid, await actorOf(row.actorUuid)] as const)),
  );
  const candidates: AnswerCandidate[] = [];
  for (const each of chatLog()) {
    const link = answerLinkOf(each);
    if (link?.requestId !== requestId) continue;
    const stored = believedOrNull(each);
    candidates.push({
      messageId: each.id ?? "",
      link,
      authorMayRoll: authorMayRoll(each, actors.get(link.actorUuid) ?? null),
      visible: each.isContentVisible,
      risky: stored?.kind === "risky" ? stored.state : null,
    });
  }
  return requestAnswers(state, requestId, candidates);
}

/** Posts the GM's request (a GM only; public, so every player sees their row). */
export async function postRollRequest(
  subject: RequestSubject,
  note: string,
  actors: readonly { readonly uuid: string; readonly name: string }[],
): Promise<void> {
  const user = game.user;
  if (!user?.isGM) throw new RulesError("not-allowed", "Only a GM may ask for rolls.", { reason: "notGm" });
  const state = createRequestCard(
    user.id,
    currentRuleset(),
    subject,
    note,
    actors.map((a) => ({ actorUuid: a.uuid, actorName: a.name })),
  );
  await ChatMessage.create({ speaker: tableSpeaker(), content: "", flags: cardFlags({ kind: "request", state }) });
}

/**
 * The request message and row an answer link points to, checked: the actor of the row, and that the current user may
 * roll for it.
 */
export async function requestRow(
  message: ChatMessage.Implementation,
  index: number,
): Promise<{ state: RequestCardState; actor: TerranActor; link: AnswerLink }> {
  const stored = trustedCard(message);
  if (stored.kind !== "request")
    throw new RulesError("not-allowed", "That message holds no roll request.", { reason: "badRequest" });
  const row = stored.state.rows[index];
  if (!row) throw new RulesError("not-allowed", "That request has no such row.", { reason: "badRequest" });
  const actor = await actorOf(row.actorUuid);
  if (!actor) throw new RulesError("unknown-id", `No actor ${row.actorUuid}.`, { id: row.actorUuid });
  if (!actor.isOwner) throw new RulesError("not-allowed", `You do not own ${actor.name}.`, { reason: "notActorOwner" });
  return { state: stored.state, actor, link: { requestId: message.id ?? "", actorUuid: row.actorUuid } };
}
