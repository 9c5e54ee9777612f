/**
 * What the character's moves share: the owner check, Foundry's dice, posting a result card in the chat's mode.
 */
import { RulesError } from "../rules/index.ts";
import { applyMessageMode, type MessageMode } from "../compat/generation.ts";
import type { AnswerLink, ResultCardView } from "../chat/index.ts";
import type { TerranActor } from "./actor.ts";
import { answerFlags, type StoredCard } from "./chat-message.ts";

/** Refused before any die is thrown (Foundry would refuse the update). */
export function assertOwner(actor: TerranActor): void {
  if (!actor.isOwner)
    throw new RulesError("not-allowed", `Only an owner of ${actor.name} may do this.`, { reason: "notActorOwner" });
}

/** Null roll for no dice. */
export async function rollFaces(count: number): Promise<{ roll: Roll | null; faces: number[] }> {
  if (count <= 0) return { roll: null, faces: [] };
  const roll = await new Roll(`${count}d6`).evaluate();
  return { roll, faces: roll.dice.flatMap((die) => die.results.map((r) => r.result)) };
}

/**
 * Its dice are the message's rolls (so Dice So Nice shows them); the chat's mode or `mode`; a request's link if
 * any.
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

/** `postCard`'s road, for any kind. */
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

/** One die at a time while the last explodes; each die's roll (for Dice So Nice) and its face. */
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
