/**
 * What a GM decided about a player's card, kept on that GM's own User: no player may update another's User
 * (foundryvtt/foundryvtt#9749, #10024), so only a GM could have written it. Not secret.
 */
import type { CardWord, MontageWordRecord } from "../chat/index.ts";
import { RulesError } from "../rules/index.ts";
import { SYSTEM_ID } from "../system-id.ts";

/** The oldest go first. */
const WORDS_KEPT = 200;

interface StoredCardWord extends CardWord {
  readonly messageId: string;
  readonly at: number;
}

interface StoredMontageWord extends MontageWordRecord {
  readonly at: number;
}

function wordsOf<T>(
  user: User.Implementation,
  key: "cardWords" | "montageWords",
  isWord: (value: unknown) => value is T,
): T[] {
  const raw: unknown = user.getFlag(SYSTEM_ID, key);
  return Array.isArray(raw) ? raw.filter(isWord) : [];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

function isCardWord(value: unknown): value is StoredCardWord {
  return (
    isRecord(value) &&
    typeof value.messageId === "string" &&
    typeof value.effect === "boolean" &&
    typeof value.success === "boolean" &&
    typeof value.at === "number"
  );
}

function isMontageWord(value: unknown): value is StoredMontageWord {
  return (
    isRecord(value) &&
    ["id", "askerId", "actorUuid", "challengeUuid"].every((k) => typeof value[k] === "string") &&
    typeof value.at === "number"
  );
}

function currentGm(): User.Implementation {
  const user = game.user;
  if (!user?.isGM) throw new RulesError("not-allowed", "Only a GM's word is kept.", { reason: "notGm" });
  return user;
}

async function keep<T extends { readonly at: number }>(
  key: "cardWords" | "montageWords",
  words: readonly T[],
): Promise<void> {
  const kept = [...words].sort((a, b) => b.at - a.at).slice(0, WORDS_KEPT);
  await currentGm().update({ [`flags.${SYSTEM_ID}.${key}`]: kept });
}

function gms(): User.Implementation[] {
  return [...(game.users ?? [])].filter((u) => u.isGM);
}

/** R-RA-1 / R-RA-8 before the card shows it. */
export async function sayCardWord(messageId: string, word: CardWord): Promise<void> {
  const others = wordsOf(currentGm(), "cardWords", isCardWord).filter((w) => w.messageId !== messageId);
  await keep("cardWords", [...others, { messageId, effect: word.effect, success: word.success, at: Date.now() }]);
}

/** Or null. */
export function cardWordOf(messageId: string): CardWord | null {
  const said = gms()
    .flatMap((gm) => wordsOf(gm, "cardWords", isCardWord))
    .filter((w) => w.messageId === messageId)
    .sort((a, b) => b.at - a.at)[0];
  return said ? { effect: said.effect, success: said.success } : null;
}

/** R-LEG-14 the id goes on the card it allows. */
export async function sayMontageWord(word: Omit<MontageWordRecord, "id">): Promise<{ gmId: string; id: string }> {
  const gm = currentGm();
  const id = foundry.utils.randomID();
  await keep("montageWords", [...wordsOf(gm, "montageWords", isMontageWord), { ...word, id, at: Date.now() }]);
  return { gmId: gm.id ?? "", id };
}

/** Null unless that user is a GM and kept it. */
export function montageWordOf(gmId: string, id: string): MontageWordRecord | null {
  const gm = game.users?.get(gmId);
  if (!gm?.isGM) return null;
  return wordsOf(gm, "montageWords", isMontageWord).find((w) => w.id === id) ?? null;
}
