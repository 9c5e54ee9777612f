/**
 * The interface every ruleset implements: data (tables, lists, labels), and a `kind` where editions differ in shape.
 * The engine reads the ruleset, never its id.
 */
import type { Face } from "../dice.ts";
import type { EffectRule, TierRank } from "../effect.ts";
import type { MechanicsFlag } from "../mechanics.ts";
import type { TokenStateDef } from "../states.ts";

export type RulesetId = "core" | "degenesis" | "legacy" | "v062";

/** R-EQ-1/2; `close` ranges are where *Unhandy* costs −1d (R-EQ-3). */
export interface RangeDef {
  readonly id: string;
  readonly labelKey: string;
  readonly close: boolean;
}

/** R-EQ-3; `heavyFirepower` R-V-17. */
export type WeaponTag =
  | "versatile"
  | "nimble"
  | "slaughter"
  | "improvised"
  | "unhandy"
  | "heavyFirepower"
  // R-V-17 a mark, no dice of its own: the Improvised −1d *Martial combatant* removes.
  | "unarmed";

/** R-EQ-1/2 */
export interface WeaponDef {
  readonly id: string;
  readonly labelKey: string;
  readonly rank: TierRank;
  readonly ranges: readonly string[];
  readonly tags: readonly WeaponTag[];
  /** R-LEG-11 */
  readonly twoHands?: boolean;
}

/** R-EGO-4/5 what a reset gives besides the new Ego. */
export type EgoResetGain = "condition" | "stigma" | "mutation-detrimental" | "mutation-random";

export interface EgoResetRow {
  readonly min: Face;
  readonly max: Face;
  readonly gain: EgoResetGain;
  readonly labelKey: string;
}

/** R-CH-1, R-LEG-10 */
export type ChallengeTierId =
  "trivial" | "dangerous" | "serious" | "formidable" | "exceptional" | "extreme" | "fantastical";

/** R-CH-1 one tier. */
export interface ChallengeTierDef {
  readonly id: ChallengeTierId;
  readonly labelKey: string;
  readonly disposition: number;
  /** 0 with `halved`: Trivial's d/2. */
  readonly dice: number;
  readonly halved: boolean;
  /**
   * Scales with n ≥ `minN`: Disposition ≥ `dispositionPerN × minN`; `tied` (R-LEG-10): exactly `dispositionPerN × n`.
   */
  readonly scales?: { readonly dispositionPerN: number; readonly minN: number; readonly tied?: boolean };
}

/** R-CHAR-6 */
export type ArchetypeRule =
  | { readonly kind: "list"; readonly choices: readonly string[] }
  | { readonly kind: "identity"; readonly fields: readonly string[] };

/** R-SAY-1 */
export type SayonaraKeep = "new" | "higher";

/** R-ADV-2 */
export interface AdvancementListRule {
  /** Below this many advancements: the common list and the cult's only. */
  readonly restrictedUntil: number;
}

// ---------------------------------------------------------------------------------------------
// Attributes and skills (R-CHAR-1 … R-CHAR-5; R-LEG-1 … R-LEG-3)

export interface AttributeDef {
  readonly id: string;
  readonly labelKey: string;
}

/** R-CHAR-2 */
export interface AttributeGroupDef {
  readonly id: string;
  /** TERRAN.Group.… and TERRAN.Save.… */
  readonly labelKey: string;
  readonly saveLabelKey: string;
  readonly attributes: readonly string[];
}

/** A kept face in `min`…`max` gives `value`. */
export interface CreationBand {
  readonly min: Face;
  readonly max: Face;
  readonly value: number;
}

/**
 * `group` (R-CHAR-4): one roll per group, points shared in it; `attribute` (R-LEG-2): one roll per rating. Each keeps
 * the highest of `dice` d6.
 */
export interface CreationRule {
  readonly per: "group" | "attribute";
  readonly dice: number;
  readonly bands: readonly CreationBand[];
}

export interface AttributeScheme {
  /** In sheet order. */
  readonly list: readonly AttributeDef[];
  readonly min: number;
  readonly max: number;
  /** R-CHAR-2; empty: none (Legacy). */
  readonly groups: readonly AttributeGroupDef[];
  /** R-CHAR-3 Saves rated 0…`max`; null: none (Legacy). */
  readonly saves: { readonly max: number } | null;
  /** R-CHAR-5 cap on the ratings' total through advancement; null: none. */
  readonly totalCap: number | null;
  readonly creation: CreationRule;
}

export interface SkillDef {
  readonly id: string;
  readonly labelKey: string;
}

/** R-LEG-3 */
export interface SkillScheme {
  readonly list: readonly SkillDef[];
  readonly creationPoints: number;
  readonly min: number;
  readonly max: number;
  /** Without skills, one attribute gets this much more at creation. */
  readonly withoutSkillsBonus: number;
}

// ---------------------------------------------------------------------------------------------
// Health (R-GRIT-*, R-HARM-*; R-LEG-4 … R-LEG-6)

/** R-LEG-5 a wound stage, in order. */
export interface HpWoundDef {
  readonly id: "critical" | "mortal";
  readonly labelKey: string;
  /** Light Dice lost on every pool; replaces the stage before's, not added to it. */
  readonly lightPenalty: number;
  /** Attribute points lost for good (player's choice). */
  readonly attributeLoss: number;
}

export type HealthRule =
  /** R-GRIT-1, R-HARM-* */
  | {
      readonly kind: "grit";
      readonly gritDice: number;
      readonly tracks: readonly {
        readonly id: "stressed" | "broken" | "weary";
        readonly group: string;
        readonly labelKey: string;
      }[];
      /** R-HARM-6 */
      readonly malaise: boolean;
      /** The tracks' heading on the sheet: Wounds, or v0.6.2's Trauma (R-V-7). */
      readonly headingKey: string;
    }
  /** R-LEG-4, R-LEG-5 */
  | {
      readonly kind: "hp";
      /**
       * HP max: these attributes + `base` + `perAdvancement` per Advancement (+ `toughPerAdvancement` with *Tough*).
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
  /** R-EGO-1, R-EGO-4 */
  | { readonly kind: "rolled"; readonly dice: number; readonly max: number }
  /** R-LEG-7 */
  | {
      readonly kind: "derived";
      readonly maxAttributes: readonly string[];
      readonly base: number;
      readonly max: number;
    };

export interface DarkDiceRule {
  /** R-EGO-2, R-LEG-8 Ego lost per Dark Die showing ≤ the Ego at the throw. */
  readonly cost: number;
  /** R-LEG-14 the same in a montage; null: no montage. */
  readonly montageCost: number | null;
}

// ---------------------------------------------------------------------------------------------
// Risky Actions and Effects (R-RA-*; R-LEG-9, R-LEG-11)

export type ResolutionRule =
  /** R-RA-1 … R-RA-3 */
  | { readonly kind: "combined"; readonly lightMax: number; readonly explodeOn: Face; readonly slaughterOn: Face }
  /** R-LEG-9, R-LEG-11 */
  | { readonly kind: "separate"; readonly lightMax: number; readonly explodeOn: Face };

/** R-LEG-11 */
export interface ToolTierDef {
  readonly id: "lesser" | "normal" | "greater";
  readonly labelKey: string;
  /** The tier ranks (0–4) read as this tool, so a weapon keeps its meaning across rulesets. */
  readonly ranks: readonly TierRank[];
  readonly rank: TierRank;
  /** With `halved` the kept total is halved, rounded up (d/2). */
  readonly dice: number;
  readonly halved: boolean;
  /** Normal: +1. */
  readonly twoHandedBonus: number;
  readonly twoHands: boolean;
}

// ---------------------------------------------------------------------------------------------
// Experience (R-XP-*; R-LEG-12, R-LEG-13)

export type SessionXpRule =
  /** R-XP-1 */
  | { readonly kind: "flat"; readonly amount: number }
  /** R-LEG-12 */
  | { readonly kind: "perEgoLost"; readonly perEgo: number };

export type AdvancementBuyRule =
  /** R-XP-2 */
  | { readonly kind: "cost"; readonly perHeld: number }
  /** R-LEG-13 */
  | { readonly kind: "roll"; readonly target: "egoMax+hpMax" };

export interface ExperienceRule {
  readonly session: SessionXpRule;
  /** R-XP-1 (Legacy: 0). */
  readonly perCondition: number;
  readonly advancement: AdvancementBuyRule;
  /** R-LEG-13 skill development. */
  readonly skillRoll: { readonly perRating: number } | null;
  /** R-GRIT-3 a new Advancement offers a Grit roll. */
  readonly gritReset: boolean;
}

// ---------------------------------------------------------------------------------------------
// Challenges (R-CH-*; R-LEG-10, R-LEG-14)

/** R-LEG-14 a band of the complication table. */
export interface ComplicationBand {
  readonly min: number;
  /** null: no upper end. */
  readonly max: number | null;
  readonly dice: number;
  /** R-LEG-10 the level an Effect in this band forks into. */
  readonly fork: ChallengeTierId;
}

export interface MontageRule {
  readonly complications: readonly ComplicationBand[];
}

/** R-LEG-10 */
export interface GangUpRule {
  readonly perExtra: number;
}

// ---------------------------------------------------------------------------------------------
// Held skills in groups, archetypes that name two groups (R-V-2, R-V-5, R-V-6)

export interface SkillGroupDef {
  readonly id: string;
  readonly labelKey: string;
  /** Examples; the GM may add others to a group. */
  readonly skills: readonly SkillDef[];
}

export interface GroupedArchetypeDef {
  readonly id: string;
  readonly labelKey: string;
  /** Two different groups; null: chosen with the GM (R-V-2's ruling). */
  readonly groups: readonly [string, string] | null;
}

/** R-V-5, R-V-6 */
export interface HeldSkillScheme {
  readonly groups: readonly SkillGroupDef[];
  readonly archetypes: readonly GroupedArchetypeDef[];
  /** One die for more skills from any group, after one from each archetype group. */
  readonly extra: readonly CreationBand[];
  /** *Expert*, at creation only. */
  readonly expertSkills: number;
  /** R-V-4 (ruling) attribute points in their place when the world plays without skills. */
  readonly withoutSkillsPoints: number;
  /** Light Dice a fitting skill gives, once per roll. */
  readonly die: number;
}

// ---------------------------------------------------------------------------------------------
// Panic, Morale, consequences (R-V-8, R-V-16, R-CH-3, R-V-15)

export type PanicState = "flight" | "freeze" | "fight";

/** R-V-8 a kept Ego face in `min`…`max` leaves the character in `state` for the scene. */
export interface PanicRow {
  readonly min: Face;
  readonly max: Face;
  readonly state: PanicState;
  readonly labelKey: string;
}

export type MoraleResult = "gives-up" | "lower" | "carries-on";

/** R-V-16 a Morale value in `min`…`max` (null: no upper end). */
export interface MoraleRow {
  readonly min: number;
  readonly max: number | null;
  readonly result: MoraleResult;
  readonly labelKey: string;
}

/** R-CH-3 */
export type Consequence = "annoying" | "troublesome" | "devastating";

/** R-CH-3, R-V-15 a band of a Challenge's Effect read narratively; `harmful`: also taken as harm. */
export interface ConsequenceBand {
  readonly min: number;
  readonly max: number | null;
  readonly consequence: Consequence;
  readonly harmful: boolean;
}

// ---------------------------------------------------------------------------------------------
// Weapons whose tags move dice or the approach row (R-V-17, R-V-18)

/** −1d, −1e, s+, +1e, +1d */
export type RowWeaponTag = "improvised" | "ineffective" | "slaughter" | "effective" | "heavyFirepower";

export interface RowWeaponDef {
  readonly id: string;
  readonly labelKey: string;
  readonly reach: "melee" | "ranged";
  readonly tags: readonly RowWeaponTag[];
}

// ---------------------------------------------------------------------------------------------

export interface Ruleset {
  readonly id: RulesetId;
  readonly labelKey: string;
  /** Registered for tests and the odds CLI, not yet offered to a world: some of its rules have no sheet or card. */
  readonly preview?: boolean;
  readonly archetype: ArchetypeRule;
  readonly ranges: readonly RangeDef[];
  /** R-POOL-2 a weapon out of its ranges costs −1d; false: ranges are narrative (R-V-11). */
  readonly rangePenalties: boolean;
  /** R-POOL-2 the GM's ±d for the position; false: none, advantage is the approach row (R-V-11). */
  readonly gmPosition: boolean;
  readonly effect: EffectRule;
  readonly weapons: readonly WeaponDef[];
  /** The tags a weapon of this ruleset may carry (R-EQ-3, R-V-17). */
  readonly weaponTags: readonly WeaponTag[];
  /** A tag's hint where it reads otherwise than Core's (R-V-17: Improvised is −1d only). */
  readonly weaponTagHints?: Partial<Readonly<Record<WeaponTag, string>>>;
  /** R-EGO-4; empty: no reset at will (R-V-8). */
  readonly egoReset: readonly EgoResetRow[];
  /** R-V-8; null: no Panic Events. */
  readonly panic: readonly PanicRow[] | null;
  /** null: no Sayonara. */
  readonly sayonara: SayonaraKeep | null;
  readonly challengeTiers: readonly ChallengeTierDef[];
  /** R-CH-3, R-V-15 */
  readonly consequences: readonly ConsequenceBand[];
  /** R-V-16; null: no Morale. */
  readonly morale: readonly MoraleRow[] | null;
  /** See ../states.ts. */
  readonly tokenStates: readonly TokenStateDef[];
  /** Another ruleset's Challenge level read as one of this one's, so a world that switched keeps its Challenges. */
  readonly tierAliases: Readonly<Partial<Record<ChallengeTierId, ChallengeTierId>>>;
  /** See advancements.ts. */
  readonly advancements: readonly string[];
  /** Degenesis: cult id → advancement ids. */
  readonly cults: Readonly<Record<string, readonly string[]>>;
  readonly advancementLists: AdvancementListRule | null;
  readonly attributes: AttributeScheme;
  readonly skills: SkillScheme | null;
  /** R-V-5, R-V-6 held skills in groups; null: none. */
  readonly heldSkills: HeldSkillScheme | null;
  /** R-LEG-3, R-V-4 (setting) the +N without skills; absent when played as written. */
  readonly creationBonus?: number;
  /** R-V-1 a trinket, a patch and a picture, written at creation (free text). */
  readonly keepsakes: boolean;
  readonly health: HealthRule;
  readonly ego: EgoRule;
  readonly darkDice: DarkDiceRule;
  readonly resolution: ResolutionRule;
  readonly tools: readonly ToolTierDef[];
  readonly experience: ExperienceRule;
  readonly gangUp: GangUpRule | null;
  readonly montage: MontageRule | null;
  /** See conditions.ts. */
  readonly conditions: readonly string[];
  /** R-LEG-16 where they differ from conditions.ts. */
  readonly conditionFlags: Readonly<Record<string, readonly MechanicsFlag[]>>;
  /**
   * R-CH-6, R-LEG-6: `none` (armour never lowers a Challenge's Effects) or `houseRule` (only under the house rule).
   */
  readonly challengeArmour: "none" | "houseRule";
}
