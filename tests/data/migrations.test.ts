/**
 * The pure schema migrations (src/data/migrations): fixtures of schema 1 (the 0.0.x prototype, see
 * the doc comment of src/data/migrations/index.ts) migrate to the exact current shape; unknown keys
 * survive; values that cannot be converted are kept and reported; current data comes back as it
 * was; migrating twice equals migrating once; the input is never mutated.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  migrateActorSystem,
  migrateActorSystemWithReport,
  migrateAdvancement,
  migrateAdvancementWithReport,
  migrateArmour,
  migrateArmourWithReport,
  migrateChallenge,
  migrateChallengeWithReport,
  migrateCharacter,
  migrateCharacterWithReport,
  migrateCondition,
  migrateConditionWithReport,
  migrateItemSystem,
  migrateItemSystemWithReport,
  migrateWeapon,
  migrateWeaponWithReport,
  needsWorldMigration,
  overwriteSource,
  parseSchemaVersion,
  removedPaths,
  changedFields,
  UNMIGRATED_KEY,
  worldMigrationPlan,
  type MigrationResult,
} from "../../src/data/migrations/index.ts";
import { parseModifier, parseWhole } from "../../src/data/migrations/values.ts";
import {
  SCHEMA_VERSION,
  type AdvancementSource,
  type ArmourSource,
  type ChallengeSource,
  type CharacterSource,
  type ConditionSource,
  type DiceModifierSource,
  type FacetSource,
  type WeaponSource,
} from "../../src/data/source.ts";
import { ATTRIBUTES, type Attribute } from "../../src/rules/attributes.ts";
import { CONDITION_KINDS } from "../../src/rules/conditions.ts";
import { TIER_RANKS } from "../../src/rules/effect.ts";
import { WEAPON_TAGS } from "../../src/rules/equipment.ts";
import { MECHANICS_FLAGS } from "../../src/rules/mechanics.ts";
import type { ChallengeTierId } from "../../src/rules/rulesets/types.ts";

type Source = Record<string, unknown>;
type WithReport = (source: Readonly<Source>) => MigrationResult;

const isRecord = (value: unknown): value is Source =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * A fresh copy of a schema-1 fixture (`src/quench/fixtures/schema-1/<name>.json`, shared with the in-Foundry batch).
 */
function fixture(name: string): Source {
  const parsed: unknown = JSON.parse(
    readFileSync(resolve(import.meta.dirname, `../../src/quench/fixtures/schema-1/${name}.json`), "utf8"),
  );
  if (!isRecord(parsed)) throw new Error(`Fixture ${name} is not an object.`);
  return parsed;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** Every object and array reachable from a value. */
function containers(value: unknown, found = new Set<object>()): Set<object> {
  if (typeof value === "object" && value !== null && !found.has(value)) {
    found.add(value);
    for (const inner of Object.values(value)) containers(inner, found);
  }
  return found;
}

const CUSTOM = { deep: [1, 2] };

/** Each fixture with its migration and the exact current shape it must become. */
const FIXTURES: readonly { name: string; migrate: WithReport; expected: Source }[] = [
  {
    name: "character-seasoned",
    migrate: migrateCharacterWithReport,
    expected: {
      archetype: "Explorer",
      identity: { culture: "", clan: "", concept: "", cult: "" },
      attributes: { intuition: 3, reason: 2, finesse: 1, exertion: 2, attunement: 0, influence: 2 },
      grit: { value: 5, max: 8 },
      ego: { value: 3, max: 4 },
      wounds: { stressed: true, broken: false, weary: false },
      dead: false,
      lost: false,
      xp: 14,
      sayonara: false,
      biography: "<p>Left the bunker at sixteen and never looked back.</p>",
      notes: "",
      customField: CUSTOM,
    },
  },
  {
    name: "character-no-wounds",
    migrate: migrateCharacterWithReport,
    expected: {
      archetype: "Sage",
      attributes: { intuition: 2, reason: 2, finesse: 1, exertion: 0, attunement: 1, influence: 1 },
      grit: { value: 3, max: 3 },
      ego: { value: 2, max: 2 },
      xp: 0,
      biography: "",
      customField: CUSTOM,
    },
  },
  {
    name: "challenge-number-disposition",
    migrate: migrateChallengeWithReport,
    expected: {
      tier: "serious",
      n: 4,
      disposition: { value: 20, max: 20 },
      dice: 2,
      halved: false,
      armour: 0,
      notes: "<p>The wardens of the drowned depot.</p>",
      customField: CUSTOM,
    },
  },
  {
    name: "weapon-machete",
    migrate: migrateWeaponWithReport,
    expected: {
      rank: 3,
      tags: ["versatile", "nimble"],
      customTags: ["Serrated"],
      ranges: ["contact"],
      twoHanded: false,
      equipped: true,
      description: "<p>A salvaged machete, edge filed into teeth.</p>",
      customField: CUSTOM,
    },
  },
  {
    name: "armour-plates",
    migrate: migrateArmourWithReport,
    expected: {
      kind: "heavy",
      value: 2,
      equipped: true,
      destroyed: false,
      description: "<p>Riveted road signs.</p>",
      customField: CUSTOM,
    },
  },
  {
    name: "advancement-die-hard",
    migrate: migrateAdvancementWithReport,
    expected: {
      key: "dieHard",
      source: "core",
      cult: "",
      dice: [],
      flags: ["dieHard"],
      developed: "",
      specialty: "",
      requiresMutations: 0,
      description: "<p>Roll one more Grit die and add them all.</p>",
      customField: CUSTOM,
    },
  },
  {
    name: "condition-slow",
    migrate: migrateConditionWithReport,
    expected: {
      kind: "condition",
      key: "slow",
      dice: [],
      flags: ["effectLast"],
      description: "<p>Your Effect comes last.</p>",
      customField: CUSTOM,
    },
  },
  {
    name: "character-unreadable",
    migrate: migrateCharacterWithReport,
    expected: {
      archetype: "Outlaw",
      attributes: { reason: 7, finesse: 2, attunement: 1, influence: 1 },
      unmigrated: { attributes: { intuition: "three", finesse: { label: "Finesse" }, exertion: "" } },
      grit: { max: 6 },
      hp: { value: "lots" },
      ego: { value: 1, max: 3 },
      wounds: { hazed: "yes", broken: true, weary: false },
      experience: "a few",
      customField: CUSTOM,
    },
  },
];

describe("schema 1 fixtures migrate to the current shape", () => {
  it("R-CHAR-1 R-GRIT-1 R-HARM-4 R-XP-1: a seasoned character's text ratings become numbers, hp grit, hazed stressed, experience xp", () => {
    const { source, notes } = migrateCharacterWithReport(fixture("character-seasoned"));
    expect(source).toStrictEqual(FIXTURES[0]?.expected);
    expect(notes).toEqual([]);
  });

  it("R-HARM-4: a character saved before wounds existed gets no wounds added (the schema's default fills them); {value} ratings unwrap", () => {
    const { source, notes } = migrateCharacterWithReport(fixture("character-no-wounds"));
    expect(source).toStrictEqual(FIXTURES[1]?.expected);
    expect(source).not.toHaveProperty("wounds");
    expect(source).not.toHaveProperty("grit.dice");
    expect(notes).toEqual([]);
  });

  it("R-CH-1: a challenge's number disposition becomes {value, max}, effectDice becomes dice, no facets are added", () => {
    const { source, notes } = migrateChallengeWithReport(fixture("challenge-number-disposition"));
    expect(source).toStrictEqual(FIXTURES[2]?.expected);
    expect(notes).toEqual([]);
  });

  it("R-EQ-3: a weapon's +2 effect becomes rank 3, its comma tags split into tags and customTags, its range into ranges", () => {
    const { source, notes } = migrateWeaponWithReport(fixture("weapon-machete"));
    expect(source).toStrictEqual(FIXTURES[3]?.expected);
    expect(notes).toEqual([]);
  });

  it("R-EQ-4: armour's armourType becomes kind", () => {
    const { source, notes } = migrateArmourWithReport(fixture("armour-plates"));
    expect(source).toStrictEqual(FIXTURES[4]?.expected);
    expect(notes).toEqual([]);
  });

  it("R-GRIT-1: an advancement's flags object becomes an array of its flags", () => {
    const { source, notes } = migrateAdvancementWithReport(fixture("advancement-die-hard"));
    expect(source).toStrictEqual(FIXTURES[5]?.expected);
    expect(notes).toEqual([]);
  });

  it("R-COND-1: a condition's flags object keeps only the flags set to true", () => {
    const { source, notes } = migrateConditionWithReport(fixture("condition-slow"));
    expect(source).toStrictEqual(FIXTURES[6]?.expected);
    expect(notes).toEqual([]);
  });

  it("a character with unreadable values keeps every one of them and the report names each", () => {
    const { source, notes } = migrateCharacterWithReport(fixture("character-unreadable"));
    expect(source).toStrictEqual(FIXTURES[7]?.expected);
    expect(notes).toEqual([
      'attributes.intuition: "three" is not a whole number; kept under unmigrated.attributes.intuition, and attributes.intuition falls back to its default.',
      "attributes.reason: 7 is outside 0–4; converted as is, not clamped (the data model validates it).",
      "attributes.finesse: the old rating object also held label; kept under unmigrated.attributes.finesse.",
      'attributes.exertion: "" is not a whole number; kept under unmigrated.attributes.exertion, and attributes.exertion falls back to its default.',
      'experience: "a few" is not a whole number; kept under experience, and xp falls back to its default.',
      'hp.value: "lots" is not a whole number; kept under hp.value, and grit.value falls back to its default.',
      'wounds.hazed: "yes" is not true or false; kept under wounds.hazed, and wounds.stressed falls back to its default.',
    ]);
  });

  it.each(FIXTURES)("$name: keys the migration does not know are copied through unchanged", ({ name, migrate }) => {
    const input = fixture(name);
    const { source } = migrate(input);
    expect(source.customField).toStrictEqual(CUSTOM);
    expect(source.customField).not.toBe(input.customField);
  });

  it.each(FIXTURES)(
    "$name: migrating never mutates the (deep-frozen) input and shares no object with it",
    ({ name, migrate }) => {
      const input = deepFreeze(fixture(name));
      const { source } = migrate(input);
      expect(input).toStrictEqual(fixture(name));
      const shared = containers(input);
      expect([...containers(source)].filter((c) => shared.has(c))).toEqual([]);
    },
  );

  it.each(FIXTURES)("$name: migrating the migrated fixture changes nothing", ({ name, migrate, expected }) => {
    const once = migrate(fixture(name)).source;
    const twice = migrate(deepFreeze(once));
    expect(twice.source).toStrictEqual(expected);
    expect(twice.source).not.toBe(once);
  });

  it("the plain migrations return the same source as their report versions", () => {
    expect(migrateCharacter(fixture("character-seasoned"))).toStrictEqual(FIXTURES[0]?.expected);
    expect(migrateChallenge(fixture("challenge-number-disposition"))).toStrictEqual(FIXTURES[2]?.expected);
    expect(migrateWeapon(fixture("weapon-machete"))).toStrictEqual(FIXTURES[3]?.expected);
    expect(migrateArmour(fixture("armour-plates"))).toStrictEqual(FIXTURES[4]?.expected);
    expect(migrateAdvancement(fixture("advancement-die-hard"))).toStrictEqual(FIXTURES[5]?.expected);
    expect(migrateCondition(fixture("condition-slow"))).toStrictEqual(FIXTURES[6]?.expected);
  });
});

describe("dispatchers by document type", () => {
  it.each([
    ["character", "character-seasoned", 0],
    ["challenge", "challenge-number-disposition", 2],
  ] as const)("the Actor type %s uses its migration", (type, name, index) => {
    expect(migrateActorSystem(type, fixture(name))).toStrictEqual(FIXTURES[index]?.expected);
    expect(migrateActorSystemWithReport(type, fixture(name)).notes).toEqual([]);
  });

  it.each([
    ["weapon", "weapon-machete", 3],
    ["armour", "armour-plates", 4],
    ["advancement", "advancement-die-hard", 5],
    ["condition", "condition-slow", 6],
  ] as const)("the Item type %s uses its migration", (type, name, index) => {
    expect(migrateItemSystem(type, fixture(name))).toStrictEqual(FIXTURES[index]?.expected);
    expect(migrateItemSystemWithReport(type, fixture(name)).notes).toEqual([]);
  });

  it("an unknown type comes back as a copy with a note, even a type named like an Object method", () => {
    const input = deepFreeze({ hp: { value: "3" } });
    for (const type of ["vehicle", "toString", "constructor"]) {
      const actor = migrateActorSystemWithReport(type, input);
      expect(actor.source).toStrictEqual(input);
      expect(actor.source).not.toBe(input);
      expect(actor.notes).toEqual([`No migration is known for the Actor type "${type}"; its data is left as it was.`]);
      expect(migrateItemSystemWithReport(type, input).notes).toEqual([
        `No migration is known for the Item type "${type}"; its data is left as it was.`,
      ]);
    }
    expect(migrateItemSystem("character", { armourType: "light" })).toStrictEqual({ armourType: "light" });
  });
});

describe("character conversions", () => {
  it("R-CHAR-1: ratings as text, signed text, {value: text} and {value: number} all become whole numbers", () => {
    const { source, notes } = migrateCharacterWithReport({
      attributes: {
        intuition: " 4 ",
        reason: "+1",
        finesse: { value: "0" },
        exertion: { value: 3 },
        attunement: 2,
        influence: "0",
      },
    });
    expect(source).toStrictEqual({
      attributes: { intuition: 4, reason: 1, finesse: 0, exertion: 3, attunement: 2, influence: 0 },
    });
    expect(notes).toEqual([]);
  });

  it("R-CHAR-1: an out-of-range rating '7' or '-1' is converted, not clamped, and reported", () => {
    const { source, notes } = migrateCharacterWithReport({ attributes: { reason: "7", influence: { value: "-1" } } });
    expect(source).toStrictEqual({ attributes: { reason: 7, influence: -1 } });
    expect(notes).toEqual([
      "attributes.reason: 7 is outside 0–4; converted as is, not clamped (the data model validates it).",
      "attributes.influence: -1 is outside 0–4; converted as is, not clamped (the data model validates it).",
    ]);
  });

  it("R-CHAR-1: fractions, words, null, booleans and objects without value are kept under unmigrated.attributes", () => {
    const attributes = {
      intuition: "2.5",
      reason: "three",
      finesse: null,
      exertion: true,
      attunement: { rating: 2 },
      influence: { value: "x" },
    };
    const { source, notes } = migrateCharacterWithReport({ attributes });
    expect(source).toStrictEqual({ attributes: {}, unmigrated: { attributes } });
    expect(notes).toHaveLength(6);
    for (const [i, attribute] of ATTRIBUTES.entries()) {
      const path = `attributes\\.${attribute}`;
      expect(notes[i]).toMatch(
        new RegExp(`^${path}: .* kept under unmigrated\\.${path}, and ${path} falls back to its default\\.$`),
      );
    }
  });

  it("R-CHAR-1: current number ratings are left alone, even fractional or out of range (the schema validates), with no note", () => {
    const input = { attributes: { intuition: 2.5, reason: 9, finesse: -3 } };
    expect(migrateCharacterWithReport(input)).toStrictEqual({ source: input, notes: [] });
  });

  it("unknown attribute keys, and attributes that are not an object, are left as they were", () => {
    expect(migrateCharacter({ attributes: { luck: "3", reason: "2" } })).toStrictEqual({
      attributes: { luck: "3", reason: 2 },
    });
    const { source, notes } = migrateCharacterWithReport({ attributes: "3,2,1,0,1,2" });
    expect(source).toStrictEqual({ attributes: "3,2,1,0,1,2" });
    expect(notes).toEqual(['attributes: "3,2,1,0,1,2" is not an object of ratings; left as it was.']);
  });

  it("a value never overwrites what unmigrated already holds: it takes the next free slot", () => {
    const { source } = migrateCharacterWithReport({
      attributes: { reason: "lots" },
      unmigrated: { attributes: { reason: "older", reason_2: "old" }, other: 1 },
    });
    expect(source).toStrictEqual({
      attributes: {},
      unmigrated: { attributes: { reason: "older", reason_2: "old", reason_3: "lots" }, other: 1 },
    });
    expect(UNMIGRATED_KEY).toBe("unmigrated");
  });

  it("when unmigrated is there but is not an object, the unreadable value stays in place and the report says why", () => {
    const { source, notes } = migrateCharacterWithReport({
      attributes: { reason: "lots", finesse: { value: 2, note: "x" } },
      unmigrated: "keep me",
    });
    expect(source).toStrictEqual({
      attributes: { reason: "lots", finesse: { value: 2, note: "x" } },
      unmigrated: "keep me",
    });
    expect(notes).toEqual([
      'attributes.reason: "lots" is not a whole number; left in place at attributes.reason because unmigrated is not an object.',
      "attributes.finesse: the old rating object also holds note; left as it was because unmigrated is not an object.",
    ]);
  });

  it("R-XP-1: experience as a number or text becomes xp; a negative one is reported", () => {
    expect(migrateCharacterWithReport({ experience: 7 })).toStrictEqual({ source: { xp: 7 }, notes: [] });
    expect(migrateCharacterWithReport({ experience: "-2" })).toStrictEqual({
      source: { xp: -2 },
      notes: ["experience: -2 is below 0; converted as is, not clamped (the data model validates it)."],
    });
  });

  it("R-XP-1: when experience and xp are both present, xp wins and experience is left as it was", () => {
    expect(migrateCharacterWithReport({ experience: 3, xp: 5 })).toStrictEqual({
      source: { experience: 3, xp: 5 },
      notes: ["experience and xp are both present; kept xp and left experience as it was."],
    });
  });

  it("R-GRIT-1: hp with text numbers and extra keys becomes grit; no dice are invented", () => {
    expect(migrateCharacterWithReport({ hp: { value: "4", max: "9", temp: 1 } })).toStrictEqual({
      source: { grit: { value: 4, max: 9, temp: 1 } },
      notes: [],
    });
    expect(migrateCharacter({ hp: {} })).toStrictEqual({ grit: {} });
  });

  it("R-GRIT-1: hp that is not an object, or holds nothing readable, stays hp; hp beside grit is left alone", () => {
    expect(migrateCharacterWithReport({ hp: 7 })).toStrictEqual({
      source: { hp: 7 },
      notes: ["hp: 7 is not a { value, max } object; kept under hp, and grit falls back to its default."],
    });
    expect(migrateCharacterWithReport({ hp: { value: "x" } }).source).toStrictEqual({ hp: { value: "x" } });
    expect(migrateCharacterWithReport({ hp: { value: 1, max: 2 }, grit: { value: 3, max: 3, dice: 1 } })).toStrictEqual(
      {
        source: { hp: { value: 1, max: 2 }, grit: { value: 3, max: 3, dice: 1 } },
        notes: ["hp and grit are both present; kept grit and left hp as it was."],
      },
    );
    expect(migrateCharacterWithReport({ hp: { value: -1, max: 4 } }).notes).toEqual([
      "hp.value: -1 is below 0; converted as is, not clamped (the data model validates it).",
    ]);
  });

  it("R-HARM-4: hazed becomes stressed (false too); beside stressed it is left alone; wounds that are not an object are reported", () => {
    expect(migrateCharacter({ wounds: { hazed: false, broken: true } })).toStrictEqual({
      wounds: { stressed: false, broken: true },
    });
    expect(migrateCharacterWithReport({ wounds: { hazed: true, stressed: false } })).toStrictEqual({
      source: { wounds: { hazed: true, stressed: false } },
      notes: [
        "wounds.hazed and wounds.stressed are both present; kept wounds.stressed and left wounds.hazed as it was.",
      ],
    });
    expect(migrateCharacterWithReport({ wounds: "broken" }).notes).toEqual([
      'wounds: "broken" is not an object of tracks; left as it was.',
    ]);
  });

  it("R-EGO-1: ego without dice is left for the schema's default", () => {
    expect(migrateCharacterWithReport({ ego: { value: 2, max: 3 } })).toStrictEqual({
      source: { ego: { value: 2, max: 3 } },
      notes: [],
    });
  });
});

describe("challenge conversions", () => {
  it("R-CH-1: a disposition as text becomes {value, max}; a negative one is reported", () => {
    expect(migrateChallenge({ disposition: "30" })).toStrictEqual({ disposition: { value: 30, max: 30 } });
    expect(migrateChallengeWithReport({ disposition: -5 }).notes).toEqual([
      "disposition: -5 is below 0; converted as is, not clamped (the data model validates it).",
    ]);
  });

  it("R-CH-1: an unreadable disposition is kept under unmigrated.disposition", () => {
    expect(migrateChallengeWithReport({ disposition: "lots", tier: "serious" })).toStrictEqual({
      source: { tier: "serious", unmigrated: { disposition: "lots" } },
      notes: [
        'disposition: "lots" is not a whole number; kept under unmigrated.disposition, and disposition falls back to its default.',
      ],
    });
    expect(migrateChallengeWithReport({ disposition: [20], unmigrated: 0 })).toStrictEqual({
      source: { disposition: [20], unmigrated: 0 },
      notes: ["disposition: [20] is not a number; left in place at disposition because unmigrated is not an object."],
    });
  });

  it("R-CH-2: effectDice as text becomes dice; an unreadable one stays effectDice; beside dice it is left alone", () => {
    expect(migrateChallenge({ effectDice: "3" })).toStrictEqual({ dice: 3 });
    expect(migrateChallengeWithReport({ effectDice: "d/2" })).toStrictEqual({
      source: { effectDice: "d/2" },
      notes: ['effectDice: "d/2" is not a whole number; kept under effectDice, and dice falls back to its default.'],
    });
    expect(migrateChallengeWithReport({ effectDice: 2, dice: 1 }).source).toStrictEqual({ effectDice: 2, dice: 1 });
  });
});

describe("weapon conversions", () => {
  it.each([
    [-1, 0],
    ["-1", 0],
    ["\u22121", 0],
    ["±0", 1],
    ["0", 1],
    [0, 1],
    ["+1", 2],
    ["+1e", 2],
    [" 2 ", 3],
    [3, 4],
  ])("R-RA-4: the Core modifier %j becomes rank %i (modifier + 1)", (effect, rank) => {
    expect(migrateWeaponWithReport({ effect })).toStrictEqual({ source: { rank }, notes: [] });
  });

  it("R-RA-4: a modifier outside −1…+3 is converted, not clamped, and reported", () => {
    expect(migrateWeaponWithReport({ effect: "+5" })).toStrictEqual({
      source: { rank: 6 },
      notes: [
        'effect: "+5" gives rank 6, outside 0–4 (Core −1e…+3e); converted as is, not clamped (the data model validates it).',
      ],
    });
    expect(migrateWeapon({ effect: -2 })).toStrictEqual({ rank: -1 });
  });

  it("R-RA-4: an unreadable effect stays under effect and rank is left for the default", () => {
    for (const effect of ["big", "+1.5", "±2", "", null, { value: 2 }]) {
      const { source, notes } = migrateWeaponWithReport({ effect });
      expect(source).toStrictEqual({ effect });
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatch(/^effect: .*; kept under effect, and rank falls back to its default\.$/);
    }
  });

  it("R-EQ-3: tag text is matched regardless of case, deduplicated, and unknown tags join existing customTags", () => {
    expect(
      migrateWeapon({
        tags: " slaughter,IMPROVISED , Slaughter,,Unhandy, Rusty, Rusty ",
        customTags: ["Heavy", "Rusty"],
      }),
    ).toStrictEqual({
      tags: ["slaughter", "improvised", "unhandy"],
      customTags: ["Heavy", "Rusty"],
    });
    expect(migrateWeapon({ tags: "" })).toStrictEqual({ tags: [] });
    expect(migrateWeapon({ tags: "Heavy" })).toStrictEqual({ tags: [], customTags: ["Heavy"] });
  });

  it("R-EQ-3: when customTags is not a list, the old tag text is kept under unmigrated.tags", () => {
    expect(migrateWeaponWithReport({ tags: "Nimble, Serrated", customTags: "Heavy" })).toStrictEqual({
      source: { tags: ["nimble"], customTags: "Heavy", unmigrated: { tags: "Nimble, Serrated" } },
      notes: [
        'tags: customTags ("Heavy") is not a list, so the tags Serrated could not join it; the old text is kept under unmigrated.tags.',
      ],
    });
    expect(migrateWeaponWithReport({ tags: "Serrated", customTags: 1, unmigrated: [] })).toStrictEqual({
      source: { tags: "Serrated", customTags: 1, unmigrated: [] },
      notes: ["tags: customTags (1) is not a list and unmigrated is not an object; tags left as they were."],
    });
    expect(migrateWeaponWithReport({ tags: 3 }).notes).toEqual([
      "tags: 3 is neither a list nor comma-separated text; left as it was.",
    ]);
  });

  it("R-EQ-1 R-EQ-2: a single range of either ruleset becomes ranges with its id; an unknown one is kept as written", () => {
    expect(migrateWeapon({ range: "Short" })).toStrictEqual({ ranges: ["short"] });
    expect(migrateWeapon({ range: "Far Away" })).toStrictEqual({ ranges: ["farAway"] });
    expect(migrateWeapon({ range: "nearby" })).toStrictEqual({ ranges: ["nearby"] });
    expect(migrateWeapon({ range: " " })).toStrictEqual({ ranges: [] });
    expect(migrateWeaponWithReport({ range: "Orbit" })).toStrictEqual({
      source: { ranges: ["Orbit"] },
      notes: ['range: "Orbit" is not a range of any ruleset; kept as written in ranges.'],
    });
    expect(migrateWeaponWithReport({ range: 3 })).toStrictEqual({
      source: { range: 3 },
      notes: ["range: 3 is not a range name; kept under range, and ranges falls back to its default."],
    });
  });
});

describe("armour, advancement and condition conversions", () => {
  it("R-EQ-4: armourType is matched regardless of case; an unknown kind stays armourType", () => {
    expect(migrateArmour({ armourType: " Shield " })).toStrictEqual({ kind: "shield" });
    expect(migrateArmourWithReport({ armourType: "medium" })).toStrictEqual({
      source: { armourType: "medium" },
      notes: [
        'armourType: "medium" is not light, heavy or shield; kept under armourType, and kind falls back to its default.',
      ],
    });
    expect(migrateArmour({ armourType: "light", kind: "heavy" })).toStrictEqual({ armourType: "light", kind: "heavy" });
  });

  it("R-POOL-2: flags the engine does not know, or set to something other than true/false, go to unmigrated.flags", () => {
    expect(
      migrateAdvancementWithReport({ flags: { eager: true, flying: true, dieHard: "yes", whirlwind: false } }),
    ).toStrictEqual({
      source: { flags: ["eager"], unmigrated: { flags: { flying: true, dieHard: "yes" } } },
      notes: [
        'flags.flying: the engine knows no flag "flying"; kept under unmigrated.flags.flying.',
        'flags.dieHard: "yes" is not true or false; kept under unmigrated.flags.dieHard.',
      ],
    });
    expect(migrateConditionWithReport({ flags: { flying: true }, unmigrated: { flags: "x" } })).toStrictEqual({
      source: { flags: { flying: true }, unmigrated: { flags: "x" } },
      notes: ["flags: flying cannot be converted and unmigrated is not an object; flags left as they were."],
    });
    expect(migrateConditionWithReport({ flags: "dieHard" }).notes).toEqual([
      'flags: "dieHard" is neither a list nor an object of flags; left as it was.',
    ]);
    expect(migrateCondition({ flags: {} })).toStrictEqual({ flags: [] });
  });

  it("a stored key named __proto__ stays an ordinary key", () => {
    const flags: unknown = JSON.parse('{"__proto__": true, "eager": true}');
    const { source } = migrateAdvancementWithReport({ flags });
    const unmigrated = source.unmigrated;
    expect(isRecord(unmigrated) && isRecord(unmigrated.flags) && Object.hasOwn(unmigrated.flags, "__proto__")).toBe(
      true,
    );
    expect(source.flags).toEqual(["eager"]);
    expect(Object.getPrototypeOf(source)).toBe(Object.prototype);
  });
});

describe("value parsers", () => {
  it("parseWhole reads whole numbers from numbers and text only", () => {
    expect([3, "3", " -2 ", "+4"].map(parseWhole)).toEqual([3, 3, -2, 4].map((value) => ({ ok: true, value })));
    for (const bad of [2.5, Number.NaN, Infinity, "2.5", "", "3d", "three", null, undefined, true, [3], { value: 3 }]) {
      expect(parseWhole(bad).ok).toBe(false);
    }
  });

  it("parseModifier reads signed modifiers with an optional e", () => {
    expect(["+2", "-1", "\u22121", "±0", "3e", "+ 1"].map(parseModifier)).toEqual(
      [2, -1, -1, 0, 3, 1].map((value) => ({ ok: true, value })),
    );
    for (const bad of ["±1", "1.5", "e", "+", "two", null]) expect(parseModifier(bad).ok).toBe(false);
  });
});

// ---- Idempotence properties ---------------------------------------------------------------------

const text = fc.string({ maxLength: 10 });
const anyInt = fc.integer({ min: -3, max: 40 });
const track = fc.record({ value: anyInt, max: anyInt });
const poolTrack = fc.record({ value: anyInt, max: anyInt, dice: anyInt });
const attributesArb: fc.Arbitrary<Record<Attribute, number>> = fc.record({
  intuition: anyInt,
  reason: anyInt,
  finesse: anyInt,
  exertion: anyInt,
  attunement: anyInt,
  influence: anyInt,
});
const tierArb = fc.constantFrom<ChallengeTierId>("trivial", "dangerous", "serious", "formidable", "exceptional");
const diceModifierArb: fc.Arbitrary<DiceModifierSource> = fc.record({
  id: text,
  dice: anyInt,
  label: text,
  appliesTo: fc.array(fc.constantFrom("any" as const, ...ATTRIBUTES, "save:insight" as const), { maxLength: 3 }),
  situational: fc.boolean(),
});
const facetArb: fc.Arbitrary<FacetSource> = fc.record({
  name: text,
  tier: tierArb,
  n: anyInt,
  disposition: track,
  dice: anyInt,
  halved: fc.boolean(),
});

/** Keys no migration knows, with any JSON value (copied through). */
const extraArb = fc.dictionary(
  text.map((k) => `extra_${k}`),
  fc.jsonValue({ maxDepth: 2 }),
  { maxKeys: 3 },
);

/** Stored data is JSON: plain objects (fast-check also makes null-prototype ones, which JSON never holds). */
function asStored(value: Source): Source {
  const parsed: unknown = JSON.parse(JSON.stringify(value));
  return isRecord(parsed) ? parsed : {};
}

/** Current-shaped data, complete or partial (Foundry also migrates partial update data), plus unknown keys. */
function current<T extends object>(model: { [K in keyof T]: fc.Arbitrary<T[K]> }): fc.Arbitrary<Source> {
  return fc
    .tuple(fc.record(model, { requiredKeys: [] }), extraArb)
    .map(([known, extra]) => asStored({ ...extra, ...known }));
}

const CURRENT: readonly { type: string; migrate: WithReport; arb: fc.Arbitrary<Source> }[] = [
  {
    type: "character",
    migrate: migrateCharacterWithReport,
    arb: current<CharacterSource>({
      archetype: text,
      identity: fc.record({ culture: text, clan: text, concept: text, cult: text }),
      attributes: attributesArb,
      grit: poolTrack,
      ego: poolTrack,
      wounds: fc.record({ stressed: fc.boolean(), broken: fc.boolean(), weary: fc.boolean() }),
      dead: fc.boolean(),
      lost: fc.boolean(),
      xp: anyInt,
      sayonara: fc.boolean(),
      biography: text,
      notes: text,
    }),
  },
  {
    type: "challenge",
    migrate: migrateChallengeWithReport,
    arb: current<ChallengeSource>({
      tier: tierArb,
      n: anyInt,
      disposition: track,
      dice: anyInt,
      halved: fc.boolean(),
      sentient: fc.boolean(),
      facets: fc.array(facetArb, { maxLength: 2 }),
      armour: anyInt,
      notes: text,
    }),
  },
  {
    type: "weapon",
    migrate: migrateWeaponWithReport,
    arb: current<WeaponSource>({
      rank: fc.constantFrom(...TIER_RANKS),
      ranges: fc.array(fc.oneof(fc.constantFrom("contact", "reach", "short", "long", "nearby", "farAway"), text), {
        maxLength: 3,
      }),
      tags: fc.subarray([...WEAPON_TAGS]),
      customTags: fc.array(text, { maxLength: 3 }),
      twoHanded: fc.boolean(),
      equipped: fc.boolean(),
      description: text,
    }),
  },
  {
    type: "armour",
    migrate: migrateArmourWithReport,
    arb: current<ArmourSource>({
      kind: fc.constantFrom("light", "heavy", "shield"),
      value: anyInt,
      equipped: fc.boolean(),
      destroyed: fc.boolean(),
      description: text,
    }),
  },
  {
    type: "advancement",
    migrate: migrateAdvancementWithReport,
    arb: current<AdvancementSource>({
      key: text,
      source: fc.constantFrom("core", "degenesis", "cult"),
      cult: text,
      dice: fc.array(diceModifierArb, { maxLength: 2 }),
      flags: fc.subarray([...MECHANICS_FLAGS]),
      developed: fc.constantFrom("" as const, ...ATTRIBUTES),
      specialty: text,
      requiresMutations: anyInt,
      description: text,
    }),
  },
  {
    type: "condition",
    migrate: migrateConditionWithReport,
    arb: current<ConditionSource>({
      kind: fc.constantFrom(...CONDITION_KINDS),
      key: text,
      dice: fc.array(diceModifierArb, { maxLength: 2 }),
      flags: fc.subarray([...MECHANICS_FLAGS]),
      description: text,
    }),
  },
];

/** A rating as the prototype (or a damaged document) might hold it. */
const oldRating = fc.oneof(
  anyInt,
  anyInt.map(String),
  fc.record({ value: fc.oneof(anyInt, anyInt.map(String)) }),
  fc.record({ value: anyInt.map(String), label: text }),
  fc.constantFrom("three", "", "2.5", null, true),
  fc.jsonValue({ maxDepth: 1 }),
);
const junk = fc.jsonValue({ maxDepth: 2 });
const maybeUnmigrated = fc.oneof(
  fc.record(
    { attributes: fc.dictionary(fc.constantFrom(...ATTRIBUTES), junk, { maxKeys: 2 }), flags: junk },
    { requiredKeys: [] },
  ),
  junk,
);

/** Old, current, mixed and damaged data: every key a migration reads, with plausible values or junk. */
function messy(model: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Source> {
  const withJunk = Object.fromEntries(Object.entries(model).map(([key, arb]) => [key, fc.oneof(arb, junk)]));
  return fc
    .tuple(fc.record({ ...withJunk, unmigrated: maybeUnmigrated }, { requiredKeys: [] }), extraArb)
    .map(([known, extra]) => asStored({ ...extra, ...known }));
}

const MESSY: readonly { type: string; migrate: WithReport; arb: fc.Arbitrary<Source> }[] = [
  {
    type: "character",
    migrate: migrateCharacterWithReport,
    arb: messy({
      attributes: fc.dictionary(fc.constantFrom(...ATTRIBUTES, "luck"), oldRating),
      experience: fc.oneof(anyInt, anyInt.map(String), text),
      xp: anyInt,
      hp: fc.record(
        { value: fc.oneof(anyInt, anyInt.map(String), text), max: fc.oneof(anyInt, anyInt.map(String)), temp: anyInt },
        { requiredKeys: [] },
      ),
      grit: poolTrack,
      wounds: fc.record(
        { hazed: fc.oneof(fc.boolean(), text), stressed: fc.boolean(), broken: fc.boolean() },
        { requiredKeys: [] },
      ),
      ego: track,
    }),
  },
  {
    type: "challenge",
    migrate: migrateChallengeWithReport,
    arb: messy({
      disposition: fc.oneof(anyInt, anyInt.map(String), track, text),
      effectDice: fc.oneof(anyInt, anyInt.map(String), text),
      dice: anyInt,
      facets: fc.array(facetArb, { maxLength: 1 }),
    }),
  },
  {
    type: "weapon",
    migrate: migrateWeaponWithReport,
    arb: messy({
      effect: fc.oneof(fc.integer({ min: -3, max: 6 }), fc.constantFrom("+2", "-1", "\u22121", "±0", "+1e", "big")),
      rank: fc.constantFrom(...TIER_RANKS),
      tags: fc.oneof(
        fc.array(fc.constantFrom("Versatile", "nimble", "Serrated", "UNHANDY", " ", "Rusty")).map((t) => t.join(",")),
        fc.subarray([...WEAPON_TAGS]),
      ),
      customTags: fc.oneof(fc.array(text, { maxLength: 2 }), text),
      range: fc.oneof(fc.constantFrom("Contact", "Far Away", "orbit", ""), text),
      ranges: fc.array(text, { maxLength: 2 }),
    }),
  },
  {
    type: "armour",
    migrate: migrateArmourWithReport,
    arb: messy({
      armourType: fc.constantFrom("light", "Heavy", "SHIELD", "medium"),
      kind: fc.constantFrom("light", "heavy", "shield"),
    }),
  },
  {
    type: "advancement",
    migrate: migrateAdvancementWithReport,
    arb: messy({
      flags: fc.oneof(
        fc.dictionary(fc.constantFrom(...MECHANICS_FLAGS, "flying"), fc.oneof(fc.boolean(), junk)),
        fc.subarray([...MECHANICS_FLAGS]),
      ),
    }),
  },
  {
    type: "condition",
    migrate: migrateConditionWithReport,
    arb: messy({ flags: fc.dictionary(fc.constantFrom(...MECHANICS_FLAGS, "flying"), fc.oneof(fc.boolean(), junk)) }),
  },
];

describe("idempotence and purity (fast-check)", () => {
  it.each(CURRENT)(
    "$type: current-shaped data (whole or partial) comes back deep-equal, as a new object, with no notes",
    ({ migrate, arb }) => {
      fc.assert(
        fc.property(arb, (input) => {
          const { source, notes } = migrate(deepFreeze(input));
          expect(source).toStrictEqual(input);
          expect(source).not.toBe(input);
          expect(notes).toEqual([]);
        }),
      );
    },
  );

  it.each(MESSY)(
    "$type: old, mixed or damaged data migrates without throwing or mutating, and a second pass changes nothing",
    ({ migrate, arb }) => {
      fc.assert(
        fc.property(arb, (input) => {
          const snapshot = structuredClone(input);
          const once = migrate(deepFreeze(input)).source;
          expect(input).toStrictEqual(snapshot);
          const shared = containers(input);
          expect([...containers(once)].some((c) => shared.has(c))).toBe(false);
          expect(migrate(deepFreeze(once)).source).toStrictEqual(once);
        }),
      );
    },
  );

  it.each(MESSY)(
    "$type: the dispatcher by type gives the same result as the type's migration",
    ({ type, migrate, arb }) => {
      const dispatch =
        type === "character" || type === "challenge" ? migrateActorSystemWithReport : migrateItemSystemWithReport;
      fc.assert(
        fc.property(arb, (input) => {
          expect(dispatch(type, input)).toStrictEqual(migrate(input));
        }),
        { numRuns: 30 },
      );
    },
  );

  it("R-CHAR-1: every rating the prototype stored survives: as a number in attributes or as it was under unmigrated", () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom(...ATTRIBUTES), oldRating, { minKeys: 1 }).map(asStored),
        (attributes) => {
          const { source } = migrateCharacterWithReport({ attributes });
          const migrated = isRecord(source.attributes) ? source.attributes : {};
          const kept =
            isRecord(source.unmigrated) && isRecord(source.unmigrated.attributes) ? source.unmigrated.attributes : {};
          for (const [attribute, old] of Object.entries(attributes)) {
            const value = migrated[attribute];
            if (value === undefined) expect(kept[attribute]).toStrictEqual(old);
            else expect(typeof value === "number" || value === old).toBe(true);
            const inner = isRecord(old) ? old.value : old;
            if (typeof value === "number") expect(value).toBe(Number(inner));
          }
        },
      ),
    );
  });
});

describe("world schema version", () => {
  it.each([
    [undefined, true],
    [null, true],
    [0, true],
    ["0", true],
    [1, true],
    ["1", true],
    [" 1 ", true],
    ["garbage", true],
    ["", true],
    [-1, true],
    [1.5, true],
    [Number.NaN, true],
    ["2.0", true],
    ["0.0.5", true],
    [SCHEMA_VERSION, false],
    [String(SCHEMA_VERSION), false],
    [SCHEMA_VERSION + 1, false],
  ])("needsWorldMigration(%j) is %s", (stored, expected) => {
    expect(needsWorldMigration(stored)).toBe(expected);
  });

  it("needsWorldMigration compares with the current version it is given", () => {
    expect(needsWorldMigration(3, 4)).toBe(true);
    expect(needsWorldMigration("4", 4)).toBe(false);
    expect(SCHEMA_VERSION).toBe(4);
  });

  it("worldMigrationPlan says what to do: migrate (from what), nothing, or warn about a newer world", () => {
    expect(worldMigrationPlan(undefined)).toEqual({ action: "migrate", from: null, to: SCHEMA_VERSION });
    expect(worldMigrationPlan("nonsense")).toEqual({ action: "migrate", from: null, to: SCHEMA_VERSION });
    expect(worldMigrationPlan("1")).toEqual({ action: "migrate", from: 1, to: SCHEMA_VERSION });
    expect(worldMigrationPlan(SCHEMA_VERSION)).toEqual({ action: "none", current: SCHEMA_VERSION });
    expect(worldMigrationPlan(7)).toEqual({ action: "newer", stored: 7, current: SCHEMA_VERSION });
    expect([
      parseSchemaVersion(" 4 "),
      parseSchemaVersion(4),
      parseSchemaVersion(true),
      parseSchemaVersion("4a"),
    ]).toEqual([4, 4, null, null]);
  });
});

describe("writing a migration back (helpers for the data models and the world runner)", () => {
  it("overwriteSource makes the object Foundry passed in hold exactly the migrated data, and returns it", () => {
    const source: Source = fixture("character-seasoned");
    const migrated = migrateCharacter(source);
    const result = overwriteSource(source, migrated);
    expect(result).toBe(source);
    expect(source).toStrictEqual(FIXTURES[0]?.expected);
    expect(source).not.toHaveProperty("experience");
    expect(source.customField).not.toBe(migrated.customField);
  });

  it("changedFields is what a merge needs to turn the stored data into the migrated: changed keys only, nested", () => {
    const stored = { xp: "4", grit: { value: 7, max: 3 }, tags: ["a"], kept: 1, old: "x" };
    const migrated = { xp: 4, grit: { value: 3, max: 3 }, tags: ["a"], kept: 1, repairs: [], unmigrated: {}, ego: 0 };
    expect(changedFields(stored, migrated)).toEqual({ xp: 4, grit: { value: 3 }, ego: 0 });
    expect(changedFields(migrated, migrated)).toEqual({});
    // A list is written whole when it differs; an empty one the stored data has is compared as any value.
    expect(changedFields({ tags: ["a"], repairs: [{ path: "x" }] }, { tags: ["a", "b"], repairs: [] })).toEqual({
      tags: ["a", "b"],
      repairs: [],
    });
    // A stored key such as "__proto__" stays a key.
    const hostile = JSON.parse('{"__proto__": {"polluted": 1}}') as Record<string, unknown>;
    expect(Object.hasOwn(changedFields({}, hostile), "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("removedPaths lists the keys a migration removed, for the world runner's -= deletions", () => {
    const before = fixture("character-seasoned");
    expect(removedPaths(before, migrateCharacter(before))).toEqual(["hp", "wounds.hazed", "experience"]);
    expect(removedPaths({ a: { b: 1, c: 2 }, d: 1 }, { a: { b: 1 }, d: { e: 1 } })).toEqual(["a.c"]);
  });
});
