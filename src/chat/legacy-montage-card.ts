/**
 * The Legacy montage's card (R-LEG-14), a result-card view (`templates/chat/result-card.hbs`): ONE card
 * for both parts — the Challenge's Effect (its dice, the complication it takes off the pool) and the
 * Risky Action that decides the whole Challenge (the outcome from the highest die, R-LEG-9), with the
 * Ego its Dark Dice cost at 2 each. Plain data in, plain data out. Pure. Stored as its own card kind
 * (`LegacyMontageState`): a montage that succeeds lowers its Challenge's Disposition from the card, once.
 */
import { assertFaces, assertInteger, assertText, highest, RulesError, type Band } from "../rules/index.ts";
import { legacyRiskyBand, type LegacyRiskyCardInput } from "./legacy-cards.ts";
import { isRollerOrGm, type CardUser } from "./permissions.ts";
import type { ResultCardView, ResultDie, ResultLine, ResultTone } from "./result-cards.ts";
import { CARD_REASON, type CardButtonView, type CardViewer } from "./risky-card-view.ts";
import { checkAppliedEntry, type AppliedEntry } from "./risky-card.ts";

const ARROW = "\u2192";
const BAND_TONE: Readonly<Record<Band, ResultTone>> = { fail: "dark", partial: "neutral", success: "light" };

const line = (
  labelKey: string,
  value: string | number,
  valueKey: string | null = null,
  n: number | null = null,
): ResultLine => ({ labelKey, value: String(value), valueKey, n });

/** The Risky Action's part as its own card has it (each costly Dark Die costing 2 here), and the Challenge's. */
export interface MontageCardInput extends LegacyRiskyCardInput {
  readonly challengeName: string;
  /** The Challenge's level label key (`TERRAN.ChallengeTier.*`). */
  readonly tierKey: string;
  /** The Challenge's dice (one for d/2), the explosion chain, and its Effect. */
  readonly challengeFaces: readonly number[];
  readonly challengeChain: readonly number[];
  readonly challengeEffect: number;
  readonly complication: number;
}

/** R-LEG-14 the montage: the Challenge's Effect first, the pool less its complication, the outcome for the whole Challenge. */
export function montageCard(input: MontageCardInput): ResultCardView {
  const challengeKept = input.challengeFaces.indexOf(
    input.challengeFaces.length === 0 ? 0 : highest(input.challengeFaces),
  );
  const all = [...input.light, ...input.dark];
  const best = all.length === 0 ? 0 : highest(all);
  const kept = all.indexOf(best);
  const band = legacyRiskyBand(input.light, input.dark);
  const dice: ResultDie[] = [
    ...input.challengeFaces.map((face, i) => ({
      face,
      cssClass: `die tone-challenge${i === challengeKept ? " kept" : " dropped"}`,
    })),
    ...input.challengeChain.map((face) => ({ face, cssClass: "die tone-challenge kept chain" })),
    ...input.light.map((face, i) => ({ face, cssClass: `die tone-light${i === kept ? " kept" : " dropped"}` })),
    ...input.dark.map((face, i) => ({
      face,
      cssClass: `die tone-dark${i + input.light.length === kept ? " kept" : " dropped"}${input.costly[i] ? " costs-ego" : ""}`,
    })),
  ];
  const spent = input.ego.before - input.ego.after;
  const lines = [
    line("TERRAN.Card.Montage.challenge", input.challengeName),
    line("TERRAN.Card.Montage.tier", "", input.tierKey),
    line("TERRAN.Card.Montage.challengeEffect", input.challengeEffect),
    line("TERRAN.Card.Montage.complication", input.complication === 0 ? "0" : `\u2212${input.complication}d`),
    line("TERRAN.Card.Legacy.attribute", "", input.attributeLabelKey),
    ...(input.skillLabelKey ? [line("TERRAN.Card.Legacy.skill", "", input.skillLabelKey)] : []),
    line("TERRAN.Card.Legacy.outcome", best, `TERRAN.Band.${band}`),
    ...(input.dark.length > 0
      ? [
          line(
            "TERRAN.Card.Montage.ego",
            `${input.ego.before} ${ARROW} ${input.ego.after}`,
            "TERRAN.Card.Montage.egoValue",
            spent,
          ),
        ]
      : []),
  ];
  return {
    cssClass: `terran-engine chat-card result-card legacy-card legacy-montage tone-${BAND_TONE[band]}`,
    actorName: input.actorName ?? null,
    titleKey: "TERRAN.Card.Montage.title",
    dice,
    lines,
    noteKey: input.lost
      ? "TERRAN.Card.Legacy.lost"
      : best === 0
        ? "TERRAN.Card.Montage.noDice"
        : `TERRAN.Card.Montage.band.${band}`,
    tone: BAND_TONE[band],
  };
}

// ---------------------------------------------------------------------------------------------
// The montage's card as a card kind: its Challenge's Disposition lowered from it, once

/** R-LEG-14 a montage's stored card: the throw as its view shows it, the Challenge it was against, what was applied. */
export interface LegacyMontageState {
  readonly version: number;
  readonly rollerId: string;
  readonly actorUuid: string;
  readonly roll: MontageCardInput;
  /** The Challenge the montage was rolled against (its actor's uuid). */
  readonly challengeUuid: string;
  readonly applied: readonly AppliedEntry[];
}

export type LegacyMontageInput = Omit<LegacyMontageState, "version" | "applied">;

/** R-LEG-14 (ruling) a montage that succeeds (4+) overcomes its whole Challenge; a Fail leaves it as it was. */
export function montageSucceeded(state: Pick<LegacyMontageState, "roll">): boolean {
  return legacyRiskyBand(state.roll.light, state.roll.dark) !== "fail";
}

/** A stored montage card, checked whole: a forged or damaged card is refused, never read. */
export function assertLegacyMontageState(state: LegacyMontageState): LegacyMontageState {
  assertInteger(state.version, "The card's version", 0);
  assertText(state.rollerId, "The roller's id");
  assertText(state.actorUuid, "The actor's id");
  assertText(state.challengeUuid, "The Challenge's id");
  assertText(state.roll.challengeName, "The Challenge's name");
  assertFaces(state.roll.light, "Light die");
  assertFaces(state.roll.dark, "Dark die");
  assertFaces(state.roll.challengeFaces, "Challenge die");
  assertFaces(state.roll.challengeChain, "Explosion die");
  assertInteger(state.roll.challengeEffect, "The Challenge's Effect", 0);
  assertInteger(state.roll.complication, "The complication", 0, 3);
  if (state.applied.length > 1) throw new RulesError("bad-choice", "A montage lowers its Challenge once.");
  if (state.applied.length > 0 && !montageSucceeded(state))
    throw new RulesError("not-allowed", "A failed montage lowers nothing.", { reason: "noEffect" });
  for (const entry of state.applied) checkAppliedEntry(entry, "effect", entry.before);
  return state;
}

export function createLegacyMontageCard(input: LegacyMontageInput): LegacyMontageState {
  return assertLegacyMontageState({ version: 0, ...input, applied: [] });
}

/**
 * R-LEG-14 records the montage's Challenge lowered: its whole Disposition (`before`), once, on a Success;
 * by a GM, the roller or the user who applied it.
 */
export function recordMontageApplied(
  state: LegacyMontageState,
  user: CardUser,
  entry: AppliedEntry,
  expectedVersion?: number,
): LegacyMontageState {
  assertLegacyMontageState(state);
  if (!isRollerOrGm(user, state.rollerId) && user.id !== entry.userId)
    throw new RulesError("not-allowed", "Only a GM, the player who rolled or the one who applied it can record it.", {
      reason: "notRoller",
    });
  if (expectedVersion !== undefined && expectedVersion !== state.version)
    throw new RulesError("stale", "The card changed since you clicked; look again and retry.");
  if (!montageSucceeded(state))
    throw new RulesError("not-allowed", "The montage failed: the Challenge stands.", { reason: "noEffect" });
  if (state.applied.length > 0)
    throw new RulesError("not-allowed", "This montage was already applied.", { reason: "alreadyApplied" });
  const clean = checkAppliedEntry(entry, "effect", assertInteger(entry.before, "The Disposition before", 0));
  return { ...state, version: state.version + 1, applied: [clean] };
}

export interface LegacyMontageView extends ResultCardView {
  readonly version: number;
  readonly apply: CardButtonView;
  readonly applied: readonly { targetName: string; effect: number; before: number; after: number }[];
}

/** The template's context of a montage card, as `viewer` sees it. */
export function legacyMontageView(state: LegacyMontageState, viewer: CardViewer): LegacyMontageView {
  assertLegacyMontageState(state);
  const reason = !montageSucceeded(state)
    ? CARD_REASON.noEffect
    : state.applied.length > 0
      ? CARD_REASON.alreadyApplied
      : viewer.mayApply
        ? null
        : (viewer.mayApplyReason ?? CARD_REASON.notOwner);
  return {
    ...montageCard(state.roll),
    version: state.version,
    apply: {
      labelKey: "TERRAN.Card.Montage.apply",
      disabled: reason !== null,
      tooltipKey: reason ?? (viewer.mayApply ? viewer.mayApplyReason : null),
    },
    applied: state.applied.map((a) => ({
      targetName: a.targetName,
      effect: a.effect,
      before: a.before,
      after: a.after,
    })),
  };
}
