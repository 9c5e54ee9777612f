/** R-EQ-1 … R-EQ-4 weapon tags and armour; the weapon lists are ruleset data. */
import type { TierRank } from "./effect.ts";
import { RulesError } from "./errors.ts";
import type { Ruleset, WeaponTag } from "./rulesets/types.ts";

/** R-EQ-3, R-V-17 every ruleset's (`Ruleset.weaponTags` says which a ruleset offers); GMs may add narrative tags. */
export const WEAPON_TAGS: readonly WeaponTag[] = [
  "versatile",
  "nimble",
  "slaughter",
  "improvised",
  "unhandy",
  "heavyFirepower",
  "unarmed",
];

export function isWeaponTag(id: string): id is WeaponTag {
  return (WEAPON_TAGS as readonly string[]).includes(id);
}

/** An item's snapshot. */
export interface Weapon {
  readonly rank: TierRank;
  readonly ranges: readonly string[];
  /** Custom tags are allowed and ignored. */
  readonly tags: readonly string[];
  readonly twoHanded: boolean;
}

export function hasTag(weapon: Weapon | undefined, tag: WeaponTag): boolean {
  return weapon?.tags.includes(tag) ?? false;
}

/** R-EQ-3 */
export function effectTags(weapon: Weapon | undefined): { versatileTwoHanded: boolean; improvised: boolean } {
  return {
    versatileTwoHanded: hasTag(weapon, "versatile") && (weapon?.twoHanded ?? false),
    improvised: hasTag(weapon, "improvised"),
  };
}

export function assertRange(ruleset: Ruleset, range: string): string {
  if (!ruleset.ranges.some((r) => r.id === range)) {
    throw new RulesError("unknown-id", `"${range}" is not a range of this ruleset.`, { id: range });
  }
  return range;
}

/** R-EQ-3 Contact, Reach. */
export function isCloseRange(ruleset: Ruleset, range: string): boolean {
  return ruleset.ranges.find((r) => r.id === assertRange(ruleset, range))?.close ?? false;
}

/**
 * R-EQ-1 / R-EQ-2 (ruling) a weapon with a close range rolls Exertion, else Finesse; another ruleset's ranges
 * are ignored, not refused.
 */
export function weaponAttribute(ruleset: Ruleset, ranges: Iterable<string>): "exertion" | "finesse" {
  const close = new Set(ruleset.ranges.filter((r) => r.close).map((r) => r.id));
  return [...ranges].some((r) => close.has(r)) ? "exertion" : "finesse";
}

/** R-EQ-4 / R-HARM-2 */
export const BODY_ARMOUR = ["none", "light", "heavy"] as const;
export type BodyArmour = (typeof BODY_ARMOUR)[number];

/** R-EQ-4 */
export const ARMOUR_VALUE: Readonly<Record<BodyArmour | "shield", number>> = { none: 0, light: 1, heavy: 2, shield: 1 };
export const ELEPHANT_SKIN_ARMOUR = 1;
