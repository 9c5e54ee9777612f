/**
 * The pt-BR translations of the compendia (lang/babele/pt-BR/, format and generator in scripts/babele.ts):
 * every pack document has a translated name and text (and each page, table result and facet), no entry
 * names a document that no longer exists, no translation is stale, and every roll link, `@UUID[…]` link
 * and enricher of the English is in the translation with the same target (its label may be translated).
 * The checker and the generator are each shown failing, or mending, on a broken copy.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  fingerprint,
  folderNames,
  FOLDERS_FILE,
  mergeFolders,
  linkProblems,
  MAPPINGS,
  mergeFile,
  packEnglish,
  run,
  translationPath,
  translationProblems,
  type MergeReport,
  type TextEntry,
  type TranslationFile,
} from "../../scripts/babele.ts";
import { manifestPacks, ROOT } from "../../scripts/packs/lib.ts";
import {
  registerTranslations,
  translateFacets,
  translatePages,
  translateTableResults,
} from "../../src/applications/integrations/babele.ts";
import { pack, PACKS } from "./support.ts";

const read = (name: string): TranslationFile =>
  JSON.parse(readFileSync(translationPath(name), "utf8")) as TranslationFile;
const clone = <T>(value: T): T => structuredClone(value);
const emptyReport = (): MergeReport => ({ untranslated: [], stale: [], dropped: [], stamped: [] });

const UUID = "@UUID[Compendium.terran-engine.core-tables.RollTable.yFAG61B997W6GKPN]";

/** A pack's English and its shipped file, with a link added to the first document's text in both. */
function linked(name: string): { id: string; english: ReturnType<typeof packEnglish>; file: TranslationFile } {
  const english = clone(packEnglish(pack(name)));
  const file = clone(read(name));
  const first = english[0];
  const entry = first ? file.entries[first[0]] : undefined;
  if (!first || !entry) throw new Error(`no documents in ${name}`);
  first[1].description = `${first[1].description ?? ""}<p>See ${UUID}{Malaise}.</p>`;
  entry.description = `${entry.description ?? ""}<p>Veja ${UUID}{Sequela}.</p>`;
  entry._english = fingerprint(first[1]);
  return { id: first[0], english, file };
}

describe("the shipped pt-BR translations", () => {
  it.each(PACKS.map((p) => p.name))(
    "%s: every document translated, none stale, none orphaned, every link kept",
    (name) => {
      expect(existsSync(translationPath(name)), translationPath(name)).toBe(true);
      expect(translationProblems(name, packEnglish(pack(name)), read(name))).toEqual([]);
    },
  );

  it("each file carries its pack's mapping and a translated label", () => {
    for (const p of PACKS) {
      const file = read(p.name);
      expect(file.mapping, p.name).toEqual(mergeFile(p, packEnglish(p), file, emptyReport()).mapping);
      expect(file.label, p.name).not.toBe(p.label);
    }
  });

  it("an item the sheet names (lang/*.json TERRAN.Weapon, Armour, Adv, Cond) has the sheet's pt-BR name in its pack", () => {
    const flat = (tree: unknown, prefix = ""): [string, string][] =>
      typeof tree === "string"
        ? [[prefix, tree]]
        : Object.entries(tree as Record<string, unknown>).flatMap(([k, v]) => flat(v, prefix ? `${prefix}.${k}` : k));
    const en = flat(JSON.parse(readFileSync(join(ROOT, "lang/en.json"), "utf8")));
    const pt = new Map(flat(JSON.parse(readFileSync(join(ROOT, "lang/pt-BR.json"), "utf8"))));
    const named = en.filter(([key]) => /^TERRAN\.(Weapon|Armour|Adv|Cond)\.[A-Za-z]+$/.test(key));
    expect(named.length).toBeGreaterThanOrEqual(60);
    const wrong: string[] = [];
    let checked = 0;
    for (const p of PACKS.filter((x) => x.type === "Item")) {
      const file = read(p.name);
      for (const [id, text] of packEnglish(p)) {
        const sheet = named.filter(([, value]) => value === text.name).map(([key]) => pt.get(key));
        if (sheet.length === 0) continue;
        checked += 1;
        const have = file.entries[id]?.name;
        if (!sheet.includes(have))
          wrong.push(`${p.name} "${text.name}": "${have ?? ""}", the sheet says "${sheet.join('" or "')}"`);
      }
    }
    expect(checked).toBeGreaterThanOrEqual(60);
    expect(wrong).toEqual([]);
  });

  it("the compendium folders' file names every folder system.json declares, and no other", () => {
    const names = folderNames(manifestPacks().packFolders);
    const file = JSON.parse(readFileSync(join(ROOT, "lang/babele/pt-BR", FOLDERS_FILE), "utf8")) as unknown;
    const { missing, dropped } = mergeFolders(names, file);
    expect({ missing, dropped }).toEqual({ missing: [], dropped: [] });
    expect(mergeFolders([...names, "Homebrew"], file).missing).toEqual(['folder "Homebrew": no translation']);
    expect(mergeFolders(names.slice(1), file).dropped).toEqual([`folder "${names[0] ?? ""}": no such folder any more`]);
  });

  it("npm run babele -- --check passes: the files are what the generator would write", () => {
    expect(run({ check: true }).problems).toEqual([]);
  });
});

describe("the translation checker", () => {
  const base = "core-conditions";

  it("fails when a document lacks a translated name or description, or has no entry at all", () => {
    const { id, english, file } = linked(base);
    expect(translationProblems(base, english, file)).toEqual([]);
    const entry = file.entries[id];
    if (!entry) throw new Error("no entry");
    entry.name = "";
    delete entry.description;
    expect(translationProblems(base, english, file)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/no translated name$/),
        expect.stringMatching(/no translated description$/),
      ]),
    );
    delete file.entries[id];
    expect(translationProblems(base, english, file)).toEqual([
      expect.stringMatching(new RegExp(`${id} .*: no translation$`)),
    ]);
  });

  it("fails when a page's text or a table result is missing, or an entry is still _todo", () => {
    const journal: TextEntry = { name: "Journal", pages: { p1: { name: "Page", text: "<p>Roll [[/r 1d6]].</p>" } } };
    const table: TextEntry = { name: "Table", results: { r1: { name: "Fail", description: "<p>Fail.</p>" } } };
    const english: ReturnType<typeof packEnglish> = [
      ["j1", journal],
      ["t1", table],
    ];
    const file = {
      entries: {
        j1: { name: "Diário", pages: { p1: { name: "Página" } }, _english: fingerprint(journal) },
        t1: { name: "Tabela", results: {}, _todo: true, _english: fingerprint(table) },
      },
    };
    expect(translationProblems("x", english, file)).toEqual([
      'x j1 "Journal" pages/p1: no translated text',
      'x t1 "Table": marked _todo (not translated yet)',
      'x t1 "Table" results/r1: no translated name',
      'x t1 "Table" results/r1: no translated description',
    ]);
  });

  it("fails when a translation names a document, page or result that no longer exists", () => {
    const file = clone(read(base));
    file.entries.AAAAAAAAAAAAAAAA = { name: "Fantasma" };
    expect(translationProblems(base, packEnglish(pack(base)), file)).toEqual([
      "core-conditions AAAAAAAAAAAAAAAA: translates a document that no longer exists",
    ]);
    const empty: TextEntry = { name: "Table", results: {} };
    const table = {
      entries: { t1: { name: "Tabela", results: { gone: { name: "Sumiu" } }, _english: fingerprint(empty) } },
    };
    expect(translationProblems("x", [["t1", empty]], table)).toEqual([
      'x t1 "Table" results/gone: translates something that no longer exists',
    ]);
  });

  it("fails when the English changed since the translation was made (stale)", () => {
    const english = packEnglish(pack(base));
    const [id, text] = english[0] ?? ["", { name: "" }];
    const reworded: typeof english = [
      [id, { ...text, description: `${text.description ?? ""}<p>New.</p>` }],
      ...english.slice(1),
    ];
    expect(translationProblems(base, reworded, read(base))).toEqual([expect.stringMatching(/stale or unstamped/)]);
  });

  it("fails when a translation loses a @UUID link or changes its target; a translated label is fine", () => {
    const uuid = "@UUID[Compendium.terran-engine.core-tables.RollTable.yFAG61B997W6GKPN]";
    const english = `<p>Roll on ${uuid}{Malaise}.</p>`;
    expect(linkProblems(english, `<p>Role na ${uuid}{Sequela}.</p>`, "w")).toEqual([]);
    expect(linkProblems(english, "<p>Role na tabela de Sequela.</p>", "w")).toEqual([`w: loses the link ${uuid}`]);
    const other = uuid.replace("yFAG61B997W6GKPN", "XTTIiclUisEdVAwP");
    expect(linkProblems(english, `<p>${other}{Sequela}</p>`, "w")).toEqual([
      `w: loses the link ${uuid}`,
      `w: has a link the English has not: ${other}`,
    ]);
  });

  it("fails when a translation loses a roll link or an enricher, or changes what it rolls", () => {
    const english = "<p>@Risky[finesse]{Roll Finesse} then [[/r 1d6]] and @Fortune[4].</p>";
    expect(linkProblems(english, "<p>@Risky[finesse]{Role Finesse}, [[/r 1d6]] e @Fortune[4].</p>", "w")).toEqual([]);
    expect(linkProblems(english, "<p>@Risky[exertion]{Role} e @Fortune[4].</p>", "w")).toEqual([
      "w: loses the link @Risky[finesse]",
      "w: loses the link [[/r 1d6]]",
      "w: has a link the English has not: @Risky[exertion]",
    ]);
  });

  it("checks the links in the shipped files: a link removed from one entry is found", () => {
    const { id, english, file } = linked(base);
    expect(translationProblems(base, english, file)).toEqual([]);
    const entry = file.entries[id];
    if (!entry?.description) throw new Error("no description");
    entry.description = entry.description.replace(/@UUID\[[^\]]*\](\{[^}]*\})?/, "");
    expect(translationProblems(base, english, file)).toEqual([expect.stringMatching(/loses the link @UUID\[/)]);
  });
});

describe("the generator (npm run babele)", () => {
  let dir = "";
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = "";
  });

  /** A repository of one pack (core-equipment): its system.json entry, sources, translation and the folders' file. */
  function copyRepo(): string {
    dir = mkdtempSync(join(tmpdir(), "terran-babele-"));
    const manifest = JSON.parse(readFileSync(join(ROOT, "system.json"), "utf8")) as { packs: { name: string }[] };
    manifest.packs = manifest.packs.filter((p) => p.name === "core-equipment");
    writeFileSync(join(dir, "system.json"), JSON.stringify(manifest));
    cpSync(join(ROOT, "packs/_source/core-equipment"), join(dir, "packs/_source/core-equipment"), { recursive: true });
    mkdirSync(join(translationPath("core-equipment", dir), ".."), { recursive: true });
    cpSync(translationPath("core-equipment"), translationPath("core-equipment", dir));
    cpSync(join(ROOT, "lang/babele/pt-BR", FOLDERS_FILE), join(dir, "lang/babele/pt-BR", FOLDERS_FILE));
    return dir;
  }

  it("adds a skeleton (English, _todo) for a new document, keeps hand translations, drops a vanished one", () => {
    const p = pack("core-equipment");
    const english = packEnglish(p);
    const [goneId] = english[0] ?? [""];
    const file = clone(read(p.name));
    const keptId = english[1]?.[0] ?? "";
    const kept = file.entries[keptId];
    const report = emptyReport();
    const newDoc: (typeof english)[number] = ["NEWNEWNEWNEWNEW1", { name: "New gadget", description: "<p>Shiny.</p>" }];
    const merged = mergeFile(p, [...english.slice(1), newDoc], file, report);
    expect(merged.entries.NEWNEWNEWNEWNEW1).toEqual({ name: "New gadget", description: "<p>Shiny.</p>", _todo: true });
    expect(merged.entries[keptId]).toEqual(kept);
    expect(Object.keys(merged.entries)).not.toContain(goneId);
    expect(report.untranslated).toEqual(['core-equipment NEWNEWNEWNEWNEW1 "New gadget": no translation']);
    expect(report.dropped).toEqual([`core-equipment ${goneId}: no such document any more`]);
  });

  it("stamps a fresh translation with its English fingerprint, and reports a stale one without touching it", () => {
    const p = pack("core-conditions");
    const english = packEnglish(p);
    const [id, text] = english[0] ?? ["", { name: "" }];
    const file = clone(read(p.name));
    const entry = file.entries[id];
    if (!entry) throw new Error("no entry");
    delete entry._english;
    const report = emptyReport();
    expect(mergeFile(p, english, file, report).entries[id]?._english).toBe(fingerprint(text));
    expect(report.stamped).toHaveLength(1);
    const staleReport = emptyReport();
    const reworded: typeof english = [[id, { ...text, name: `${text.name}!` }], ...english.slice(1)];
    const stale = mergeFile(p, reworded, read(p.name), staleReport);
    expect(stale.entries[id]).toEqual(read(p.name).entries[id]);
    expect(staleReport.stale).toEqual([expect.stringMatching(/the English changed since it was translated/)]);
  });

  it("--check fails and lists a new source document; a plain run writes its skeleton, and --check still fails until it is translated", () => {
    const root = copyRepo();
    const source = JSON.parse(
      readFileSync(join(ROOT, "packs/_source/core-equipment/shield_rgcGtVkWJHYhrzRm.json"), "utf8"),
    ) as Record<string, unknown>;
    writeFileSync(
      join(root, "packs/_source/core-equipment/buckler_BUCKLERBUCKLER01.json"),
      JSON.stringify({ ...source, _id: "BUCKLERBUCKLER01", name: "Buckler", _key: "!items!BUCKLERBUCKLER01" }),
    );
    const first = run({ check: true, root });
    expect(first.problems).toEqual(
      expect.arrayContaining([
        "core-equipment: the file is not up to date (run npm run babele)",
        'core-equipment BUCKLERBUCKLER01 "Buckler": no translation',
      ]),
    );
    run({ check: false, root });
    const written = JSON.parse(readFileSync(translationPath("core-equipment", root), "utf8")) as TranslationFile;
    expect(written.entries.BUCKLERBUCKLER01).toMatchObject({ name: "Buckler", _todo: true });
    expect(run({ check: true, root }).problems).toEqual([
      'core-equipment BUCKLERBUCKLER01 "Buckler": not translated yet',
    ]);
  });
});

describe("the registration on babele.init (src/applications/integrations/babele.ts)", () => {
  it("names lang/babele and registers the converters the files' mappings use", () => {
    const calls: unknown[] = [];
    registerTranslations({
      setSystemTranslationsDir: (dir) => calls.push(dir),
      registerConverters: (converters) => calls.push(Object.keys(converters).sort()),
    });
    expect(calls).toEqual(["lang/babele", ["terranFacets", "terranPages", "terranTableResults"]]);
    const used = Object.values(MAPPINGS)
      .flatMap((m) => Object.values(m))
      .filter((m): m is { converter: string } => typeof m === "object" && m !== null && "converter" in m)
      .map((m) => m.converter);
    expect([...new Set(used)].sort()).toEqual(["terranFacets", "terranPages", "terranTableResults"]);
  });

  it("the converters match by _id (facets by English name) and change only the fields an entry gives", () => {
    const results = [
      { _id: "a", name: "Success", description: "<p>A</p>", range: [6, 6] },
      { _id: "b", name: "Success", description: "<p>B</p>", range: [6, 6] },
    ];
    expect(translateTableResults(results, { b: { description: "<p>Bê</p>" } })).toEqual([
      results[0],
      { ...results[1], description: "<p>Bê</p>" },
    ]);
    const pages = [{ _id: "p", name: "Page", text: { format: 1, content: "<p>x</p>" } }];
    expect(translatePages(pages, { p: { name: "Página", text: "<p>xis</p>" } })).toEqual([
      { _id: "p", name: "Página", text: { format: 1, content: "<p>xis</p>" } },
    ]);
    expect(translatePages(pages, undefined)).toBe(pages);
    const facets = [{ name: "Talk them down", tier: "trivial" }];
    expect(translateFacets(facets, { "Talk them down": { name: "Acalmá-lo" } })).toEqual([
      { name: "Acalmá-lo", tier: "trivial" },
    ]);
  });
});
