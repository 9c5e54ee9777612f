/**
 * The GM's roll request on the document side: posting it, and reading the chat log for the answers (the checks
 * and ruling: chat/request-card.ts).
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

/** Untrusted: checked by `answerOf`. */
export function answerLinkOf(message: ChatMessage.Implementation): AnswerLink | null {
  return readAnswerLink(message.getFlag(SYSTEM_ID, ANSWER_FLAG));
}

async function actorOf(uuid: string): Promise<TerranActor | null> {
  const known = uuid.startsWith("Actor.") || uuid.startsWith("Scene.");
  const doc: unknown = known ? await fromUuid(uuid as `Actor.${string}`) : null;
  return doc instanceof TerranActor ? doc : null;
}

/** A GM owns every one. */
export async function rowsOwned(state: RequestCardState): Promise<boolean[]> {
  return Promise.all(state.rows.map(async (row) => (await actorOf(row.actorUuid))?.isOwner ?? false));
}

/** Foundry's `game.messages`. */
function chatLog(): ChatMessage.Implementation[] {
  return [...(game.messages?.contents ?? [])];
}

/** An owner of it, or a GM. */
function authorMayRoll(message: ChatMessage.Implementation, actor: TerranActor | null): boolean {
  const authorId = message.author?.id ?? "";
  const author = game.users?.get(authorId);
  if (!author || !actor) return false;
  return actor.testUserPermission(author, "OWNER");
}

/** A card its author could not have rolled answers nothing. */
function believedOrNull(message: ChatMessage.Implementation): ReturnType<typeof trustedCard> | null {
  if (!storedCard(message)) return null;
  try {
    return trustedCard(message);
  } catch {
    return null;
  }
}

/** For the current user. */
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

/** A GM only; public, so every player sees their row. */
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

/** Checked: the row's actor, and that the current user may roll for it. */
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
