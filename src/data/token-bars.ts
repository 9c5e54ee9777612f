/**
 * Token bars per actor type. Core gives every new actor's prototype token the manifest's
 * `primaryTokenAttribute` / `secondaryTokenAttribute` (system.json: `grit` / `ego`), the same for every
 * type, so a Challenge — which has no Grit — got a bar pointing at nothing (no bar drawn). Each type gets
 * its own default here: characters Grit and Ego, a Challenge its Disposition (R-CH-1). A new Challenge
 * takes it in its model's `_preCreate` (ChallengeData), an existing one from the world migration. Pure data
 * and functions: no Foundry.
 *
 * `TRACKABLE` is what `CONFIG.Actor.trackableAttributes` offers per type in the token configuration
 * ("bar: Paths to attributes that have both a value and a max property", ActorTrackableAttributes,
 * foundryvtt.com/api/interfaces/foundry.types.ActorTrackableAttributes.html; ker-nethalas sets it the same way).
 */
import type { Ruleset } from "../rules/index.ts";

export const TRACKABLE: Readonly<
  Record<string, { readonly bar: readonly string[]; readonly value: readonly string[] }>
> = {
  // Legacy's HP and Ego (src/data/legacy.ts): their `max` is derived and set on the prepared data.
  character: { bar: ["grit", "ego", "legacy.hp", "legacy.ego"], value: ["xp"] },
  challenge: { bar: ["disposition"], value: [] },
};

interface CharacterBars {
  readonly bar1: string;
  readonly bar2: string;
}

/**
 * A character's bars per health model: Grit and Ego (Core, Degenesis), or Legacy's HP and Ego (R-LEG-4,
 * R-LEG-7), which live under `legacy` (src/data/legacy.ts). The data layer's part of the health models
 * (the others: src/chat/health/, src/documents/health/, src/applications/health/).
 */
export const CHARACTER_BARS: Readonly<Record<Ruleset["health"]["kind"], CharacterBars>> = {
  grit: { bar1: "grit", bar2: "ego" },
  hp: { bar1: "legacy.hp", bar2: "legacy.ego" },
};

/** The bars of `ruleset`'s health model (its data says which: `health.kind`; this layer's one look-up of it). */
export function healthBars(ruleset: Ruleset): CharacterBars {
  return CHARACTER_BARS[ruleset.health.kind];
}

/**
 * The prototype token change a new character needs in a world of `ruleset`: the bars core gave it from
 * the manifest (Grit and Ego) become its health model's, unless the creation data named its own bars.
 * Null when nothing changes.
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
 * After the world switches to `ruleset`, the bar change a character's token (or prototype token) needs: a
 * bar that shows another health model's default (Grit where HP is now kept, and back) takes this
 * model's; a bar the GM pointed elsewhere (XP, none) is kept. Keys are the token's own paths
 * (`bar1.attribute`); null when nothing changes.
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

/** The bars a new token of each type shows (null: none). */
export const DEFAULT_BARS: Readonly<Record<string, { readonly bar1: string | null; readonly bar2: string | null }>> = {
  character: { bar1: "grit", bar2: "ego" },
  challenge: { bar1: "disposition", bar2: null },
};

function offered(type: string, attribute: string): boolean {
  const trackable = Object.hasOwn(TRACKABLE, type) ? TRACKABLE[type] : undefined;
  return trackable ? trackable.bar.includes(attribute) || trackable.value.includes(attribute) : true;
}

/**
 * The prototype token change a document of `type` needs, or null: a bar naming an attribute its type
 * does not have (a Challenge's `grit` from the manifest) takes the type's default; a bar naming one it has,
 * or none (null: someone removed it), is kept.
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
