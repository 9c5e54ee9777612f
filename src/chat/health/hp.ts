/**
 * The HP model's half of the Challenge card (R-CH-4, R-LEG-4 … R-LEG-6, R-LEG-8): its records (tagged "hp" in
 * the card's `harm`; older cards kept them in `hpHarm`), whether one follows from the rules, its view, and the
 * owner's choices a harm request carries.
 */
import {
  applyHpHarm,
  assertFaces,
  assertInteger,
  getRuleset,
  HP_WOUNDS,
  isRulesetId,
  RulesError,
  spendEgo,
  type Face,
  type HpWound,
  type Ruleset,
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

/** R-LEG-5 / R-LEG-6 the owner's choices in a harm request. */
export interface HpHarmChoice {
  readonly model: "hp";
  readonly sacrificeShield: boolean;
  /** R-LEG-6 how many the step throws. */
  readonly protectedDice: number;
  /** R-LEG-5 should the harm be Mortal; null: none chosen. */
  readonly lostAttribute: string | null;
}

/** Sent by whoever may not choose. */
export const NO_HP_CHOICE: HpHarmChoice = {
  model: "hp",
  sacrificeShield: false,
  protectedDice: 0,
  lostAttribute: null,
};

/** Untrusted: own properties, exact types; the step bounds the dice and checks the attribute is the ruleset's. */
export function readHpChoice(data: unknown): HpHarmChoice {
  const sacrificeShield = shieldChoice(data);
  const dice = choiceField(data, "protectedDice");
  if (typeof dice !== "number" || !Number.isSafeInteger(dice) || dice < 0) throw badChoice("protectedDice");
  const lost = choiceField(data, "lostAttribute");
  // A short word of letters.
  if (lost !== null && (typeof lost !== "string" || !/^[A-Za-z]{1,40}$/.test(lost))) throw badChoice("lostAttribute");
  return { model: "hp", sacrificeShield, protectedDice: dice, lostAttribute: lost };
}

/** R-LEG-5 / R-LEG-6 one only the owner or a GM makes. */
export function hpChoiceMade(choice: HpHarmChoice): boolean {
  return choice.sacrificeShield || choice.protectedDice > 0 || choice.lostAttribute !== null;
}

/** R-CH-4 on hit points. */
export interface HpHarmEntry {
  readonly model: "hp";
  readonly targetName: string;
  /** When known: a card harms each character once. */
  readonly targetUuid?: string;
  /** The record is checked against its data. */
  readonly rulesetId: string;
  readonly effect: number;
  readonly armour: number;
  /** R-LEG-6 */
  readonly shieldSacrificed: boolean;
  /** R-LEG-6 none: not thrown. */
  readonly protectedFaces: readonly Face[];
  readonly protectedBy: number;
  /** R-LEG-6 (ruling) the applier does not own the character, so no dice were offered. */
  readonly protectedSkipped: boolean;
  /** R-LEG-8 the same when none were thrown. */
  readonly egoBefore: number;
  readonly egoAfter: number;
  readonly damage: number;
  readonly hpBefore: number;
  readonly hpAfter: number;
  /** R-LEG-5 null: none, or death. */
  readonly wound: "critical" | "mortal" | null;
  /** R-LEG-5 or null. */
  readonly attributeLost: string | null;
  readonly dead: boolean;
  readonly userId: string;
}

function hpRuleset(id: unknown): Ruleset {
  const ruleset = typeof id === "string" && isRulesetId(id) ? getRuleset(id) : null;
  if (ruleset?.health.kind !== "hp")
    throw new RulesError("bad-choice", `A harm record on hit points names a ruleset without them (${String(id)}).`);
  return ruleset;
}

/** R-LEG-8 each die at or below the Ego at the throw costs. */
function egoAfterDice(ruleset: Ruleset, faces: readonly Face[], egoBefore: number): number {
  if (faces.length === 0) return egoBefore;
  return Math.max(0, egoBefore - spendEgo(ruleset, faces, Math.min(egoBefore, ruleset.ego.max)).cost);
}

/**
 * R-LEG-4 … R-LEG-6 the record follows when `applyHpHarm` gives exactly its outcome for SOME stage before
 * (every stage is tried, with ratings that can or cannot give the lost point); its Ego after must be R-LEG-8's.
 */
export function hpHarmFollowsFromRules(entry: HpHarmEntry): boolean {
  if (
    typeof entry.shieldSacrificed !== "boolean" ||
    typeof entry.dead !== "boolean" ||
    typeof entry.protectedSkipped !== "boolean"
  )
    return false;
  return holdsUnlessRefused(() => {
    const ruleset = hpRuleset(entry.rulesetId);
    const faces = assertFaces(entry.protectedFaces, "A Protected die");
    if (faces.length > 0 && entry.protectedSkipped) return false;
    for (const n of [
      entry.effect,
      entry.armour,
      entry.protectedBy,
      entry.egoBefore,
      entry.egoAfter,
      entry.damage,
      entry.hpBefore,
      entry.hpAfter,
    ])
      assertInteger(n, "A harm record's value", 0);
    if (egoAfterDice(ruleset, faces, entry.egoBefore) !== entry.egoAfter) return false;
    const ids = ruleset.attributes.list.map((a) => a.id);
    const none = Object.fromEntries(ids.map((id) => [id, ruleset.attributes.min]));
    const lost = entry.attributeLost;
    if (lost !== null && !ids.includes(String(lost))) return false;
    const ratingsTried = lost === null ? [none] : [{ ...none, [String(lost)]: ruleset.attributes.min + 1 }];
    const armour = recordArmour(entry.armour, entry.shieldSacrificed);
    const stages: readonly HpWound[] = entry.hpBefore > 0 ? ["none"] : HP_WOUNDS;
    return stages.some((wound) =>
      ratingsTried.some((ratings) => {
        const r = applyHpHarm(ruleset, { hp: entry.hpBefore, wound, dead: false, ratings, armour }, entry.effect, {
          sacrificeShield: entry.shieldSacrificed,
          protectedFaces: faces,
          ...(lost === null ? {} : { lostAttribute: String(lost) }),
        });
        const reached = r.dead || r.wound === wound || r.wound === "none" ? null : r.wound;
        return (
          r.assessment.armour === entry.armour &&
          r.assessment.damage === entry.damage &&
          r.assessment.protectedBy === entry.protectedBy &&
          r.hp === entry.hpAfter &&
          reached === entry.wound &&
          r.lost === lost &&
          r.dead === entry.dead &&
          r.shieldDestroyed === entry.shieldSacrificed
        );
      }),
    );
  });
}

/** Checked whole against the card's Effect `value`. */
export function assertHpHarmEntry(entry: HpHarmEntry, value: number): HpHarmEntry {
  if (entry.model !== "hp")
    throw new RulesError("bad-choice", "A harm record on hit points is tagged with another model.");
  assertRecordNames(entry);
  if (entry.wound !== null && entry.wound !== "critical" && entry.wound !== "mortal") {
    throw new RulesError("unknown-id", `"${String(entry.wound)}" is not a wound stage.`, { id: String(entry.wound) });
  }
  if (entry.effect !== value || !Array.isArray(entry.protectedFaces) || !hpHarmFollowsFromRules(entry)) {
    throw new RulesError(
      "bad-choice",
      `A harm record of this card does not follow from its Effect of ${value} (R-LEG-4 … R-LEG-6).`,
      { value },
    );
  }
  return entry;
}

/** Only its own fields, ids and names as text. */
export function cleanHpHarmEntry(entry: HpHarmEntry, value: number): HpHarmEntry {
  assertHpHarmEntry(entry, value);
  return {
    model: "hp",
    targetName: String(entry.targetName),
    ...(entry.targetUuid === undefined ? {} : { targetUuid: String(entry.targetUuid) }),
    rulesetId: String(entry.rulesetId),
    effect: entry.effect,
    armour: entry.armour,
    shieldSacrificed: entry.shieldSacrificed,
    protectedFaces: [...entry.protectedFaces],
    protectedBy: entry.protectedBy,
    protectedSkipped: entry.protectedSkipped,
    egoBefore: entry.egoBefore,
    egoAfter: entry.egoAfter,
    damage: entry.damage,
    hpBefore: entry.hpBefore,
    hpAfter: entry.hpAfter,
    wound: entry.wound,
    attributeLost: entry.attributeLost === null ? null : String(entry.attributeLost),
    dead: entry.dead,
    userId: String(entry.userId),
  };
}

export interface HpHarmView extends HarmRecordViewBase {
  readonly model: "hp";
}

/** R-CH-4 checked against the card's Effect first; R-LEG-6 Protected's line only when its dice were thrown. */
export function hpHarmView(h: HpHarmEntry, value: number): HpHarmView {
  assertHpHarmEntry(h, value);
  const { effect, armour, damage } = h;
  const thrown = h.protectedFaces.length > 0;
  const lines: (HarmLineView | null)[] = [
    h.shieldSacrificed
      ? harmLine("harm-shield", "TERRAN.Card.Harm.shield")
      : thrown
        ? harmLine("harm-damage", "TERRAN.Card.Harm.damageProtected", { effect, armour, by: h.protectedBy, damage })
        : harmLine("harm-damage", "TERRAN.Card.Harm.damage", { effect, armour, damage }),
    thrown
      ? harmLine("harm-protected", "TERRAN.Card.Harm.protected", {
          faces: h.protectedFaces.join(", "),
          before: h.egoBefore,
          after: h.egoAfter,
        })
      : null,
    h.protectedSkipped ? harmLine("harm-protected-skipped", "TERRAN.Card.Harm.protectedSkipped") : null,
    harmLine("harm-hp-value", "TERRAN.Card.Harm.hp", { before: h.hpBefore, after: h.hpAfter }),
    h.wound ? harmLine("harm-wound", "TERRAN.Card.Harm.wound", {}, `TERRAN.Wound.${h.wound}`) : null,
    h.attributeLost
      ? harmLine("harm-attribute", "TERRAN.Card.Harm.attributeLost", {}, `TERRAN.Attribute.${h.attributeLost}`)
      : null,
    h.dead ? harmLine("harm-dead", "TERRAN.Card.Harm.dead") : null,
  ];
  return {
    model: "hp",
    targetName: h.targetName,
    cssClass: `harm-entry harm-hp${h.dead ? " dead" : h.wound === "mortal" ? " mortal" : ""}`,
    lines: lines.filter((l) => l !== null),
  };
}
