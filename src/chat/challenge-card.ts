/**
 * The Challenge Effect card: its state (plain JSON in the message's flags), the record of harm
 * applied from it, and its view model for `templates/chat/challenge-card.hbs`. Pure.
 *
 * R-CH-2 the Challenge's dice, the highest kept and exploding on 6 (d/2: one die, halved, rounded
 * up); R-CH-3 the Effect read as a consequence, or R-LEG-10 R-LEG-14 as a fork and a complication where
 * the world's ruleset has that table (the rules' `challengeReading` decides); R-CH-4 applied as harm (the glue runs the
 * world's health model and records what happened here). Each health model's record, its checks and its view
 * are its half in ./health/ (Grit: `harm`, hit points: `hpHarm`); the card keeps the lists, who may
 * record, and the once-per-target rule.
 */
import { challengeDieNameKey } from "./die-names.ts";
import {
  assertFaces,
  assertInteger,
  assertListUpTo,
  assertStoredFaces,
  assertText,
  challengeEffect,
  challengeReading,
  consequenceOf,
  highest,
  RulesError,
  STORED_LIST_MAX,
  type ChallengeEffect,
  type Consequence,
  type Face,
  type Ruleset,
} from "../rules/index.ts";
import { isRollerOrGm, type CardUser } from "./permissions.ts";
import {
  assertGritHarmEntry,
  assertHpHarmEntry,
  cleanGritHarmEntry,
  cleanHpHarmEntry,
  gritHarmView,
  hpHarmView,
  type HarmEntry,
  type HarmView,
  type HpHarmEntry,
  type HpHarmView,
} from "./health/index.ts";
import { CARD_REASON, type CardButtonView, type CardViewer, type ExplosionDieView } from "./card-views.ts";

export interface ChallengeCardState {
  readonly version: number;
  /** The user who rolled (usually the GM). */
  readonly rollerId: string;
  readonly challengeUuid: string;
  readonly challengeName: string;
  /** R-CH-5 the facet whose dice were rolled ("" for a one-facet Challenge). */
  readonly facetName: string;
  /** The facet's tier label key (`TERRAN.ChallengeTier.*`), or null. */
  readonly tierKey: string | null;
  readonly stats: { readonly dice: number; readonly halved: boolean };
  /** The dice thrown (one for d/2); the highest is kept. */
  readonly faces: readonly Face[];
  /** The explosion dice after the kept one. */
  readonly chain: readonly Face[];
  readonly harm: readonly HarmEntry[];
  /** R-CH-4 with the HP model (R-LEG-4 … R-LEG-6): harm taken on hit points (absent on cards that never had any). */
  readonly hpHarm?: readonly HpHarmEntry[];
  /** R-LEG-10 how many Challenges ganged up (2 or more; `stats` are the raised level's); absent for one. */
  readonly gangUp?: number;
}

export interface ChallengeCardInput {
  readonly rollerId: string;
  readonly challengeUuid: string;
  readonly challengeName: string;
  readonly facetName: string;
  readonly tierKey?: string | null;
  readonly stats: { readonly dice: number; readonly halved: boolean };
  readonly faces: readonly number[];
  readonly chain: readonly number[];
  /** R-LEG-10 how many Challenges ganged up, when more than one. */
  readonly gangUp?: number | null;
}

/** R-CH-2 a new card; the faces and chain must be exactly what the rule throws. */
export function createChallengeCard(input: ChallengeCardInput): ChallengeCardState {
  const faces = assertFaces(input.faces, "Challenge die");
  const chain = assertFaces(input.chain, "Explosion die");
  const stats = { dice: assertInteger(input.stats.dice, "The Challenge's dice", 0), halved: input.stats.halved };
  challengeEffect(stats, faces, chain);
  return assertChallengeCardState({
    version: 0,
    rollerId: input.rollerId,
    challengeUuid: input.challengeUuid,
    challengeName: input.challengeName,
    facetName: input.facetName,
    tierKey: input.tierKey ?? null,
    stats,
    faces,
    chain,
    harm: [],
    ...(input.gangUp !== undefined && input.gangUp !== null && input.gangUp > 1 ? { gangUp: input.gangUp } : {}),
  });
}

/**
 * A stored Challenge card, checked whole (a flag can hold anything a client wrote): ids and names
 * are text, the dice exactly what R-CH-2 throws, and every harm record well-formed, holding the card's
 * Effect and following R-HARM-1…5 (`harmFollowsFromRules`). A forged card is refused, not carried on.
 */
export function assertChallengeCardState(state: ChallengeCardState): ChallengeCardState {
  assertInteger(state.version, "The card's version", 0);
  assertText(state.rollerId, "The roller's id");
  assertText(state.challengeUuid, "The Challenge's id");
  assertText(state.challengeName, "The Challenge's name");
  assertText(state.facetName, "The facet's name");
  if (state.tierKey !== null) assertText(state.tierKey, "The tier");
  assertInteger(state.stats.dice, "The Challenge's dice", 0, STORED_LIST_MAX);
  if (typeof state.stats.halved !== "boolean")
    throw new RulesError("bad-choice", "A Challenge's dice are halved or not.");
  // Stored as JSON, the field is absent for one Challenge, never present and undefined.
  if ("gangUp" in state) assertInteger(state.gangUp ?? Number.NaN, "The number of Challenges ganging up", 2, 100);
  const value = challengeEffect(
    state.stats,
    assertStoredFaces(state.faces, "Challenge die"),
    assertStoredFaces(state.chain, "Explosion die"),
  ).value;
  for (const h of assertListUpTo(state.harm, STORED_LIST_MAX, "The card's harm")) assertGritHarmEntry(h, value);
  const stored = assertListUpTo(state.hpHarm ?? [], STORED_LIST_MAX, "The card's harm on hit points");
  for (const h of stored) assertHpHarmEntry(h, value);
  return state;
}

export interface ChallengeCardResult {
  readonly effect: ChallengeEffect;
  /** R-CH-3 the Effect read as a consequence. */
  readonly consequence: Consequence;
  /** The index of the kept die (the first highest). */
  readonly kept: number;
}

export function challengeCardResult(state: ChallengeCardState): ChallengeCardResult {
  assertChallengeCardState(state);
  const effect = challengeEffect(state.stats, state.faces, state.chain);
  const kept = state.faces.indexOf(highest(state.faces) as Face);
  return { effect, consequence: consequenceOf(effect.value), kept };
}

/**
 * R-CH-4 has this card already harmed this character? By uuid when both sides know it, else by name.
 * The glue asks before applying, so nobody is harmed twice by the same Effect.
 */
export function harmRecorded(
  state: ChallengeCardState,
  target: { readonly name: string; readonly uuid?: string },
): boolean {
  // Ids are compared as text: a flag or a query payload may carry the same id as a number (5 and "5").
  return [...state.harm, ...(state.hpHarm ?? [])].some((h) =>
    h.targetUuid !== undefined && target.uuid !== undefined
      ? String(h.targetUuid) === String(target.uuid)
      : String(h.targetName) === String(target.name),
  );
}

/**
 * Who may record harm on the card (a GM, the roller, or the user who applied it), on the version they
 * saw, and never twice for one target: the same for harm on Grit and on hit points.
 */
function assertHarmRecordable(
  state: ChallengeCardState,
  user: CardUser,
  entry: { readonly userId: string; readonly targetName: string; readonly targetUuid?: string },
  expectedVersion: number,
): void {
  if (!isRollerOrGm(user, state.rollerId) && user.id !== entry.userId) {
    throw new RulesError(
      "not-allowed",
      "Only a GM, the one who rolled or the one who applied the harm can record it.",
      { reason: "notRoller" },
    );
  }
  if (expectedVersion !== state.version) {
    throw new RulesError(
      "stale",
      "The card changed while you were clicking (someone else was quicker). Look at it again and retry.",
      {
        expected: expectedVersion,
        actual: state.version,
      },
    );
  }
  if (
    harmRecorded(state, {
      name: entry.targetName,
      ...(entry.targetUuid === undefined ? {} : { uuid: entry.targetUuid }),
    })
  ) {
    throw new RulesError("not-allowed", `This Effect has already been applied to ${entry.targetName}.`, {
      reason: "alreadyApplied",
    });
  }
}

/**
 * R-CH-4 with the HP model (R-LEG-4 … R-LEG-6) record the harm the glue applied on hit points: written by
 * a GM, the roller, or the user who applied it; the card's Effect, once per target, and a record that
 * follows from the rules (`hpHarmFollowsFromRules`, which says what a record cannot prove).
 */
export function recordHpHarm(
  state: ChallengeCardState,
  user: CardUser,
  entry: HpHarmEntry,
  expectedVersion: number,
): ChallengeCardState {
  assertHarmRecordable(state, user, entry, expectedVersion);
  const clean = cleanHpHarmEntry(entry, challengeCardResult(state).effect.value);
  return { ...state, hpHarm: [...(state.hpHarm ?? []), clean], version: state.version + 1 };
}

/**
 * R-CH-4 record the harm the glue applied on Grit. Written by a GM, the roller, or the user who applied it.
 * Ruling: the Effect may be applied to several characters (the GM decides whom it hits), each once.
 * The entry must add up as `cleanGritHarmEntry` says (./health/grit.ts). A target is never recorded
 * twice, its id compared as text.
 */
export function recordHarm(
  state: ChallengeCardState,
  user: CardUser,
  entry: HarmEntry,
  expectedVersion: number,
): ChallengeCardState {
  assertHarmRecordable(state, user, entry, expectedVersion);
  const clean = cleanGritHarmEntry(entry, challengeCardResult(state).effect.value);
  return { ...state, harm: [...state.harm, clean], version: state.version + 1 };
}

/**
 * The viewer of a Challenge card; `offerHarm` is the world setting "Offer to apply harm"; `ruleset` the
 * world's, whose table reads the Effect (`challengeReading`).
 */
export interface ChallengeCardViewer extends CardViewer {
  readonly offerHarm: boolean;
  readonly ruleset: Ruleset;
  /** R-RA-9 the Challenge was overcome by a player's Effect applied first: it deals no Effect (absent: not). */
  readonly overcomeFirst?: boolean;
}

/** R-LEG-14 a button carrying the complication to a character: a harmed one (named), or the targeted one (null). */
export interface ComplicationButtonView extends CardButtonView {
  readonly targetName: string | null;
  readonly targetUuid: string | null;
}

/** R-LEG-10 R-LEG-14 the Effect read as a fork: the new Challenge's level and the complication's dice. */
export interface ForkView {
  readonly tierKey: string;
  /** Light Dice the next related Risky Action loses (0: none). */
  readonly complication: number;
  /** "−2d", for the text. */
  readonly signed: string;
}

export interface ChallengeCardView {
  readonly cssClass: string;
  readonly version: number;
  readonly challengeName: string;
  /** The facet's name; "" when it is the Challenge itself. */
  readonly facetName: string;
  readonly tierKey: string | null;
  /** R-LEG-10 how many Challenges ganged up, or null for one. */
  readonly gangUp: number | null;
  /** Accessibility, `nameKey`: the die's accessible name ("Challenge die, 6, kept", with `{face}`). */
  readonly dice: readonly {
    readonly face: number;
    readonly kept: boolean;
    readonly nameKey: string;
    readonly cssClass: string;
  }[];
  /** The kept die and its explosion dice. */
  readonly chain: readonly ExplosionDieView[];
  readonly exploded: boolean;
  readonly total: number;
  readonly value: number;
  readonly halved: boolean;
  /** R-CH-3 the Effect read as a consequence (a ruleset without the fork table), else null. */
  readonly consequence: { readonly key: string; readonly cls: string } | null;
  /** R-LEG-10 R-LEG-14 the Effect read as a fork and a complication (Legacy's table), else null. */
  readonly fork: ForkView | null;
  /** R-LEG-14 carrying the complication to the next related roll: one button per character, or null. */
  readonly complication: { readonly dice: number; readonly buttons: readonly ComplicationButtonView[] } | null;
  readonly apply: CardButtonView | null;
  readonly harm: readonly HarmView[];
  /** R-LEG-4 … R-LEG-6 harm taken on hit points. */
  readonly hpHarm: readonly HpHarmView[];
  /** R-RA-9 "overcome first: no Effect", when the Challenge was overcome by an Effect applied first. */
  readonly overcomeFirstKey: string | null;
}

/** The characters this card harmed (Grit or HP), each once, in order. */
function harmedCharacters(state: ChallengeCardState): { readonly name: string; readonly uuid: string | null }[] {
  const all = [...state.harm, ...(state.hpHarm ?? [])].map((h) => ({
    name: String(h.targetName),
    uuid: h.targetUuid === undefined ? null : String(h.targetUuid),
  }));
  return all.filter((h, i) => all.findIndex((o) => o.name === h.name && o.uuid === h.uuid) === i);
}

/**
 * R-LEG-14 the complication's buttons: to each character the card harmed, then to the targeted one.
 * Carrying it is the roller's or a GM's call (they read the scene), so anyone else sees why not.
 */
function complicationView(
  state: ChallengeCardState,
  viewer: ChallengeCardViewer,
  dice: number,
): ChallengeCardView["complication"] {
  if (dice === 0) return null;
  const reason = isRollerOrGm(viewer, state.rollerId) ? null : CARD_REASON.notRoller;
  const button = (targetName: string | null, targetUuid: string | null): ComplicationButtonView => ({
    targetName,
    targetUuid,
    labelKey: targetName === null ? "TERRAN.Card.Button.complicationTargeted" : "TERRAN.Card.Button.complicationTo",
    disabled: reason !== null,
    tooltipKey: reason,
  });
  return { dice, buttons: [...harmedCharacters(state).map((h) => button(h.name, h.uuid)), button(null, null)] };
}

/** The Effect read the world's ruleset's way: R-CH-3's consequence, or R-LEG-10's fork and R-LEG-14's complication. */
function readingView(
  state: ChallengeCardState,
  viewer: ChallengeCardViewer,
  value: number,
): Pick<ChallengeCardView, "consequence" | "fork" | "complication"> & { readonly band: string } {
  const reading = challengeReading(viewer.ruleset, value);
  if (reading.kind === "consequence") {
    const band = reading.consequence;
    return {
      band: `consequence-${band}`,
      consequence: { key: `TERRAN.Consequence.${band}`, cls: `consequence ${band}` },
      fork: null,
      complication: null,
    };
  }
  return {
    band: `fork-${reading.fork}`,
    consequence: null,
    fork: {
      tierKey: `TERRAN.ChallengeTier.${reading.fork}`,
      complication: reading.complication,
      signed: `−${reading.complication}d`,
    },
    complication: complicationView(state, viewer, reading.complication),
  };
}

export function challengeCardView(state: ChallengeCardState, viewer: ChallengeCardViewer): ChallengeCardView {
  const { effect, kept } = challengeCardResult(state);
  const { band, ...reading } = readingView(state, viewer, effect.value);
  const explosion = effect.explosion.dice;
  const applied = state.harm.length > 0 || (state.hpHarm ?? []).length > 0;
  const reason = viewer.overcomeFirst
    ? CARD_REASON.overcomeFirst
    : viewer.mayApply
      ? null
      : (viewer.mayApplyReason ?? CARD_REASON.notOwner);
  return {
    cssClass: `terran-engine chat-card challenge-card ${band}${applied ? " applied" : ""}`,
    version: state.version,
    challengeName: state.challengeName,
    facetName: state.facetName === state.challengeName ? "" : state.facetName,
    tierKey: state.tierKey,
    gangUp: state.gangUp ?? null,
    dice: state.faces.map((face, i) => ({
      face,
      kept: i === kept,
      nameKey: challengeDieNameKey(i === kept),
      cssClass: `die tone-challenge${i === kept ? " kept" : " dropped"}`,
    })),
    chain: explosion.map((face, i) => {
      const exploded = i < explosion.length - 1;
      return { face, exploded, cssClass: `effect-die${i === 0 ? " first" : ""}${exploded ? " exploded" : ""}` };
    }),
    exploded: effect.explosion.exploded,
    total: effect.explosion.total,
    value: effect.value,
    halved: effect.halved,
    ...reading,
    // When Apply is open, the permission's key is a hint on its limits (e.g. only characters you own).
    apply: viewer.offerHarm
      ? {
          labelKey: "TERRAN.Card.Button.applyHarm",
          disabled: reason !== null,
          tooltipKey: reason ?? viewer.mayApplyReason,
        }
      : null,
    harm: state.harm.map((h) => gritHarmView(h, effect.value)),
    hpHarm: (state.hpHarm ?? []).map((h) => hpHarmView(h, effect.value)),
    overcomeFirstKey: viewer.overcomeFirst ? "TERRAN.Card.Challenge.overcomeFirst" : null,
  };
}
