/**
 * The stored shape of every document's `system` data, as plain TypeScript (no Foundry). The data
 * models' schemas (src/data/actor, src/data/item) produce exactly these shapes — a compile-time check
 * in each model keeps them in step — and the pure parts of the documents' operations
 * (src/documents/operations) and the migrations (src/data/migrations) work on them without Foundry.
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
import type { ConditionKind } from "../rules/index.ts";
import type { LegacySource } from "./legacy.ts";

/** One repaired field (see src/data/migrations/repair.ts): JSON text of the old and new values. */
export interface RepairRecordSource {
  path: string;
  from: string;
  to: string;
  kept: string;
}

/**
 * The schema version this code writes; the world migration runner brings older data up to it.
 * 2 → 3: the same shapes, plus every stored value inside its limits with a `repairs` record of what the
 * repair changed (src/data/migrations/repair.ts), and each Challenge's token bar on its Disposition
 * (src/data/token-bars.ts): the runner writes every document back so both reach the database.
 */
export const SCHEMA_VERSION = 3;

export interface TrackSource {
  value: number;
  max: number;
}

/** Grit and Ego: value, maximum and the number of dice their rolls throw. */
export interface PoolTrackSource extends TrackSource {
  dice: number;
}

export interface WoundsSource {
  stressed: boolean;
  broken: boolean;
  weary: boolean;
}

/** R-CHAR-6 Degenesis identity (free text each; `cult` picks the advancement list). */
export interface IdentitySource {
  culture: string;
  clan: string;
  concept: string;
  cult: string;
}

export interface CharacterSource {
  /** R-CHAR-6 Core: an archetype id of the ruleset's list, or free text. */
  archetype: string;
  identity: IdentitySource;
  /** R-CHAR-1 six whole ratings 0–4. */
  attributes: Record<Attribute, number>;
  /** R-GRIT-1 value ≥ 0, max ≥ 0, dice ≥ 0 (default 1). */
  grit: PoolTrackSource;
  /** R-EGO-1 value 0–6, max 0–6, dice ≥ 0 (default 1). */
  ego: PoolTrackSource;
  /** R-HARM-4 */
  wounds: WoundsSource;
  /** R-HARM-5 */
  dead: boolean;
  /** R-EGO-3 set when spending brings Ego to 0. */
  lost: boolean;
  /** R-XP-1 */
  xp: number;
  /** R-SAY-1 the last scene has been declared (until that scene ends). */
  sayonara: boolean;
  /**
   * R-SAY-1 / R-LEG-15 the character has left the story: their Sayonara scene ended, or they took
   * Retire. Optional here only so that sources written before it (and the fixtures) still type-check:
   * the schema always fills it (false).
   */
  departed?: boolean;
  /**
   * R-SAY-1 / R-LEG-15 a successor's advancements still to take for free (⌈n ÷ 2⌉ of the character
   * they follow, counted down as they are taken). Optional as `departed` is (the schema fills 0).
   */
  freeAdvancements?: number;
  /**
   * The Legacy ruleset's fields (src/data/legacy.ts), kept beside Core's so a ruleset switch loses nothing.
   * Optional here only so that sources written before Legacy (and the Core fixtures) still type-check: the
   * schema always fills it, and `legacyOf` reads the defaults where it is missing.
   */
  legacy?: LegacySource;
  biography: string;
  notes: string;
  /** Old values a migration could not read (see src/data/migrations). */
  unmigrated?: Record<string, unknown>;
  /** What the repair of stored values changed, until the owner was told (src/data/migrations/repair.ts). */
  repairs?: RepairRecordSource[];
}

export interface FacetSource {
  name: string;
  tier: ChallengeTierId;
  /** Exceptional's n (≥ 4); ignored by the other tiers. */
  n: number;
  disposition: TrackSource;
  /** Effect dice; 0 with `halved` for Trivial's d/2. */
  dice: number;
  halved: boolean;
}

export interface ChallengeSource {
  tier: ChallengeTierId;
  n: number;
  /** R-CH-1 / R-RA-7 */
  disposition: TrackSource;
  dice: number;
  halved: boolean;
  /** R-CH-5 further facets (the Challenge's own tier is its first facet). */
  facets: FacetSource[];
  /** Optional armour against the players' Effects (0 = none). */
  armour: number;
  /** GM-only notes. */
  notes: string;
  /** Old values a migration could not read (see src/data/migrations). */
  unmigrated?: Record<string, unknown>;
  /** What the repair of stored values changed, until the owner was told (src/data/migrations/repair.ts). */
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
  /** Effect tier as a ruleset-neutral rank 0–4 (Core −1e…+3e, Degenesis 1e…5e). */
  rank: TierRank;
  ranges: string[];
  tags: WeaponTag[];
  /** Tags the GM adds (narrative). */
  customTags: string[];
  twoHanded: boolean;
  equipped: boolean;
  description: string;
  /** Old values a migration could not read (see src/data/migrations). */
  unmigrated?: Record<string, unknown>;
  /** What the repair of stored values changed, until the owner was told (src/data/migrations/repair.ts). */
  repairs?: RepairRecordSource[];
}

export type ArmourKind = "light" | "heavy" | "shield";

export interface ArmourSource {
  kind: ArmourKind;
  /** Armour value (Light 1, Heavy 2, Shield 1 by default). */
  value: number;
  equipped: boolean;
  /** A shield sacrificed to ignore an Effect (R-HARM-2). */
  destroyed: boolean;
  description: string;
  /** Old values a migration could not read (see src/data/migrations). */
  unmigrated?: Record<string, unknown>;
  /** What the repair of stored values changed, until the owner was told (src/data/migrations/repair.ts). */
  repairs?: RepairRecordSource[];
}

export type AdvancementSourceKind = "core" | "degenesis" | "cult" | "legacy";

export interface AdvancementSource {
  /** The engine's id of this advancement (rules/advancements.ts), or "" for a homebrew one. */
  key: string;
  source: AdvancementSourceKind;
  /** The cult's id when `source` is "cult". */
  cult: string;
  dice: DiceModifierSource[];
  flags: MechanicsFlag[];
  /** R-CHAR-5 Developed: the attribute it raised ("" until chosen). */
  developed: Attribute | "";
  /** Specialist's kind of action, Sensory acuity's sense… (free text). */
  specialty: string;
  /** R-ADV-1 Ether call: mutations needed (0 = none). */
  requiresMutations: number;
  description: string;
  /** Old values a migration could not read (see src/data/migrations). */
  unmigrated?: Record<string, unknown>;
  /** What the repair of stored values changed, until the owner was told (src/data/migrations/repair.ts). */
  repairs?: RepairRecordSource[];
}

/** R-COND-1 the ratings an Obsessive Focus moved: +1 `raise`, −1 `lower1` and `lower2` ("" each: none). */
export interface ShiftSource {
  raise: Attribute | "";
  lower1: Attribute | "";
  lower2: Attribute | "";
}

export interface ConditionSource {
  kind: ConditionKind;
  /** The engine's id of this condition, or "". */
  key: string;
  dice: DiceModifierSource[];
  flags: MechanicsFlag[];
  /** R-COND-1 the attribute shift taken with the condition (absent or all "" when none). */
  shift?: ShiftSource;
  description: string;
  /** Old values a migration could not read (see src/data/migrations). */
  unmigrated?: Record<string, unknown>;
  /** What the repair of stored values changed, until the owner was told (src/data/migrations/repair.ts). */
  repairs?: RepairRecordSource[];
}

/** An embedded item as the pure operations see it. */
export type ItemSnapshot =
  | { readonly id: string; readonly name: string; readonly type: "weapon"; readonly system: WeaponSource }
  | { readonly id: string; readonly name: string; readonly type: "armour"; readonly system: ArmourSource }
  | { readonly id: string; readonly name: string; readonly type: "advancement"; readonly system: AdvancementSource }
  | { readonly id: string; readonly name: string; readonly type: "condition"; readonly system: ConditionSource };

/** A DiceModifierSource is a rules DiceModifier. */
export type { DiceModifier };
