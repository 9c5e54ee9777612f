/**
 * The one provenance check: every GM-side step and every ledger record reads a card through `trustedCard`
 * (checked whole, its author able to have made it: chat/provenance.ts; a GM's leave from ./gm-words.ts).
 * Foundry vouches for a message's author alone: only a GM may change it (moo-man/WFRP4e-FoundryVTT#2846; the
 * field is `user` renamed, foundryvtt/foundryvtt#9843).
 */
import {
  assertCardOrigin,
  assertMontageWord,
  believedRiskyState,
  cardOrigin,
  checkedCard,
  type AnyCard,
  type ChallengeCardState,
  type LegacyMontageState,
  type OriginFacts,
  type SubjectFacts,
} from "../chat/index.ts";
import { ChallengeData } from "../data/actor/challenge.ts";
import { CharacterData } from "../data/actor/character.ts";
import { isRecord } from "../data/migrations/values.ts";
import { RulesError, STORED_LIST_MAX } from "../rules/index.ts";
import { currentRuleset } from "../settings/settings.ts";
import { SYSTEM_ID } from "../system-id.ts";
import { storedCard } from "./chat-message.ts";
import { cardWordOf, montageWordOf } from "./gm-words.ts";
import { gangedDice } from "./operations/legacy-play.ts";

/** More dice than any card names: the rolls are not read. */
const ROLLED_MAX = 4 * STORED_LIST_MAX;

/** Roll instances, or their JSON as a stored update holds them. */
export function messageFaces(rolls: readonly unknown[]): number[] {
  return rolls.flatMap((roll) => {
    let data: unknown = roll;
    if (typeof roll === "string") {
      try {
        data = JSON.parse(roll);
      } catch {
        return [];
      }
    }
    if (typeof data !== "object" || data === null) return [];
    const dice: unknown = Reflect.get(data, "dice") ?? Reflect.get(data, "terms");
    if (!Array.isArray(dice)) return [];
    return dice.flatMap((term: unknown) => {
      const results: unknown = typeof term === "object" && term !== null ? Reflect.get(term, "results") : null;
      if (!Array.isArray(results)) return [];
      return results.flatMap((r: unknown) => {
        const face: unknown = typeof r === "object" && r !== null ? Reflect.get(r, "result") : null;
        return typeof face === "number" ? [face] : [];
      });
    });
  });
}

function rolledFaces(message: ChatMessage.Implementation): number[] | null {
  const rolls: readonly unknown[] = Array.isArray(message.rolls) ? message.rolls : [];
  if (rolls.length > ROLLED_MAX) return null;
  const faces = messageFaces(rolls);
  return faces.length > ROLLED_MAX ? null : faces;
}

/** A world actor or a token's; or null. */
export function actorAt(uuid: string): Actor.Implementation | null {
  const known = uuid.startsWith("Actor.") || uuid.startsWith("Scene.");
  const doc: unknown = known ? fromUuidSync(uuid as `Actor.${string}`) : null;
  return doc instanceof Actor ? (doc as Actor.Implementation) : null;
}

/** R-CH-2 / R-LEG-10 what the Challenge (or its facet) throws. */
function challengeDiceHold(state: ChallengeCardState, challenge: Actor.Implementation): boolean {
  const system = challenge.system;
  if (!(system instanceof ChallengeData)) return false;
  const ownName = state.facetName === "" || state.facetName === challenge.name;
  const sources = [...(ownName ? [system] : []), ...system.facets.filter((f) => f.name === state.facetName)];
  return sources.some((source) => {
    let expected: ReturnType<typeof gangedDice>;
    try {
      expected = gangedDice(currentRuleset(), source, state.gangUp ?? 1);
    } catch {
      return false;
    }
    const thrown = expected.halved ? 1 : expected.dice;
    return (
      expected.dice === state.stats.dice && expected.halved === state.stats.halved && state.faces.length === thrown
    );
  });
}

/** R-LEG-14 a GM's yes no earlier card used. */
function montageHolds(message: ChatMessage.Implementation, state: LegacyMontageState): boolean {
  const challenge = actorAt(state.challengeUuid);
  if (challenge !== null && !(challenge.system instanceof ChallengeData)) return false;
  const claim = state.gmWord;
  const word = claim ? montageWordOf(claim.gmId, claim.id) : null;
  assertMontageWord(state, word, claim && word ? firstToClaim(message, claim.id, word.askerId) : false);
  return true;
}

/** Only the asker's own messages can claim a word; anyone else's, whatever their flags hold, are skipped. */
function firstToClaim(message: ChatMessage.Implementation, wordId: string, askerId: string): boolean {
  for (const other of game.messages?.contents ?? []) {
    if (other.author?.id !== askerId) continue;
    const card: unknown = storedCard(other);
    if (claimedWord(card) === wordId) return other.id === message.id;
  }
  return true;
}

function claimedWord(card: unknown): unknown {
  if (!isRecord(card) || card.kind !== "legacyMontage" || !isRecord(card.state)) return null;
  const word = card.state.gmWord;
  return isRecord(word) ? word.id : null;
}

function subjectFacts(message: ChatMessage.Implementation, card: AnyCard, author: User.Implementation) {
  const subject = cardOrigin(card).subject;
  const actor = subject ? actorAt(subject.uuid) : null;
  if (!actor) return null;
  const system = actor.system;
  const kind = system instanceof CharacterData ? "character" : system instanceof ChallengeData ? "challenge" : "other";
  const claimsHold =
    card.kind === "challenge"
      ? challengeDiceHold(card.state, actor)
      : card.kind === "legacyMontage"
        ? montageHolds(message, card.state)
        : true;
  const facts: SubjectFacts = { kind, ownedByAuthor: actor.testUserPermission(author, "OWNER"), claimsHold };
  return facts;
}

/** A player's Risky card keeps a GM's leave only where a GM's word gives it. */
function believed(message: ChatMessage.Implementation, card: AnyCard, authorIsGm: boolean): AnyCard {
  if (authorIsGm || card.kind !== "risky") return card;
  return { kind: "risky", state: believedRiskyState(card.state, cardWordOf(message.id ?? "")) };
}

const logged = new Set<string>();

/** Once, on the GM's console. */
function logRefusal(message: ChatMessage.Implementation, error: RulesError): void {
  if (!game.user?.isGM) return;
  const key = `${message.id ?? "?"}:${String(error.data.why ?? error.data.reason ?? error.code)}`;
  if (logged.has(key)) return;
  logged.add(key);
  console.warn(`${SYSTEM_ID} | card ${message.id ?? "?"} by ${message.author?.id ?? "?"} refused: ${error.message}`);
}

/** As believed; a RulesError (`untrustedCard`, or the check's own) otherwise, logged on a GM's client. */
export function trustedCard(message: ChatMessage.Implementation): AnyCard {
  try {
    const stored = storedCard(message);
    if (!stored) throw new RulesError("not-allowed", "That message holds no card.", { reason: "badRequest" });
    const card = checkedCard(stored);
    const authorId = message.author?.id ?? "";
    const author = game.users?.get(authorId) ?? null;
    const facts: OriginFacts = {
      author: author ? { id: author.id ?? "", isGM: author.isGM } : null,
      rolled: rolledFaces(message),
      subject: author && !author.isGM ? subjectFacts(message, card, author) : null,
      seesAll: game.user?.isGM ?? false,
      worldRuleset: currentRuleset().id,
    };
    assertCardOrigin(card, facts);
    return believed(message, card, author?.isGM ?? false);
  } catch (error) {
    if (error instanceof RulesError) logRefusal(message, error);
    throw error;
  }
}
