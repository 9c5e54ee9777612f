/**
 * The Grit model's half of the Challenge card (R-CH-4, R-HARM-1 … R-HARM-5): its records (tagged "grit" in the
 * card's `harm`), whether one follows from the rules, its view, and the owner's choices a harm request carries.
 * The HP half is ./hp.ts.
 */
import {
  applyHarm,
  assertInteger,
  damageAfterArmour,
  isWoundTrack,
  RulesError,
  WOUND_TRACKS,
  type WoundTrack,
  type Wounds,
} from "../../rules/index.ts";
import {
  assertRecordNames,
  badChoice,
  choiceField,
  harmLine,
  holdsUnlessRefused,
  recordArmour,
  shieldChoice,
  type HarmLineView,
  type HarmRecordViewBase,
} from "./record.ts";

/** R-HARM-2 / R-HARM-3 the owner's choices in a harm request. */
export interface GritHarmChoice {
  readonly model: "grit";
  readonly sacrificeShield: boolean;
  /** R-HARM-3 when there was a choice. */
  readonly woundTrack: WoundTrack | null;
}

/** Sent by whoever may not choose. */
export const NO_GRIT_CHOICE: GritHarmChoice = { model: "grit", sacrificeShield: false, woundTrack: null };

/** Untrusted: own properties, exact types. */
export function readGritChoice(data: unknown): GritHarmChoice {
  const sacrificeShield = shieldChoice(data);
  const track = choiceField(data, "woundTrack");
  const woundTrack = track === null ? null : WOUND_TRACKS.find((t) => t === track);
  if (woundTrack === undefined) throw badChoice("woundTrack");
  return { model: "grit", sacrificeShield, woundTrack };
}

/** R-HARM-2 / R-HARM-3 one only the owner or a GM makes. */
export function gritChoiceMade(choice: GritHarmChoice): boolean {
  return choice.sacrificeShield || choice.woundTrack !== null;
}

/** R-CH-4 */
export interface GritHarmEntry {
  readonly model: "grit";
  readonly targetName: string;
  /** When known: a card harms each character once. */
  readonly targetUuid?: string;
  readonly effect: number;
  readonly armour: number;
  readonly damage: number;
  /** R-HARM-2 */
  readonly shieldSacrificed: boolean;
  readonly gritBefore: number;
  readonly gritAfter: number;
  /** R-HARM-3 */
  readonly wound: WoundTrack | null;
  readonly mortallyWounded: boolean;
  readonly dead: boolean;
  readonly userId: string;
}

/** Every state the tracks may be in before the harm (the card cannot know which). */
const WOUNDS_BEFORE: readonly Wounds[] = [0, 1, 2, 3, 4, 5, 6, 7].map((bits) => ({
  stressed: (bits & 1) !== 0,
  broken: (bits & 2) !== 0,
  weary: (bits & 4) !== 0,
}));

/**
 * R-HARM-1 … R-HARM-5 the record follows when `applyHarm` gives exactly its outcome for SOME state of the
 * tracks before; its armour and Grit before come from the actor, so only their consequences are checked.
 */
export function harmFollowsFromRules(entry: GritHarmEntry): boolean {
  if (
    typeof entry.shieldSacrificed !== "boolean" ||
    typeof entry.mortallyWounded !== "boolean" ||
    typeof entry.dead !== "boolean"
  )
    return false;
  const armour = recordArmour(entry.armour, entry.shieldSacrificed);
  return WOUNDS_BEFORE.some((wounds) =>
    holdsUnlessRefused(() => {
      const result = applyHarm({ grit: entry.gritBefore, wounds, dead: false, armour }, entry.effect, {
        sacrificeShield: entry.shieldSacrificed,
        ...(entry.wound === null ? {} : { woundTrack: entry.wound }),
      });
      return (
        result.assessment.damage === entry.damage &&
        result.grit === entry.gritAfter &&
        result.wound === entry.wound &&
        result.mortallyWounded === entry.mortallyWounded &&
        result.dead === entry.dead &&
        result.shieldDestroyed === entry.shieldSacrificed
      );
    }),
  );
}

/** Checked whole against the card's Effect `value`. */
export function assertGritHarmEntry(h: GritHarmEntry, value: number): GritHarmEntry {
  if (h.model !== "grit") throw new RulesError("bad-choice", "A Grit harm record is tagged with another model.");
  assertRecordNames(h);
  for (const n of [h.armour, h.damage, h.gritBefore, h.gritAfter]) assertInteger(n, "A harm record's value", 0);
  if (h.wound !== null && !isWoundTrack(h.wound))
    throw new RulesError("unknown-id", `"${String(h.wound)}" is not a wound track.`, { id: String(h.wound) });
  if (h.effect !== value || !harmFollowsFromRules(h)) {
    throw new RulesError(
      "bad-choice",
      `A harm record of this card does not follow from its Effect of ${value} (R-HARM-1…5).`,
      { value },
    );
  }
  return h;
}

/**
 * Checked against the card's Effect `value` and cleaned to its own fields; it must add up by R-HARM-1 …
 * R-HARM-5.
 */
export function cleanGritHarmEntry(entry: GritHarmEntry, value: number): GritHarmEntry {
  if (entry.model !== "grit") throw new RulesError("bad-choice", "A Grit harm record is tagged with another model.");
  if (entry.effect !== value) {
    throw new RulesError(
      "bad-choice",
      `The harm recorded must be this card's Effect of ${value} (got ${String(entry.effect)}).`,
      { value },
    );
  }
  const armour = assertInteger(entry.armour, "Armour", 0);
  const damage = entry.shieldSacrificed ? 0 : damageAfterArmour(value, armour);
  if (entry.damage !== damage) {
    throw new RulesError(
      "bad-choice",
      `An Effect of ${value} against armour ${armour} deals ${damage} damage (got ${String(entry.damage)}).`,
      {
        damage,
      },
    );
  }
  const gritBefore = assertInteger(entry.gritBefore, "Grit before", 0);
  assertInteger(entry.gritAfter, "Grit after", 0, gritBefore);
  if (entry.wound !== null && !isWoundTrack(entry.wound)) {
    throw new RulesError("unknown-id", `"${String(entry.wound)}" is not a wound track.`, { id: String(entry.wound) });
  }
  if (!harmFollowsFromRules({ ...entry, effect: value, armour, damage, gritBefore })) {
    throw new RulesError(
      "bad-choice",
      `Damage ${damage} against Grit ${gritBefore} cannot end with Grit ${String(entry.gritAfter)}, wound ${String(entry.wound)}, ` +
        `Mortally Wounded ${String(entry.mortallyWounded)} and dead ${String(entry.dead)} (R-HARM-3, R-HARM-5).`,
      { damage },
    );
  }
  return {
    model: "grit",
    targetName: String(entry.targetName),
    ...(entry.targetUuid === undefined ? {} : { targetUuid: String(entry.targetUuid) }),
    effect: value,
    armour,
    damage,
    shieldSacrificed: entry.shieldSacrificed,
    gritBefore,
    gritAfter: entry.gritAfter,
    wound: entry.wound,
    mortallyWounded: entry.mortallyWounded,
    dead: entry.dead,
    userId: String(entry.userId),
  };
}

export interface GritHarmView extends HarmRecordViewBase {
  readonly model: "grit";
}

/** R-CH-4 checked against the card's Effect first. */
export function gritHarmView(h: GritHarmEntry, value: number): GritHarmView {
  assertGritHarmEntry(h, value);
  const { effect, armour, damage } = h;
  const lines: (HarmLineView | null)[] = [
    h.shieldSacrificed
      ? harmLine("harm-shield", "TERRAN.Card.Harm.shield")
      : harmLine("harm-damage", "TERRAN.Card.Harm.damage", { effect, armour, damage }),
    harmLine("harm-grit", "TERRAN.Card.Harm.grit", { before: h.gritBefore, after: h.gritAfter }),
    h.wound ? harmLine("harm-wound", "TERRAN.Card.Harm.wound", {}, `TERRAN.Wound.${h.wound}`) : null,
    h.dead
      ? harmLine("harm-dead", "TERRAN.Card.Harm.dead")
      : h.mortallyWounded
        ? harmLine("harm-mortal", "TERRAN.Card.Harm.mortallyWounded")
        : null,
  ];
  return {
    model: "grit",
    targetName: h.targetName,
    cssClass: `harm-entry${h.dead ? " dead" : h.mortallyWounded ? " mortal" : ""}`,
    lines: lines.filter((l) => l !== null),
  };
}
