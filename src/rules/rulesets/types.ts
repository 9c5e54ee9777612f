/**
 * The interface every ruleset implements. A ruleset is data (tables, lists, labels) plus the few
 * rule shapes that differ between editions. The engine asks the ruleset and never branches on its
 * id; where editions differ in *shape* the ruleset says which shape it has (a `kind`), and the engine
 * follows that.
 *
 * Fields added for Legacy, for the data / sheet engineer. Core and Degenesis carry every one
 * of them too, so code can read them without knowing the ruleset:
 *
 * - `attributes`  the attribute list as data: `list` (ids + label keys, sheet order), `min`/`max` of a
 *   rating, `groups` (Core: three pairs, each with its Save's label key; Legacy: none), `saves` (max
 *   of a Save, or null when the ruleset has no Saves/Reactions), `totalCap` (Core 10 through
 *   *Developed*; Legacy null), `creation` (roll one die per group and distribute points, or roll `dice`
 *   per attribute keeping the highest; both read a band table 1–3 / 4–5 / 6).
 *   Core/Degenesis callers may keep using the `ATTRIBUTES`/`GROUPS` constants of attributes.ts.
 * - `skills`      Legacy's five broad skills (ids, label keys), points at creation (4), the rating
 *   range, and the no-skills option (+1 to one attribute). null for Core/Degenesis.
 * - `health`      `kind: "grit"` (Core/Degenesis: Grit dice + the three wound tracks, Malaise) or
 *   `kind: "hp"` (Legacy: HP max = sum of `maxAttributes` + `base` + `perAdvancement` per Advancement,
 *   `toughPerAdvancement` more with *Tough*; `wounds` are the stages Critical → Mortal in order, each
 *   with its Light Dice penalty and permanent attribute loss; harm past the last stage kills).
 * - `ego`         `kind: "rolled"` (Core/Degenesis: Ego dice, highest kept, reset by the `egoReset`
 *   table) or `kind: "derived"` (Legacy: max = sum of `maxAttributes` + `base`, refilled to its
 *   maximum by taking a Condition). `max` is the most Ego can be for the odds (Core 6).
 * - `darkDice`    what a Dark Die costs: `cost` Ego when it shows ≤ the Ego at the throw (all rulesets
 *   1); `montageCost` (Legacy 2, null where there is no montage).
 * - `resolution`  how a Risky Action resolves: `kind: "combined"` (Core/Degenesis: one throw gives
 *   Precision and the Effect die, explosion on `explodeOn`, 5+ with Slaughter) or `kind: "separate"`
 *   (Legacy: the outcome is the highest die; the Effect is a second roll of the tool's dice, highest
 *   kept, exploding on `explodeOn`). `lightMax` is the Light Dice clamp (4 in all three).
 * - `tools`       Legacy's equipment tiers (Lesser d/2, Normal 1d (+1 two-handed), Greater 2d, two
 *   hands): each names the tier `ranks` (0–4) it reads, the `rank` stored when chosen, its Effect dice,
 *   whether halved, the two-handed bonus. Empty for Core/Degenesis (their tiers are `effect.tiers`).
 * - `experience`  session award (`flat` +2 per session, R-XP-1; or `perEgoLost` 1 per Ego lost), XP
 *   per new Condition, and how XP buys an Advancement: `cost` (2 × held, R-XP-2) or `roll` (k dice,
 *   sum ≥ Ego max + HP max; +1 HP max comes with the Advancement); `skillRoll` (Legacy: k dice, sum ≥
 *   3 × rating) or null.
 * - `challengeTiers` may now hold Legacy's `extreme` and `fantastical` (10n · nd, `scales.tied`: the
 *   Disposition is exactly 10n); `gangUp` (Legacy: +1 level per two extra Challenges) or null;
 *   `montage` (Legacy: complication bands by the Challenge's Effect, Ego per Dark Die) or null.
 * - `tierAliases` another ruleset's Challenge level read as one of this ruleset's (switching keeps data).
 * - `conditions`  ids of the ruleset's condition list (conditions.ts); `conditionFlags` the flags a
 *   condition has in this ruleset where they differ (Legacy: Obsessive Focus → skillFocus, Estranged →
 *   egoMaxDown); read a condition through `conditionOf(ruleset, id)`.
 * - `challengeArmour` `none` (Legacy: armour never lowers an Effect on a Disposition) or `houseRule`
 *   (Core/Degenesis: a Challenge's armour counts only under the world's house rule, R-CH-6).
 * - `sayonara`    may be null (Legacy has no Sayonara; *Retire* is an advancement).
 * - `effect`      may be `kind: "tool"` (Legacy, effect.ts `toolTiers`): `value(total, rank, tags)`
 *   reads a separate Effect roll's kept total through the rank's tool; `WeaponDef.twoHands` marks a
 *   Greater weapon.
 *
 * The ruleset-driven functions: ratings.ts (attributes, creation, skills, HP and Ego maxima), hp.ts
 * (harm, wounds, recovery), skill-pool.ts (the attribute + skill pool), effect-roll.ts (the Effect
 * roll), ego.ts (what Dark Dice cost, montage shares), experience.ts (XP, advancement and skill rolls),
 * montage.ts (gang-up, forks, complications), roll-odds.ts (their exact odds), conditions.ts
 * `conditionOf`.
 */
import type { Face } from "../dice.ts";
import type { EffectRule, TierRank } from "../effect.ts";
import type { MechanicsFlag } from "../mechanics.ts";
import type { TokenStateDef } from "../states.ts";

export type RulesetId = "core" | "degenesis" | "legacy";

/** R-EQ-1/2 ranges. `close` ranges are where *Unhandy* costs −1d (R-EQ-3). */
export interface RangeDef {
  readonly id: string;
  readonly labelKey: string;
  readonly close: boolean;
}

export type WeaponTag = "versatile" | "nimble" | "slaughter" | "improvised" | "unhandy";

/** R-EQ-1/2 a weapon from the ruleset's list. */
export interface WeaponDef {
  readonly id: string;
  readonly labelKey: string;
  readonly rank: TierRank;
  readonly ranges: readonly string[];
  readonly tags: readonly WeaponTag[];
  /** R-LEG-11 a Greater tool needs both hands (Legacy). */
  readonly twoHands?: boolean;
}

/** What an Ego reset gives besides the new Ego (R-EGO-4/5). */
export type EgoResetGain = "condition" | "stigma" | "mutation-detrimental" | "mutation-random";

/** One row of an Ego reset table: faces `min`…`max` give `gain`. */
export interface EgoResetRow {
  readonly min: Face;
  readonly max: Face;
  readonly gain: EgoResetGain;
  readonly labelKey: string;
}

/** R-CH-1 (Core/Degenesis) and R-LEG-10 (Legacy: Extreme, Fantastical) Challenge levels. */
export type ChallengeTierId =
  "trivial" | "dangerous" | "serious" | "formidable" | "exceptional" | "extreme" | "fantastical";

/** R-CH-1 one tier. Exceptional scales: n ≥ 4 dice and a Disposition ≥ 40 (10n proposed). */
export interface ChallengeTierDef {
  readonly id: ChallengeTierId;
  readonly labelKey: string;
  readonly disposition: number;
  /** Number of Effect dice; 0 with `halved` for Trivial's d/2. */
  readonly dice: number;
  readonly halved: boolean;
  /**
   * A tier that scales with n: `n` dice (n ≥ `minN`), a Disposition ≥ `dispositionPerN × minN`,
   * `dispositionPerN × n` proposed. `tied` (Legacy's Fantastical, R-LEG-10): the Disposition is
   * exactly `dispositionPerN × n`, no other.
   */
  readonly scales?: { readonly dispositionPerN: number; readonly minN: number; readonly tied?: boolean };
}

/** R-CHAR-6 how a character's archetype is described. */
export type ArchetypeRule =
  | { readonly kind: "list"; readonly choices: readonly string[] }
  | { readonly kind: "identity"; readonly fields: readonly string[] };

/** R-SAY-1 how Sayonara's re-rolls combine with the old values. */
export type SayonaraKeep = "new" | "higher";

/** R-ADV-2 restriction on which advancement lists a character may choose from. */
export interface AdvancementListRule {
  /** Until the character has this many advancements they choose from the common list and their cult's only. */
  readonly restrictedUntil: number;
}

// ---------------------------------------------------------------------------------------------
// Attributes and skills (R-CHAR-1 … R-CHAR-5; R-LEG-1 … R-LEG-3)

export interface AttributeDef {
  readonly id: string;
  readonly labelKey: string;
}

/** R-CHAR-2 a group of attributes and its Save (Core/Degenesis). */
export interface AttributeGroupDef {
  readonly id: string;
  /** The group's own label (TERRAN.Group.…) and its Save's (TERRAN.Save.…). */
  readonly labelKey: string;
  readonly saveLabelKey: string;
  readonly attributes: readonly string[];
}

/** One band of a creation table: a kept face in `min`…`max` gives `value`. */
export interface CreationBand {
  readonly min: Face;
  readonly max: Face;
  readonly value: number;
}

/**
 * How ratings are rolled at creation. `per: "group"` (R-CHAR-4): one roll per group, its `value`
 * points distributed between the group's attributes. `per: "attribute"` (R-LEG-2): one roll per
 * attribute, whose `value` is the rating. Each roll throws `dice` d6 and keeps the highest.
 */
export interface CreationRule {
  readonly per: "group" | "attribute";
  readonly dice: number;
  readonly bands: readonly CreationBand[];
}

export interface AttributeScheme {
  /** In sheet order. */
  readonly list: readonly AttributeDef[];
  /** A rating is a whole number `min`…`max`. */
  readonly min: number;
  readonly max: number;
  /** R-CHAR-2 groups; empty when the ruleset has none (Legacy). */
  readonly groups: readonly AttributeGroupDef[];
  /** R-CHAR-3 Saves (Reactions) rated 0…`max`; null when the ruleset has none (Legacy). */
  readonly saves: { readonly max: number } | null;
  /** R-CHAR-5 the ratings together may not exceed this through advancement; null for no cap. */
  readonly totalCap: number | null;
  readonly creation: CreationRule;
}

export interface SkillDef {
  readonly id: string;
  readonly labelKey: string;
}

/** R-LEG-3 Legacy's skills. */
export interface SkillScheme {
  readonly list: readonly SkillDef[];
  /** Points spread over the skills at creation. */
  readonly creationPoints: number;
  /** A skill rating is a whole number `min`…`max`. */
  readonly min: number;
  readonly max: number;
  /** The game may go without skills: then one attribute gets this much more at creation. */
  readonly withoutSkillsBonus: number;
}

// ---------------------------------------------------------------------------------------------
// Health (R-GRIT-*, R-HARM-*; R-LEG-4 … R-LEG-6)

/** R-LEG-5 a wound stage of the HP model, in order (Critical, then Mortal). */
export interface HpWoundDef {
  readonly id: "critical" | "mortal";
  readonly labelKey: string;
  /** Light Dice lost on every pool while at this stage (not added to the stage before: it replaces it). */
  readonly lightPenalty: number;
  /** Permanent attribute points lost (the player's choice) on reaching this stage. */
  readonly attributeLoss: number;
}

export type HealthRule =
  /** Core/Degenesis: Grit (rolled dice, highest kept) absorbs harm; then the three wound tracks (R-HARM-*). */
  | {
      readonly kind: "grit";
      readonly gritDice: number;
      readonly tracks: readonly {
        readonly id: "stressed" | "broken" | "weary";
        readonly group: string;
        readonly labelKey: string;
      }[];
      /** R-HARM-6 surviving Mortally Wounded rolls a Malaise. */
      readonly malaise: boolean;
    }
  /** Legacy: HP, then Critical → Mortal → dead (R-LEG-4, R-LEG-5). */
  | {
      readonly kind: "hp";
      /**
       * HP max = the sum of these attributes + `base` + `perAdvancement` × Advancements (+ `toughPerAdvancement` ×
       * Advancements with *Tough*).
       */
      readonly maxAttributes: readonly string[];
      readonly base: number;
      readonly perAdvancement: number;
      readonly toughPerAdvancement: number;
      readonly wounds: readonly HpWoundDef[];
    };

// ---------------------------------------------------------------------------------------------
// Ego and Dark Dice (R-EGO-*; R-LEG-7, R-LEG-8)

export type EgoRule =
  /** Core/Degenesis: an Ego roll (dice, highest kept) sets value and maximum; reset by `egoReset`. */
  | { readonly kind: "rolled"; readonly dice: number; readonly max: number }
  /** Legacy: max = the sum of these attributes + `base`; a Condition refills Ego to its maximum. */
  | {
      readonly kind: "derived";
      readonly maxAttributes: readonly string[];
      readonly base: number;
      readonly max: number;
    };

export interface DarkDiceRule {
  /** Ego lost per Dark Die showing ≤ the Ego at the throw (R-EGO-2, R-LEG-8). */
  readonly cost: number;
  /** Ego lost per such die in a montage (Legacy 2, R-LEG-14); null where there is no montage. */
  readonly montageCost: number | null;
}

// ---------------------------------------------------------------------------------------------
// Risky Actions and Effects (R-RA-*; R-LEG-9, R-LEG-11)

export type ResolutionRule =
  /** Core/Degenesis: one throw gives the Precision die and the Effect die (R-RA-1 … R-RA-3). */
  | { readonly kind: "combined"; readonly lightMax: number; readonly explodeOn: Face; readonly slaughterOn: Face }
  /**
   * Legacy: the outcome is the highest die; the Effect is a separate roll of the tool's dice, highest kept, exploding.
   */
  | { readonly kind: "separate"; readonly lightMax: number; readonly explodeOn: Face };

/** R-LEG-11 an equipment tier of Legacy: its Effect dice. */
export interface ToolTierDef {
  readonly id: "lesser" | "normal" | "greater";
  readonly labelKey: string;
  /** The tier ranks (0–4, effect.ts) read as this tool, so a weapon keeps its meaning across rulesets. */
  readonly ranks: readonly TierRank[];
  /** The rank stored when a user picks this tool. */
  readonly rank: TierRank;
  /** Effect dice thrown (highest kept); with `halved`, the kept total is halved, rounded up (d/2). */
  readonly dice: number;
  readonly halved: boolean;
  /** Added to the Effect when the tool is held two-handed (Normal: +1). */
  readonly twoHandedBonus: number;
  /** The tool needs both hands (Greater). */
  readonly twoHands: boolean;
}

// ---------------------------------------------------------------------------------------------
// Experience (R-XP-*; R-LEG-12, R-LEG-13)

export type SessionXpRule =
  /** R-XP-1 +`amount` per session played and survived. */
  | { readonly kind: "flat"; readonly amount: number }
  /** R-LEG-12 `perEgo` for each Ego lost during the session. */
  | { readonly kind: "perEgoLost"; readonly perEgo: number };

export type AdvancementBuyRule =
  /** R-XP-2 a new Advancement costs `perHeld` × the Advancements held. */
  | { readonly kind: "cost"; readonly perHeld: number }
  /** R-LEG-13 roll one die per XP spent; sum ≥ Ego max + HP max gains an Advancement. */
  | { readonly kind: "roll"; readonly target: "egoMax+hpMax" };

export interface ExperienceRule {
  readonly session: SessionXpRule;
  /** XP per new Condition (R-XP-1: 1; Legacy 0). */
  readonly perCondition: number;
  readonly advancement: AdvancementBuyRule;
  /** R-LEG-13 skill development: roll one die per XP spent; sum ≥ `perRating` × rating raises it by 1. */
  readonly skillRoll: { readonly perRating: number } | null;
}

// ---------------------------------------------------------------------------------------------
// Challenges (R-CH-*; R-LEG-10, R-LEG-14)

/** R-LEG-14 a band of the montage's complication table: a Challenge Effect `min`…`max` costs `dice` Light Dice. */
export interface ComplicationBand {
  readonly min: number;
  /** null: no upper end. */
  readonly max: number | null;
  readonly dice: number;
  /** The Challenge level an Effect in this band forks into (R-LEG-10). */
  readonly fork: ChallengeTierId;
}

export interface MontageRule {
  readonly complications: readonly ComplicationBand[];
}

/** R-LEG-10 gang-up: +1 level for every `perExtra` Challenges beyond the first. */
export interface GangUpRule {
  readonly perExtra: number;
}

// ---------------------------------------------------------------------------------------------

export interface Ruleset {
  readonly id: RulesetId;
  readonly labelKey: string;
  readonly archetype: ArchetypeRule;
  readonly ranges: readonly RangeDef[];
  readonly effect: EffectRule;
  readonly weapons: readonly WeaponDef[];
  readonly egoReset: readonly EgoResetRow[];
  /** null: the ruleset has no Sayonara (Legacy). */
  readonly sayonara: SayonaraKeep | null;
  readonly challengeTiers: readonly ChallengeTierDef[];
  /** The states a character's tokens show (wound tracks, Mortally Wounded, Lost, Dead): see ../states.ts. */
  readonly tokenStates: readonly TokenStateDef[];
  /**
   * A Challenge level of another ruleset read as one of this ruleset's (a world that switched ruleset
   * keeps its Challenges): Core/Degenesis read Legacy's Extreme and Fantastical as Exceptional, Legacy
   * reads Exceptional as Extreme.
   */
  readonly tierAliases: Readonly<Partial<Record<ChallengeTierId, ChallengeTierId>>>;
  /** Ids of the advancements of this ruleset's common list (see advancements.ts). */
  readonly advancements: readonly string[];
  /** Cult lists (Degenesis): cult id → advancement ids. */
  readonly cults: Readonly<Record<string, readonly string[]>>;
  readonly advancementLists: AdvancementListRule | null;
  // Added for Legacy (see the header).
  readonly attributes: AttributeScheme;
  readonly skills: SkillScheme | null;
  /**
   * R-LEG-3 (setting) a game without skills (`withoutSkills` in ratings.ts): the +N one attribute takes
   * at creation instead of the skill points. Absent when the ruleset is played as written.
   */
  readonly creationBonus?: number;
  readonly health: HealthRule;
  readonly ego: EgoRule;
  readonly darkDice: DarkDiceRule;
  readonly resolution: ResolutionRule;
  readonly tools: readonly ToolTierDef[];
  readonly experience: ExperienceRule;
  readonly gangUp: GangUpRule | null;
  readonly montage: MontageRule | null;
  /** Ids of this ruleset's condition list (conditions.ts). */
  readonly conditions: readonly string[];
  /** A condition's flags as this ruleset reads them, where they differ from conditions.ts (R-LEG-16). */
  readonly conditionFlags: Readonly<Record<string, readonly MechanicsFlag[]>>;
  /**
   * R-CH-6 whether a Challenge's armour may ever lower the player's Effects: `none` (Legacy, R-LEG-6: it
   * never does) or `houseRule` (Core, Degenesis: only with the world's house rule on; the seeds give
   * Challenges no armour).
   */
  readonly challengeArmour: "none" | "houseRule";
}
