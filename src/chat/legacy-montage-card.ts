/**
 * The Legacy montage's card (R-LEG-14): one card for the Challenge's Effect (its complication off the pool) and
 * the Risky Action that decides the whole Challenge (R-LEG-9), drawn as a result card; a success lowers the
 * Challenge's Disposition from it, once.
 */
import {
  assertInteger,
  assertListUpTo,
  assertStoredFaces,
  assertText,
  darkDieCost,
  highest,
  LEGACY,
  RulesError,
  type Band,
} from "../rules/index.ts";
import { legacyRiskyBand, type LegacyRiskyCardInput } from "./legacy-cards.ts";
import { isRollerOrGm, type CardUser } from "./permissions.ts";
import { resultLine as line, type ResultCardView, type ResultDie, type ResultTone } from "./result-cards.ts";
import { appliedRowView, checkAppliedEntry, type AppliedEntry, type AppliedRowView } from "./applied.ts";
import { applyOnceButton, CARD_REASON, type CardButtonView, type CardViewer } from "./card-views.ts";

/** R-LEG-14 marked on the die. */
const MONTAGE_EGO_COST = darkDieCost(LEGACY, { montage: true });

const ARROW = "\u2192";
const BAND_TONE: Readonly<Record<Band, ResultTone>> = { fail: "dark", partial: "neutral", success: "light" };

/** The Risky Action's part (each costly Dark Die costing 2 here), and the Challenge's. */
export interface MontageCardInput extends LegacyRiskyCardInput {
  readonly challengeName: string;
  /** `TERRAN.ChallengeTier.*` */
  readonly tierKey: string;
  /** One die for d/2. */
  readonly challengeFaces: readonly number[];
  readonly challengeChain: readonly number[];
  readonly challengeEffect: number;
  readonly complication: number;
}

/** R-LEG-14 the Challenge's Effect first, then the outcome for the whole Challenge. */
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
      ...(input.costly[i] ? { cost: MONTAGE_EGO_COST } : {}),
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

// The montage as a card kind: its Challenge lowered from it, once.

/** R-LEG-14 */
export interface LegacyMontageState {
  readonly version: number;
  readonly rollerId: string;
  readonly actorUuid: string;
  readonly roll: MontageCardInput;
  /** Its actor's uuid. */
  readonly challengeUuid: string;
  readonly applied: readonly AppliedEntry[];
  /** R-LEG-14 (ruling) each taken once from the companion's own Ego. */
  readonly shares: readonly MontageShare[];
  /** R-LEG-14 the GM's yes it stands on (absent when a GM rolled it), kept on that GM's User. */
  readonly gmWord?: { readonly gmId: string; readonly id: string };
}

export interface MontageShare {
  readonly actorUuid: string;
  readonly name: string;
  readonly pays: number;
  readonly paid: boolean;
}

export type LegacyMontageInput = Omit<LegacyMontageState, "version" | "applied" | "shares"> & {
  readonly shares?: readonly Omit<MontageShare, "paid">[];
};

/** R-LEG-14 (ruling) a Fail leaves the Challenge as it was. */
export function montageSucceeded(state: Pick<LegacyMontageState, "roll">): boolean {
  return legacyRiskyBand(state.roll.light, state.roll.dark) !== "fail";
}

/** Checked whole: a forged or damaged card is refused, never read. */
export function assertLegacyMontageState(state: LegacyMontageState): LegacyMontageState {
  assertInteger(state.version, "The card's version", 0);
  assertText(state.rollerId, "The roller's id");
  assertText(state.actorUuid, "The actor's id");
  assertText(state.challengeUuid, "The Challenge's id");
  assertText(state.roll.challengeName, "The Challenge's name");
  assertStoredFaces(state.roll.light, "Light die");
  const dark = assertStoredFaces(state.roll.dark, "Dark die");
  assertStoredFaces(state.roll.challengeFaces, "Challenge die");
  assertStoredFaces(state.roll.challengeChain, "Explosion die");
  assertListUpTo(state.roll.costly, dark.length, "The costly Dark Dice");
  assertInteger(state.roll.challengeEffect, "The Challenge's Effect", 0);
  assertInteger(state.roll.complication, "The complication", 0, 3);
  if (state.applied.length > 1) throw new RulesError("bad-choice", "A montage lowers its Challenge once.");
  if (state.applied.length > 0 && !montageSucceeded(state))
    throw new RulesError("not-allowed", "A failed montage lowers nothing.", { reason: "noEffect" });
  for (const entry of state.applied) checkAppliedEntry(entry, "effect", entry.before);
  assertSharesWithinCost(state);
  // Absent in JSON (a GM's montage, an older card), never present and undefined.
  if ("gmWord" in state) {
    assertText(state.gmWord?.gmId, "The GM's id");
    assertText(state.gmWord?.id, "The GM's word");
  }
  return state;
}

/** R-LEG-14 */
export function montageEgoCost(state: Pick<LegacyMontageState, "roll">): number {
  return state.roll.costly.filter((c) => c === true).length * MONTAGE_EGO_COST;
}

/** R-LEG-14 (ruling) each named once, none the roller, together at most the cost. */
function assertSharesWithinCost(state: LegacyMontageState): void {
  const cost = montageEgoCost(state);
  const seen = new Set<string>();
  let asked = 0;
  for (const share of assertListUpTo(state.shares, cost, "The companions' shares")) {
    assertText(share.actorUuid, "A companion's id");
    assertText(share.name, "A companion's name");
    assertInteger(share.pays, "A companion's share", 1);
    if (typeof share.paid !== "boolean") throw new RulesError("bad-choice", "A share is paid or not.");
    if (seen.has(share.actorUuid) || share.actorUuid === state.actorUuid)
      throw new RulesError("bad-choice", `${share.name} is named twice.`, { id: share.actorUuid });
    seen.add(share.actorUuid);
    asked += share.pays;
  }
  if (asked > cost)
    throw new RulesError("bad-distribution", `The shares ask ${asked} Ego; the montage costs ${cost}.`, {
      group: "ego",
      points: cost,
      placed: asked,
    });
}

export function createLegacyMontageCard(input: LegacyMontageInput): LegacyMontageState {
  const shares = (input.shares ?? []).map((s) => ({ ...s, paid: false }));
  return assertLegacyMontageState({ version: 0, ...input, applied: [], shares });
}

/** R-LEG-14 (ruling) on the word of the companion's owner or a GM, never another player. */
export function recordSharePaid(
  state: LegacyMontageState,
  user: CardUser & { readonly ownsCompanion: boolean },
  actorUuid: string,
  expectedVersion?: number,
): LegacyMontageState {
  assertLegacyMontageState(state);
  if (!user.isGM && !user.ownsCompanion)
    throw new RulesError("not-allowed", "Only the companion's owner or a GM pays this share.", {
      reason: "notShareOwner",
    });
  if (expectedVersion !== undefined && expectedVersion !== state.version)
    throw new RulesError("stale", "The card changed since you clicked; look again and retry.");
  const share = unpaidShare(state, actorUuid);
  const shares = state.shares.map((s) => (s === share ? { ...s, paid: true } : s));
  return { ...state, version: state.version + 1, shares };
}

/** A refusal when none is waiting. */
export function unpaidShare(state: LegacyMontageState, actorUuid: string): MontageShare {
  const share = state.shares.find((s) => s.actorUuid === actorUuid);
  if (!share)
    throw new RulesError("not-allowed", "This montage asks no share of that character.", { reason: "badRequest" });
  if (share.paid)
    throw new RulesError("not-allowed", `${share.name}'s share was already taken.`, { reason: "alreadyApplied" });
  return share;
}

/** R-LEG-14 the whole Disposition (`before`), once, on a Success; by a GM, the roller or the applier. */
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

/** R-LEG-14 (ruling) */
export interface MontageShareView {
  readonly name: string;
  readonly pays: number;
  readonly statusKey: string;
  readonly index: number;
  readonly pay: CardButtonView | null;
}

export interface LegacyMontageView extends ResultCardView {
  readonly version: number;
  /** R-LEG-14 */
  readonly shares: readonly MontageShareView[];
  readonly apply: CardButtonView;
  readonly applied: readonly AppliedRowView[];
}

/** R-LEG-14 (ruling) the companion's owner's or a GM's to press. */
function payShareButton(share: MontageShare, viewer: CardViewer, owns: boolean): CardButtonView | null {
  if (share.paid) return null;
  const reason = viewer.isGM || owns ? null : "TERRAN.Card.Reason.notShareOwner";
  return { labelKey: "TERRAN.Card.Montage.payShare", disabled: reason !== null, tooltipKey: reason };
}

/** `owned`: which shares' companions the viewer owns. */
export function legacyMontageView(
  state: LegacyMontageState,
  viewer: CardViewer,
  owned: readonly boolean[] = [],
): LegacyMontageView {
  assertLegacyMontageState(state);
  return {
    ...montageCard(state.roll),
    version: state.version,
    apply: applyOnceButton(
      "TERRAN.Card.Montage.apply",
      montageSucceeded(state) ? null : CARD_REASON.noEffect,
      state.applied.length > 0,
      viewer,
    ),
    applied: state.applied.map(appliedRowView),
    shares: state.shares.map((s, index) => ({
      name: s.name,
      pays: s.pays,
      statusKey: s.paid ? "TERRAN.Card.Montage.sharePaid" : "TERRAN.Card.Montage.shareWaiting",
      index,
      pay: payShareButton(s, viewer, owned[index] === true),
    })),
  };
}
