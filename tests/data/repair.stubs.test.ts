/**
 * Runs against FOUNDRY STAND-INS (tests/stubs/foundry.ts, foundry-client.ts): strict fields and models,
 * a world collection that leaves out what fails validation, updates that run `_preUpdate` and store
 * diffs. Checks OUR repair of stored values (R-CHAR-5, R-GRIT-1, R-EGO-1 and every field limit), the
 * update path on both generations, the world migration and the owner's notice — never Foundry's own.
 */
import "../stubs/foundry-client.ts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ActorStub,
  GENERATIONS,
  ItemDocStub,
  loadWorld,
  PackStub,
  makeGm,
  resetWorld,
  world,
  type Generation,
} from "../stubs/foundry-client.ts";
import { ChallengeData } from "../../src/data/actor/challenge.ts";
import { CharacterData } from "../../src/data/actor/character.ts";
import { AdvancementData } from "../../src/data/item/advancement.ts";
import { ArmourData } from "../../src/data/item/armour.ts";
import { ConditionData } from "../../src/data/item/condition.ts";
import { WeaponData } from "../../src/data/item/weapon.ts";
import { migrateWorld } from "../../src/data/world-migration.ts";
import { SCHEMA_VERSION } from "../../src/data/source.ts";
import { registerSettings } from "../../src/settings/settings.ts";

type Json = Record<string, unknown>;

const config = Reflect.get(globalThis, "CONFIG") as Json;
config.Actor = { dataModels: { character: CharacterData, challenge: ChallengeData } };
config.Item = {
  dataModels: { weapon: WeaponData, armour: ArmourData, advancement: AdvancementData, condition: ConditionData },
};
const i18n = (Reflect.get(globalThis, "game") as { i18n: { format: (key: string, data?: Json) => string } }).i18n;

function character(): Json {
  return {
    archetype: "hero",
    identity: { culture: "", clan: "", concept: "", cult: "" },
    attributes: { intuition: 2, reason: 1, finesse: 1, exertion: 1, attunement: 1, influence: 1 },
    grit: { value: 2, max: 4, dice: 1 },
    ego: { value: 3, max: 5, dice: 1 },
    wounds: { stressed: false, broken: true, weary: false },
    dead: false,
    lost: false,
    xp: 3,
    sayonara: false,
    departed: false,
    freeAdvancements: 0,
    hitPoints: { value: 3, critical: true, mortal: false },
    ratings: {
      attributes: { strength: 2, agility: 1, insight: 0, charisma: 1 },
      skills: { violence: 1, exploration: 0, social: 2, survival: 0, vocational: 1 },
      ego: { value: 2 },
    },
    heldSkills: ["sneak", "violence:Whip"],
    skillGroups: ["vehicles", "athletics"],
    keepsakes: { trinket: "A brass compass", patch: "Ceres Yards", picture: "My sister, laughing" },
    egoLost: 1,
    advancementsWon: 0,
    biography: "<p>Born under the ash.</p>",
    notes: "",
    unmigrated: {},
  };
}

function challenge(): Json {
  return {
    tier: "serious",
    n: 4,
    disposition: { value: 12, max: 20 },
    dice: 2,
    halved: false,
    facets: [
      {
        name: "Talk",
        tier: "trivial",
        n: 4,
        disposition: { value: 5, max: 5 },
        dice: 0,
        halved: true,
        moraleRolled: false,
      },
    ],
    armour: 1,
    sentient: false,
    moraleRolled: false,
    notes: "<p>Secret</p>",
    unmigrated: {},
  };
}

/** The same Challenge as a world saved before the Morale mark (R-V-16) stored it. */
function challengeBeforeMoraleMark(): Json {
  const source = challenge();
  delete source.moraleRolled;
  for (const facet of source.facets as Json[]) delete facet.moraleRolled;
  return source;
}

/** The same character as a world saved before v0.6.2's creation (R-V-1, R-V-2) stored it. */
function characterBeforeCreationFields(): Json {
  const source = character();
  delete source.skillGroups;
  delete source.keepsakes;
  return source;
}

const modifier = () => ({ id: "m1", dice: 1, label: "Sharp", appliesTo: ["any"], situational: true });
const ITEM_SOURCES: Record<string, () => Json> = {
  weapon: () => ({
    rank: 2,
    ranges: ["contact"],
    tags: ["nimble"],
    customTags: [],
    twoHanded: false,
    equipped: true,
    description: "",
    unmigrated: {},
  }),
  armour: () => ({ kind: "heavy", value: 2, equipped: true, destroyed: false, description: "", unmigrated: {} }),
  advancement: () => ({
    key: "fast",
    source: "core",
    cult: "",
    dice: [modifier()],
    flags: ["dieHard"],
    developed: "reason",
    specialty: "",
    requiresMutations: 0,
    description: "",
    unmigrated: {},
  }),
  condition: () => ({
    kind: "condition",
    key: "",
    dice: [modifier()],
    flags: [],
    shift: { raise: "", lower1: "", lower2: "" },
    description: "",
    unmigrated: {},
  }),
};

/** Sets `path` ("facets.0.disposition.value") in `object`. */
function setPath(object: Json, path: string, value: unknown): void {
  const parts = path.split(".");
  let node: Json = object;
  for (const part of parts.slice(0, -1)) node = node[part] as Json;
  node[parts.at(-1) ?? path] = value;
}

function getPath(object: unknown, path: string): unknown {
  return path
    .split(".")
    .reduce<unknown>(
      (node, part) => (typeof node === "object" && node !== null ? (node as Json)[part] : undefined),
      object,
    );
}

/** The source without the repair record and what was kept aside: what must equal the valid source. */
function withoutRecords(source: Json): Json {
  const { repairs: _repairs, unmigrated: _unmigrated, ...rest } = source;
  void _repairs;
  void _unmigrated;
  return rest;
}

interface Case {
  readonly path: string;
  readonly stored: unknown;
  readonly repaired: unknown;
  /** Other fields a joint rule changes with it. */
  readonly also?: Record<string, unknown>;
  /** Set up the rest of the valid source first. */
  readonly before?: Record<string, unknown>;
}

/** Every limited field of the character (R-CHAR-1, R-CHAR-5, R-GRIT-1, R-EGO-1, R-XP-1). */
const CHARACTER_CASES: Case[] = [
  { path: "attributes.intuition", stored: 7, repaired: 4 },
  { path: "attributes.reason", stored: -1, repaired: 0 },
  { path: "attributes.finesse", stored: 5, repaired: 4 },
  { path: "attributes.exertion", stored: 2.5, repaired: 2 },
  { path: "attributes.attunement", stored: 9, repaired: 4 },
  { path: "attributes.influence", stored: -3, repaired: 0 },
  { path: "grit.value", stored: 9, repaired: 4 },
  { path: "grit.value", stored: -2, repaired: 0 },
  { path: "grit.max", stored: -1, repaired: 0, before: { "grit.value": 0 } },
  { path: "grit.value", stored: 2, repaired: 1, before: { "grit.max": 1 } },
  { path: "grit.dice", stored: 11, repaired: 10 },
  { path: "ego.value", stored: 9, repaired: 5 },
  { path: "ego.value", stored: -1, repaired: 0 },
  { path: "ego.max", stored: 8, repaired: 6 },
  { path: "ego.value", stored: 3, repaired: 2, before: { "ego.max": 2 } },
  { path: "ego.dice", stored: 12, repaired: 10 },
  { path: "xp", stored: -4, repaired: 0 },
  { path: "xp", stored: 7.9, repaired: 7 },
  // The HP model's and the rated character's fields (src/data/hit-points.ts, ratings.ts): ratings 0–4, HP and
  // Ego whole numbers ≥ 0.
  { path: "ratings.attributes.strength", stored: 6, repaired: 4 },
  { path: "ratings.attributes.charisma", stored: -1, repaired: 0 },
  { path: "ratings.skills.social", stored: 2.5, repaired: 2 },
  { path: "ratings.skills.vocational", stored: 9, repaired: 4 },
  { path: "hitPoints.value", stored: -3, repaired: 0 },
  { path: "ratings.ego.value", stored: 1.5, repaired: 1 },
  // R-V-5 a held skill is a non-blank entry (src/data/held-skills.ts).
  { path: "heldSkills", stored: ["sneak", "", "tame"], repaired: ["sneak", "tame"] },
  // R-V-2 (ruling) the chosen skill groups are non-blank entries.
  { path: "skillGroups", stored: ["vehicles", " ", 7], repaired: ["vehicles"] },
];

/** Every limited field of a Challenge and of its facets (R-CH-1, R-CH-5). */
const CHALLENGE_CASES: Case[] = [
  { path: "tier", stored: "deadly", repaired: "dangerous" },
  { path: "n", stored: 2, repaired: 4 },
  { path: "n", stored: 500, repaired: 100 },
  { path: "disposition.value", stored: -1, repaired: 0 },
  { path: "disposition.max", stored: -5, repaired: 0 },
  { path: "dice", stored: 101, repaired: 100 },
  { path: "armour", stored: 11, repaired: 10 },
  { path: "facets.0.tier", stored: "boss", repaired: "dangerous" },
  { path: "facets.0.n", stored: 3, repaired: 4 },
  { path: "facets.0.disposition.value", stored: -2, repaired: 0 },
  { path: "facets.0.disposition.max", stored: -2, repaired: 0 },
  { path: "facets.0.dice", stored: -1, repaired: 0 },
];

/** Every limited field of every item type (R-EQ-1 … R-EQ-4, R-ADV-1, R-COND-1, R-POOL-2). */
const ITEM_CASES: (Case & { readonly type: string })[] = [
  { type: "weapon", path: "rank", stored: 5, repaired: 4 },
  { type: "weapon", path: "rank", stored: -1, repaired: 0 },
  { type: "weapon", path: "ranges", stored: ["contact", "miles away"], repaired: ["contact"] },
  { type: "weapon", path: "tags", stored: ["nimble", "glowing"], repaired: ["nimble"] },
  { type: "weapon", path: "customTags", stored: ["Rusty", " ", 3], repaired: ["Rusty"] },
  { type: "armour", path: "kind", stored: "medium", repaired: "light" },
  { type: "armour", path: "value", stored: 11, repaired: 10 },
  { type: "advancement", path: "source", stored: "homebrew", repaired: "core" },
  { type: "advancement", path: "developed", stored: "luck", repaired: "" },
  { type: "advancement", path: "requiresMutations", stored: 21, repaired: 20 },
  { type: "advancement", path: "flags", stored: ["dieHard", "flying"], repaired: ["dieHard"] },
  { type: "advancement", path: "dice.0.dice", stored: 5, repaired: 4 },
  { type: "advancement", path: "dice.0.appliesTo", stored: ["any", "swimming"], repaired: ["any"] },
  { type: "condition", path: "kind", stored: "curse", repaired: "condition" },
  { type: "condition", path: "flags", stored: ["nope"], repaired: [] },
  { type: "condition", path: "dice.0.dice", stored: -5, repaired: -4 },
  { type: "condition", path: "dice.0.appliesTo", stored: ["reason", "flying"], repaired: ["reason"] },
];

function loadOne(documentName: "Actor" | "Item", type: string, system: Json) {
  const stored = { _id: "doc0000000000001", name: "Stored", type, system };
  if (documentName === "Actor") world.actorSources = [stored];
  else world.itemSources = [stored];
  return loadWorld();
}

/** Loads a document whose `path` holds `stored`; asserts it loads, is repaired, noted, and nothing else changed. */
function expectRepaired(documentName: "Actor" | "Item", type: string, base: Json, c: Case): void {
  const valid = structuredClone(base);
  for (const [p, v] of Object.entries(c.before ?? {})) setPath(valid, p, v);
  const bad = structuredClone(valid);
  setPath(bad, c.path, c.stored);
  const { actors, items } = loadOne(documentName, type, bad);
  const collection = documentName === "Actor" ? actors : items;
  expect([...collection.invalidDocumentIds], "the document loads").toEqual([]);
  const doc = collection.contents[0];
  if (!doc) throw new Error("not loaded");
  const source = doc.system.toObject();
  expect(getPath(source, c.path)).toEqual(c.repaired);
  const expected = structuredClone(valid);
  setPath(expected, c.path, c.repaired);
  for (const [p, v] of Object.entries(c.also ?? {})) setPath(expected, p, v);
  expect(withoutRecords(source), "nothing else changes").toEqual(withoutRecords(expected));
  const repairs = source.repairs as { path: string; from: string; to: string }[];
  expect(repairs, "the repair is noted").toContainEqual(
    expect.objectContaining({ path: c.path, from: JSON.stringify(c.stored) }),
  );
}

describe.each(GENERATIONS)(
  "[Foundry stand-ins] v%i: a stored value outside its limits is repaired on load",
  (generation: Generation) => {
    beforeEach(() => resetWorld(generation));

    it.each(CHARACTER_CASES)("R-CHAR-5 R-GRIT-1 R-EGO-1: a character with $path $stored loads with $repaired", (c) => {
      expectRepaired("Actor", "character", character(), c);
    });

    it("R-CHAR-5: ratings totalling 12 load, the highest lowered first until the total is 10, each noted", () => {
      expectRepaired("Actor", "character", character(), {
        path: "attributes.intuition",
        stored: 4,
        repaired: 3,
        before: {
          "attributes.reason": 4,
          "attributes.finesse": 4,
          "attributes.exertion": 0,
          "attributes.attunement": 0,
          "attributes.influence": 0,
        },
        also: { "attributes.reason": 3, "attributes.finesse": 4 },
      });
    });

    it("a rating stored as unreadable text loads with its default; the text is kept under unmigrated and noted", () => {
      const bad = character();
      setPath(bad, "grit.dice", "lots");
      const { actors } = loadOne("Actor", "character", bad);
      const source = actors.contents[0]?.system.toObject() ?? {};
      expect(getPath(source, "grit.dice")).toBe(1);
      expect(getPath(source, "unmigrated.grit.dice")).toBe("lots");
      expect(source.repairs).toContainEqual(
        expect.objectContaining({ path: "grit.dice", from: '"lots"', to: "1", kept: "unmigrated.grit.dice" }),
      );
    });

    it.each(CHALLENGE_CASES)("R-CH-1 R-CH-5: a Challenge with $path $stored loads with $repaired", (c) => {
      expectRepaired("Actor", "challenge", challenge(), c);
    });

    it.each(ITEM_CASES)("R-EQ-3 R-EQ-4 R-ADV-1 R-COND-1: a $type with $path $stored loads with $repaired", (c) => {
      expectRepaired("Item", c.type, ITEM_SOURCES[c.type]?.() ?? {}, c);
    });

    it("R-V-16: a Challenge saved before the Morale mark loads with every track unmarked and no repair noted", () => {
      const { actors } = loadOne("Actor", "challenge", challengeBeforeMoraleMark());
      expect([...actors.invalidDocumentIds]).toEqual([]);
      const source = actors.contents[0]?.system.toObject() ?? {};
      expect(withoutRecords(source)).toEqual(withoutRecords(challenge()));
      expect(source.repairs ?? []).toEqual([]);
    });

    it("R-V-1 R-V-2: a character saved before the chosen groups and keepsakes loads every value, their defaults beside", () => {
      const { actors } = loadOne("Actor", "character", characterBeforeCreationFields());
      expect([...actors.invalidDocumentIds]).toEqual([]);
      const source = actors.contents[0]?.system.toObject() ?? {};
      expect(withoutRecords(source)).toEqual({
        ...withoutRecords(characterBeforeCreationFields()),
        skillGroups: [],
        keepsakes: { trinket: "", patch: "", picture: "" },
      });
      expect(source.repairs ?? []).toEqual([]);
    });

    it("a valid character loads unchanged and with no repair noted", () => {
      const { actors } = loadOne("Actor", "character", character());
      const source = actors.contents[0]?.system.toObject() ?? {};
      expect(withoutRecords(source)).toEqual(withoutRecords(character()));
      expect(source.repairs ?? []).toEqual([]);
    });
  },
);

describe.each(GENERATIONS)(
  "[Foundry stand-ins] v%i: an update keeps the rule limits without relying on a throw",
  (generation: Generation) => {
    beforeEach(() => resetWorld(generation));

    const actor = () =>
      new ActorStub({ name: "Ada", type: "character", model: CharacterData as never, source: character() });

    it("R-EGO-1: Ego set above its maximum is saved at the maximum, and the user is told", async () => {
      const ada = actor();
      await ada.update({ "system.ego.value": 6 });
      expect(ada.system.toObject()).toMatchObject({ ego: { value: 5, max: 5 } });
      expect(world.warnings).toHaveLength(1);
    });

    it("R-GRIT-1: lowering Grit's maximum below its value lowers the value with it", async () => {
      const ada = actor();
      await ada.update({ "system.grit.max": 1 });
      expect(ada.system.toObject()).toMatchObject({ grit: { value: 1, max: 1 } });
    });

    it("R-CHAR-5: a rating that would take the total past 10 is lowered to fit (the others keep theirs)", async () => {
      const ada = actor();
      await ada.update({ "system.attributes.finesse": 4 });
      expect(ada.system.toObject()).toMatchObject({
        attributes: { intuition: 2, reason: 1, finesse: 4, exertion: 1, attunement: 1, influence: 1 },
      });
      await ada.update({ "system.attributes.reason": 4 });
      const attributes = (ada.system.toObject() as { attributes: Record<string, number> }).attributes;
      expect(attributes).toEqual({ intuition: 2, reason: 1, finesse: 4, exertion: 1, attunement: 1, influence: 1 });
    });
  },
);

describe.each(GENERATIONS)("[Foundry stand-ins] v%i: the world migration", (generation: Generation) => {
  beforeEach(() => {
    resetWorld(generation);
    registerSettings();
    world.user = makeGm();
    world.gm = world.user as ReturnType<typeof makeGm>;
    world.settings.set("schemaVersion", 1);
  });

  it("an active GM whose role may not modify the world's settings leaves the migration to a GM who may, and is told so", async () => {
    // An Assistant GM (by default not allowed to modify world-level settings) is the active GM when no
    // Gamemaster is online; core would refuse the schema version's write.
    world.user = { ...makeGm("assistant"), can: (action: string) => action !== "SETTINGS_MODIFY" };
    world.actorSources = [{ _id: "actor00000000007", name: "Ada", type: "character", system: character() }];
    const { actors } = loadWorld();
    await migrateWorld();
    expect(actors.contents[0]?.updates).toEqual([]);
    expect(world.settings.get("schemaVersion")).toBe(1);
    expect(world.notices.map((n) => [n.level, n.message])).toEqual([
      ["warn", expect.stringContaining("TERRAN.Migration.needsSettingsPermission") as string],
    ]);
  });

  it("R-EGO-1: writes a character saved with Ego 9 back repaired, with the note, losing nothing else", async () => {
    const bad = character();
    setPath(bad, "ego.value", 9);
    world.actorSources = [{ _id: "actor00000000001", name: "Ada", type: "character", system: bad }];
    const { actors } = loadWorld();
    // A player's character: the GM writes the record back for the player to read (see the notice tests).
    for (const actor of actors.contents) actor.hasPlayerOwner = true;
    await migrateWorld();
    const stored = world.actorSources[0]?.system as Json;
    expect(getPath(stored, "ego.value")).toBe(5);
    expect(stored.repairs).toContainEqual(expect.objectContaining({ path: "ego.value", from: "9", to: "5" }));
    expect(withoutRecords(stored)).toEqual(withoutRecords({ ...character(), ego: { value: 5, max: 5, dice: 1 } }));
    expect(world.settings.get("schemaVersion")).toBe(SCHEMA_VERSION);
  });

  it("reaches an actor Foundry marked invalid: migrates and repairs its stored data from game.data, written whole (diff: false)", async () => {
    const old: Json = { ...character(), experience: "5", hp: { value: "7", max: "3" } };
    delete old.xp;
    delete old.grit;
    world.actorSources = [{ _id: "actor00000000002", name: "Old Ada", type: "character", system: old }];
    const { actors } = loadWorld(["actor00000000002"]);
    expect([...actors.invalidDocumentIds]).toEqual(["actor00000000002"]);
    await migrateWorld();
    const invalid = actors.getInvalid("actor00000000002");
    expect(invalid.updates).toHaveLength(1);
    expect(invalid.updates[0]?.options).toMatchObject({ diff: false });
    const stored = world.actorSources[0]?.system as Json;
    expect(stored).toMatchObject({ xp: 5, grit: { value: 3, max: 3 } });
    expect(stored.repairs).toContainEqual(expect.objectContaining({ path: "grit.value", from: "7", to: "3" }));
    // Reloaded, it is valid.
    const reloaded = loadWorld();
    expect([...reloaded.actors.invalidDocumentIds]).toEqual([]);
  });

  it("the GM's progress notice moves once per batch and ends saying what was written, not 'updating…' (dnd5e writes its completion into it)", async () => {
    world.actorSources = [
      { _id: "actor00000000005", name: "Ada", type: "character", system: { ...character(), xp: "4" } },
      { _id: "actor00000000006", name: "Wolf", type: "challenge", system: challenge() },
    ];
    world.itemSources = [
      { _id: "item000000000002", name: "Blade", type: "weapon", system: { ...ITEM_SOURCES.weapon?.(), rank: 9 } },
    ];
    loadWorld();
    await migrateWorld();
    const bars = world.notices.filter((n) => n.bar !== undefined);
    expect(bars).toHaveLength(1);
    // Two batches (the world's actors, then its items); the last update fills the bar and says it is done.
    expect(bars[0]?.bar?.progress).toEqual([0.5, 1]);
    expect(bars[0]?.bar?.message).toMatch(/^TERRAN\.Migration\.done/);
    expect(bars[0]?.message).toMatch(/^TERRAN\.Migration\.start/);
    expect(world.notices.filter((n) => n.message.startsWith("TERRAN.Migration.done"))).toEqual([]);
    expect(world.settings.get("schemaVersion")).toBe(SCHEMA_VERSION);
  });

  it("with nothing to migrate the progress notice still ends saying so", async () => {
    loadWorld();
    await migrateWorld();
    const bar = world.notices.find((n) => n.bar !== undefined)?.bar;
    expect(bar?.progress).toEqual([1]);
    expect(bar?.message).toMatch(/^TERRAN\.Migration\.done/);
  });

  it("1,000 characters of 3 items: batched updateDocuments, each changed actor with its changed items, only what changes", async () => {
    const weapon = (rank: number): Json => ({ ...ITEM_SOURCES.weapon?.(), rank });
    world.actorSources = Array.from({ length: 1000 }, (_, i) => {
      const system = character();
      if (i % 4 === 0) setPath(system, "ego.value", 9);
      const items = [0, 1, 2].map((j) => ({
        _id: `it${String(i).padStart(6, "0")}${String(j).padStart(8, "0")}`,
        name: "Blade",
        type: "weapon",
        system: weapon(i % 5 === 0 && j === 0 ? 9 : 2),
      }));
      return { _id: `ac${String(i).padStart(14, "0")}`, name: `Ada ${i}`, type: "character", system, items };
    });
    const before = structuredClone(world.actorSources);
    const { actors } = loadWorld();
    await migrateWorld();
    // 400 actors change (every 4th: Ego; every 5th: an item): 4 calls of 100, one request each.
    const calls = world.updateCalls;
    expect(calls.map((c) => [c.documentName, c.pack, c.ids.length])).toEqual(Array(4).fill(["Actor", null, 100]));
    const changed = (i: number): boolean => i % 4 === 0 || i % 5 === 0;
    expect(calls.flatMap((c) => c.ids)).toEqual(actors.contents.filter((_, i) => changed(i)).map((a) => a.id));
    expect(calls.reduce((t, c) => t + c.items, 0)).toBe(200);
    // Unchanged actors are not written at all (the owner's notice writes back only repaired ones, after).
    actors.contents.forEach((a, i) => expect(a.updates.length + a.itemUpdates.length > 0, a.name).toBe(changed(i)));
    // Actor 5: only its first item's rank and records, inside the actor's own update; nothing of the actor.
    const five = actors.contents[5];
    expect(five?.updates).toEqual([]);
    expect(five?.itemUpdates[0]).toEqual([
      { _id: "it00000500000000", system: { rank: 4, repairs: [expect.objectContaining({ path: "rank" })] } },
    ]);
    // Actor 4: its Ego and its records only.
    expect(actors.contents[4]?.updates[0]).toEqual({
      system: { ego: { value: 5 }, repairs: [expect.objectContaining({ path: "ego.value", from: "9" })] },
    });
    // What is stored: the changed fields repaired, the rest as it was.
    world.actorSources.forEach((stored, i) => {
      const was = before[i] as Json;
      if (!changed(i)) return expect(stored).toEqual(was);
      expect(getPath(stored.system, "ego.value")).toBe(i % 4 === 0 ? 5 : 3);
      expect(getPath((stored.items as Json[])[0]?.system, "rank")).toBe(i % 5 === 0 ? 4 : 2);
      expect((stored.items as Json[]).slice(1)).toEqual((was.items as Json[]).slice(1));
    });
    expect(world.settings.get("schemaVersion")).toBe(SCHEMA_VERSION);
  });

  it("an unlocked compendium is written whole in one call naming it (its stored data never reaches the client)", async () => {
    const items = ["a", "b", "c"].map(
      (x) =>
        new ItemDocStub({
          _id: `packitem0000000${x}`,
          name: x,
          type: "weapon",
          pack: "world.gear",
          system: { ...ITEM_SOURCES.weapon?.(), rank: x === "b" ? 9 : 2 },
        }),
    );
    world.packs = [new PackStub("world.gear", "Item", items), new PackStub("world.locked", "Item", [], true)];
    loadWorld();
    await migrateWorld();
    expect(world.updateCalls).toEqual([
      { documentName: "Item", pack: "world.gear", ids: items.map((i) => i.id), items: 0 },
    ]);
    expect(items.map((i) => getPath(i.updates[0], "system.rank"))).toEqual([2, 4, 2]);
  });

  it("a batch the server refuses is reported, the version not advanced, and the notice says what was written", async () => {
    world.actorSources = [
      {
        _id: "actor00000000008",
        name: "Ada",
        type: "character",
        system: { ...character(), ego: { value: 9, max: 5, dice: 1 } },
      },
    ];
    world.itemSources = [
      { _id: "item000000000003", name: "Blade", type: "weapon", system: { ...ITEM_SOURCES.weapon?.(), rank: 9 } },
    ];
    loadWorld();
    const refused = vi.spyOn(ActorStub, "updateDocuments").mockRejectedValueOnce(new Error("refused"));
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      await migrateWorld();
      expect(refused).toHaveBeenCalledOnce();
      expect(logged).toHaveBeenCalled();
      expect(world.settings.get("schemaVersion")).toBe(1);
      expect(world.notices.find((n) => n.level === "error")?.message).toContain("TERRAN.Migration.failed");
      const bar = world.notices.find((n) => n.bar !== undefined)?.bar;
      expect(bar?.progress.at(-1)).toBe(1);
      expect(bar?.message).toMatch(/^TERRAN\.Migration\.done/);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it("(stand-in) updateDocuments refuses an id its collection lacks, or a document the user may not change, changing nothing", async () => {
    world.actorSources = [{ _id: "actor00000000009", name: "Ada", type: "character", system: character() }];
    const { actors } = loadWorld();
    await expect(
      ActorStub.updateDocuments([
        { _id: "actor00000000009", "system.xp": 4 },
        { _id: "nobody", "system.xp": 1 },
      ]),
    ).rejects.toThrow(/no Actor \[nobody\]/);
    world.user = { id: "player2", isGM: false, targets: new Set() };
    await expect(ActorStub.updateDocuments([{ _id: "actor00000000009", "system.xp": 4 }])).rejects.toThrow(
      /permission/,
    );
    expect(actors.contents[0]?.updates).toEqual([]);
    expect(world.updateCalls).toEqual([]);
  });

  it("reaches an invalid world item too", async () => {
    world.itemSources = [
      { _id: "item000000000001", name: "Blade", type: "weapon", system: { ...ITEM_SOURCES.weapon?.(), rank: 9 } },
    ];
    const { items } = loadWorld(["item000000000001"]);
    await migrateWorld();
    expect(items.getInvalid("item000000000001").updates).toHaveLength(1);
    expect(getPath(world.itemSources[0]?.system, "rank")).toBe(4);
  });
});

describe.each(GENERATIONS)(
  "[Foundry stand-ins] v%i: the owner is told what was repaired, once",
  (generation: Generation) => {
    beforeEach(() => {
      resetWorld(generation);
      registerSettings();
      vi.spyOn(i18n, "format").mockImplementation((key: string, data?: Json) => `${key} ${JSON.stringify(data ?? {})}`);
    });
    afterEach(() => vi.restoreAllMocks());

    function storedAda(): void {
      const bad = character();
      setPath(bad, "ego.value", 9);
      world.actorSources = [{ _id: "actor00000000003", name: "Ada", type: "character", system: bad }];
    }

    it("the owning player gets a notice naming the actor, the field and old → new; the record is cleared and the repair stored", async () => {
      storedAda();
      const { actors } = loadWorld();
      const ada = actors.contents[0];
      if (!ada) throw new Error("not loaded");
      ada.hasPlayerOwner = true;
      await migrateWorld();
      const notice = world.notices.find((n) => n.message.startsWith("TERRAN.Repair.notice"));
      expect(notice?.level).toBe("warn");
      expect(notice?.message).toContain('"name":"Ada"');
      expect(notice?.message).toContain('"from":"9"');
      expect(notice?.message).toContain('"to":"5"');
      expect(notice?.message).toContain("TERRAN.Character.FIELDS.ego.value.label");
      expect(ada.updateOptions.at(-1)).toMatchObject({ diff: false });
      expect(getPath(world.actorSources[0]?.system, "ego.value")).toBe(5);
      expect(getPath(world.actorSources[0]?.system, "repairs")).toEqual([]);
      // Once: a second pass shows nothing more.
      const count = world.notices.length;
      await migrateWorld();
      expect(world.notices).toHaveLength(count);
    });

    it("a GM is not told about a player's character (the player is), and a player is not told about what they do not own", async () => {
      storedAda();
      const { actors } = loadWorld();
      const ada = actors.contents[0];
      if (!ada) throw new Error("not loaded");
      ada.hasPlayerOwner = true;
      world.user = makeGm();
      world.settings.set("schemaVersion", SCHEMA_VERSION);
      await migrateWorld();
      expect(world.notices.filter((n) => n.message.startsWith("TERRAN.Repair"))).toEqual([]);
      world.user = { id: "player2", isGM: false, targets: new Set() };
      ada.isOwner = false;
      await migrateWorld();
      expect(world.notices.filter((n) => n.message.startsWith("TERRAN.Repair"))).toEqual([]);
    });

    it("with no player owner, the active GM is told (an unowned Challenge)", async () => {
      const bad = challenge();
      setPath(bad, "armour", 12);
      world.actorSources = [{ _id: "actor00000000004", name: "Wolf", type: "challenge", system: bad }];
      loadWorld();
      world.user = makeGm();
      world.settings.set("schemaVersion", SCHEMA_VERSION);
      await migrateWorld();
      const notice = world.notices.find((n) => n.message.startsWith("TERRAN.Repair.notice"));
      expect(notice?.message).toContain('"name":"Wolf"');
    });

    it("a player's write-back leaves out the GM-only notes of a Challenge they own (the server would refuse it)", async () => {
      const bad = challenge();
      setPath(bad, "armour", 12);
      world.actorSources = [{ _id: "actor00000000006", name: "Pet wolf", type: "challenge", system: bad }];
      const { actors } = loadWorld();
      const wolf = actors.contents[0];
      if (!wolf) throw new Error("not loaded");
      wolf.hasPlayerOwner = true;
      await migrateWorld();
      const written = wolf.updates.at(-1) as { system: Json };
      expect(written.system).toMatchObject({ armour: 10, repairs: [] });
      expect(written.system).not.toHaveProperty("notes");
      expect(getPath(world.actorSources[0]?.system, "notes")).toBe("<p>Secret</p>");
    });

    it("an embedded item's repair names the actor and the item", async () => {
      const ada = new ActorStub({
        id: "actor00000000005",
        name: "Ada",
        type: "character",
        model: CharacterData as never,
        source: character(),
      });
      world.actorSources = [{ _id: ada.id, name: "Ada", type: "character", system: character() }];
      const blade = new ItemDocStub({
        _id: "item000000000002",
        name: "Blade",
        type: "weapon",
        system: { ...ITEM_SOURCES.weapon?.(), rank: 7 },
        parent: ada,
      });
      ada.items.push(blade);
      ada.hasPlayerOwner = true;
      world.collections = {
        actors: { contents: [ada], invalidDocumentIds: new Set() },
        items: { contents: [], invalidDocumentIds: new Set() },
      };
      world.settings.set("schemaVersion", SCHEMA_VERSION);
      await migrateWorld();
      const notice = world.notices.find((n) => n.message.startsWith("TERRAN.Repair.notice"));
      expect(notice?.message).toContain('"name":"Ada: Blade"');
      expect(ada.itemUpdates.at(-1)).toEqual([expect.objectContaining({ _id: "item000000000002" })]);
    });
  },
);
