/**
 * Runs against FOUNDRY STAND-INS (tests/stubs/foundry-client.ts) and the BABELE STAND-IN (tests/stubs/babele.ts,
 * Babele 2.7.7 as released), on v13 and v14, in a world with several clients: each client loads the
 * system's entry fresh, then Babele starts (`babele.init`, where the entry names `lang/babele` and its
 * converters, then `ready`). A GM's client shares the file list its own language finds; players read
 * that list. What is checked: a pt-BR GM's table gets every pack in Portuguese (names, texts, labels,
 * the index, links and enrichers kept); an English GM's table does not, and then the pt-BR player and
 * the GM are told why and what to do; the world's own folders keep their names. Not exercised: Babele's
 * wrapper around Foundry's database reads and Foundry's rendering of the translated documents.
 */
import "../stubs/foundry-client.ts";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GENERATIONS, makeGm, resetWorld, world, type Generation } from "../stubs/foundry-client.ts";
import { boot, type BabeleStandIn, type BabeleTable, type FolderStub } from "../stubs/babele.ts";
import { folderNames, linkTargets } from "../../scripts/babele.ts";
import { manifestPacks, ROOT, SYSTEM_ID } from "../../scripts/packs/lib.ts";
import { PACKS, sources, type Doc } from "./support.ts";

/** The system's folder as Foundry serves it: `systems/terran-engine/…` is the repository; null: no folder. */
function readFolder(path: string): Map<string, unknown> | null {
  const prefix = `systems/${SYSTEM_ID}/`;
  const dir = join(ROOT, path.startsWith(prefix) ? path.slice(prefix.length) : path);
  if (!path.startsWith(prefix) || !existsSync(dir)) return null;
  return new Map(readdirSync(dir).map((file) => [file, JSON.parse(readFileSync(join(dir, file), "utf8")) as unknown]));
}

/** A GM's own world folders, named as GMs name theirs. */
const GM_FOLDERS: readonly FolderStub[] = ["Rules", "Core", "Legacy", "Degenesis", "Regras", "NPCs"].map((name) => ({
  name,
  type: "Actor",
}));

/** The compendium folders system.json declares, as the world holds them. */
const PACK_FOLDERS: readonly FolderStub[] = folderNames(manifestPacks().packFolders).map((name) => ({
  name,
  type: "Compendium",
}));

function table(): BabeleTable {
  return {
    systemId: SYSTEM_ID,
    packs: PACKS.map((p) => ({
      packageType: "system",
      packageName: SYSTEM_ID,
      name: p.name,
      type: p.type,
      label: p.label,
    })),
    folders: [...GM_FOLDERS, ...PACK_FOLDERS],
    readFolder,
    translationFiles: [],
  };
}

const i18n = (): { lang: string } => (Reflect.get(globalThis, "game") as { i18n: { lang: string } }).i18n;

/**
 * One user's client starting in the world `t`: a fresh page (the entry's hooks), the GM online, Babele
 * on. The GM's user is "gm"; a player is player1 (names as their ids).
 */
async function client(
  generation: Generation,
  t: BabeleTable,
  who: { isGM: boolean; language: string },
  beforeBabele: () => void = () => undefined,
): Promise<BabeleStandIn> {
  resetWorld(generation);
  vi.resetModules();
  const gm = makeGm();
  world.gm = gm;
  world.user = who.isGM ? gm : { id: "player1", isGM: false, targets: new Set() };
  world.modules.add("babele");
  i18n().lang = who.language;
  await import("../../src/terran.ts");
  beforeBabele();
  return boot(t, who);
}

const str = (value: unknown): string => (typeof value === "string" ? value : "");

/** Every string of a document's translated fields: name, text, pages, results, facets. */
function texts(doc: Doc): string[] {
  const system = (doc.system ?? {}) as Doc;
  const list = (value: unknown): Doc[] => (Array.isArray(value) ? (value as Doc[]) : []);
  const pages = list(doc.pages).flatMap((p) => [str(p.name), str((p.text as Doc | undefined)?.content)]);
  const results = list(doc.results).flatMap((r) => [str(r.name), str(r.description)]);
  const facets = list(system.facets).map((f) => str(f.name));
  const main = [doc.name, system.description, system.notes, doc.description].filter((t) => typeof t === "string");
  return [...main, ...pages, ...results, ...facets];
}

const sample = (name: string): Doc => {
  const docs = [...sources(name).values()];
  const doc = docs.find((d) => texts(d).some((t) => linkTargets(t).length > 0)) ?? docs[0];
  if (!doc) throw new Error(`${name} has no documents`);
  return doc;
};
const collection = (name: string): string => `${SYSTEM_ID}.${name}`;
const notices = (userId: string): string[] => world.notices.filter((n) => n.userId === userId).map((n) => n.message);

afterEach(() => {
  i18n().lang = "en";
});

describe.each(GENERATIONS)("[Foundry and Babele stand-ins, v%i] the compendia in pt-BR", (generation) => {
  it("the entry registers lang/babele and its converters on babele.init", async () => {
    const babele = await client(generation, table(), { isGM: true, language: "pt-BR" });
    expect(babele.systemTranslationsDir).toBe("lang/babele");
    expect(Object.keys(babele.converters)).toEqual(
      expect.arrayContaining(["terranPages", "terranTableResults", "terranFacets"]),
    );
  });

  describe("a GM whose Foundry runs in Português (Brasil)", () => {
    it("reads a pt-BR file for every pack, and shares the list with the players", async () => {
      const t = table();
      const babele = await client(generation, t, { isGM: true, language: "pt-BR" });
      expect(PACKS.filter((p) => !babele.isTranslated(collection(p.name))).map((p) => p.name)).toEqual([]);
      expect(t.translationFiles).toEqual(babele.files);
      expect(t.translationFiles.every((f) => f.startsWith(`systems/${SYSTEM_ID}/lang/babele/pt-BR/`))).toBe(true);
    });

    it.each(PACKS.map((p) => p.name))(
      "a pt-BR player reads %s in Portuguese: name, text, label and index change, links stay",
      async (name) => {
        const t = table();
        await client(generation, t, { isGM: true, language: "pt-BR" });
        const babele = await client(generation, t, { isGM: false, language: "pt-BR" });
        const doc = sample(name);
        const translated = babele.translate(collection(name), doc);
        expect(translated.name).not.toBe(doc.name);
        const before = texts(doc);
        const after = texts(translated);
        expect(after.length).toBe(before.length);
        const changed = after.filter((text, i) => text !== before[i]);
        expect(changed.length, "most of its text is translated").toBeGreaterThanOrEqual(
          Math.ceil(before.filter(Boolean).length / 2),
        );
        expect(after.flatMap(linkTargets).sort()).toEqual(before.flatMap(linkTargets).sort());
        expect(translated.flags).toMatchObject({ babele: { translated: true, originalName: doc.name } });
        expect(babele.packLabel(collection(name))).not.toBe(PACKS.find((p) => p.name === name)?.label);
        const [entry] = babele.translateIndex(collection(name), [{ _id: doc._id, name: doc.name }]);
        expect(entry?.name).toBe(translated.name);
        expect(notices("player1")).toEqual([]);
      },
    );

    it("a Challenge's token takes its translated name (Babele's own Actor mapping, tokenName)", async () => {
      const t = table();
      await client(generation, t, { isGM: true, language: "pt-BR" });
      const babele = await client(generation, t, { isGM: false, language: "pt-BR" });
      const doc = { ...sample("challenges"), prototypeToken: { name: sample("challenges").name } };
      const translated = babele.translate(collection("challenges"), doc);
      expect((translated.prototypeToken as Doc).name).toBe(translated.name);
    });

    it("a copy of a compendium item (another _id, its compendium source kept) is found by that source; a plain field is written over empty English", async () => {
      const t = table();
      const babele = await client(generation, t, { isGM: true, language: "pt-BR" });
      const doc = sample("core-conditions");
      const copy = {
        ...doc,
        _id: "copyOfTheWorld01",
        _stats: { compendiumSource: `Compendium.${SYSTEM_ID}.core-conditions.Item.${String(doc._id)}` },
        system: { ...(doc.system as Doc), description: "" },
      };
      const translated = babele.translate(collection("core-conditions"), copy);
      const original = babele.translate(collection("core-conditions"), doc);
      expect(translated.name).toBe(original.name);
      expect((translated.system as Doc).description).toBe((original.system as Doc).description);
    });

    it("an English player reads the compendia in Portuguese too: Babele gives every user the GM's language", async () => {
      const t = table();
      await client(generation, t, { isGM: true, language: "pt-BR" });
      const babele = await client(generation, t, { isGM: false, language: "en" });
      const doc = sample("core-conditions");
      expect(babele.translate(collection("core-conditions"), doc).name).not.toBe(doc.name);
    });
  });

  describe("a GM whose Foundry runs in English, and a pt-BR player", () => {
    it("the GM's client finds no file for English, so the shared list is empty and the player's compendia stay English", async () => {
      const t = table();
      const gm = await client(generation, t, { isGM: true, language: "en" });
      expect(gm.files).toEqual([]);
      const babele = await client(generation, t, { isGM: false, language: "pt-BR" });
      expect(t.translationFiles).toEqual([]);
      for (const { name } of PACKS) {
        const doc = sample(name);
        expect(babele.translate(collection(name), doc), name).toBe(doc);
        expect(babele.packLabel(collection(name))).toBe(PACKS.find((p) => p.name === name)?.label);
      }
    });

    it("the player is told why (in their language) and the GM what to do, once, on the GM's screen", async () => {
      const t = table();
      await client(generation, t, { isGM: true, language: "en" });
      expect(notices("gm")).toEqual([]);
      await client(generation, t, { isGM: false, language: "pt-BR" });
      await vi.waitFor(() => expect(notices("gm")).toEqual(["TERRAN.Babele.gmLanguage"]));
      expect(notices("player1")).toEqual(["TERRAN.Babele.playerLanguage"]);
      expect(world.gm?.queries.map((q) => q.data)).toEqual([{ userId: "player1", language: "pt-BR" }]);
    });

    it("the GM's side reads the query as untrusted: an unknown user or a language the system has no files for shows nothing", async () => {
      await client(generation, table(), { isGM: true, language: "en" });
      const gm = world.gm;
      if (!gm) throw new Error("no GM");
      for (const data of [
        { userId: "nobody", language: "pt-BR" },
        { userId: "player1", language: "fr" },
        "pt-BR",
        null,
      ])
        await gm.query(`${SYSTEM_ID}.babeleLanguage`, data);
      expect(notices("gm")).toEqual([]);
    });

    it("with no GM online the player is told all the same, and nothing is asked", async () => {
      const t = table();
      await client(generation, t, { isGM: true, language: "en" });
      resetWorld(generation);
      vi.resetModules();
      world.user = { id: "player1", isGM: false, targets: new Set() };
      i18n().lang = "pt-BR";
      await import("../../src/terran.ts");
      await boot(t, { isGM: false, language: "pt-BR" });
      expect(notices("player1")).toEqual(["TERRAN.Babele.playerLanguage"]);
    });
  });

  describe("folders", () => {
    it("no folder of the world is renamed by our files: the GM's own keep their names; the compendium folders read in Portuguese", async () => {
      const t = table();
      await client(generation, t, { isGM: true, language: "pt-BR" });
      const babele = await client(generation, t, { isGM: false, language: "pt-BR" });
      expect(babele.folders.filter((f) => f.type === "Actor").map((f) => f.name)).toEqual(
        GM_FOLDERS.map((f) => f.name),
      );
      const compendium = babele.folders.filter((f) => f.type === "Compendium").map((f) => f.name);
      expect(compendium).toEqual([
        "Terran Engine: Regras",
        "Terran Engine: Básico",
        "Terran Engine: Legado",
        "Terran Engine: Degenesis",
        "Terran Engine: v0.6.2",
      ]);
    });

    it("every folder name our folders' file renames is one system.json declares, and carries the system's name", () => {
      const file = JSON.parse(
        readFileSync(join(ROOT, "lang/babele/pt-BR", `${SYSTEM_ID}._packs-folders.json`), "utf8"),
      ) as { entries: Record<string, string> };
      const declared = PACK_FOLDERS.map((f) => f.name);
      for (const name of Object.keys(file.entries)) {
        expect(declared, name).toContain(name);
        expect(name, name).toMatch(/^Terran Engine: /);
      }
    });
  });

  it("another package's Item pack keeps Babele's own default mapping: ours is merged into a copy", async () => {
    const t = table();
    const other = { packageType: "module", packageName: "other", name: "gear", type: "Item", label: "Gear" } as const;
    const files = new Map<string, unknown>([
      ["other.gear.json", { entries: { Rope: { name: "Corda", description: "<p>Uma corda.</p>" } } }],
    ]);
    const withOther: BabeleTable = {
      ...t,
      packs: [...t.packs, other],
      readFolder: (path) => (path === "modules/other/lang/pt-BR" ? files : readFolder(path)),
    };
    const babele = await client(generation, withOther, { isGM: true, language: "pt-BR" }, () =>
      Hooks.once("babele.init", (b) =>
        (b as unknown as BabeleStandIn).register({ module: "other", lang: "pt-BR", dir: "lang/pt-BR" }),
      ),
    );
    const rope = { _id: "r", name: "Rope", system: { description: { value: "<p>A rope.</p>" } } };
    const translated = babele.translate("other.gear", rope);
    expect(translated.system).toEqual({ description: { value: "<p>Uma corda.</p>" } });
  });
});
