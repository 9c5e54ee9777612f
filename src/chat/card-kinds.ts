/**
 * The kinds of chat card, declared once: each one's state in its message's flags (`CardStates`) and its
 * template's `data-action`s (`CARD_KIND_ACTIONS`). The flags' union and the glue's registry derive from
 * these, so the compiler asks for every kind in each.
 */
import type { ChallengeCardState } from "./challenge-card.ts";
import type { LegacyEffectState } from "./legacy-effect-card.ts";
import type { LegacyRiskyState } from "./legacy-risky-card.ts";
import type { LegacyMontageState } from "./legacy-montage-card.ts";
import type { RequestCardState } from "./request-card.ts";
import type { ResultCardView } from "./result-cards.ts";
import type { RiskyCardState } from "./risky-card.ts";
import type { SessionCardState } from "./session-card.ts";

/** Each kind of card and the state its message's flags keep (untrusted: checked whole when read). */
export interface CardStates {
  /** R-RA-1 … R-RA-7 a Risky Action (src/chat/risky-card.ts). */
  readonly risky: RiskyCardState;
  /** R-CH-2 … R-CH-4 a Challenge's Effect, and the harm applied from it (src/chat/challenge-card.ts). */
  readonly challenge: ChallengeCardState;
  /** A simple result (Grit reset, Fortune…): nothing on it changes later, so its stored state is its view. */
  readonly result: ResultCardView;
  /** R-XP-1 the end-of-session award (src/chat/session-card.ts). */
  readonly session: SessionCardState;
  /** A GM's roll request (src/chat/request-card.ts). */
  readonly request: RequestCardState;
  /** R-LEG-9 a Legacy Risky Action and the Effect rolls it leads to (src/chat/legacy-risky-card.ts). */
  readonly legacyRisky: LegacyRiskyState;
  /** R-LEG-11 a Legacy Effect roll, tied to its Risky Action (src/chat/legacy-effect-card.ts). */
  readonly legacyEffect: LegacyEffectState;
  /** R-LEG-14 a Legacy montage: the whole Challenge in one roll (src/chat/legacy-montage-card.ts). */
  readonly legacyMontage: LegacyMontageState;
}

export type CardKind = keyof CardStates;

/**
 * Every `data-action` the card templates use, by the kind of card that carries it; the glue dispatches
 * exactly these, each to its own kind's handler in the registry (a card never answers another kind's
 * action). The element carries `data-index` and `data-role` where they apply; the card root carries
 * `data-version`, the transition's `expectedVersion`.
 */
export const CARD_KIND_ACTIONS = {
  risky: [
    "select-die",
    "confirm-effect",
    "confirm-second",
    "allow-effect",
    "allow-success",
    "undo-ego",
    "apply-effect",
    "apply-second",
    "tesla-backlash",
    "panic-event",
    "roll-morale",
  ],
  challenge: ["apply-harm", "carry-complication"],
  result: [],
  session: ["undo-session"],
  request: ["roll-request", "show-answer"],
  legacyRisky: ["roll-effect"],
  legacyEffect: ["apply-legacy-effect"],
  legacyMontage: ["apply-montage", "pay-share"],
} as const satisfies Readonly<Record<CardKind, readonly string[]>>;

/** The `data-action`s a card of kind `K` answers. */
export type CardActionOf<K extends CardKind> = (typeof CARD_KIND_ACTIONS)[K][number];

export type CardAction = CardActionOf<CardKind>;

/** Every kind of card, in the order of `CARD_KIND_ACTIONS`. */
export const CARD_KIND_NAMES: readonly CardKind[] = Object.keys(CARD_KIND_ACTIONS).filter(isCardKind);

/** Every `data-action` of every kind (each belongs to one kind). */
export const CARD_ACTIONS: readonly CardAction[] = CARD_KIND_NAMES.flatMap((kind) => CARD_KIND_ACTIONS[kind]);

/** A name read from stored flags is one of the card kinds (never a name the object inherits). */
export function isCardKind(value: string): value is CardKind {
  return Object.hasOwn(CARD_KIND_ACTIONS, value);
}

export function isCardAction(value: string): value is CardAction {
  return (CARD_ACTIONS as readonly string[]).includes(value);
}

/** `action` is one that a card of kind `kind` answers (none, for a kind read from forged flags that is no kind). */
export function isActionOf<K extends CardKind>(kind: K, action: string): action is CardActionOf<K> {
  return isCardKind(kind) && (CARD_KIND_ACTIONS[kind] as readonly string[]).includes(action);
}
