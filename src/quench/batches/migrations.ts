/**
 * A world saved with schema 1 or 3 loads losing nothing: each fixture (src/quench/fixtures/schema-*, as the
 * unit tests read them) is built as Foundry loads a stored document and keeps every value the pure migration and
 * repair give, `unmigrated` included.
 */
import advancementDieHard from "../fixtures/schema-1/advancement-die-hard.json";
import armourPlates from "../fixtures/schema-1/armour-plates.json";
import challengeNumberDisposition from "../fixtures/schema-1/challenge-number-disposition.json";
import characterNoWounds from "../fixtures/schema-1/character-no-wounds.json";
import characterSeasoned from "../fixtures/schema-1/character-seasoned.json";
import characterUnreadable from "../fixtures/schema-1/character-unreadable.json";
import conditionSlow from "../fixtures/schema-1/condition-slow.json";
import weaponMachete from "../fixtures/schema-1/weapon-machete.json";
import characterLegacy from "../fixtures/schema-3/character-legacy.json";
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
  // Schema 4: the legacy block's values in hitPoints, ratings, egoLost, advancementsWon.
  { name: "character-legacy (schema 3)", document: "Actor", type: "character", source: characterLegacy },
];

/** Migrated, then repaired, as the model's migrateData does. */
function expected(fixture: (typeof FIXTURES)[number]): Source {
  const { migrateActorSystem, migrateItemSystem, repairWithRecords } = kit();
  const copy = structuredClone(fixture.source);
  const migrated =
    fixture.document === "Actor" ? migrateActorSystem(fixture.type, copy) : migrateItemSystem(fixture.type, copy);
  return repairWithRecords(fixture.type, migrated).source;
}

/** A temporary document: nothing is saved. */
function loaded(fixture: (typeof FIXTURES)[number]): Source {
  const { TerranActor, TerranItem } = kit();
  const data = { name: `Quench ${fixture.name}`, type: fixture.type, system: structuredClone(fixture.source) };
  const doc =
    fixture.document === "Actor" ? new TerranActor(data as Actor.CreateData) : new TerranItem(data as Item.CreateData);
  return doc.toObject().system as Source;
}

export const migrationsBatch: TerranBatch = {
  key: "terran-engine.migrations",
  displayName: "Terran Engine: a schema-1 or schema-3 world loads without loss",
  register({ describe, it, assert }) {
    const { UNMIGRATED_KEY } = kit();
    describe("schema-1 and schema-3 documents loaded by the real models", () => {
      for (const fixture of FIXTURES) {
        it(`${fixture.name} keeps every value its migration produces`, () => {
          const want = expected(fixture);
          const got = loaded(fixture);
          for (const [key, value] of Object.entries(want)) {
            // Foundry cleans fields the schema does not define away, so only those may be missing; every other
            // key arrives whole.
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
