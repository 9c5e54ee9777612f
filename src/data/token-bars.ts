/**
 * Token bars per actor type: core gives every type the manifest's `primaryTokenAttribute` (Grit), so a
 * Challenge needs its own (its Disposition, R-CH-1). `TRACKABLE` feeds `CONFIG.Actor.trackableAttributes`
 * (foundryvtt.com/api/interfaces/foundry.types.ActorTrackableAttributes.html; ker-nethalas does the same).
 */
import type { Ruleset } from "../rules/index.ts";
import { HEALTH_DATA, type CharacterBars, type HealthKind } from "./health/index.ts";

/** Grit and Ego, or HP and the rated Ego (R-LEG-4, R-LEG-7): each health shape's bars (data/health/). */
export const CHARACTER_BARS: Readonly<Record<HealthKind, CharacterBars>> = Object.fromEntries(
  Object.entries(HEALTH_DATA).map(([kind, entry]) => [kind, entry.bars]),
) as Record<HealthKind, CharacterBars>;

export const TRACKABLE: Readonly<
  Record<string, { readonly bar: readonly string[]; readonly value: readonly string[] }>
> = {
  // Every health shape's bars; a derived `max` is set on the prepared data.
  character: { bar: [...new Set(Object.values(CHARACTER_BARS).flatMap((b) => [b.bar1, b.bar2]))], value: ["xp"] },
  challenge: { bar: ["disposition"], value: [] },
};

/** This layer's one look-up of `health.kind`. */
export function healthBars(ruleset: Ruleset): CharacterBars {
  return CHARACTER_BARS[ruleset.health.kind];
}

/**
 * The manifest's bars become the health model's unless the creation data named its own; null when nothing
 * changes.
 */
export function characterBarUpdate(
  ruleset: Ruleset,
  asked: { readonly bar1?: unknown; readonly bar2?: unknown },
): Record<string, string> | null {
  const update: Record<string, string> = {};
  for (const bar of ["bar1", "bar2"] as const) {
    if (asked[bar] !== undefined) continue;
    const wanted = healthBars(ruleset)[bar];
    if (wanted !== CHARACTER_BARS.grit[bar]) update[`prototypeToken.${bar}.attribute`] = wanted;
  }
  return Object.keys(update).length > 0 ? update : null;
}

/**
 * After a ruleset switch: a bar on another model's default takes this one's; one the GM pointed elsewhere is
 * kept. Keys are the token's paths (`bar1.attribute`); null when nothing changes.
 */
export function barsAfterSwitch(
  ruleset: Ruleset,
  bars: { readonly bar1?: unknown; readonly bar2?: unknown },
): Record<string, string> | null {
  const update: Record<string, string> = {};
  for (const bar of ["bar1", "bar2"] as const) {
    const wanted = healthBars(ruleset)[bar];
    const shown = bars[bar];
    const otherDefault = Object.values(CHARACTER_BARS).some((model) => model[bar] === shown);
    if (otherDefault && shown !== wanted) update[`${bar}.attribute`] = wanted;
  }
  return Object.keys(update).length > 0 ? update : null;
}

/** Schema 4: the bars schema 3 offered (R-LEG-4, R-LEG-7) and the attributes now holding their values. */
export const RENAMED_BARS: Readonly<Record<string, string>> = { "legacy.hp": "hitPoints", "legacy.ego": "ratings.ego" };

/** The bars with a renamed attribute re-pointed (data/world-migration.ts); any other is kept. */
export function renamedBars<T>(bars: { readonly bar1: T; readonly bar2: T }): { bar1: T | string; bar2: T | string } {
  const renamed = (attribute: T): T | string =>
    typeof attribute === "string" && Object.hasOwn(RENAMED_BARS, attribute)
      ? (RENAMED_BARS[attribute] ?? attribute)
      : attribute;
  return { bar1: renamed(bars.bar1), bar2: renamed(bars.bar2) };
}

/** Null: none. */
export const DEFAULT_BARS: Readonly<Record<string, { readonly bar1: string | null; readonly bar2: string | null }>> = {
  character: { bar1: "grit", bar2: "ego" },
  challenge: { bar1: "disposition", bar2: null },
};

function offered(type: string, attribute: string): boolean {
  const trackable = Object.hasOwn(TRACKABLE, type) ? TRACKABLE[type] : undefined;
  return trackable ? trackable.bar.includes(attribute) || trackable.value.includes(attribute) : true;
}

/**
 * A bar naming an attribute its type lacks takes the default; any other, or none, is kept. Null when nothing
 * changes.
 */
export function tokenBarUpdate(
  type: string,
  bars: { readonly bar1?: unknown; readonly bar2?: unknown },
): Record<string, string | null> | null {
  const defaults = Object.hasOwn(DEFAULT_BARS, type) ? DEFAULT_BARS[type] : undefined;
  if (!defaults) return null;
  const update: Record<string, string | null> = {};
  for (const bar of ["bar1", "bar2"] as const) {
    const attribute = bars[bar];
    if (attribute === null || (typeof attribute === "string" && attribute !== "" && offered(type, attribute))) continue;
    if (attribute === undefined && bar === "bar2" && defaults.bar2 === null) continue;
    if (attribute !== defaults[bar]) update[`prototypeToken.${bar}.attribute`] = defaults[bar];
  }
  return Object.keys(update).length > 0 ? update : null;
}
