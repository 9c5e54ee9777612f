/** An entry's type in `HEALTH_DATA` (index.ts), apart so the entries need not import the table. */
import type { ModelLimits, TrackLimit } from "../limits.ts";
import type { CharacterSource, ItemSnapshot } from "../source.ts";

type DataSchema = foundry.data.fields.DataSchema;

export interface CharacterBars {
  readonly bar1: string;
  readonly bar2: string;
}

/** One shape's stored blocks and what derives from them. */
export interface HealthData<Key extends string, Derived, Schema extends DataSchema> {
  /** Its blocks under `system`; their limits and joint tracks (data/limits.ts). */
  readonly schema: () => Schema;
  readonly limits: ModelLimits;
  readonly tracks: readonly TrackLimit[];
  /** Its part of `CharacterDerived`. */
  readonly derivedKey: Key;
  readonly derive: (source: CharacterSource, items: readonly ItemSnapshot[]) => Derived;
  /** The token bars when it is the world's shape (data/token-bars.ts). */
  readonly bars: CharacterBars;
  /** The bars' derived maxima by attribute, set on the prepared data, never stored. */
  barMaxima?(derived: Derived): Readonly<Record<string, number>>;
  /** The `_preUpdate` net (expanded `changes`): the paths written down to their maximum. */
  keepWithinMax?(current: CharacterSource, changes: Record<string, unknown>, items: readonly ItemSnapshot[]): string[];
}

/** Keeps an entry's key and types for `HealthDerived` and `HealthSchema`. */
export const healthData = <const Key extends string, Derived, Schema extends DataSchema>(
  entry: HealthData<Key, Derived, Schema>,
): HealthData<Key, Derived, Schema> => entry;
