/**
 * The Legacy ruleset's stored character data and what is derived from it (HP and Ego maxima, wounds),
 * kept beside Core's on every character (`system.legacy`), never in place of it.
 *
 * Decision ("switching a world's ruleset never loses data"): a character holds the fields of
 * every ruleset at once. Core/Degenesis keep `attributes` (six), `grit`, `ego`, `wounds`; Legacy keeps its
 * own four attributes, five skill ratings, HP, Ego and its two wounds under `legacy`. Switching the world's
 * ruleset changes which of them the sheet shows and the rules read; nothing is converted, so a switch
 * there and back gives every value back. Shared between rulesets, because they mean the same thing to the
 * table: name, archetype, biography, notes, items, XP, `dead` and `lost`.
 *
 * Legacy's HP and Ego maxima are derived (R-LEG HP max = Strength + Agility + 2 + 1 per Advancement, more
 * with *Tough*; Ego max = Insight + Charisma + 2), so only their current values are stored. Why `legacy.hp`
 * and not a top-level `hp`: the schema-1 migration renames a top-level `hp` to `grit`.
 *
 * Pure: no Foundry.
 */
import { egoMax, hpMax, LEGACY } from "../rules/index.ts";
import { isRecord, setOwn } from "./migrations/values.ts";
import type { ItemSnapshot } from "./source.ts";

/** Legacy's four attributes, in sheet order (SRD v0.4.5 names). */
export const LEGACY_ATTRIBUTES = ["strength", "agility", "insight", "charisma"] as const;
export type LegacyAttribute = (typeof LEGACY_ATTRIBUTES)[number];

/** Legacy's five broad skill groups, in the SRD's order. */
export const LEGACY_SKILLS = ["violence", "exploration", "social", "survival", "vocational"] as const;

/**
 * The i18n key of a Legacy attribute's or skill's name: its field's label in the data model (lang
 * `Character.FIELDS.legacy`).
 */
export const legacyAttributeLabel = (id: string): string => `TERRAN.Character.FIELDS.legacy.attributes.${id}.label`;
export const legacySkillLabel = (id: string): string => `TERRAN.Character.FIELDS.legacy.skills.${id}.label`;
export type LegacySkill = (typeof LEGACY_SKILLS)[number];

export const isLegacyAttribute = (id: string): id is LegacyAttribute =>
  (LEGACY_ATTRIBUTES as readonly string[]).includes(id);
export const isLegacySkill = (id: string): id is LegacySkill => (LEGACY_SKILLS as readonly string[]).includes(id);

/** The stored bound of a Legacy attribute or skill rating (rolled 0–2; +1 without skills; advancements raise it). */
export const LEGACY_RATING_MAX = 4;

export interface LegacySource {
  attributes: Record<LegacyAttribute, number>;
  skills: Record<LegacySkill, number>;
  hp: { value: number };
  ego: { value: number };
  wounds: { critical: boolean; mortal: boolean };
  /** R-LEG-12 Ego lost since the session began: the Experience the session's end gives. */
  egoLost: number;
  /** R-LEG-13 Advancements won by the Advancement roll and not yet taken from the compendium. */
  advancementsWon: number;
}

/**
 * What a character that never saw Legacy holds (the schema's initial values: every rating 0, HP and
 * Ego at their maximum 2).
 */
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

/** The Legacy data of a stored character (the defaults where a source written before Legacy has none). */
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
  /** Light Dice lost to wounds on every pool: −1 Critical, −2 Mortal. */
  readonly woundPenalty: number;
  readonly advancements: number;
}

/** R-LEG-4 HP max, by the Legacy engine (src/rules/ratings.ts) from the stored ratings. */
export function legacyHpMax(
  attributes: Readonly<Record<LegacyAttribute, number>>,
  advancements: number,
  tough: boolean,
): number {
  return hpMax(LEGACY, attributes, advancements, tough);
}

/** R-LEG-7 R-LEG-16 Ego max, by the Legacy engine; *Estranged* (any number held) takes 1 off. */
export function legacyEgoMax(attributes: Readonly<Record<LegacyAttribute, number>>, egoMaxLoss: number): number {
  return egoMax(LEGACY, attributes, egoMaxLoss > 0);
}

/**
 * The character's Advancements and what changes its maxima: *Tough*'s flag (HP) and the
 * *Estranged* condition (Ego, R-LEG-16).
 */
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
 * Legacy's derived data: HP and Ego with their maxima, the wounds and their penalty. R-LEG-4 R-LEG-7
 * (ruling) current HP and Ego are never above their maxima: a stored value above (a maximum lowered
 * by a path that did not correct it, data from before the rule) reads as the maximum, so nothing —
 * a Dark Die's cost, the sheet, a token bar — ever sees it. The operations and the model's update
 * net bring the stored value down too (src/documents/operations/legacy.ts `legacyWithinMax`).
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

/** `record[key]` as a record, made (an empty one) when it is not. */
function recordAt(record: Record<string, unknown>, key: string): Record<string, unknown> {
  const existing = record[key];
  if (isRecord(existing)) return existing;
  const made: Record<string, unknown> = {};
  setOwn(record, key, made);
  return made;
}

/**
 * R-LEG-4 R-LEG-7 (ruling) the update net (the character model's `_preUpdate`): `changes` is an update
 * as `_preUpdate` holds it after the base model's repair (expanded, `system` nested), `current` the stored
 * data and `items` the character's. When the data after the update would leave current HP or Ego above
 * the maximum it derives (a rating lowered on the sheet's form, by a macro or another module), the value
 * is written down to the maximum in `changes`. Returns the paths corrected. Pure: no Foundry.
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
    recordAt(recordAt(recordAt(changes, "system"), "legacy"), track).value = max;
    corrected.push(`system.legacy.${track}.value`);
  }
  return corrected;
}
