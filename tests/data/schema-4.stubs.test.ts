/**
 * Schema 4 (docs/MIGRATIONS.md): schema 3's `legacy` block moves to `hitPoints` (the HP model), `ratings`
 * (the rated character), `egoLost` and `advancementsWon`, losing nothing; token bars that named
 * `legacy.hp` / `legacy.ego` are re-pointed. The pure migration on the schema-3 fixture
 * (src/quench/fixtures/schema-3), then the load and the world runner on the FOUNDRY STAND-INS
 * (tests/stubs/foundry-client.ts) of both generations.
 */
import "../stubs/foundry-client.ts";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import {
  GENERATIONS,
  loadWorld,
  makeGm,
  resetWorld,
  world,
  type ActorStub,
  type Generation,
} from "../stubs/foundry-client.ts";
import { makeDelta, makeScene, type TokenStub } from "../stubs/world.ts";
import { ChallengeData } from "../../src/data/actor/challenge.ts";
import { CharacterData } from "../../src/data/actor/character.ts";
import { migrateCharacter, migrateCharacterWithReport } from "../../src/data/migrations/index.ts";
import { SCHEMA_VERSION } from "../../src/data/source.ts";
import { migrateWorld } from "../../src/data/world-migration.ts";
import { registerSettings } from "../../src/settings/settings.ts";

type Json = Record<string, unknown>;

const config = Reflect.get(globalThis, "CONFIG") as Json;
config.Actor = { dataModels: { character: CharacterData, challenge: ChallengeData } };

/** A fresh copy of the schema-3 character: every Legacy value set, none at its default. */
function schema3(): Json {
  const path = resolve(import.meta.dirname, "../../src/quench/fixtures/schema-3/character-legacy.json");
  return JSON.parse(readFileSync(path, "utf8")) as Json;
}

/** What a model loads it as: schema 4 and the defaults of fields added since (R-V-5's held skills, R-V-1, R-V-2). */
const loaded = (): Json => ({
  ...schema4(),
  heldSkills: [],
  skillGroups: [],
  keepsakes: { trinket: "", patch: "", picture: "" },
});

/** What it becomes: the same values, each in its model's block. */
function schema4(): Json {
  const { legacy: _legacy, ...rest } = schema3();
  void _legacy;
  return {
    ...rest,
    hitPoints: { value: 3, critical: true, mortal: true },
    ratings: {
      attributes: { strength: 2, agility: 1, insight: 3, charisma: 1 },
      skills: { violence: 1, exploration: 2, social: 3, survival: 1, vocational: 4 },
      ego: { value: 4 },
    },
    egoLost: 2,
    advancementsWon: 1,
  };
}

describe("schema 4: the legacy block moves to each model's own (pure)", () => {
  it("R-LEG-4 R-LEG-5 R-LEG-7 R-LEG-12 R-LEG-13: the schema-3 fixture migrates with every value kept, no note", () => {
    const { source, notes } = migrateCharacterWithReport(schema3());
    expect(source).toStrictEqual(schema4());
    expect(notes).toEqual([]);
  });

  it("is idempotent, and current data comes back deep-equal with no note", () => {
    const once = migrateCharacter(schema3());
    expect(migrateCharacter(once)).toStrictEqual(once);
    expect(migrateCharacterWithReport(schema4())).toStrictEqual({ source: schema4(), notes: [] });
  });

  it("never mutates its input nor shares an object with it", () => {
    const input = schema3();
    const out = migrateCharacter(input);
    expect(input).toStrictEqual(schema3());
    expect(out.ratings).not.toBe((input.legacy as Json).attributes);
    (out.ratings as { attributes: Json }).attributes.strength = 0;
    expect((input.legacy as { attributes: Json }).attributes.strength).toBe(2);
  });

  it("partial update data moves and adds no missing field", () => {
    expect(migrateCharacter({ legacy: { hp: { value: 3 } } })).toStrictEqual({ hitPoints: { value: 3 } });
    expect(migrateCharacter({ legacy: { wounds: { mortal: true } } })).toStrictEqual({ hitPoints: { mortal: true } });
    expect(migrateCharacter({ legacy: { ego: { value: 1 }, egoLost: 0 } })).toStrictEqual({
      ratings: { ego: { value: 1 } },
      egoLost: 0,
    });
    expect(migrateCharacter({ legacy: { attributes: { agility: 2 } }, xp: 4 })).toStrictEqual({
      ratings: { attributes: { agility: 2 } },
      xp: 4,
    });
    expect(migrateCharacter({ legacy: {} })).toStrictEqual({});
  });

  it("when an old part and its new key are both present the new one wins, the old is left, with a note", () => {
    const { source, notes } = migrateCharacterWithReport({
      legacy: { hp: { value: 1 }, egoLost: 5, advancementsWon: 2 },
      hitPoints: { value: 4, critical: false, mortal: false },
      egoLost: 0,
    });
    expect(source).toStrictEqual({
      legacy: { hp: { value: 1 }, egoLost: 5 },
      hitPoints: { value: 4, critical: false, mortal: false },
      egoLost: 0,
      advancementsWon: 2,
    });
    expect(notes).toEqual([
      "legacy.hp.value and hitPoints.value are both present; kept hitPoints.value and left legacy.hp.value as it was.",
      "legacy.egoLost and egoLost are both present; kept egoLost and left legacy.egoLost as it was.",
    ]);
  });

  it("a value is moved as it is (the repair then holds it); what is unknown, or not an object, stays and is noted", () => {
    expect(migrateCharacter({ legacy: { hp: { value: "three", extra: 1 }, custom: true } })).toStrictEqual({
      legacy: { hp: { extra: 1 }, custom: true },
      hitPoints: { value: "three" },
    });
    expect(migrateCharacterWithReport({ legacy: 7 })).toStrictEqual({
      source: { legacy: 7 },
      notes: ["legacy: 7 is not an object; left as it was."],
    });
    expect(migrateCharacterWithReport({ legacy: { ego: { value: 2 } }, ratings: 3 }).notes).toEqual([
      "legacy.ego: ratings is not an object; left legacy.ego as it was.",
    ]);
  });
});

const makeCharacter = CharacterData as unknown as new (
  source: Json,
  options: { parent: { items: unknown[] } },
) => {
  toObject(): Json;
};

/** A character on the Legacy bars, stored at schema 3. */
function storedHero(id: string, bars: { bar1: string | null; bar2: string | null }): Json {
  return {
    _id: id,
    name: "Ada",
    type: "character",
    system: schema3(),
    prototypeToken: { bar1: { attribute: bars.bar1 }, bar2: { attribute: bars.bar2 } },
  };
}

const token = (id: string, bar1: string | null, bar2: string | null): TokenStub => ({
  id,
  actor: { type: "character" },
  bar1: { attribute: bar1 },
  bar2: { attribute: bar2 },
});

describe.each(GENERATIONS)("[Foundry stand-ins] v%i: a schema-3 world loads on schema 4", (generation: Generation) => {
  beforeEach(() => {
    resetWorld(generation);
    registerSettings();
    world.user = makeGm();
    world.gm = world.user as ReturnType<typeof makeGm>;
    world.settings.set("schemaVersion", 3);
  });

  it("the schema-3 fixture loads with every Legacy value in its new place", () => {
    const model = new makeCharacter(schema3(), { parent: { items: [] } });
    expect(model.toObject()).toStrictEqual(loaded());
  });

  it("the runner writes the moved values back and re-points legacy.hp / legacy.ego bars, prototype and placed", async () => {
    world.actorSources = [
      storedHero("actor00000000041", { bar1: "legacy.hp", bar2: "legacy.ego" }),
      // A bar the GM pointed elsewhere is kept; only the renamed ones move.
      storedHero("actor00000000042", { bar1: "grit", bar2: "legacy.ego" }),
    ];
    const placed = [token("token00000000001", "legacy.hp", "legacy.ego"), token("token00000000002", "xp", null)];
    const scene = makeScene(placed);
    world.scenes = [scene];
    const { actors } = loadWorld();
    await migrateWorld();
    for (const stored of world.actorSources) {
      const system = stored.system as Json;
      for (const key of ["hitPoints", "ratings", "egoLost", "advancementsWon"])
        expect(system[key], key).toStrictEqual(schema4()[key]);
    }
    const bars = (a: ActorStub | undefined) => [a?.prototypeToken.bar1.attribute, a?.prototypeToken.bar2.attribute];
    expect(bars(actors.contents[0])).toEqual(["hitPoints", "ratings.ego"]);
    expect(bars(actors.contents[1])).toEqual(["grit", "ratings.ego"]);
    expect(placed.map((t) => [t.bar1.attribute, t.bar2.attribute])).toEqual([
      ["hitPoints", "ratings.ego"],
      ["xp", null],
    ]);
    expect(scene.updates).toEqual([
      [{ _id: "token00000000001", "bar1.attribute": "hitPoints", "bar2.attribute": "ratings.ego" }],
    ]);
    expect(world.settings.get("schemaVersion")).toBe(SCHEMA_VERSION);
    // The next start reads the written data (the old block stays stored, unread): the same values.
    const reloaded = loadWorld().actors.contents[0]?.system as unknown as { toObject(): Json };
    expect(reloaded.toObject()).toStrictEqual(loaded());
  });

  it("an unlinked token's own Legacy values (its delta) move too, so it keeps its HP, not its base actor's", async () => {
    world.actorSources = [storedHero("actor00000000043", { bar1: "hitPoints", bar2: "ratings.ego" })];
    const unlinked: TokenStub = {
      ...token("token00000000003", "hitPoints", "ratings.ego"),
      actorLink: false,
      delta: makeDelta({ legacy: { hp: { value: 3 }, wounds: { critical: true }, ego: { value: 1 } } }),
    };
    const linked: TokenStub = {
      ...token("token00000000004", "hitPoints", "ratings.ego"),
      actorLink: true,
      delta: { system: {} },
    };
    const plain: TokenStub = { ...token("token00000000005", "hitPoints", null), actorLink: false };
    const scene = makeScene([unlinked, linked, plain]);
    world.scenes = [scene];
    loadWorld();
    await migrateWorld();
    expect(unlinked.delta?.system).toMatchObject({
      hitPoints: { value: 3, critical: true },
      ratings: { ego: { value: 1 } },
    });
    expect(linked.delta?.system).toEqual({});
    expect(scene.updates).toEqual([
      [
        {
          _id: "token00000000003",
          delta: { system: { hitPoints: { value: 3, critical: true }, ratings: { ego: { value: 1 } } } },
        },
      ],
    ]);
  });
});
