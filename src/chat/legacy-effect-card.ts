/**
 * The Legacy Effect card (R-LEG-11, R-RA-7, R-RA-9), pure: the tool's dice, the Risky card it answers (null
 * when rolled from the sheet) and its Effect applied to a Challenge once. Transitions return the next
 * version or throw a `RulesError`, as the Risky card's do.
 */
import {
  assertId,
  assertInteger,
  assertStoredFaces,
  assertText,
  asTierRank,
  EFFECT_ORDERS,
  effectRoll,
  getRuleset,
  RulesError,
  type EffectOrder,
  type RulesetId,
  type TierRank,
} from "../rules/index.ts";
import { legacyEffectCard, type LegacyEffectCardInput } from "./legacy-cards.ts";
import { isRollerOrGm, type CardUser } from "./permissions.ts";
import type { ResultCardView } from "./result-cards.ts";
import { appliedRowView, checkAppliedEntry, type AppliedEntry, type AppliedRowView } from "./applied.ts";
import { applyOnceButton, CARD_REASON, type CardButtonView, type CardViewer } from "./card-views.ts";
import { assertBoolean, assertVersion } from "./legacy-risky-card.ts";

/** The Risky card an Effect answers: its message and which hit. */
export interface LegacyActionLink {
  readonly messageId: string;
  readonly hit: number;
}

export interface LegacyEffectState {
  readonly version: number;
  readonly rollerId: string;
  readonly actorUuid: string;
  readonly rulesetId: RulesetId;
  /** The tool's rank and tags and the extra dice: enough to read the dice again (R-LEG-11). */
  readonly rank: TierRank;
  readonly versatileTwoHanded: boolean;
  readonly improvised: boolean;
  readonly extra: number;
  /** The roll as the card shows it (src/chat/legacy-cards.ts `legacyEffectCard`). */
  readonly roll: LegacyEffectCardInput;
  /** The Risky Action it answers; null when rolled from the sheet, without a successful action. */
  readonly action: LegacyActionLink | null;
  /** R-RA-9 whose Effect comes first: the character's Fast or Slow and the tool's Nimble at the roll. */
  readonly order: EffectOrder;
  readonly applied: readonly AppliedEntry[];
}

export type LegacyEffectInput = Omit<LegacyEffectState, "version" | "applied">;

/** R-LEG-11 the Effect the card's dice give, read again with the rules (the stored total must agree). */
export function legacyEffectValue(state: LegacyEffectState): number {
  const tags = { versatileTwoHanded: state.versatileTwoHanded, improvised: state.improvised };
  return effectRoll(getRuleset(state.rulesetId), {
    rank: state.rank,
    tags,
    extra: state.extra,
    faces: state.roll.faces,
    chain: state.roll.chain,
  }).value;
}

/** A stored Legacy Effect card, checked whole: its dice give its Effect, and each record holds it. */
export function assertLegacyEffectState(state: LegacyEffectState): LegacyEffectState {
  assertInteger(state.version, "The card's version", 0);
  assertText(state.rollerId, "The roller's id");
  assertText(state.actorUuid, "The actor's id");
  asTierRank(state.rank);
  assertBoolean(state.versatileTwoHanded, "versatileTwoHanded");
  assertBoolean(state.improvised, "improvised");
  // R-LEG-15 (ruling) Sneak attack and Sniper each add one die when their situation is met: at most two.
  assertInteger(state.extra, "The extra Effect dice", 0, 2);
  assertId(state.order, EFFECT_ORDERS, "an order of Effects");
  if (state.roll.toolName !== null) assertText(state.roll.toolName, "The tool's name");
  assertText(state.roll.tierLabelKey, "The tool's tier");
  assertStoredFaces(state.roll.faces, "Effect die");
  assertStoredFaces(state.roll.chain, "Explosion die");
  const value = legacyEffectValue(state);
  if (state.roll.total !== value)
    throw new RulesError("bad-choice", `These dice give an Effect of ${value} (the card says ${state.roll.total}).`, {
      value,
    });
  if (state.action !== null) {
    assertText(state.action.messageId, "The Risky card's id");
    assertInteger(state.action.hit, "The hit", 0);
  }
  if (state.applied.length > 1) throw new RulesError("bad-choice", "An Effect is applied once.");
  for (const entry of state.applied) checkAppliedEntry(entry, "effect", value);
  return state;
}

export function createLegacyEffectCard(input: LegacyEffectInput): LegacyEffectState {
  return assertLegacyEffectState({ version: 0, ...input, applied: [] });
}

/** R-RA-7 records the Effect applied to a Challenge (once; checked against the card's own Effect). */
export function recordLegacyApplied(
  state: LegacyEffectState,
  user: CardUser,
  entry: AppliedEntry,
  expectedVersion?: number,
): LegacyEffectState {
  assertLegacyEffectState(state);
  if (!isRollerOrGm(user, state.rollerId) && user.id !== entry.userId)
    throw new RulesError("not-allowed", "Only a GM, the player who rolled or the one who applied it can record it.", {
      reason: "notRoller",
    });
  assertVersion(state, expectedVersion);
  if (state.action === null) throw withoutAction();
  if (state.applied.length > 0)
    throw new RulesError("not-allowed", "This Effect has already been applied.", { reason: "alreadyApplied" });
  const clean = checkAppliedEntry(entry, "effect", legacyEffectValue(state));
  return { ...state, version: state.version + 1, applied: [clean] };
}

/** The refusal of an Effect that answers no successful action. */
export function withoutAction(): RulesError {
  return new RulesError("not-allowed", "This Effect was rolled without a successful action: it applies to nothing.", {
    reason: "noAction",
  });
}

export interface LegacyEffectView extends ResultCardView {
  readonly version: number;
  readonly apply: CardButtonView | null;
  readonly applied: readonly AppliedRowView[];
  readonly orderKey: string | null;
  /** Rolled from the sheet or after a Fail: said on the card. */
  readonly withoutActionKey: string | null;
}

/** The template's context of a Legacy Effect card, as `viewer` sees it. */
export function legacyEffectView(state: LegacyEffectState, viewer: CardViewer): LegacyEffectView {
  assertLegacyEffectState(state);
  const unlinked = state.action === null;
  return {
    ...legacyEffectCard(state.roll),
    version: state.version,
    apply: applyOnceButton(
      "TERRAN.Card.Button.apply",
      unlinked ? CARD_REASON.noAction : null,
      state.applied.length > 0,
      viewer,
    ),
    applied: state.applied.map(appliedRowView),
    orderKey: unlinked ? null : `TERRAN.Order.${state.order}`,
    withoutActionKey: unlinked ? "TERRAN.Card.Legacy.withoutAction" : null,
  };
}
