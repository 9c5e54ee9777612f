/**
 * The Challenge Effect card (R-CH-2 … R-CH-4): its state, the harm records applied from it, and its view,
 * read by the ruleset's table (`challengeReading`). Each health model's record is in ./health/; a card
 * stored before records were tagged is read as the new shape (`taggedChallengeCard`).
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
  highest,
  RulesError,
  STORED_LIST_MAX,
  type ChallengeEffect,
  type Face,
  type Ruleset,
} from "../rules/index.ts";
import { isRollerOrGm, type CardUser } from "./permissions.ts";
import {
  assertHarmRecord,
  cleanHarmRecord,
  harmRecordView,
  type GritHarmEntry,
  type HarmRecord,
  type HarmRecordView,
  type HpHarmEntry,
} from "./health/index.ts";
import { CARD_REASON, type CardButtonView, type CardViewer, type ExplosionDieView } from "./card-views.ts";

export interface ChallengeCardState {
  readonly version: number;
  /** Usually the GM. */
  readonly rollerId: string;
  readonly challengeUuid: string;
  readonly challengeName: string;
  /** R-CH-5 "" for a one-facet Challenge. */
  readonly facetName: string;
  /** `TERRAN.ChallengeTier.*`, or null. */
  readonly tierKey: string | null;
  readonly stats: { readonly dice: number; readonly halved: boolean };
  /** One for d/2; the highest is kept. */
  readonly faces: readonly Face[];
  /** After the kept one. */
  readonly chain: readonly Face[];
  /** R-CH-4 in the order applied, each tagged with its health model. */
  readonly harm: readonly HarmRecord[];
  /** R-LEG-10 2 or more (`stats` are the raised level's); absent for one. */
  readonly gangUp?: number;
}

/** A Grit record as stored before the tag. */
export type UntaggedGritHarmEntry = Omit<GritHarmEntry, "model">;

/**
 * A card stored before the records were tagged: Grit's untagged in `harm`, the HP model's in
 * `hpHarm` (absent when it never had any).
 */
export interface UntaggedChallengeCardState extends Omit<ChallengeCardState, "harm"> {
  readonly harm: readonly UntaggedGritHarmEntry[];
  readonly hpHarm?: readonly Omit<HpHarmEntry, "model">[];
}

/** What a message's flags may hold. */
export type StoredChallengeCardState = ChallengeCardState | UntaggedChallengeCardState;

const hasOwnTag = (entry: unknown): boolean =>
  typeof entry === "object" && entry !== null && Object.hasOwn(entry, "model");

/**
 * The card in the new shape, unchecked: an untagged `harm` entry is Grit's, an `hpHarm` entry the HP model's.
 * Once `harm` holds a tagged record the card was written in the new shape, and an `hpHarm` left beside it (an
 * update merges flags, so the old key stays) is not read.
 */
export function taggedChallengeCard(state: StoredChallengeCardState): ChallengeCardState {
  const raw: unknown = state;
  if (typeof raw !== "object" || raw === null) throw new RulesError("bad-choice", "A Challenge card is not a record.");
  const harm = assertListUpTo<unknown>(state.harm, STORED_LIST_MAX, "The card's harm");
  const tagged = harm.some(hasOwnTag) || (harm.length === 0 && !Object.hasOwn(state, "hpHarm"));
  if (tagged) return state as ChallengeCardState;
  const { hpHarm, ...rest } = state as UntaggedChallengeCardState;
  const hp = assertListUpTo<unknown>(hpHarm ?? [], STORED_LIST_MAX, "The card's harm on hit points");
  const tag = (model: HarmRecord["model"]) => (entry: unknown) =>
    typeof entry === "object" && entry !== null && !Array.isArray(entry) ? { ...entry, model } : entry;
  return { ...rest, harm: [...harm.map(tag("grit")), ...hp.map(tag("hp"))] as HarmRecord[] };
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
  /** R-LEG-10 when more than one. */
  readonly gangUp?: number | null;
}

/** R-CH-2 the faces and chain exactly what the rule throws. */
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
 * Checked whole and read in the new shape (`taggedChallengeCard`): the dice exactly what R-CH-2 throws, every
 * harm record well-formed, holding the card's Effect and following its model's rules (./health/).
 */
export function assertChallengeCardState(stored: StoredChallengeCardState): ChallengeCardState {
  assertInteger(stored.version, "The card's version", 0);
  const state = taggedChallengeCard(stored);
  assertText(state.rollerId, "The roller's id");
  assertText(state.challengeUuid, "The Challenge's id");
  assertText(state.challengeName, "The Challenge's name");
  assertText(state.facetName, "The facet's name");
  if (state.tierKey !== null) assertText(state.tierKey, "The tier");
  assertInteger(state.stats.dice, "The Challenge's dice", 0, STORED_LIST_MAX);
  if (typeof state.stats.halved !== "boolean")
    throw new RulesError("bad-choice", "A Challenge's dice are halved or not.");
  // Absent in JSON for one Challenge, never present and undefined.
  if ("gangUp" in state) assertInteger(state.gangUp ?? Number.NaN, "The number of Challenges ganging up", 2, 100);
  const value = challengeEffect(
    state.stats,
    assertStoredFaces(state.faces, "Challenge die"),
    assertStoredFaces(state.chain, "Explosion die"),
  ).value;
  for (const h of assertListUpTo(state.harm, STORED_LIST_MAX, "The card's harm")) assertHarmRecord(h, value);
  return state;
}

export interface ChallengeCardResult {
  readonly effect: ChallengeEffect;
  /** The first highest. */
  readonly kept: number;
}

export function challengeCardResult(stored: StoredChallengeCardState): ChallengeCardResult {
  const state = assertChallengeCardState(stored);
  const effect = challengeEffect(state.stats, state.faces, state.chain);
  const kept = state.faces.indexOf(highest(state.faces) as Face);
  return { effect, kept };
}

/** R-CH-4 by uuid when both sides know it, else by name; the glue asks before applying. */
export function harmRecorded(
  stored: StoredChallengeCardState,
  target: { readonly name: string; readonly uuid?: string },
): boolean {
  // Compared as text: a flag or a query may carry the same id as a number (5 and "5").
  return taggedChallengeCard(stored).harm.some((h) =>
    h.targetUuid !== undefined && target.uuid !== undefined
      ? String(h.targetUuid) === String(target.uuid)
      : String(h.targetName) === String(target.name),
  );
}

/**
 * A GM, the roller, or the applier, on the version they saw, never twice for one target (Grit and HP alike).
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
 * R-CH-4 (ruling) on several characters, each once; the entry must add up by its model's rules (./health/).
 * Written in the new shape, whatever shape the card was stored in.
 */
export function recordHarm(
  stored: StoredChallengeCardState,
  user: CardUser,
  entry: HarmRecord,
  expectedVersion: number,
): ChallengeCardState {
  const state = assertChallengeCardState(stored);
  assertHarmRecordable(state, user, entry, expectedVersion);
  const clean = cleanHarmRecord(entry, challengeCardResult(state).effect.value);
  return { ...state, harm: [...state.harm, clean], version: state.version + 1 };
}

/**
 * `offerHarm`: the world setting "Offer to apply harm"; `ruleset`: the world's, whose table reads the Effect.
 */
export interface ChallengeCardViewer extends CardViewer {
  readonly offerHarm: boolean;
  readonly ruleset: Ruleset;
  /** R-RA-9 absent: not. */
  readonly overcomeFirst?: boolean;
}

/** R-LEG-14 to a harmed character (named), or the targeted one (null). */
export interface ComplicationButtonView extends CardButtonView {
  readonly targetName: string | null;
  readonly targetUuid: string | null;
}

/** R-LEG-10 / R-LEG-14 */
export interface ForkView {
  readonly tierKey: string;
  /** 0: none. */
  readonly complication: number;
  /** For the text. */
  readonly signed: string;
}

export interface ChallengeCardView {
  readonly cssClass: string;
  readonly version: number;
  readonly challengeName: string;
  /** "" when it is the Challenge itself. */
  readonly facetName: string;
  readonly tierKey: string | null;
  /** R-LEG-10 null for one. */
  readonly gangUp: number | null;
  /** `nameKey`: the accessible name ("Challenge die, 6, kept", with `{face}`). */
  readonly dice: readonly {
    readonly face: number;
    readonly kept: boolean;
    readonly nameKey: string;
    readonly cssClass: string;
  }[];
  readonly chain: readonly ExplosionDieView[];
  readonly exploded: boolean;
  readonly total: number;
  readonly value: number;
  readonly halved: boolean;
  /** R-CH-3 without the fork table, else null. */
  /** `harmKey` R-V-15: the band is harm as well. */
  readonly consequence: { readonly key: string; readonly cls: string; readonly harmKey: string | null } | null;
  /** R-LEG-10 / R-LEG-14 Legacy's table, else null. */
  readonly fork: ForkView | null;
  /** R-LEG-14 one button per character, or null. */
  readonly complication: { readonly dice: number; readonly buttons: readonly ComplicationButtonView[] } | null;
  readonly apply: CardButtonView | null;
  /** Each drawn by its model (`model` picks the template's part). */
  readonly harm: readonly HarmRecordView[];
  /** R-RA-9 */
  readonly overcomeFirstKey: string | null;
}

/** Grit or HP, each once, in order. */
function harmedCharacters(state: ChallengeCardState): { readonly name: string; readonly uuid: string | null }[] {
  const all = state.harm.map((h) => ({
    name: String(h.targetName),
    uuid: h.targetUuid === undefined ? null : String(h.targetUuid),
  }));
  return all.filter((h, i) => all.findIndex((o) => o.name === h.name && o.uuid === h.uuid) === i);
}

/** R-LEG-14 the roller's or a GM's call (they read the scene); anyone else sees why not. */
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

/** R-CH-3, or R-LEG-10 / R-LEG-14. */
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
      consequence: {
        key: `TERRAN.Consequence.${band}`,
        cls: `consequence ${band}`,
        harmKey: reading.harmful ? "TERRAN.Consequence.harmful" : null,
      },
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

export function challengeCardView(stored: StoredChallengeCardState, viewer: ChallengeCardViewer): ChallengeCardView {
  const state = assertChallengeCardState(stored);
  const { effect, kept } = challengeCardResult(state);
  const { band, ...reading } = readingView(state, viewer, effect.value);
  const explosion = effect.explosion.dice;
  const applied = state.harm.length > 0;
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
    // An open Apply's key is a hint on its limits (only characters you own).
    apply: viewer.offerHarm
      ? {
          labelKey: "TERRAN.Card.Button.applyHarm",
          disabled: reason !== null,
          tooltipKey: reason ?? viewer.mayApplyReason,
        }
      : null,
    harm: state.harm.map((h) => harmRecordView(h, effect.value)),
    overcomeFirstKey: viewer.overcomeFirst ? "TERRAN.Card.Challenge.overcomeFirst" : null,
  };
}
