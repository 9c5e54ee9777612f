/**
 * The rated character's stored data and what derives from it (R-LEG-1, R-LEG-7): `system.ratings`, beside
 * Core's, so a ruleset switch loses nothing; `system.egoLost` (R-LEG-12) and `system.advancementsWon`
 * (R-LEG-13) beside it. Only current Ego is stored; its maximum derives from the attributes.
 */
import { egoMax, LEGACY } from "../rules/index.ts";
import type { ItemSnapshot } from "./source.ts";

/** In sheet order (SRD v0.4.5 names). */
export const LEGACY_ATTRIBUTES = ["strength", "agility", "insight", "charisma"] as const;
export type LegacyAttribute = (typeof LEGACY_ATTRIBUTES)[number];

/** In the SRD's order. */
export const LEGACY_SKILLS = ["violence", "exploration", "social", "survival", "vocational"] as const;

/** Its field's label in the data model (lang `Character.FIELDS.ratings`). */
export const attributeRatingLabel = (id: string): string => `TERRAN.Character.FIELDS.ratings.attributes.${id}.label`;
export const skillRatingLabel = (id: string): string => `TERRAN.Character.FIELDS.ratings.skills.${id}.label`;
export type LegacySkill = (typeof LEGACY_SKILLS)[number];

export const isLegacyAttribute = (id: string): id is LegacyAttribute =>
  (LEGACY_ATTRIBUTES as readonly string[]).includes(id);
export const isLegacySkill = (id: string): id is LegacySkill => (LEGACY_SKILLS as readonly string[]).includes(id);

/** Rolled 0–2; +1 without skills; advancements raise it. */
export const LEGACY_RATING_MAX = 4;

export interface RatingsSource {
  attributes: Record<LegacyAttribute, number>;
  skills: Record<LegacySkill, number>;
  ego: { value: number };
}

/** The parts of a character source this module reads; optional for older sources and fixtures. */
export interface RatedSource {
  readonly ratings?: RatingsSource | undefined;
  readonly egoLost?: number | undefined;
  readonly advancementsWon?: number | undefined;
}

/** The schema's initial values: every rating 0, Ego at its maximum 2. */
export function defaultRatings(): RatingsSource {
  return {
    attributes: { strength: 0, agility: 0, insight: 0, charisma: 0 },
    skills: { violence: 0, exploration: 0, social: 0, survival: 0, vocational: 0 },
    ego: { value: 2 },
  };
}

/** The defaults where an older source has none. */
export function ratingsOf(source: RatedSource): RatingsSource {
  return source.ratings ?? defaultRatings();
}

/** R-LEG-12 since the session began. */
export const egoLostOf = (source: RatedSource): number => source.egoLost ?? 0;
/** R-LEG-13 won by the roll, not yet taken. */
export const advancementsWonOf = (source: RatedSource): number => source.advancementsWon ?? 0;

export interface RatedTrack {
  readonly value: number;
  readonly max: number;
}

export interface RatingsDerived {
  readonly ego: RatedTrack;
  readonly advancements: number;
}

/** R-LEG-7 / R-LEG-16 *Estranged* (any number held) takes 1 off. */
export function ratedEgoMax(attributes: Readonly<Record<LegacyAttribute, number>>, egoMaxLoss: number): number {
  return egoMax(LEGACY, attributes, egoMaxLoss > 0);
}

/** The Advancements held, *Tough*'s flag (HP, R-LEG-4) and *Estranged* (Ego, R-LEG-16). */
export function ratedItems(items: readonly ItemSnapshot[]): {
  advancements: number;
  tough: boolean;
  egoMaxLoss: number;
} {
  let advancements = 0;
  let tough = false;
  let egoMaxLoss = 0;
  for (const item of items) {
    if (item.type === "advancement") {
      advancements += 1;
      if (item.system.flags.includes("tough")) tough = true;
    } else if (item.type === "condition" && item.system.key === "estranged") egoMaxLoss += 1;
  }
  return { advancements, tough, egoMaxLoss };
}

/** R-LEG-7 (ruling) a stored Ego above its maximum reads as the maximum. */
export function deriveRatings(source: RatedSource, items: readonly ItemSnapshot[]): RatingsDerived {
  const ratings = ratingsOf(source);
  const { advancements, egoMaxLoss } = ratedItems(items);
  const max = ratedEgoMax(ratings.attributes, egoMaxLoss);
  return { ego: { value: Math.min(ratings.ego.value, max), max }, advancements };
}
