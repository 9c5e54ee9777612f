/**
 * The data layer's health shapes, one entry each in `HEALTH_DATA`: the character model, its derived data, the
 * limits and the token bars read them here. Every entry is kept on every character, so a switch loses nothing.
 */
import type { ModelLimits, TrackLimit } from "../limits.ts";
import type { CharacterSource, ItemSnapshot } from "../source.ts";
import type { HealthRule } from "../../rules/index.ts";
import { HP_DATA } from "../hit-points.ts";
import { isRecord } from "../migrations/values.ts";
import { GRIT_DATA } from "./grit.ts";
import type { HealthData } from "./types.ts";

export type { CharacterBars, HealthData } from "./types.ts";

export type HealthKind = HealthRule["kind"];
type DataSchema = foundry.data.fields.DataSchema;

export const HEALTH_DATA = {
  grit: GRIT_DATA,
  hp: HP_DATA,
} as const satisfies Record<HealthKind, HealthData<string, unknown, DataSchema>>;

type Entries = typeof HEALTH_DATA;
type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

export type HealthSchema = Intersection<{ [K in HealthKind]: ReturnType<Entries[K]["schema"]> }[HealthKind]>;
export type HealthDerived = Intersection<
  {
    [K in HealthKind]: Entries[K] extends HealthData<infer Key, infer Derived, DataSchema>
      ? Readonly<Record<Key, Derived>>
      : never;
  }[HealthKind]
>;

const entries = (): readonly HealthData<string, unknown, DataSchema>[] => Object.values(HEALTH_DATA);

/** Every shape's schema fields, for `defineCharacterSchema`. */
export function healthSchema(): HealthSchema {
  return Object.assign({}, ...entries().map((e) => e.schema())) as HealthSchema;
}

export const HEALTH_LIMITS: ModelLimits = Object.assign({}, ...entries().map((e) => e.limits)) as ModelLimits;
export const HEALTH_TRACKS: readonly TrackLimit[] = entries().flatMap((e) => e.tracks);

export function deriveHealth(source: CharacterSource, items: readonly ItemSnapshot[]): HealthDerived {
  return Object.fromEntries(entries().map((e) => [e.derivedKey, e.derive(source, items)])) as HealthDerived;
}

/** `system` is the prepared model: each derived maximum goes on its bar attribute's object. */
export function setBarMaxima(system: object, derived: HealthDerived): void {
  const parts: Readonly<Record<string, unknown>> = derived;
  for (const entry of entries()) {
    for (const [attribute, max] of Object.entries(entry.barMaxima?.(parts[entry.derivedKey]) ?? {})) {
      const target = attribute.split(".").reduce<unknown>((at, key) => (isRecord(at) ? at[key] : undefined), system);
      if (isRecord(target)) Object.assign(target, { max });
    }
  }
}

/** Every shape's `keepWithinMax`; returns the paths corrected. */
export function keepHealthWithinMax(
  current: CharacterSource,
  changes: Record<string, unknown>,
  items: readonly ItemSnapshot[],
): string[] {
  return entries().flatMap((e) => e.keepWithinMax?.(current, changes, items) ?? []);
}
