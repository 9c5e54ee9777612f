/**
 * The interface every ruleset implements. A ruleset is data (tables, lists, labels) plus the few
 * rule shapes that differ between editions (the Effect tier rule). The engine asks the ruleset and
 * never branches on its id, so a third edition (Legacy) is a new file here, not an engine change.
 */
import type { Face } from "../dice.ts";
import type { EffectRule, TierRank } from "../effect.ts";
import type { TokenStateDef } from "../states.ts";

export type RulesetId = "core" | "degenesis";

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

export type ChallengeTierId = "trivial" | "dangerous" | "serious" | "formidable" | "exceptional";

/** R-CH-1 one tier. Exceptional scales: n ≥ 4 dice and a Disposition ≥ 40 (10n proposed). */
export interface ChallengeTierDef {
  readonly id: ChallengeTierId;
  readonly labelKey: string;
  readonly disposition: number;
  /** Number of Effect dice; 0 with `halved` for Trivial's d/2. */
  readonly dice: number;
  readonly halved: boolean;
  /** Exceptional scales with n: `n` dice (n ≥ `minN`), a Disposition ≥ `dispositionPerN × minN`, `dispositionPerN × n` proposed. */
  readonly scales?: { readonly dispositionPerN: number; readonly minN: number };
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

export interface Ruleset {
  readonly id: RulesetId;
  readonly labelKey: string;
  readonly archetype: ArchetypeRule;
  readonly ranges: readonly RangeDef[];
  readonly effect: EffectRule;
  readonly weapons: readonly WeaponDef[];
  readonly egoReset: readonly EgoResetRow[];
  readonly sayonara: SayonaraKeep;
  readonly challengeTiers: readonly ChallengeTierDef[];
  /** Issue 16 §6 the states a character's tokens show (wound tracks, Mortally Wounded, Lost, Dead): see ../states.ts. */
  readonly tokenStates: readonly TokenStateDef[];
  /** Ids of the advancements of this ruleset's common list (see advancements.ts). */
  readonly advancements: readonly string[];
  /** Cult lists (Degenesis): cult id → advancement ids. */
  readonly cults: Readonly<Record<string, readonly string[]>>;
  readonly advancementLists: AdvancementListRule | null;
}
