/**
 * A world saved with schema 1 loads without losing anything: each schema-1 fixture of the repository
 * (src/quench/fixtures/schema-1, bundled here as data; the unit migration tests read the same files)
 * is loaded as Foundry loads a stored document — a
 * document built from its source, through the real model's `migrateData`, cleaning and validation —
 * and keeps every value the pure migration and repair produce (src/data/migrations), including what
 * could not be converted (kept under `unmigrated`).
 */
import advancementDieHard from "../fixtures/schema-1/advancement-die-hard.json";
import armourPlates from "../fixtures/schema-1/armour-plates.json";
import challengeNumberDisposition from "../fixtures/schema-1/challenge-number-disposition.json";
import characterNoWounds from "../fixtures/schema-1/character-no-wounds.json";
import characterSeasoned from "../fixtures/schema-1/character-seasoned.json";
import characterUnreadable from "../fixtures/schema-1/character-unreadable.json";
import conditionSlow from "../fixtures/schema-1/condition-slow.json";
import weaponMachete from "../fixtures/schema-1/weapon-machete.json";
import { kit, type TerranBatch } from "../support.ts";

type Source = Record<string, unknown>;

const FIXTURES: readonly { name: string; document: "Actor" | "Item"; type: string; source: Source }[] = [
  { name: "character-seasoned", document: "Actor", type: "character", source: characterSeasoned },
  { name: "character-no-wounds", document: "Actor", type: "character", source: characterNoWounds },
  { name: "character-unreadable", document: "Actor", type: "character", source: characterUnreadable },
  { name: "challenge-number-disposition", document: "Actor", type: "challenge", source: challengeNumberDisposition },
  { name: "advancement-die-hard", document: "Item", type: "advancement", source: advancementDieHard },
  { name: "armour-plates", document: "Item", type: "armour", source: armourPlates },
  { name: "condition-slow", document: "Item", type: "condition", source: conditionSlow },
  { name: "weapon-machete", document: "Item", type: "weapon", source: weaponMachete },
];

/** What the pure code says the stored source becomes (migrated, then repaired), as the model's migrateData does. */
function expected(fixture: (typeof FIXTURES)[number]): Source {
  const { migrateActorSystem, migrateItemSystem, repairWithRecords } = kit();
  const copy = structuredClone(fixture.source);
  const migrated =
    fixture.document === "Actor" ? migrateActorSystem(fixture.type, copy) : migrateItemSystem(fixture.type, copy);
  return repairWithRecords(fixture.type, migrated).source;
}

/** The stored document's system as Foundry loads it (a temporary document: nothing is saved). */
function loaded(fixture: (typeof FIXTURES)[number]): Source {
  const { TerranActor, TerranItem } = kit();
  const data = { name: `Quench ${fixture.name}`, type: fixture.type, system: structuredClone(fixture.source) };
  const doc =
    fixture.document === "Actor" ? new TerranActor(data as Actor.CreateData) : new TerranItem(data as Item.CreateData);
  return doc.toObject().system as Source;
}

export const migrationsBatch: TerranBatch = {
  key: "terran-engine.migrations",
  displayName: "Terran Engine: a schema-1 world loads without loss",
  register({ describe, it, assert }) {
    const { UNMIGRATED_KEY } = kit();
    describe("schema-1 documents loaded by the real models", () => {
      for (const fixture of FIXTURES) {
        it(`${fixture.name} keeps every value its migration produces`, () => {
          const want = expected(fixture);
          const got = loaded(fixture);
          for (const [key, value] of Object.entries(want)) {
            // A model's toObject() holds every field its schema defines, so a key missing here is one the schema does
            // not define (Foundry cleans unknown fields away): every other key must arrive whole.
            if (!(key in got)) continue;
            assert.deepEqual(got[key], value, `${fixture.name}: system.${key}`);
          }
          const kept = Object.keys(want).filter((key) => key in got);
          assert.isAbove(kept.length, 0, "the model kept the migrated fields");
          if (UNMIGRATED_KEY in want)
            assert.deepEqual(got[UNMIGRATED_KEY], want[UNMIGRATED_KEY], "what could not be read is kept");
        });
      }
    });
  },
};
