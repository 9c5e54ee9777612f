/**
 * Each health shape's data has one home (src/data/health/): every ruleset's health kind has a `HEALTH_DATA`
 * entry, and the character's schema, limits, derived data and bars hold exactly the blocks the table lists
 * beside the shared ones, so a block named outside the table fails. Runs against FOUNDRY STAND-INS
 * (tests/stubs/foundry.ts) for the schema and the prepared model.
 */
import "../stubs/foundry.ts";
import { describe, expect, expectTypeOf, it } from "vitest";
import { CharacterData, defineCharacterSchema } from "../../src/data/actor/character.ts";
import { deriveCharacter, type CharacterDerived } from "../../src/data/derived.ts";
import { HEALTH_DATA, type HealthData } from "../../src/data/health/index.ts";
import type { HitPointsDerived } from "../../src/data/hit-points.ts";
import { JOINT, LIMITS } from "../../src/data/limits.ts";
import type { CharacterSource } from "../../src/data/source.ts";
import { CHARACTER_BARS, TRACKABLE } from "../../src/data/token-bars.ts";
import { getRuleset, RULESET_IDS } from "../../src/rules/index.ts";

/** The character's blocks that belong to no health shape. */
const SHARED_BLOCKS = [
  "archetype",
  "identity",
  "attributes",
  "ego",
  "dead",
  "lost",
  "xp",
  "sayonara",
  "departed",
  "freeAdvancements",
  "ratings",
  "heldSkills",
  "skillGroups",
  "keepsakes",
  "egoLost",
  "advancementsWon",
  "biography",
  "notes",
  "unmigrated",
  "repairs",
];

/** The derived parts that belong to no health shape. */
const SHARED_DERIVED = [
  "saves",
  "flags",
  "modifiers",
  "armour",
  "advancements",
  "nextAdvancementCost",
  "freeAdvancements",
  "inCreation",
  "mutations",
  "ratings",
];

type Entry = HealthData<string, unknown, foundry.data.fields.DataSchema>;
const entries = Object.entries(HEALTH_DATA) as [string, Entry][];
const sorted = (list: Iterable<string>): string[] => [...list].sort();
const block = (path: string): string => path.split(".")[0] ?? path;
const blocksOf = (entry: Entry): string[] => Object.keys(entry.schema());
const healthBlocks = new Set(entries.flatMap(([, entry]) => blocksOf(entry)));

const makeCharacter = CharacterData as unknown as new (
  source: Partial<CharacterSource>,
  options: { parent: { items: unknown[] } },
) => CharacterData;

describe("HEALTH_DATA: the data layer's health shapes", () => {
  it("every ruleset's health kind has an entry, and every entry is a ruleset's kind", () => {
    const kinds = new Set(RULESET_IDS.map((id) => getRuleset(id).health.kind));
    expect(sorted(Object.keys(HEALTH_DATA))).toEqual(sorted(kinds));
  });

  it("no two shapes claim one stored block or one derived key", () => {
    const claimed = entries.flatMap(([, entry]) => blocksOf(entry));
    expect(new Set(claimed).size).toBe(claimed.length);
    const keys = entries.map(([, entry]) => entry.derivedKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("the character schema's blocks are the shared ones and exactly the table's", () => {
    const schema = defineCharacterSchema();
    expect(sorted(Object.keys(schema))).toEqual(sorted([...SHARED_BLOCKS, ...healthBlocks]));
    for (const [, entry] of entries)
      for (const [key, field] of Object.entries(entry.schema()))
        expect(schema[key as keyof typeof schema]).toEqual(field);
  });

  it("the character's limits under a health block are exactly the table's, its joint tracks among them", () => {
    const limits = LIMITS.character ?? {};
    for (const path of Object.keys(limits)) expect([...SHARED_BLOCKS, ...healthBlocks]).toContain(block(path));
    const health = Object.fromEntries(Object.entries(limits).filter(([path]) => healthBlocks.has(block(path))));
    expect(health).toEqual(Object.assign({}, ...entries.map(([, entry]) => entry.limits)));
    const tracks = (JOINT.character?.tracks ?? []).filter((t) => healthBlocks.has(block(t.value)));
    expect(tracks).toEqual(entries.flatMap(([, entry]) => entry.tracks));
  });

  it("the derived data's parts are the shared ones and exactly the table's derived keys", () => {
    const model = new makeCharacter({}, { parent: { items: [] } });
    const derived = deriveCharacter(model, []);
    expect(sorted(Object.keys(derived))).toEqual(sorted([...SHARED_DERIVED, ...entries.map(([, e]) => e.derivedKey)]));
    for (const [, entry] of entries)
      expect(derived[entry.derivedKey as keyof CharacterDerived]).toEqual(entry.derive(model, []));
    expectTypeOf<CharacterDerived["hitPoints"]>().toEqualTypeOf<HitPointsDerived>();
    expectTypeOf<CharacterDerived["mortallyWounded"]>().toEqualTypeOf<boolean>();
  });

  it("the prepared model carries each shape's derived bar maxima; the bars and trackable attributes are the table's", () => {
    const model = new makeCharacter({}, { parent: { items: [] } });
    model.prepareDerivedData();
    const system = model as unknown as Record<string, Record<string, unknown>>;
    for (const [, entry] of entries) {
      const own = model.derived[entry.derivedKey as keyof CharacterDerived];
      for (const [attribute, max] of Object.entries(entry.barMaxima?.(own) ?? {}))
        expect(system[attribute]?.max).toBe(max);
    }
    expect(CHARACTER_BARS).toEqual(Object.fromEntries(entries.map(([kind, entry]) => [kind, entry.bars])));
    const bars = entries.flatMap(([, entry]) => [entry.bars.bar1, entry.bars.bar2]);
    expect(sorted(TRACKABLE.character?.bar ?? [])).toEqual(sorted(new Set(bars)));
  });
});
