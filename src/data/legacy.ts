/**
 * Legacy's stored character data and what derives from it, under `system.legacy` beside Core's: a character
 * holds every ruleset's fields, so switching the world's ruleset and back loses nothing. Only current HP and
 * Ego are stored (the maxima derive, R-LEG-4, R-LEG-7); not a top-level `hp`, which the schema-1 migration
 * renames.
 */
import { egoMax, hpMax, LEGACY } from "../rules/index.ts";
import { isRecord, setOwn } from "./migrations/values.ts";
import type { ItemSnapshot } from "./source.ts";

/** In sheet order (SRD v0.4.5 names). */
export const LEGACY_ATTRIBUTES = ["strength", "agility", "insight", "charisma"] as const;
export type LegacyAttribute = (typeof LEGACY_ATTRIBUTES)[number];

/** In the SRD's order. */
export const LEGACY_SKILLS = ["violence", "exploration", "social", "survival", "vocational"] as const;

/** Its field's label in the data model (lang `Character.FIELDS.legacy`). */
export const legacyAttributeLabel = (id: string): string => `TERRAN.Character.FIELDS.legacy.attributes.${id}.label`;
export const legacySkillLabel = (id: string): string => `TERRAN.Character.FIELDS.legacy.skills.${id}.label`;
export type LegacySkill = (typeof LEGACY_SKILLS)[number];

export const isLegacyAttribute = (id: string): id is LegacyAttribute =>
  (LEGACY_ATTRIBUTES as readonly string[]).includes(id);
export const isLegacySkill = (id: string): id is LegacySkill => (LEGACY_SKILLS as readonly string[]).includes(id);

/** Rolled 0–2; +1 without skills; advancements raise it. */
export const LEGACY_RATING_MAX = 4;

export interface LegacySource {
  attributes: Record<LegacyAttribute, number>;
  skills: Record<LegacySkill, number>;
  hp: { value: number };
  ego: { value: number };
  wounds: { critical: boolean; mortal: boolean };
  /** R-LEG-12 since the session began. */
  egoLost: number;
  /** R-LEG-13 won by the roll, not yet taken. */
  advancementsWon: number;
}

/** The schema's initial values: every rating 0, HP and Ego at their maximum 2. */
export function defaultLegacy(): LegacySource {
  return {
    attributes: { strength: 0, agility: 0, insight: 0, charisma: 0 },
    skills: { violence: 0, exploration: 0, social: 0, survival: 0, vocational: 0 },
    hp: { value: 2 },
    ego: { value: 2 },
    wounds: { critical: false, mortal: false },
    egoLost: 0,
    advancementsWon: 0,
  };
}

/** The defaults where an older source has none. */
export function legacyOf(source: { readonly legacy?: LegacySource | undefined }): LegacySource {
  return source.legacy ?? defaultLegacy();
}

export interface LegacyTrack {
  readonly value: number;
  readonly max: number;
}

export interface LegacyDerived {
  readonly hp: LegacyTrack;
  readonly ego: LegacyTrack;
  readonly critical: boolean;
  readonly mortal: boolean;
  /** −1 Critical, −2 Mortal. */
  readonly woundPenalty: number;
  readonly advancements: number;
}

/** R-LEG-4 (rules/ratings.ts) */
export function legacyHpMax(
  attributes: Readonly<Record<LegacyAttribute, number>>,
  advancements: number,
  tough: boolean,
): number {
  return hpMax(LEGACY, attributes, advancements, tough);
}

/** R-LEG-7 / R-LEG-16 *Estranged* (any number held) takes 1 off. */
export function legacyEgoMax(attributes: Readonly<Record<LegacyAttribute, number>>, egoMaxLoss: number): number {
  return egoMax(LEGACY, attributes, egoMaxLoss > 0);
}

/** *Tough*'s flag (HP) and *Estranged* (Ego, R-LEG-16). */
function legacyItems(items: readonly ItemSnapshot[]): { advancements: number; tough: boolean; egoMaxLoss: number } {
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

/**
 * R-LEG-4 / R-LEG-7 (ruling) a stored value above its maximum reads as the maximum, so nothing ever sees it;
 * the operations and the update net bring it down too.
 */
export function deriveLegacy(
  source: { readonly legacy?: LegacySource | undefined },
  items: readonly ItemSnapshot[],
): LegacyDerived {
  const legacy = legacyOf(source);
  const { advancements, tough, egoMaxLoss } = legacyItems(items);
  const hpMax = legacyHpMax(legacy.attributes, advancements, tough);
  const egoMax = legacyEgoMax(legacy.attributes, egoMaxLoss);
  const { critical, mortal } = legacy.wounds;
  return {
    hp: { value: Math.min(legacy.hp.value, hpMax), max: hpMax },
    ego: { value: Math.min(legacy.ego.value, egoMax), max: egoMax },
    critical,
    mortal,
    woundPenalty: mortal ? -2 : critical ? -1 : 0,
    advancements,
  };
}

/** Made (empty) when it is not one. */
function recordAt(record: Record<string, unknown>, key: string): Record<string, unknown> {
  const existing = record[key];
  if (isRecord(existing)) return existing;
  const made: Record<string, unknown> = {};
  setOwn(record, key, made);
  return made;
}

/** Sets dotted `path` in `record`, making the records on the way. */
function setAt(record: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split(".");
  setOwn(keys.slice(0, -1).reduce(recordAt, record), keys[keys.length - 1] ?? "", value);
}

/**
 * R-LEG-4 / R-LEG-7 (ruling) the character model's `_preUpdate` net: `changes` (expanded, after the base
 * repair) written down where HP or Ego would pass the derived maximum. Returns the paths corrected.
 */
export function keepLegacyWithinMax(
  current: { readonly legacy?: LegacySource | undefined },
  changes: Record<string, unknown>,
  items: readonly ItemSnapshot[],
): string[] {
  const before = legacyOf(current);
  const system = isRecord(changes.system) ? changes.system : {};
  const patch = isRecord(system.legacy) ? system.legacy : {};
  const number = (value: unknown, fallback: number): number =>
    typeof value === "number" && Number.isFinite(value) ? value : fallback;
  const given = isRecord(patch.attributes) ? patch.attributes : {};
  const attributes = Object.fromEntries(
    LEGACY_ATTRIBUTES.map((a) => [a, number(given[a], before.attributes[a])]),
  ) as Record<LegacyAttribute, number>;
  const hp = number(isRecord(patch.hp) ? patch.hp.value : undefined, before.hp.value);
  const ego = number(isRecord(patch.ego) ? patch.ego.value : undefined, before.ego.value);
  const derived = deriveLegacy({ legacy: { ...before, attributes } }, items);
  const corrected: string[] = [];
  for (const [track, value, max] of [
    ["hp", hp, derived.hp.max],
    ["ego", ego, derived.ego.max],
  ] as const) {
    if (value <= max) continue;
    const path = `system.legacy.${track}.value`;
    setAt(changes, path, max);
    corrected.push(path);
  }
  return corrected;
}
