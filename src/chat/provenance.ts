/**
 * Could the message's author have made this card by the system's own roll? Pure: documents/provenance.ts reads
 * the facts, this decides (docs/RULES.md §8, "a card is only as trusted as its author"); a refusal's `reason`
 * says why.
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

/** As its message's flags hold it. */
export type AnyCard = { readonly [K in CardKind]: { readonly kind: K; readonly state: CardStates[K] } }[CardKind];

/** Whose roll, for which document, and every die it names. */
export interface CardOrigin {
  /** Null for a card only a GM posts. */
  readonly rollerId: string | null;
  /** A player's character, or a Challenge card's Challenge. */
  readonly subject: { readonly uuid: string; readonly kind: "character" | "challenge" } | null;
  readonly faces: readonly number[];
  /** The ruleset it read its dice under, where it names one. */
  readonly rulesetId: string | null;
}

/** Read from the checked state. */
const ORIGINS: { readonly [K in CardKind]: (state: CardStates[K]) => CardOrigin } = {
  risky: (s) => ({
    rollerId: s.rollerId,
    subject: { uuid: s.actorUuid, kind: "character" },
    faces: [...s.light, ...s.dark, ...(s.effect?.chain ?? []), ...(s.secondHit?.chain ?? [])],
    rulesetId: s.rulesetId,
  }),
  challenge: (s) => ({
    rollerId: s.rollerId,
    subject: { uuid: s.challengeUuid, kind: "challenge" },
    faces: [...s.faces, ...s.chain],
    rulesetId: null,
  }),
  // Never acted on: it only shows what it says.
  result: () => ({ rollerId: null, subject: null, faces: [], rulesetId: null }),
  session: () => ({ rollerId: null, subject: null, faces: [], rulesetId: null }),
  request: () => ({ rollerId: null, subject: null, faces: [], rulesetId: null }),
  legacyRisky: (s) => ({
    rollerId: s.rollerId,
    subject: { uuid: s.actorUuid, kind: "character" },
    faces: [...s.roll.light, ...s.roll.dark],
    rulesetId: null,
  }),
  legacyEffect: (s) => ({
    rollerId: s.rollerId,
    subject: { uuid: s.actorUuid, kind: "character" },
    faces: [...s.roll.faces, ...s.roll.chain],
    rulesetId: s.rulesetId,
  }),
  legacyMontage: (s) => ({
    rollerId: s.rollerId,
    subject: { uuid: s.actorUuid, kind: "character" },
    faces: [...s.roll.challengeFaces, ...s.roll.challengeChain, ...s.roll.light, ...s.roll.dark],
    rulesetId: null,
  }),
};

/** Flags hold whatever their author wrote. */
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

/** A kind no check knows (forged flags) is refused. */
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

/** Only a GM's card of these is acted on. */
const GM_ONLY: readonly CardKind[] = ["session", "request"];

/** As this client's world has it. */
export interface SubjectFacts {
  readonly kind: "character" | "challenge" | "other";
  readonly ownedByAuthor: boolean;
  /** E.g. a Challenge card's dice for its tier. */
  readonly claimsHold: boolean;
}

/** Foundry vouches for the author, nothing else. */
export interface OriginFacts {
  readonly author: CardUser | null;
  /** Null when they hold more dice than any card names. */
  readonly rolled: readonly number[] | null;
  /** Null when it is not on this client. */
  readonly subject: SubjectFacts | null;
  /** A player's client may not see a document that exists. */
  readonly seesAll: boolean;
  /** The world's ruleset: a player's roll reads its dice under it. */
  readonly worldRuleset: string;
}

export type UntrustedReason =
  | "gmOnlyCard"
  | "notRoller"
  | "notSubjectOwner"
  | "subjectGone"
  | "diceNotRolled"
  | "claimsDiffer"
  | "otherRuleset"
  | "noGmWord";

function untrusted(why: UntrustedReason, message: string): RulesError {
  return new RulesError("not-allowed", `This card cannot be acted on: ${message}`, { reason: "untrustedCard", why });
}

/** As many times as the card names it. */
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
 * A GM-only card by a GM; else the author is the roller named (or a GM), owns the document, the dice are the
 * message's own, read under the world's ruleset, and its claims hold. A GM's card is believed about the document.
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
  if (author.isGM) return;
  if (origin.rulesetId !== null && origin.rulesetId !== facts.worldRuleset)
    throw untrusted("otherRuleset", "it was read under another ruleset than this world's.");
  if (origin.subject !== null) assertSubject(origin.subject.kind, facts);
}

function assertSubject(kind: "character" | "challenge", facts: OriginFacts): void {
  const subject = facts.subject;
  if (subject === null) {
    // Only a client that sees all can say the document is gone.
    if (facts.seesAll) throw untrusted("subjectGone", "the document it was rolled for is not in this world.");
    return;
  }
  if (subject.kind !== kind) throw untrusted("subjectGone", "the document it names is not what it was rolled for.");
  if (!subject.ownedByAuthor) throw untrusted("notSubjectOwner", "its author does not own what it was rolled for.");
  if (!subject.claimsHold) throw untrusted("claimsDiffer", "it does not match what it was rolled for.");
}

// What a GM said on a player's card

/** R-RA-1 / R-RA-8 as the deciding GM's own User keeps it (the latest stands). */
export interface CardWord {
  readonly effect: boolean;
  readonly success: boolean;
}

/** R-RA-1 / R-RA-8 a GM's leave holds only where a GM's word on record gives it. */
export function believedRiskyState(state: RiskyCardState, word: CardWord | null): RiskyCardState {
  const success = (state.gmAllowsSuccess ?? false) && word?.success === true;
  const effect = state.gmAllowsEffect && word?.effect === true;
  if (effect === state.gmAllowsEffect && success === (state.gmAllowsSuccess ?? false)) return state;
  return { ...state, gmAllowsEffect: effect, ...("gmAllowsSuccess" in state ? { gmAllowsSuccess: success } : {}) };
}

/** R-LEG-14 as the GM's own User keeps it. */
export interface MontageWordRecord {
  readonly id: string;
  readonly askerId: string;
  readonly actorUuid: string;
  readonly challengeUuid: string;
}

/** R-LEG-14 a yes to this very montage (player, character, Challenge), serving one card: the first posted. */
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
