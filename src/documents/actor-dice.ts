/**
 * What a character's moves share (./actor.ts, ./legacy-actions.ts): the owner check before
 * a die is thrown, Foundry's dice, and posting a result card under the chat's mode.
 */
import { RulesError } from "../rules/index.ts";
import { applyMessageMode, type MessageMode } from "../compat/generation.ts";
import type { AnswerLink, ResultCardView } from "../chat/index.ts";
import type { TerranActor } from "./actor.ts";
import { answerFlags, type StoredCard } from "./chat-message.ts";

/**
 * Only an owner (or a GM) may change the character: refused before any die is thrown (Foundry would refuse the update).
 */
export function assertOwner(actor: TerranActor): void {
  if (!actor.isOwner)
    throw new RulesError("not-allowed", `Only an owner of ${actor.name} may do this.`, { reason: "notActorOwner" });
}

/** Rolls `count` d6 with Foundry and returns the roll (null for no dice) and its faces. */
export async function rollFaces(count: number): Promise<{ roll: Roll | null; faces: number[] }> {
  if (count <= 0) return { roll: null, faces: [] };
  const roll = await new Roll(`${count}d6`).evaluate();
  return { roll, faces: roll.dice.flatMap((die) => die.results.map((r) => r.result)) };
}

/**
 * Posts a result card (its dice as the message's rolls, so Dice So Nice shows them) under the chat's
 * current mode or `mode`, with a request's answer link if any (src/chat/request-card.ts).
 */
export async function postCard(
  actor: TerranActor,
  rolls: readonly (Roll | null)[],
  view: ResultCardView,
  mode?: MessageMode,
  answers: AnswerLink | null = null,
): Promise<void> {
  await postStoredCard(actor, rolls, { kind: "result", state: view }, mode, answers);
}

/** Posts a card of any kind (`postCard`'s road) and returns its message. */
export async function postStoredCard(
  actor: TerranActor,
  rolls: readonly (Roll | null)[],
  card: StoredCard,
  mode?: MessageMode,
  answers: AnswerLink | null = null,
): Promise<ChatMessage.Implementation | undefined> {
  const data = {
    speaker: ChatMessage.getSpeaker({ actor }),
    rolls: rolls.filter((r): r is Roll => r !== null),
    content: "",
    flags: answerFlags(card, answers),
  };
  return ChatMessage.create(applyMessageMode(data, mode));
}

/**
 * Throws the explosion chain after a kept die at or above `explodeOn`, one die at a time, for as long
 * as the last die explodes (as the Effect roll reads it): each die's roll (for Dice So Nice) and its face.
 */
export async function rollExplosionChain(
  kept: number,
  explodeOn: number,
): Promise<{ rolls: (Roll | null)[]; chain: number[] }> {
  const rolls: (Roll | null)[] = [];
  const chain: number[] = [];
  let last = kept;
  while (last >= explodeOn) {
    const next = await rollFaces(1);
    rolls.push(next.roll);
    last = next.faces[0] ?? 1;
    chain.push(last);
  }
  return { rolls, chain };
}
