/**
 * R-EQ-1 … R-EQ-4: weapon tags, armour, and a weapon as the rules read it. The weapon lists
 * themselves are ruleset data (rulesets/core.ts, rulesets/degenesis.ts).
 */
import type { TierRank } from "./effect.ts";
import { RulesError } from "./errors.ts";
import type { Ruleset, WeaponTag } from "./rulesets/types.ts";

/** R-EQ-3 the tags the engine automates. GMs may add their own (narrative) tags beside these. */
export const WEAPON_TAGS: readonly WeaponTag[] = ["versatile", "nimble", "slaughter", "improvised", "unhandy"];

export function isWeaponTag(id: string): id is WeaponTag {
  return (WEAPON_TAGS as readonly string[]).includes(id);
}

/** A weapon as the rules read it (an item's snapshot). */
export interface Weapon {
  readonly rank: TierRank;
  readonly ranges: readonly string[];
  /** Tag ids; custom (non-engine) tags are allowed and ignored by the rules. */
  readonly tags: readonly string[];
  readonly twoHanded: boolean;
}

export function hasTag(weapon: Weapon | undefined, tag: WeaponTag): boolean {
  return weapon?.tags.includes(tag) ?? false;
}

/** R-EQ-3 Versatile adds its +1e only when held two-handed; Improvised always reads the lowest tier. */
export function effectTags(weapon: Weapon | undefined): { versatileTwoHanded: boolean; improvised: boolean } {
  return {
    versatileTwoHanded: hasTag(weapon, "versatile") && (weapon?.twoHanded ?? false),
    improvised: hasTag(weapon, "improvised"),
  };
}

/** A range id of the ruleset, or a readable error. */
export function assertRange(ruleset: Ruleset, range: string): string {
  if (!ruleset.ranges.some((r) => r.id === range)) {
    throw new RulesError("unknown-id", `"${range}" is not a range of this ruleset.`, { id: range });
  }
  return range;
}

/** R-EQ-3 Unhandy costs −1d at close ranges (Contact, Reach). */
export function isCloseRange(ruleset: Ruleset, range: string): boolean {
  return ruleset.ranges.find((r) => r.id === assertRange(ruleset, range))?.close ?? false;
}

/**
 * R-EQ-1 / R-EQ-2 the attribute a weapon's attack rolls. Ruling (the SRD calls melee "Exertion" and
 * ranged "precision"): a weapon usable at a close range of this ruleset (Contact, Reach) rolls
 * Exertion, any other Finesse. Ranges this ruleset does not know (a weapon from the other ruleset)
 * are ignored rather than refused, so such a weapon still rolls.
 */
export function weaponAttribute(ruleset: Ruleset, ranges: Iterable<string>): "exertion" | "finesse" {
  const close = new Set(ruleset.ranges.filter((r) => r.close).map((r) => r.id));
  return [...ranges].some((r) => close.has(r)) ? "exertion" : "finesse";
}

/** R-EQ-4 / R-HARM-2 body armour and shields. */
export const BODY_ARMOUR = ["none", "light", "heavy"] as const;
export type BodyArmour = (typeof BODY_ARMOUR)[number];

/** R-EQ-4 armour values: Light 1, Heavy 2 (and −1d to run, observe, sneak, swim), Shield 1. */
export const ARMOUR_VALUE: Readonly<Record<BodyArmour | "shield", number>> = { none: 0, light: 1, heavy: 2, shield: 1 };
export const ELEPHANT_SKIN_ARMOUR = 1;
