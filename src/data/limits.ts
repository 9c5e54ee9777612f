/**
 * Every stored field's limits as plain data (whole numbers and bounds, ids, lists). The schemas declare the
 * same (a test keeps them equal) and the repair brings a stored value back inside them. Paths are dotted, `*`
 * for every list element; limits between fields are JOINT below.
 */
import {
  ADVANCEMENT_SOURCES,
  ATTRIBUTE_MAX,
  ATTRIBUTE_TOTAL_CAP,
  ATTRIBUTES,
  CONDITION_KINDS,
  DEFAULT_ADVANCEMENT_SOURCE,
  EGO_MAX,
  getRuleset,
  GROUPS,
  MECHANICS_FLAGS,
  RULESET_IDS,
  SKILL_SCOPES,
  WEAPON_TAGS,
} from "../rules/index.ts";
import type { Attribute, ChallengeTierId, ModifierScope } from "../rules/index.ts";
import { ALL_RANGE_IDS } from "./item/ranges.ts";
import type { ArmourKind } from "./source.ts";
import { LEGACY_ATTRIBUTES, LEGACY_RATING_MAX, LEGACY_SKILLS } from "./ratings.ts";
import { HEALTH_LIMITS, HEALTH_TRACKS } from "./health/index.ts";

export type FieldLimit =
  /** No `max`: unbounded; `initial` when missing. */
  | { readonly kind: "integer"; readonly min: number; readonly max?: number; readonly initial: number }
  /** `initial` when missing. */
  | { readonly kind: "choice"; readonly choices: readonly string[]; readonly initial: string }
  /** A list (or set) of `choices`. */
  | { readonly kind: "choices"; readonly choices: readonly string[] }
  /** A list of non-blank strings (R-V-5's held skills). */
  | { readonly kind: "texts" };

export type ModelLimits = Readonly<Record<string, FieldLimit>>;

const integer = (initial: number, min: number, max?: number): FieldLimit => ({
  kind: "integer",
  min,
  initial,
  ...(max === undefined ? {} : { max }),
});
const choice = (choices: readonly string[], initial: string): FieldLimit => ({ kind: "choice", choices, initial });
const choices = (list: readonly string[]): FieldLimit => ({ kind: "choices", choices: list });
const texts = (): FieldLimit => ({ kind: "texts" });

/**
 * R-CH-1 / R-LEG-10 every ruleset's level ids, so a Challenge keeps its level across a switch (`tierAliases`).
 */
export const CHALLENGE_TIER_IDS: readonly ChallengeTierId[] = [
  ...new Set(RULESET_IDS.flatMap((id) => getRuleset(id).challengeTiers.map((t) => t.id))),
];
/** R-EQ-4 */
export const ARMOUR_KINDS: readonly ArmourKind[] = ["light", "heavy", "shield"];
/** R-POOL-2 (R-LEG-16: a skill). */
export const MODIFIER_SCOPES: readonly ModifierScope[] = [
  "any",
  ...ATTRIBUTES,
  ...GROUPS.map((g) => `save:${g}` as const),
  ...SKILL_SCOPES,
];
/** R-CHAR-5 "" for none. */
export const DEVELOPED_CHOICES: readonly ("" | Attribute)[] = ["", ...ATTRIBUTES];
/** R-COND-1 "" for none. */
export const SHIFT_CHOICES: readonly ("" | Attribute)[] = ["", ...ATTRIBUTES];

/** R-CH-1 / R-CH-5 under `prefix`. */
function tierLimits(prefix: string): Record<string, FieldLimit> {
  return {
    [`${prefix}tier`]: choice(CHALLENGE_TIER_IDS, "dangerous"),
    [`${prefix}n`]: integer(4, 4, 100),
    [`${prefix}disposition.value`]: integer(10, 0),
    [`${prefix}disposition.max`]: integer(10, 0),
    [`${prefix}dice`]: integer(1, 0, 100),
  };
}

/** R-POOL-2 */
const MECHANICS_LIMITS: ModelLimits = {
  "dice.*.dice": integer(1, -4, 4),
  "dice.*.appliesTo": choices(MODIFIER_SCOPES),
  flags: choices(MECHANICS_FLAGS),
};

export const LIMITS: Readonly<
  Record<"character" | "challenge" | "weapon" | "armour" | "advancement" | "condition", ModelLimits>
> = {
  character: {
    ...Object.fromEntries(ATTRIBUTES.map((a) => [`attributes.${a}`, integer(0, 0, ATTRIBUTE_MAX)])),
    // Every health shape's (data/health/).
    ...HEALTH_LIMITS,
    "ego.value": integer(0, 0, EGO_MAX),
    "ego.max": integer(0, 0, EGO_MAX),
    "ego.dice": integer(1, 0, 10),
    xp: integer(0, 0),
    freeAdvancements: integer(0, 0),
    // The rated Ego's maximum is derived (R-LEG-7).
    ...Object.fromEntries(LEGACY_ATTRIBUTES.map((a) => [`ratings.attributes.${a}`, integer(0, 0, LEGACY_RATING_MAX)])),
    ...Object.fromEntries(LEGACY_SKILLS.map((k) => [`ratings.skills.${k}`, integer(0, 0, LEGACY_RATING_MAX)])),
    "ratings.ego.value": integer(2, 0),
    egoLost: integer(0, 0),
    advancementsWon: integer(0, 0),
    heldSkills: texts(),
    skillGroups: texts(),
  },
  challenge: { ...tierLimits(""), ...tierLimits("facets.*."), armour: integer(0, 0, 10) },
  weapon: { rank: integer(1, 0, 4), ranges: choices(ALL_RANGE_IDS), tags: choices(WEAPON_TAGS), customTags: texts() },
  armour: { kind: choice(ARMOUR_KINDS, "light"), value: integer(1, 0, 10) },
  advancement: {
    source: choice(ADVANCEMENT_SOURCES, DEFAULT_ADVANCEMENT_SOURCE),
    developed: choice(DEVELOPED_CHOICES, ""),
    requiresMutations: integer(0, 0, 20),
    ...MECHANICS_LIMITS,
  },
  condition: {
    kind: choice(CONDITION_KINDS, "condition"),
    ...MECHANICS_LIMITS,
    "shift.raise": choice(SHIFT_CHOICES, ""),
    "shift.lower1": choice(SHIFT_CHOICES, ""),
    "shift.lower2": choice(SHIFT_CHOICES, ""),
  },
};

/** Both paths in the same model. */
export interface TrackLimit {
  readonly value: string;
  readonly max: string;
}

/** R-CHAR-5, R-GRIT-1, R-EGO-1 */
export interface JointLimits {
  readonly total?: { readonly paths: readonly string[]; readonly cap: number };
  readonly tracks: readonly TrackLimit[];
}

export const JOINT: Readonly<Record<string, JointLimits>> = {
  character: {
    total: { paths: ATTRIBUTES.map((a) => `attributes.${a}`), cap: ATTRIBUTE_TOTAL_CAP },
    tracks: [...HEALTH_TRACKS, { value: "ego.value", max: "ego.max" }],
  },
};

/** An unknown type is left alone. */
export function limitsOf(type: string): ModelLimits {
  return Object.hasOwn(LIMITS, type) ? LIMITS[type as keyof typeof LIMITS] : {};
}

/**
 * The manifest's `gmOnlyFields` (tests/guards/manifest.test.ts keeps them equal): a player's write-back leaves
 * them out, or the server refuses it.
 */
export const GM_ONLY_FIELDS: Readonly<Record<string, readonly string[]>> = { challenge: ["notes"] };
