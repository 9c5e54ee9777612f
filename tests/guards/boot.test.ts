// @vitest-environment happy-dom
/**
 * The BUILT system boots. Every other test imports `src/`; this one builds the system with the
 * project's Vite config into a temporary folder and runs what a GM installs: the one file Foundry names
 * in `esmodules` (`terran.mjs`), and the Quench batches' chunk it reaches by its one `import()`, on the
 * FOUNDRY STAND-INS (tests/stubs/), on v13 and v14. It checks that the entry registers at `init`, `setup`
 * and `ready` what the system needs (its classes extend the stand-in globals), that a move and a card go
 * through the built classes end to end, and that the Quench chunk loads and registers its batches. What
 * is NOT exercised: Foundry itself (its loader, its hooks' order, its CONFIG, its rendering); the
 * stand-ins say what they know of each.
 *
 * How the build is loaded: by Node's own ES module loader, as a browser loads it — each file by its URL,
 * each relative specifier resolved against the importing file's URL, no extension guessed, nothing
 * transformed. Vitest hands a module to the native loader when it lies in a `node_modules` folder
 * ("server.deps.external — Default: files inside moduleDirectories ... imported via native dynamic import
 * and bypass both transformation and resolution phases", vitest.dev/config/server), so the build is
 * written to `<tmp>/node_modules/terran-engine/` (the folder name Foundry installs the system to).
 *
 * Generations: the entry registers its hooks when it is evaluated (`Hooks.once` at its top level), and
 * `resetWorld()` clears every listener, so each generation loads a FRESH copy of the entry (`terran.mjs?g=13`,
 * `?g=14`: a URL with another query is another module for the loader, as for a browser) into a fresh world
 * and CONFIG, and fires its own `init`/`setup`/`ready`. The Quench chunk imports nothing: the entry that
 * loads it hands it the system's code (src/quench/kit.ts), so it tests the copy that loaded it.
 */
import "../stubs/foundry-client.ts";
import { mkdtempSync, readFileSync, rmSync, unlinkSync, cpSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from "vitest";
import { moduleImports } from "../../scripts/bundle-graph.ts";
import {
  ActorStub,
  ChatMessageStub,
  GENERATIONS,
  makeGm,
  resetWorld,
  world,
  type Generation,
} from "../stubs/foundry-client.ts";
import { CORE_DEAD, installCoreConfig } from "../stubs/core-config.ts";
import { nextFaces, RollStub } from "../stubs/foundry.ts";
import { HooksStub } from "../stubs/hooks.ts";
import { QuenchStub } from "../stubs/quench.ts";
import { TourStub } from "../stubs/tours.ts";
import { QUENCH_ID } from "../../src/quench/hook.ts";
import { BATCHES } from "../../src/quench/register.ts";
import { SYSTEM_ID } from "../../src/system-id.ts";
import { LUCK_RECORDED_KEYS, LUCK_SESSION_KEYS, RULESET_CHANGED, SETTINGS } from "../../src/settings/settings.ts";
import { statusEntries } from "../stubs/status-effects.ts";
import { cardFlags } from "../../src/documents/chat-message.ts";
import { SCHEMA_VERSION } from "../../src/data/source.ts";
import { character } from "../documents/operations/fixtures.ts";
import { card } from "../chat/fixtures.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const tmp = mkdtempSync(join(tmpdir(), "terran-boot-"));
const out = join(tmp, "node_modules", "terran-engine");
const ENTRY = "terran.mjs";

const fileUrl = (file: string, query = ""): string => `${pathToFileURL(join(out, file)).href}${query}`;
/** Loads a built file by Node's loader (see the header); the specifier is computed, so Vite leaves it alone. */
const load = (file: string, query = ""): Promise<Record<string, unknown>> =>
  import(/* @vite-ignore */ fileUrl(file, query)) as Promise<Record<string, unknown>>;

type Json = Record<string, unknown>;
interface Named {
  readonly name: string;
}
const config = (): Json => Reflect.get(globalThis, "CONFIG") as Json;
const section = (name: string): Json => config()[name] as Json;

beforeAll(async () => {
  await build({
    root: ROOT,
    configFile: resolve(ROOT, "vite.config.ts"),
    logLevel: "silent",
    build: { outDir: out, emptyOutDir: true },
  });
}, 60_000);

afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

/** The system's settings as src/settings/settings.ts declares them, with their scope. */
const DECLARED_SCOPES: Readonly<Record<keyof typeof SETTINGS, "world" | "client">> = {
  ruleset: "world",
  singleDieServesBoth: "world",
  darkDiceMax: "world",
  applyPermission: "world",
  autoSpendEgo: "world",
  autoApplyHarm: "world",
  challengeArmour: "world",
  legacyWithoutSkills: "world",
  offerTour: "client",
  schemaVersion: "world",
  luckLedger: "world",
  luckFaces: "world",
  fairnessForAll: "world",
};

describe.each(GENERATIONS)("the BUILT system on the stand-ins, v%i", (generation: Generation) => {
  // Spied for this generation's boot only (made here, not when the describe is collected, so the two
  // generations' spies do not wrap each other).
  let warn: MockInstance<typeof console.warn>;
  let info: MockInstance<typeof console.info>;

  beforeAll(async () => {
    resetWorld(generation);
    installCoreConfig(generation);
    warn = vi.spyOn(console, "warn");
    info = vi.spyOn(console, "info").mockImplementation(() => undefined);
    await load(ENTRY, `?g=${generation}`);
    HooksStub.callAll("init");
    HooksStub.callAll("setup");
    HooksStub.callAll("ready");
  });

  afterAll(() => {
    info.mockRestore();
    warn.mockRestore();
  });

  it("at init: the document classes, the roll class and the data models are the system's, named as saved data expects", () => {
    expect(info).toHaveBeenCalledWith("terran-engine | Initialising the Terran Engine system");
    expect((section("Actor").documentClass as Named).name).toBe("TerranActor");
    expect((section("Item").documentClass as Named).name).toBe("TerranItem");
    expect((section("ChatMessage").documentClass as Named).name).toBe("TerranChatMessage");
    expect((section("Dice").rolls as Named[]).map((c) => c.name)).toEqual(["RollStub", "TerranRoll"]);
    // The built classes extend the stand-in globals (what Foundry provides), not copies bundled with them.
    expect((section("Actor").documentClass as { prototype: object }).prototype).toBeInstanceOf(ActorStub);
    expect((section("ChatMessage").documentClass as { prototype: object }).prototype).toBeInstanceOf(ChatMessageStub);
    expect((section("Dice").rolls as { prototype: object }[])[1]?.prototype).toBeInstanceOf(RollStub);
    const names = (models: unknown) =>
      Object.fromEntries(Object.entries(models as Record<string, Named>).map(([type, cls]) => [type, cls.name]));
    expect(names(section("Actor").dataModels)).toEqual({ character: "CharacterData", challenge: "ChallengeData" });
    expect(names(section("Item").dataModels)).toEqual({
      weapon: "WeaponData",
      armour: "ArmourData",
      advancement: "AdvancementData",
      condition: "ConditionData",
    });
    const bars = section("Actor").trackableAttributes as Record<string, { bar: string[]; value: string[] }>;
    expect(Object.keys(bars).sort()).toEqual(["challenge", "character"]);
    expect(bars.character?.bar).toEqual(expect.arrayContaining(["grit", "ego"]));
    expect(bars.challenge?.bar).toEqual(expect.arrayContaining(["disposition"]));
  });

  it("at ready: the guided tours are registered under terran-engine, built on the stand-in Tour", () => {
    expect([...world.tours.keys()]).toEqual([
      "terran-engine.first-action",
      "terran-engine.first-action-legacy",
      "terran-engine.table-tools",
    ]);
    for (const tour of world.tours.values()) expect(tour).toBeInstanceOf(TourStub);
  });

  it("at init: every setting of SETTINGS is registered under terran-engine with its declared scope", () => {
    const ours = [...world.settingConfigs.keys()].filter((id) => id.startsWith("terran-engine."));
    expect(ours.sort()).toEqual(
      [...Object.values(SETTINGS), ...LUCK_SESSION_KEYS, ...LUCK_RECORDED_KEYS]
        .map((key) => `terran-engine.${key}`)
        .sort(),
    );
    for (const key of [...LUCK_SESSION_KEYS, ...LUCK_RECORDED_KEYS])
      expect(world.settingConfigs.get(`terran-engine.${key}`)?.scope, key).toBe("world");
    for (const [name, key] of Object.entries(SETTINGS)) {
      expect(world.settingConfigs.get(`terran-engine.${key}`)?.scope, key).toBe(
        DECLARED_SCOPES[name as keyof typeof SETTINGS],
      );
    }
  });

  it("at init: the GM's three queries, the sheets (character, challenge, the four item types, as defaults), the roll-link enricher, the macro API", () => {
    const queries = section("queries");
    expect(Object.keys(queries).sort()).toEqual([
      "terran-engine.applyEffect",
      "terran-engine.applyHarm",
      "terran-engine.carryComplication",
      "terran-engine.montageWord",
      "terran-engine.payShare",
    ]);
    expect(Object.values(queries).every((handler) => typeof handler === "function")).toBe(true);
    const sheets = world.sheets.map((s) => ({
      documentName: s.documentName,
      scope: s.scope,
      types: s.types,
      makeDefault: s.makeDefault,
      label: s.label,
    }));
    expect(sheets).toEqual([
      {
        documentName: "Actor",
        scope: "terran-engine",
        types: ["character"],
        makeDefault: true,
        label: "TERRAN.Sheet.Label.character",
      },
      {
        documentName: "Actor",
        scope: "terran-engine",
        types: ["challenge"],
        makeDefault: true,
        label: "TERRAN.Sheet.Label.challenge",
      },
      {
        documentName: "Item",
        scope: "terran-engine",
        types: ["weapon", "armour", "advancement", "condition"],
        makeDefault: true,
        label: "TERRAN.Sheet.Label.item",
      },
    ]);
    expect(world.sheets.map((s) => (s.sheetClass as Named).name)).toEqual([
      "CharacterSheet",
      "ChallengeSheet",
      "TerranItemSheet",
    ]);
    const enrichers = section("TextEditor").enrichers as {
      id?: string;
      pattern: RegExp;
      enricher: unknown;
      onRender?: unknown;
    }[];
    expect(enrichers.map((e) => e.id)).toEqual(["terranRollLink"]);
    expect(enrichers[0]?.pattern.flags).toContain("g"); // "Must be flagged as global" (CONFIG.TextEditorEnricherConfig)
    expect(typeof enrichers[0]?.enricher).toBe("function");
    expect(typeof enrichers[0]?.onRender).toBe("function");
    const api = Reflect.get(globalThis, "TerranEngine") as Json | undefined;
    expect(typeof api?.roll).toBe("function");
  });

  it("the hooks the entry and init add: chat commands, the directory's GM tools and Table luck button, macros by drag, answers redrawing requests, the luck ledger, setting changes, Dice So Nice, Babele, Quench", () => {
    const hooked = (name: string) => (world.hooks.get(name) ?? []).length;
    for (const name of [
      "chatMessage",
      "renderActorDirectory",
      "hotbarDrop",
      "deleteChatMessage",
      "diceSoNiceReady",
      "babele.init",
      "quenchReady",
      RULESET_CHANGED,
      // The Table luck window drawn again when a system setting is written.
      "createSetting",
      "updateSetting",
    ]) {
      expect(hooked(name), name).toBe(name === "renderActorDirectory" ? 2 : 1);
    }
    // Answers redrawing requests (src/applications/gm/commands.ts) and R-LUCK-1's ledger (src/table/luck.ts).
    for (const name of ["createChatMessage", "updateChatMessage"]) expect(hooked(name), name).toBe(2);
    // The one-time hooks have fired and are gone (Hooks.once).
    expect([hooked("init"), hooked("setup"), hooked("ready")]).toEqual([0, 0, 0]);
  });

  it("R-HARM-4 at setup: the world's ruleset's states join core's status effects in the generation's shape, core's own kept", () => {
    expect(Array.isArray(config().statusEffects)).toBe(generation < 14);
    const entries = statusEntries();
    expect(entries.map((e) => e.id)).toEqual([
      "dead",
      "terran-stressed",
      "terran-broken",
      "terran-weary",
      "terran-mortally-wounded",
      "terran-lost",
    ]);
    expect(entries[0]).toEqual(CORE_DEAD);
    expect(entries.slice(1).every((e) => JSON.stringify(e.hud) === JSON.stringify({ actorTypes: ["character"] }))).toBe(
      true,
    );
  });

  it("at ready, as a player: no world migration is attempted (no schema write, no notice) and nothing is warned", async () => {
    // `ready` starts the migration without awaiting it: a few turns of the event loop let it finish.
    for (let turn = 0; turn < 5; turn += 1) await new Promise((done) => setTimeout(done, 0));
    expect(world.settings.get(SETTINGS.schemaVersion)).toBeUndefined();
    expect(world.notices).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
  });

  it("R-GRIT-2 a move through the built classes: a character made with CONFIG's classes rests — Grit is reset, a card is posted", async () => {
    const Actor = section("Actor").documentClass as new (
      init: Json,
    ) => Json & { rest(): Promise<unknown>; system: { grit: { value: number } }; updates: Json[] };
    const models = section("Actor").dataModels as Json;
    const mira = new Actor({
      name: "Mira",
      type: "character",
      model: models.character,
      source: { ...character({ grit: { value: 1, max: 3 } }) },
    });
    expect(mira.system.grit.value).toBe(1);
    const before = world.created.length;
    nextFaces.push(4, 4, 4);
    await mira.rest();
    expect(mira.updates).toHaveLength(1);
    expect(mira.system.grit.value).toBeGreaterThan(1);
    expect(world.created.length).toBe(before + 1);
    expect(world.created.at(-1)?.flags).toHaveProperty(["terran-engine"]);
    expect(world.warnings).toEqual([]);
  });

  it("R-RA-5 a stored Risky card drawn through the built TerranChatMessage: the built card code draws it with its buttons", async () => {
    const Message = section("ChatMessage").documentClass as new (data: Json) => { renderHTML(): Promise<HTMLElement> };
    const message = new Message({ flags: cardFlags({ kind: "risky", state: card([5, 3, 2]) }) });
    const html = await message.renderHTML();
    const drawn = html.querySelector('.message-content [data-card="risky"]');
    expect(drawn).not.toBeNull();
    expect(drawn?.querySelectorAll('[data-action="select-die"]').length).toBeGreaterThan(0);
    expect(html.querySelector(".message-content")?.textContent).not.toContain("TERRAN.Card.corrupt");
  });

  it("with Quench active, quenchReady loads the Quench batches' chunk through the entry's import(), hands it the system's code, and every batch registers and defines its tests", async () => {
    world.modules.add(QUENCH_ID);
    const quench = new QuenchStub([QUENCH_ID, SYSTEM_ID]);
    HooksStub.callAll("quenchReady", quench);
    await vi.waitFor(() => expect(quench.batches.size).toBeGreaterThan(0));
    expect([...quench.batches.keys()]).toEqual(BATCHES.map((batch) => batch.key));
    expect(quench.errors).toEqual([]);
    // A batch reads the system's code when Quench builds it: the entry that loaded the chunk handed it over.
    const collected = await quench.collect(`${SYSTEM_ID}.**`);
    expect(collected.every((batch) => batch.tests.length > 0)).toBe(true);
  });
});

/**
 * The contrast to "no migration as a player": the same boot as the active GM of a world whose schema
 * version was never written migrates it (an empty world: nothing to rewrite) and records the version, so
 * the player's check above watches something that does happen when it should.
 */
describe.each(GENERATIONS)("the BUILT system at ready as the active GM, v%i", (generation: Generation) => {
  it("the world migration runs once ready and records the schema version", async () => {
    resetWorld(generation);
    installCoreConfig(generation);
    const gm = makeGm();
    world.gm = gm;
    world.user = gm;
    const info = vi.spyOn(console, "info").mockImplementation(() => undefined);
    await load(ENTRY, `?g=${generation}&gm`);
    HooksStub.callAll("init");
    HooksStub.callAll("setup");
    HooksStub.callAll("ready");
    info.mockRestore();
    await vi.waitFor(() => expect(world.settings.get(SETTINGS.schemaVersion)).toBe(SCHEMA_VERSION));
    // One notice: its bar filled, the outcome written into it (as dnd5e's migration ends; the Notifications API).
    expect(world.notices.map((n) => [n.message, n.bar?.progress.at(-1), n.bar?.message])).toEqual([
      ["TERRAN.Migration.start", 1, "TERRAN.Migration.done"],
    ]);
  });
});

describe("the boot test's loader is as strict as a browser's", () => {
  it("a file missing from the build makes the file importing it fail to load: a module of the build importing the entry, without the entry", async () => {
    const copy = join(tmp, "node_modules", "terran-engine-broken");
    cpSync(out, copy, { recursive: true });
    unlinkSync(join(copy, ENTRY));
    const probe = join(copy, "quench", "probe.mjs");
    writeFileSync(probe, `import { SYSTEM_ID } from "../${ENTRY}";\nexport const id = SYSTEM_ID;\n`);
    expect(moduleImports(readFileSync(probe, "utf8")).static).toEqual([`../${ENTRY}`]);
    await expect(import(/* @vite-ignore */ pathToFileURL(probe).href)).rejects.toThrow(/terran\.mjs/);
  });
});
