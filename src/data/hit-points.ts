/**
 * The HP health model's stored data and what derives from it (R-LEG-4, R-LEG-5): `system.hitPoints`. Only
 * current HP is stored (the maximum derives from the ratings, data/ratings.ts); not a top-level `hp`, which the
 * schema-1 migration renames.
 */
import { hpMax, LEGACY } from "../rules/index.ts";
import { booleanField, integerField } from "./fields.ts";
import { healthData } from "./health/types.ts";
import { isRecord, setOwn } from "./migrations/values.ts";
import {
  deriveRatings,
  LEGACY_ATTRIBUTES,
  ratedItems,
  ratingsOf,
  type LegacyAttribute,
  type RatedSource,
} from "./ratings.ts";
import type { ItemSnapshot } from "./source.ts";

export interface HitPointsSource {
  value: number;
  /** R-LEG-5 */
  critical: boolean;
  mortal: boolean;
}

/** The parts of a character source this module reads; optional for older sources and fixtures. */
export interface HitPointsHolder extends RatedSource {
  readonly hitPoints?: HitPointsSource | undefined;
}

/** The schema's initial values: HP at its maximum 2, unwounded. */
export function defaultHitPoints(): HitPointsSource {
  return { value: 2, critical: false, mortal: false };
}

/** The defaults where an older source has none. */
export function hitPointsOf(source: HitPointsHolder): HitPointsSource {
  return source.hitPoints ?? defaultHitPoints();
}

export interface HitPointsDerived {
  readonly value: number;
  readonly max: number;
  readonly critical: boolean;
  readonly mortal: boolean;
  /** −1 Critical, −2 Mortal. */
  readonly woundPenalty: number;
}

/** R-LEG-4 (rules/ratings.ts) */
export function hitPointsMax(
  attributes: Readonly<Record<LegacyAttribute, number>>,
  advancements: number,
  tough: boolean,
): number {
  return hpMax(LEGACY, attributes, advancements, tough);
}

/** R-LEG-4 (ruling) a stored value above its maximum reads as the maximum; the operations and the net lower it. */
export function deriveHitPoints(source: HitPointsHolder, items: readonly ItemSnapshot[]): HitPointsDerived {
  const hitPoints = hitPointsOf(source);
  const { advancements, tough } = ratedItems(items);
  const max = hitPointsMax(ratingsOf(source).attributes, advancements, tough);
  const { critical, mortal } = hitPoints;
  return {
    value: Math.min(hitPoints.value, max),
    max,
    critical,
    mortal,
    woundPenalty: mortal ? -2 : critical ? -1 : 0,
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
export function keepHpAndEgoWithinMax(
  current: HitPointsHolder,
  changes: Record<string, unknown>,
  items: readonly ItemSnapshot[],
): string[] {
  const ratings = ratingsOf(current);
  const system = isRecord(changes.system) ? changes.system : {};
  const ratingsPatch = isRecord(system.ratings) ? system.ratings : {};
  const hpPatch = isRecord(system.hitPoints) ? system.hitPoints : {};
  const number = (value: unknown, fallback: number): number =>
    typeof value === "number" && Number.isFinite(value) ? value : fallback;
  const given = isRecord(ratingsPatch.attributes) ? ratingsPatch.attributes : {};
  const attributes = Object.fromEntries(
    LEGACY_ATTRIBUTES.map((a) => [a, number(given[a], ratings.attributes[a])]),
  ) as Record<LegacyAttribute, number>;
  const hp = number(hpPatch.value, hitPointsOf(current).value);
  const ego = number(isRecord(ratingsPatch.ego) ? ratingsPatch.ego.value : undefined, ratings.ego.value);
  const after = { ratings: { ...ratings, attributes } };
  const corrected: string[] = [];
  for (const [path, value, max] of [
    ["system.hitPoints.value", hp, deriveHitPoints(after, items).max],
    ["system.ratings.ego.value", ego, deriveRatings(after, items).ego.max],
  ] as const) {
    if (value <= max) continue;
    setAt(changes, path, max);
    corrected.push(path);
  }
  return corrected;
}

function hitPointsSchema() {
  const { SchemaField } = foundry.data.fields;
  return {
    hitPoints: new SchemaField({ value: integerField(2, 0), critical: booleanField(), mortal: booleanField() }),
  };
}

/** HP's entry in `HEALTH_DATA` (data/health/): the maximum is derived, so not a limit; the bars show the rated Ego. */
export const HP_DATA = healthData({
  schema: hitPointsSchema,
  limits: { "hitPoints.value": { kind: "integer", min: 0, initial: 2 } },
  tracks: [],
  derivedKey: "hitPoints",
  derive: deriveHitPoints,
  bars: { bar1: "hitPoints", bar2: "ratings.ego" },
  barMaxima: (derived) => ({ hitPoints: derived.max }),
  keepWithinMax: keepHpAndEgoWithinMax,
});
