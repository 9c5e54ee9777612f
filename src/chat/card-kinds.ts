/**
 * The kinds of chat card: each one's flag state (`CardStates`) and its templates' `data-action`s. The flags'
 * union (documents/chat-message.ts) and the registry (`CARD_KINDS`, applications/chat/card-presenter.ts) derive
 * from these, so the compiler asks for every kind in each.
 */
import type { ChallengeCardState } from "./challenge-card.ts";
import type { LegacyEffectState, LegacyRiskyState } from "./legacy-effect-card.ts";
import type { LegacyMontageState } from "./legacy-montage-card.ts";
import type { RequestCardState } from "./request-card.ts";
import type { ResultCardView } from "./result-cards.ts";
import type { RiskyCardState } from "./risky-card.ts";
import type { SessionCardState } from "./session-card.ts";

/** Untrusted: checked whole when read. */
export interface CardStates {
  /** R-RA-1 … R-RA-7 */
  readonly risky: RiskyCardState;
  /** R-CH-2 … R-CH-4 and the harm applied from it. */
  readonly challenge: ChallengeCardState;
  /** Nothing on it changes later, so its stored state is its view. */
  readonly result: ResultCardView;
  /** R-XP-1 */
  readonly session: SessionCardState;
  readonly request: RequestCardState;
  /** R-LEG-9 and the Effect rolls it leads to. */
  readonly legacyRisky: LegacyRiskyState;
  /** R-LEG-11 tied to its Risky Action, applied once. */
  readonly legacyEffect: LegacyEffectState;
  /** R-LEG-14 the whole Challenge in one roll. */
  readonly legacyMontage: LegacyMontageState;
}

export type CardKind = keyof CardStates;

/**
 * Every `data-action` of the card templates, by kind; the glue dispatches each to its own kind's handler only.
 * The element may carry `data-index` / `data-role`, the card root `data-version` (the `expectedVersion`).
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

/** In the order of `CARD_KIND_ACTIONS`. */
export const CARD_KIND_NAMES: readonly CardKind[] = Object.keys(CARD_KIND_ACTIONS).filter(isCardKind);

/** Each belongs to one kind. */
export const CARD_ACTIONS: readonly CardAction[] = CARD_KIND_NAMES.flatMap((kind) => CARD_KIND_ACTIONS[kind]);

/** Never a name the object inherits. */
export function isCardKind(value: string): value is CardKind {
  return Object.hasOwn(CARD_KIND_ACTIONS, value);
}

export function isCardAction(value: string): value is CardAction {
  return (CARD_ACTIONS as readonly string[]).includes(value);
}

/** None for a kind read from forged flags. */
export function isActionOf<K extends CardKind>(kind: K, action: string): action is CardActionOf<K> {
  return isCardKind(kind) && (CARD_KIND_ACTIONS[kind] as readonly string[]).includes(action);
}
