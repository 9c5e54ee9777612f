/**
 * Could the message's author have made this card by the system's own roll? Pure: the glue
 * (src/documents/provenance.ts) reads the facts from the world, this decides (docs/RULES.md §8, "a card is
 * only as trusted as its author"). A refusal is a RulesError whose `reason` says why.
 */
import { RulesError } from "../rules/index.ts";
import type { CardKind, CardStates } from "./card-kinds.ts";
import { assertChallengeCardState } from "./challenge-card.ts";
import { assertLegacyEffectState } from "./legacy-effect-card.ts";
import { assertLegacyRiskyState } from "./legacy-risky-card.ts";
import { assertLegacyMontageState, type LegacyMontageState } from "./legacy-montage-card.ts";
import type { CardUser } from "./permissions.ts";
import { assertRequestCardState } from "./request-card.ts";
import { assertResultCardView } from "./result-cards.ts";
import { assertRiskyCardState, type RiskyCardState } from "./risky-card.ts";
import { assertSessionCardState } from "./session-card.ts";

/** A card of any kind as its message's flags hold it. */
export type AnyCard = { readonly [K in CardKind]: { readonly kind: K; readonly state: CardStates[K] } }[CardKind];

/** What a card says of its own making: whose roll, for which document, and every die it names. */
export interface CardOrigin {
  /** The roller it names; null for a card only a GM posts (the session award, a roll request). */
  readonly rollerId: string | null;
  /** The document rolled for: the character of a player's roll, the Challenge of a Challenge card. */
  readonly subject: { readonly uuid: string; readonly kind: "character" | "challenge" } | null;
  readonly faces: readonly number[];
}

/** Each kind's origin, read from its (checked) state. */
const ORIGINS: { readonly [K in CardKind]: (state: CardStates[K]) => CardOrigin } = {
  risky: (s) => ({
    rollerId: s.rollerId,
    subject: { uuid: s.actorUuid, kind: "character" },
    faces: [...s.light, ...s.dark, ...(s.effect?.chain ?? []), ...(s.secondHit?.chain ?? [])],
  }),
  challenge: (s) => ({
    rollerId: s.rollerId,
    subject: { uuid: s.challengeUuid, kind: "challenge" },
    faces: [...s.faces, ...s.chain],
  }),
  // A result card is never acted on: whoever wrote it, it only shows what it says.
  result: () => ({ rollerId: null, subject: null, faces: [] }),
  session: () => ({ rollerId: null, subject: null, faces: [] }),
  request: () => ({ rollerId: null, subject: null, faces: [] }),
  legacyRisky: (s) => ({
    rollerId: s.rollerId,
    subject: { uuid: s.actorUuid, kind: "character" },
    faces: [...s.roll.light, ...s.roll.dark],
  }),
  legacyEffect: (s) => ({
    rollerId: s.rollerId,
    subject: { uuid: s.actorUuid, kind: "character" },
    faces: [...s.roll.faces, ...s.roll.chain],
  }),
  legacyMontage: (s) => ({
    rollerId: s.rollerId,
    subject: { uuid: s.actorUuid, kind: "character" },
    faces: [...s.roll.challengeFaces, ...s.roll.challengeChain, ...s.roll.light, ...s.roll.dark],
  }),
};

/** Each kind's whole check of a stored state (a flag holds whatever its author wrote). */
export const CARD_CHECKS: { readonly [K in CardKind]: (state: CardStates[K]) => CardStates[K] } = {
  risky: assertRiskyCardState,
  challenge: assertChallengeCardState,
  result: assertResultCardView,
  session: assertSessionCardState,
  request: assertRequestCardState,
  legacyRisky: assertLegacyRiskyState,
  legacyEffect: assertLegacyEffectState,
  legacyMontage: assertLegacyMontageState,
};

/** A stored card checked whole by its kind's check; a kind no check knows (forged flags) is refused. */
export function checkedCard(card: AnyCard): AnyCard {
  if (!Object.hasOwn(CARD_CHECKS, card.kind))
    throw new RulesError("unknown-id", `"${String(card.kind)}" is not a kind of card.`, { id: String(card.kind) });
  const check = CARD_CHECKS[card.kind] as (state: AnyCard["state"]) => AnyCard["state"];
  check(card.state);
  return card;
}

export function cardOrigin(card: AnyCard): CardOrigin {
  if (!Object.hasOwn(ORIGINS, card.kind))
    throw new RulesError("unknown-id", `"${String(card.kind)}" is not a kind of card.`, { id: String(card.kind) });
  const read = ORIGINS[card.kind] as (state: AnyCard["state"]) => CardOrigin;
  return read(card.state);
}

/** Only a GM posts these (and only a GM's card of them is acted on). */
const GM_ONLY: readonly CardKind[] = ["session", "request"];

/** The document a card names, as this client's world has it. */
export interface SubjectFacts {
  readonly kind: "character" | "challenge" | "other";
  readonly ownedByAuthor: boolean;
  /** What the card claims of it agrees with the rules for it (a Challenge card's dice for its tier). */
  readonly claimsHold: boolean;
}

/** What the glue knows of the card's message: Foundry vouches for the author, nothing else. */
export interface OriginFacts {
  readonly author: CardUser | null;
  /** The faces of the message's rolls; null when they hold more dice than any card names. */
  readonly rolled: readonly number[] | null;
  /** The subject on this client: null when it is not there. */
  readonly subject: SubjectFacts | null;
  /** A GM's client sees every document; a player's may not see one that exists. */
  readonly seesAll: boolean;
}

export type UntrustedReason =
  "gmOnlyCard" | "notRoller" | "notSubjectOwner" | "subjectGone" | "diceNotRolled" | "claimsDiffer" | "noGmWord";

function untrusted(why: UntrustedReason, message: string): RulesError {
  return new RulesError("not-allowed", `This card cannot be acted on: ${message}`, { reason: "untrustedCard", why });
}

/** Every face the card names is one of the message's dice (as many times as the card names it). */
export function facesAmongRolls(cardFaces: readonly number[], rolled: readonly number[]): boolean {
  const left = new Map<number, number>();
  for (const f of rolled) left.set(f, (left.get(f) ?? 0) + 1);
  for (const f of cardFaces) {
    const n = left.get(f) ?? 0;
    if (n === 0) return false;
    left.set(f, n - 1);
  }
  return true;
}

/**
 * The card could have come from its author's own roll: a GM-only card by a GM; otherwise the author is the
 * roller it names (or a GM), owns the document rolled for, its dice are the message's own, and what it claims of
 * that document holds. A GM's card is believed about the document (only a GM could have written it).
 */
export function assertCardOrigin(card: AnyCard, facts: OriginFacts): void {
  const author = facts.author;
  if (!author) throw untrusted("notRoller", "its message has no author.");
  if (GM_ONLY.includes(card.kind)) {
    if (!author.isGM) throw untrusted("gmOnlyCard", "only a GM posts this card.");
    return;
  }
  const origin = cardOrigin(card);
  if (origin.rollerId !== null && !author.isGM && origin.rollerId !== author.id)
    throw untrusted("notRoller", "its author is not the player who rolled it.");
  if (facts.rolled === null || !facesAmongRolls(origin.faces, facts.rolled))
    throw untrusted("diceNotRolled", "its dice are not the message's own rolls.");
  if (author.isGM || origin.subject === null) return;
  assertSubject(origin.subject.kind, facts);
}

function assertSubject(kind: "character" | "challenge", facts: OriginFacts): void {
  const subject = facts.subject;
  if (subject === null) {
    // A player's client may not see a document that exists: only a client that sees all can say it is gone.
    if (facts.seesAll) throw untrusted("subjectGone", "the document it was rolled for is not in this world.");
    return;
  }
  if (subject.kind !== kind) throw untrusted("subjectGone", "the document it names is not what it was rolled for.");
  if (!subject.ownedByAuthor) throw untrusted("notSubjectOwner", "its author does not own what it was rolled for.");
  if (!subject.claimsHold) throw untrusted("claimsDiffer", "it does not match what it was rolled for.");
}

// What a GM said on a player's card

/** R-RA-1 / R-RA-8 a GM's leave on a Risky card, as the deciding GM's own User keeps it (the latest stands). */
export interface CardWord {
  readonly effect: boolean;
  readonly success: boolean;
}

/**
 * R-RA-1 / R-RA-8 the Risky card as believed: a player may write their own message, so a GM's leave on it holds
 * only where a GM's word on record gives it.
 */
export function believedRiskyState(state: RiskyCardState, word: CardWord | null): RiskyCardState {
  const success = (state.gmAllowsSuccess ?? false) && word?.success === true;
  const effect = state.gmAllowsEffect && word?.effect === true;
  if (effect === state.gmAllowsEffect && success === (state.gmAllowsSuccess ?? false)) return state;
  return { ...state, gmAllowsEffect: effect, ...("gmAllowsSuccess" in state ? { gmAllowsSuccess: success } : {}) };
}

/** R-LEG-14 a GM's yes to a montage, as the GM's own User keeps it. */
export interface MontageWordRecord {
  readonly id: string;
  readonly askerId: string;
  readonly actorUuid: string;
  readonly challengeUuid: string;
}

/**
 * R-LEG-14 a player's montage card stands on a GM's yes to that very montage (this player, character and
 * Challenge), and a yes serves one card: the first posted with it.
 */
export function assertMontageWord(
  state: LegacyMontageState,
  word: MontageWordRecord | null,
  firstToClaim: boolean,
): void {
  const given =
    word !== null &&
    word.askerId === state.rollerId &&
    word.actorUuid === state.actorUuid &&
    word.challengeUuid === state.challengeUuid;
  if (!given) throw untrusted("noGmWord", "no GM agreed to this montage.");
  if (!firstToClaim) throw untrusted("noGmWord", "the GM's yes was for another montage card.");
}
