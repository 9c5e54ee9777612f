/**
 * The compendium pipeline with the real tools: every pack compiled by @foundryvtt/foundryvtt-cli into a
 * fresh temp folder and read back with classic-level; keys, ids, types and links checked on what was
 * compiled; the extractor round-trips the sources byte for byte; broken sources are refused. (Whether
 * Foundry itself accepts the documents is not something these tests can show.)
 */
import { existsSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compilePack } from "@foundryvtt/foundryvtt-cli";
import {
  COLLECTIONS,
  compileAll,
  extractAll,
  manifestPacks,
  PackSourceError,
  readPack,
  serialize,
  sourceFileName,
  sourceFiles,
  sourceProblems,
  SOURCE_ROOT,
  stableId,
  cleanEntry,
} from "../../scripts/packs/lib.ts";
import {
  allDocuments,
  compileToTemp,
  copySources,
  idProblems,
  missingFromCompiled,
  PACKS,
  typeProblems,
  unresolvedLinks,
  type CompiledPack,
  type Doc,
} from "./support.ts";

let dir = "";
let packs = new Map<string, CompiledPack>();
const temps: string[] = [];

beforeAll(async () => {
  ({ dir, packs } = await compileToTemp());
  temps.push(dir);
}, 60_000);

afterAll(() => {
  for (const t of temps) rmSync(t, { recursive: true, force: true });
});

function readDoc(root: string, packName: string, prefix: string): { file: string; doc: Doc } {
  const file = sourceFiles(join(root, packName)).find((f) => f.startsWith(prefix));
  if (!file) throw new Error(`no ${prefix}* in ${packName}`);
  return { file: join(root, packName, file), doc: JSON.parse(readFileSync(join(root, packName, file), "utf8")) as Doc };
}

describe("the manifest's packs", () => {
  const { packs: declared, packFolders } = manifestPacks();

  it("declares nineteen packs (five of them Legacy's, five v0.6.2's), each with a LevelDB path under packs/ and a source folder", () => {
    expect(declared.map((p) => p.name)).toEqual([
      "core-advancements",
      "core-conditions",
      "core-equipment",
      "core-tables",
      "challenges",
      "degenesis-advancements",
      "degenesis-equipment",
      "degenesis-tables",
      "legacy-advancements",
      "legacy-conditions",
      "legacy-equipment",
      "legacy-challenges",
      "legacy-rules",
      "v062-advancements",
      "v062-conditions",
      "v062-equipment",
      "v062-challenges",
      "v062-rules",
      "rules",
    ]);
    for (const p of declared) {
      expect(p.path, p.name).toBe(`packs/${p.name}`);
      expect(p.label.length, p.name).toBeGreaterThan(0);
      expect(Object.keys(COLLECTIONS), p.name).toContain(p.type);
      expect(existsSync(join(SOURCE_ROOT, p.name)), p.name).toBe(true);
    }
  });

  it("files every pack in exactly one of the folders Rules, Core, Legacy, Degenesis and v0.6.2 (named with the system's name: Babele renames every world folder of a name it translates)", () => {
    expect(packFolders.map((f) => f.name)).toEqual([
      "Terran Engine: Rules",
      "Terran Engine: Core",
      "Terran Engine: Legacy",
      "Terran Engine: Degenesis",
      "Terran Engine: v0.6.2",
    ]);
    const filed = packFolders.flatMap((f) => f.packs);
    expect([...filed].sort()).toEqual(declared.map((p) => p.name).sort());
    expect(new Set(filed).size).toBe(filed.length);
    for (const name of packFolders.find((f) => f.name === "Terran Engine: Degenesis")?.packs ?? [])
      expect(name).toMatch(/^degenesis-/);
    expect(packFolders.find((f) => f.name === "Terran Engine: Legacy")?.packs).toEqual([
      "legacy-rules",
      "legacy-advancements",
      "legacy-conditions",
      "legacy-equipment",
      "legacy-challenges",
    ]);
    // The folder holds exactly the packs named for the ruleset.
    expect(packFolders.find((f) => f.name === "Terran Engine: v0.6.2")?.packs).toEqual([
      "v062-rules",
      "v062-advancements",
      "v062-conditions",
      "v062-equipment",
      "v062-challenges",
    ]);
    expect(filed.filter((n) => n.startsWith("v062-"))).toHaveLength(5);
  });

  it("hides the Challenges (GM material, Core's, Legacy's and v0.6.2's) from players and shows the rest", () => {
    const gmOnly = ["challenges", "legacy-challenges", "v062-challenges"];
    for (const p of declared)
      expect(p.ownership, p.name).toEqual({
        PLAYER: gmOnly.includes(p.name) ? "NONE" : "OBSERVER",
        ASSISTANT: "OWNER",
      });
  });
});

describe("compiled packs (real CLI, read back with classic-level)", () => {
  it("every source file and embedded document has its _key, and none was skipped by the compiler", () => {
    for (const p of PACKS) expect(sourceProblems(join(SOURCE_ROOT, p.name), p.type), p.name).toEqual([]);
    expect(missingFromCompiled(SOURCE_ROOT, packs)).toEqual([]);
    const total = [...packs.values()].reduce((t, c) => t + c.documents.length, 0);
    const files = PACKS.reduce((t, p) => t + sourceFiles(join(SOURCE_ROOT, p.name)).length, 0);
    expect(total).toBe(files);
    expect(total).toBe(178);
  });

  it("ids are 16 letters and digits and unique across every pack, embedded documents included", () => {
    const docs = allDocuments(packs);
    expect(docs.length).toBeGreaterThan(100);
    expect(idProblems(docs)).toEqual([]);
  });

  it("every Actor and Item type is one system.json declares in documentTypes", () => {
    for (const p of PACKS) expect(typeProblems(p.name, packs.get(p.name)?.documents ?? []), p.name).toEqual([]);
  });

  it("every @UUID link and table result points at a document inside the packs", () => {
    const links = [...packs.values()]
      .flatMap((c) => c.documents)
      .map((d) => JSON.stringify(d).match(/@UUID\[/g)?.length ?? 0);
    expect(links.reduce((a, b) => a + b, 0)).toBeGreaterThan(50);
    expect(unresolvedLinks(packs)).toEqual([]);
  });

  it("the stored documents carry no _key and list embedded documents by id (the CLI's layout)", () => {
    for (const [name, compiled] of packs) {
      for (const [key, doc] of compiled.entries) {
        expect(doc, `${name} ${key}`).not.toHaveProperty("_key");
        if (key.startsWith("!tables!"))
          expect((doc.results as unknown[]).every((r) => typeof r === "string")).toBe(true);
      }
    }
  });
});

describe("packs:extract", () => {
  it("round-trips: compiled then extracted, every source comes back byte for byte, under the same name", async () => {
    const back = copySources();
    temps.push(back);
    await extractAll(dir, back);
    for (const p of PACKS) {
      const names = sourceFiles(join(SOURCE_ROOT, p.name));
      expect(sourceFiles(join(back, p.name)), p.name).toEqual(names);
      for (const f of names)
        expect(readFileSync(join(back, p.name, f), "utf8"), f).toBe(readFileSync(join(SOURCE_ROOT, p.name, f), "utf8"));
    }
  }, 60_000);

  it("cleans what Foundry adds in a world: _stats everywhere, per-user ownership, flags.core.sourceId", () => {
    const entry: Doc = {
      _id: "aaaaaaaaaaaaaaaa",
      name: "X",
      _stats: { coreVersion: "13.345" },
      ownership: { default: 0, Abc123: 3 },
      flags: { core: { sourceId: "Item.x" }, other: { a: 1 } },
      pages: [{ _id: "bbbbbbbbbbbbbbbb", _stats: {}, name: "P" }],
    };
    cleanEntry(entry, "JournalEntry");
    expect(entry).toEqual({
      _id: "aaaaaaaaaaaaaaaa",
      name: "X",
      ownership: { default: 0 },
      flags: { other: { a: 1 } },
      pages: [{ _id: "bbbbbbbbbbbbbbbb", name: "P" }],
    });
    expect(sourceFileName({ _id: "aaaaaaaaaaaaaaaa", name: "Fear-Driven Vigilance" })).toBe(
      "fear-driven-vigilance_aaaaaaaaaaaaaaaa.json",
    );
    expect(sourceFileName({ _id: "aaaaaaaaaaaaaaaa", name: "Estêvão's (Core)" })).toBe(
      "estevao-s-core_aaaaaaaaaaaaaaaa.json",
    );
  });

  it("new ids are deterministic: the same names give the same 16-character id", () => {
    expect(stableId("core-advancements", "fast")).toBe(stableId("core-advancements", "fast"));
    expect(stableId("core-advancements", "fast")).not.toBe(stableId("core-advancements", "eager"));
    expect(stableId("x")).toMatch(/^[A-Za-z0-9]{16}$/);
  });
});

describe("a broken source is caught", () => {
  it("a top-level source without _key: the CLI skips it silently, the count check and the preflight both say so", async () => {
    const broken = copySources();
    temps.push(broken);
    const { file, doc } = readDoc(broken, "core-advancements", "fast_");
    delete doc._key;
    writeFileSync(file, serialize(doc));
    // The CLI alone: compiles without complaint and leaves the document out.
    const out = join(broken, "_out");
    await compilePack(join(broken, "core-advancements"), out, { log: false });
    const entries = await readPack(out);
    expect(entries.size).toBe(16);
    rmSync(out, { recursive: true, force: true });
    const onlyAdvancements = new Map([["core-advancements", { entries, documents: [] }]]);
    expect(missingFromCompiled(broken, onlyAdvancements).some((p) => p.startsWith("core-advancements/fast_"))).toBe(
      true,
    );
    // Our preflight refuses before the CLI runs.
    expect(sourceProblems(join(broken, "core-advancements"), "Item")).toEqual([
      expect.stringMatching(/^fast_.*: no _key/),
    ]);
    await expect(compileAll(join(broken, "_dest"), broken)).rejects.toBeInstanceOf(PackSourceError);
  });

  it("an embedded document without _key (which would make the CLI throw mid-write) is refused first", async () => {
    const broken = copySources();
    temps.push(broken);
    const { file, doc } = readDoc(broken, "core-tables", "precision-outcome_");
    delete (doc.results as Doc[])[1]?._key;
    writeFileSync(file, serialize(doc));
    expect(sourceProblems(join(broken, "core-tables"), "RollTable")).toEqual([
      expect.stringMatching(/results\[1\]: no _key/),
    ]);
    await expect(compileAll(join(broken, "_dest"), broken)).rejects.toThrow(/results\[1\]: no _key/);
    expect(existsSync(join(broken, "_dest"))).toBe(false);
  });

  it("a wrong key, a short id, a misnamed file, a stray file and an undeclared folder are each reported", () => {
    const broken = copySources();
    temps.push(broken);
    const a = readDoc(broken, "core-equipment", "knife_");
    a.doc._key = "!actors!" + String(a.doc._id);
    writeFileSync(a.file, serialize(a.doc));
    const b = readDoc(broken, "core-equipment", "staff_");
    writeFileSync(b.file.replace("staff_", "quarterstaff_"), serialize(b.doc));
    unlinkSync(b.file);
    writeFileSync(join(broken, "core-equipment", "notes.txt"), "x");
    const problems = sourceProblems(join(broken, "core-equipment"), "Item").join("\n");
    expect(problems).toMatch(/knife_.*_key "!actors!.*should be "!items!/);
    expect(problems).toMatch(/quarterstaff_.*should be named staff_/);
    expect(problems).toMatch(/notes\.txt: not a \.json source/);
    const c = readDoc(broken, "core-equipment", "shield_");
    c.doc._id = "short";
    expect(idProblems([{ pack: "core-equipment", key: "!items!short", doc: c.doc }])).toEqual([
      expect.stringMatching(/not 16 letters/),
    ]);
    expect(
      idProblems([
        { pack: "a", key: "!items!aaaaaaaaaaaaaaaa", doc: { _id: "aaaaaaaaaaaaaaaa" } },
        { pack: "b", key: "!items!aaaaaaaaaaaaaaaa", doc: { _id: "aaaaaaaaaaaaaaaa" } },
      ]),
    ).toEqual([expect.stringMatching(/also used by a/)]);
  });

  it("a dangling @UUID link and a type the manifest does not declare are reported", () => {
    const copy = new Map(packs);
    const journal = copy.get("rules");
    if (!journal) throw new Error("no rules pack");
    const [first, ...rest] = journal.documents;
    const doc = structuredClone(first ?? {});
    (doc.pages as Doc[]).push({
      _id: "zzzzzzzzzzzzzzzz",
      text: { content: "@UUID[Compendium.terran-engine.core-tables.RollTable.nonexistent00000]{x}" },
    });
    copy.set("rules", { ...journal, documents: [doc, ...rest] });
    expect(unresolvedLinks(copy)).toEqual([expect.stringMatching(/nonexistent00000 resolves to nothing/)]);
    expect(typeProblems("core-equipment", [{ name: "Gun", type: "firearm" }])).toEqual([
      expect.stringMatching(/firearm is not in documentTypes\.Item/),
    ]);
  });
});
