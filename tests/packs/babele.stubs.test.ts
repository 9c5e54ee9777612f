/**
 * Runs against FOUNDRY STAND-INS (tests/stubs/foundry-client.ts) and the BABELE STAND-IN
 * (tests/stubs/babele.ts), on v13 and v14: the system's entry, loaded fresh, answers Babele's
 * `babele.init` by naming `lang/babele` and its converters; Babele then finds every pack's pt-BR file
 * there and translates a document of each pack: its name and its text change, and every link and
 * enricher of the English survives. Not exercised: Babele itself (its file browsing, its wrapper around
 * Foundry's database reads, its index sorting) and Foundry's rendering of the translated documents.
 */
import "../stubs/foundry-client.ts";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { GENERATIONS, resetWorld } from "../stubs/foundry-client.ts";
import { boot, type BabeleStandIn } from "../stubs/babele.ts";
import { folderNames, linkTargets } from "../../scripts/babele.ts";
import { manifestPacks, ROOT, SYSTEM_ID } from "../../scripts/packs/lib.ts";
import { PACKS, sources, type Doc } from "./support.ts";

/** The system's folder as Foundry serves it: `systems/terran-engine/…` is the repository. */
function readFolder(path: string): Map<string, unknown> {
  const prefix = `systems/${SYSTEM_ID}/`;
  const dir = join(ROOT, path.startsWith(prefix) ? path.slice(prefix.length) : path);
  if (!existsSync(dir)) return new Map();
  return new Map(readdirSync(dir).map((file) => [file, JSON.parse(readFileSync(join(dir, file), "utf8")) as unknown]));
}

const world = (language: string) => ({
  systemId: SYSTEM_ID,
  language,
  packs: PACKS.map((p) => ({ collection: `${SYSTEM_ID}.${p.name}`, type: p.type })),
  readFolder,
});

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

describe.each(GENERATIONS)("[Foundry and Babele stand-ins, v%i] the compendia in pt-BR", (generation) => {
  let babele: BabeleStandIn;

  beforeEach(async () => {
    resetWorld(generation);
    vi.resetModules();
    await import("../../src/terran.ts");
    babele = boot(world("pt-BR"));
  });

  it("the entry registers lang/babele on babele.init, and Babele finds a pt-BR file for every pack", () => {
    expect(babele.systemTranslationsDir).toBe("lang/babele");
    expect([...babele.translations.keys()].sort()).toEqual(PACKS.map((p) => `${SYSTEM_ID}.${p.name}`).sort());
  });

  it.each(PACKS.map((p) => p.name))("translates a document of %s: its name and text change, its links stay", (name) => {
    const docs = [...sources(name).values()];
    const doc = docs.find((d) => texts(d).some((t) => linkTargets(t).length > 0)) ?? docs[0];
    if (!doc) throw new Error(`${name} has no documents`);
    const translated = babele.translate(`${SYSTEM_ID}.${name}`, doc);
    expect(translated.name).not.toBe(doc.name);
    const before = texts(doc);
    const after = texts(translated);
    expect(after.length).toBe(before.length);
    const changed = after.filter((t, i) => t !== before[i]);
    expect(changed.length, "most of its text is translated").toBeGreaterThanOrEqual(
      Math.ceil(before.filter(Boolean).length / 2),
    );
    expect(after.flatMap(linkTargets).sort()).toEqual(before.flatMap(linkTargets).sort());
    expect(translated.flags).toMatchObject({ babele: { translated: true, originalName: doc.name } });
  });

  it("renames the compendium folders system.json declares", () => {
    const names = folderNames(manifestPacks().packFolders);
    expect(names.length).toBeGreaterThanOrEqual(4);
    expect(names.map((n) => babele.folderName(n))).toEqual(["Regras", "Básico", "Legado", "Degenesis"]);
  });

  it("leaves a world in English untouched: Babele finds no English files", () => {
    const english = boot(world("en"));
    expect(english.translations.size).toBe(0);
    const doc = [...sources("core-conditions").values()][0] ?? {};
    expect(english.translate(`${SYSTEM_ID}.core-conditions`, doc)).toBe(doc);
  });
});
