/**
 * The stored shape of every document's `system` data, in plain TypeScript: each data model checks at compile
 * time that its schema makes exactly this, so operations and migrations work on it without Foundry.
 */
import type {
  Attribute,
  ChallengeTierId,
  DiceModifier,
  MechanicsFlag,
  ModifierScope,
  TierRank,
  WeaponTag,
} from "../rules/index.ts";
import type { AdvancementSourceKind, ConditionKind } from "../rules/index.ts";
import type { HitPointsSource } from "./hit-points.ts";
import type { RatingsSource } from "./ratings.ts";

/** See data/migrations/repair.ts: JSON text of the old and new values. */
export interface RepairRecordSource {
  path: string;
  from: string;
  to: string;
  kept: string;
}

/**
 * The schema version this code writes. 3: every stored value within its limits (with `repairs` records) and
 * each Challenge's token bar on its Disposition, both written back by the world runner. 4: `legacy` split into
 * `hitPoints`, `ratings`, `egoLost` and `advancementsWon`, token bars re-pointed (docs/MIGRATIONS.md).
 */
export const SCHEMA_VERSION = 4;

export interface TrackSource {
  value: number;
  max: number;
}

export interface PoolTrackSource extends TrackSource {
  dice: number;
}

export interface WoundsSource {
  stressed: boolean;
  broken: boolean;
  weary: boolean;
}

/** R-CHAR-6 free text each; `cult` picks the advancement list. */
export interface IdentitySource {
  culture: string;
  clan: string;
  concept: string;
  cult: string;
}

/** R-V-1 (ruling) a trinket, a patch and a picture: the player's words, no mechanics. */
export interface Keepsakes {
  trinket: string;
  patch: string;
  picture: string;
}

export interface CharacterSource {
  /** R-CHAR-6 an id of the ruleset's list, or free text. */
  archetype: string;
  identity: IdentitySource;
  /** R-CHAR-1 */
  attributes: Record<Attribute, number>;
  /** R-GRIT-1 */
  grit: PoolTrackSource;
  /** R-EGO-1 */
  ego: PoolTrackSource;
  /** R-HARM-4 */
  wounds: WoundsSource;
  /** R-HARM-5 */
  dead: boolean;
  /** R-EGO-3 */
  lost: boolean;
  /** R-XP-1 */
  xp: number;
  /** R-SAY-1 until that scene ends. */
  sayonara: boolean;
  /** R-SAY-1 / R-LEG-15 optional only for older sources and fixtures: the schema always fills it. */
  departed?: boolean;
  /** R-SAY-1 / R-LEG-15 counted down as taken; optional as `departed` is. */
  freeAdvancements?: number;
  /**
   * The HP health model's (data/hit-points.ts) and the rated character's (data/ratings.ts) fields, beside
   * Core's so a ruleset switch loses nothing; optional as `departed` is (`hitPointsOf`, `ratingsOf` read the
   * defaults).
   */
  hitPoints?: HitPointsSource;
  ratings?: RatingsSource;
  /** R-V-5 `data/held-skills.ts` entries; optional as `departed` is. */
  heldSkills?: string[];
  /** R-V-2 (ruling) the groups chosen for Spacer or a free-text archetype; optional as `heldSkills` is. */
  skillGroups?: string[];
  /** R-V-1 (ruling) step 7's free text; optional as `heldSkills` is. */
  keepsakes?: Keepsakes;
  /** R-LEG-12 since the session began. */
  egoLost?: number;
  /** R-LEG-13 won by the roll, not yet taken. */
  advancementsWon?: number;
  biography: string;
  notes: string;
  /** Old values a migration could not read (every model has one). */
  unmigrated?: Record<string, unknown>;
  /** Until the owner was told (data/migrations/repair.ts; every model has one). */
  repairs?: RepairRecordSource[];
}

export interface FacetSource {
  name: string;
  tier: ChallengeTierId;
  /** A scaling tier's n; ignored by the others. */
  n: number;
  disposition: TrackSource;
  /** 0 with `halved`: d/2. */
  dice: number;
  halved: boolean;
  /** R-V-16 Morale was rolled at this 0 (absent in older data: not rolled). */
  moraleRolled?: boolean;
}

export interface ChallengeSource {
  tier: ChallengeTierId;
  n: number;
  /** R-CH-1 / R-RA-7 */
  disposition: TrackSource;
  dice: number;
  halved: boolean;
  /** R-V-16 Morale was rolled at this 0 (absent in older data: not rolled). */
  moraleRolled?: boolean;
  /** R-CH-5 the Challenge's own tier is its first facet. */
  facets: FacetSource[];
  armour: number;
  /** R-V-16 it has a mind of its own: at 0 its owner may roll Morale. */
  sentient: boolean;
  notes: string;
  unmigrated?: Record<string, unknown>;
  repairs?: RepairRecordSource[];
}

export interface DiceModifierSource {
  id: string;
  dice: number;
  label: string;
  appliesTo: ModifierScope[];
  situational: boolean;
}

export interface WeaponSource {
  /** Ruleset-neutral 0–4. */
  rank: TierRank;
  ranges: string[];
  tags: WeaponTag[];
  /** Narrative. */
  customTags: string[];
  twoHanded: boolean;
  equipped: boolean;
  description: string;
  unmigrated?: Record<string, unknown>;
  repairs?: RepairRecordSource[];
}

export type ArmourKind = "light" | "heavy" | "shield";

export interface ArmourSource {
  kind: ArmourKind;
  /** Default Light 1, Heavy 2, Shield 1. */
  value: number;
  equipped: boolean;
  /** R-HARM-2 */
  destroyed: boolean;
  description: string;
  unmigrated?: Record<string, unknown>;
  repairs?: RepairRecordSource[];
}

export interface AdvancementSource {
  /** The id in rules/advancements.ts, or "" for homebrew. */
  key: string;
  source: AdvancementSourceKind;
  /** When `source` is "cult". */
  cult: string;
  dice: DiceModifierSource[];
  flags: MechanicsFlag[];
  /** R-CHAR-5 "" until chosen. */
  developed: Attribute | "";
  /** Free text: Specialist's kind of action, Sensory acuity's sense… */
  specialty: string;
  /** R-ADV-1 Ether call (0 = none). */
  requiresMutations: number;
  description: string;
  unmigrated?: Record<string, unknown>;
  repairs?: RepairRecordSource[];
}

/** R-COND-1 "" each: none. */
export interface ShiftSource {
  raise: Attribute | "";
  lower1: Attribute | "";
  lower2: Attribute | "";
}

export interface ConditionSource {
  kind: ConditionKind;
  /** Or "". */
  key: string;
  dice: DiceModifierSource[];
  flags: MechanicsFlag[];
  /** R-COND-1 absent or all "" when none. */
  shift?: ShiftSource;
  description: string;
  unmigrated?: Record<string, unknown>;
  repairs?: RepairRecordSource[];
}

/** As the pure operations see it. */
export type ItemSnapshot =
  | { readonly id: string; readonly name: string; readonly type: "weapon"; readonly system: WeaponSource }
  | { readonly id: string; readonly name: string; readonly type: "armour"; readonly system: ArmourSource }
  | { readonly id: string; readonly name: string; readonly type: "advancement"; readonly system: AdvancementSource }
  | { readonly id: string; readonly name: string; readonly type: "condition"; readonly system: ConditionSource };

export type { DiceModifier };
