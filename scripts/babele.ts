/**
 * `npm run babele [-- --check]`: the pt-BR translations of the compendia, for the Babele module.
 *
 * ## Where Babele looks, and how it matches
 * The system registers `lang/babele` on Babele's `babele.init` hook (src/applications/integrations/babele.ts).
 * Babele (2.7.7, script/) then reads `systems/terran-engine/lang/babele/<language>/*.json`, the language
 * being the GM's (babele.js 545–567; players read the list the GM's client shared, 552), one file per pack
 * named after its collection: `lang/babele/pt-BR/terran-engine.<pack>.json` (327–334). It looks an entry up
 * by the document's `_id`, then its name, then its compendium source (translated-compendium.js 65–72); we
 * key by `_id`, which never changes when the English is reworded and never collides (two results "Success").
 *
 * ## The file format (both translators write exactly this)
 * ```json
 * {
 *   "label": "Condições e Mal-estares",            // the pack's label in pt-BR (Babele shows it)
 *   "mapping": { ... },                            // written by this script, per document type (below)
 *   "entries": {
 *     "<document _id>": {
 *       "name": "…",                               // every document
 *       "description": "<p>…</p>",                 // Item: system.description; Actor: system.notes;
 *                                                  // RollTable: description (only when the English has one)
 *       "pages": {                                 // JournalEntry only, keyed by page _id
 *         "<page _id>": { "name": "…", "text": "<p>…</p>" }
 *       },
 *       "results": {                               // RollTable only, keyed by result _id
 *         "<result _id>": { "name": "…", "description": "<p>…</p>" }   // each field the English has
 *       },
 *       "facets": {                                // Actor with facets only, keyed by the facet's
 *         "<English facet name>": { "name": "…" }  // English name (a facet has no _id)
 *       },
 *       "_todo": true,                             // present = not translated yet (the text is English)
 *       "_english": "3f2a9c1e"                     // fingerprint of the English this was translated from
 *     }
 *   }
 * }
 * ```
 * - `mapping` (Babele merges it over a copy of its defaults for the type, compendium-mapping.js 28):
 *   Item `{ name, description: "system.description" }`;
 *   Actor `{ name, description: "system.notes", facets: { path: "system.facets", converter: "terranFacets" } }`;
 *   JournalEntry `{ name, pages: { path: "pages", converter: "terranPages" } }`;
 *   RollTable `{ name, description, results: { path: "results", converter: "terranTableResults" } }`.
 *   The three converters are ours (src/applications/integrations/babele.ts), registered on `babele.init`;
 *   they match pages and results by `_id`, facets by English name, and replace only the fields an entry gives.
 * - Keys starting with `_` are ours; Babele reads only the mapped fields and ignores them.
 * - Links must survive: every `[[/r …]]` roll, `@UUID[…]{…}` link and `@Enricher[…]` of the English must
 *   appear in the translation with the same target; a `{label}` may be translated
 *   (tests/packs/babele.test.ts checks it).
 *
 * The compendium sidebar's folders (system.json `packFolders`) have one more file,
 * `terran-engine._packs-folders.json`: `{ "entries": { "<English folder name>": "<pt-BR name>" } }` (Babele
 * renames EVERY world folder of such a name, babele.js 513–525: ours carry the system's name, "Terran
 * Engine: Rules", so a GM's own "Rules" folder keeps its name).
 *
 * ## What the script does (`npm run babele`)
 * For every pack, reads `packs/_source/<pack>/*.json` and the pack's file (if any), then writes the file:
 * - a document without an entry gets a skeleton: its English text, marked `"_todo": true`;
 * - a page or result without a translation is added to its entry with its English text, marked `_todo`;
 * - an entry (or page, or result) whose document no longer exists is dropped;
 * - a hand translation is kept as it is; the `mapping` is rewritten; keys keep the sources' order;
 * - an entry without `_todo` and without `_english` is taken as freshly translated: it gets `_english`,
 *   the fingerprint of its document's current English;
 * - an entry whose `_english` differs from its document's current English is STALE (the English was
 *   reworded since): it is kept and reported. Revise the translation, then delete `_english`.
 * - the folders' file gets each folder name it lacks (in English, reported) and loses those no longer declared.
 * It then lists what is untranslated or stale. `--check` writes nothing and exits 1 when any file is
 * missing, any document lacks an entry or a field, any entry is `_todo` or stale, or any entry names a
 * document that no longer exists.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { BABELE_CONVERTERS, BABELE_DIR } from "../src/applications/integrations/babele.ts";
import {
  manifestPacks,
  readJson,
  ROOT,
  sourceFiles,
  SOURCE_ROOT,
  SYSTEM_ID,
  type PackDeclaration,
  type PackDocumentType,
  type PackFolder,
} from "./packs/lib.ts";

/** The language the files are written for (the only one the system ships besides English). */
export const BABELE_LANG = "pt-BR";

/** The translated text of one page or table result, by field. */
export type Fields = Record<string, string>;

/** What of a document is translated, in the file's entry shape (without our `_` keys). */
export interface TextEntry {
  name: string;
  description?: string;
  pages?: Record<string, Fields>;
  results?: Record<string, Fields>;
  facets?: Record<string, Fields>;
}

/** An entry of a translation file: the text, plus whether it is still English and what it was translated from. */
export interface Entry extends TextEntry {
  _todo?: boolean;
  _english?: string;
}

export interface TranslationFile {
  label: string;
  mapping: Record<string, unknown>;
  entries: Record<string, Entry>;
}

/** The mapping each document type's file carries (merged by Babele over its defaults for the type). */
export const MAPPINGS: Readonly<Record<PackDocumentType, Record<string, unknown>>> = {
  Item: { name: "name", description: "system.description" },
  Actor: {
    name: "name",
    description: "system.notes",
    facets: { path: "system.facets", converter: BABELE_CONVERTERS.facets },
  },
  JournalEntry: { name: "name", pages: { path: "pages", converter: BABELE_CONVERTERS.pages } },
  RollTable: {
    name: "name",
    description: "description",
    results: { path: "results", converter: BABELE_CONVERTERS.results },
  },
};

type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === "string" ? v : "");

/** The source's non-empty strings among `fields`, by field name. */
function pick(doc: Json, fields: Record<string, string>): Fields {
  const out: Fields = {};
  for (const [key, path] of Object.entries(fields)) {
    const value = str(path.split(".").reduce<unknown>((node, part) => (isRecord(node) ? node[part] : undefined), doc));
    if (value) out[key] = value;
  }
  return out;
}

/** Embedded documents by `_id`, in their `sort` order, with their translated fields. */
function children(list: unknown, fields: Record<string, string>): Record<string, Fields> {
  const docs = (Array.isArray(list) ? list : []).filter(isRecord);
  docs.sort((a, b) => Number(a.sort ?? 0) - Number(b.sort ?? 0));
  return Object.fromEntries(docs.map((d) => [str(d._id), pick(d, fields)]));
}

/** The English text of a pack source document, in the entry shape its type's mapping reads. */
export function englishOf(type: PackDocumentType, doc: Json): TextEntry {
  const name = str(doc.name);
  const description = type === "Item" ? str(isRecord(doc.system) ? doc.system.description : "") : "";
  switch (type) {
    case "Item":
      return { name, ...(description ? { description } : {}) };
    case "Actor": {
      const system = isRecord(doc.system) ? doc.system : {};
      const notes = str(system.notes);
      const facets = (Array.isArray(system.facets) ? system.facets : []).filter(isRecord).map((f) => str(f.name));
      const named = facets.filter(Boolean).map((f): [string, Fields] => [f, { name: f }]);
      return {
        name,
        ...(notes ? { description: notes } : {}),
        ...(named.length ? { facets: Object.fromEntries(named) } : {}),
      };
    }
    case "JournalEntry":
      return { name, pages: children(doc.pages, { name: "name", text: "text.content" }) };
    case "RollTable": {
      const tableDescription = str(doc.description);
      const results = children(doc.results, { name: "name", description: "description" });
      return { name, ...(tableDescription ? { description: tableDescription } : {}), results };
    }
  }
}

/** A short fingerprint of a document's English text: a translation records the one it was made from. */
export function fingerprint(english: TextEntry): string {
  return createHash("sha256").update(JSON.stringify(english)).digest("hex").slice(0, 10);
}

/** A pack's source documents as `[_id, English]`, in their `sort` order (then by name). */
export function packEnglish(pack: PackDeclaration, sourceRoot = SOURCE_ROOT): [string, TextEntry][] {
  const dir = join(sourceRoot, pack.name);
  const docs = sourceFiles(dir)
    .map((file) => readJson(join(dir, file)))
    .filter(isRecord);
  docs.sort((a, b) => Number(a.sort ?? 0) - Number(b.sort ?? 0) || str(a.name).localeCompare(str(b.name)));
  return docs.map((doc) => [str(doc._id), englishOf(pack.type, doc)]);
}

/** What a merge found, by pack: each line names the document (and page or result) and what is wrong. */
export interface MergeReport {
  untranslated: string[];
  stale: string[];
  dropped: string[];
  stamped: string[];
}

/** Merges one group of fields: the translation's strings kept, a missing one filled with English (`added`). */
function mergeFields(english: Fields, existing: unknown, added: string[], where: string): Fields {
  const old = isRecord(existing) ? existing : {};
  const out: Fields = {};
  for (const [key, value] of Object.entries(english)) {
    const kept = old[key];
    if (typeof kept === "string" && kept.trim() !== "") out[key] = kept;
    else {
      out[key] = value;
      added.push(`${where} ${key}`);
    }
  }
  return out;
}

/** Merges pages or results by `_id`: kept, added (English), or dropped when the English has none. */
function mergeChildren(
  english: Record<string, Fields>,
  existing: unknown,
  where: string,
  notes: { added: string[]; dropped: string[] },
): Record<string, Fields> {
  const old = isRecord(existing) ? existing : {};
  const out: Record<string, Fields> = {};
  for (const [id, fields] of Object.entries(english)) {
    out[id] = mergeFields(fields, old[id], notes.added, `${where}/${id}`);
  }
  for (const id of Object.keys(old)) if (!(id in english)) notes.dropped.push(`${where}/${id}`);
  return out;
}

/** One document's entry: the old translation kept, what is missing added in English, the marks updated. */
export function mergeEntry(
  id: string,
  english: TextEntry,
  existing: unknown,
  where: string,
  report: MergeReport,
): Entry {
  const old = isRecord(existing) ? existing : null;
  const notes = { added: [] as string[], dropped: [] as string[] };
  const label = `${where} ${id} "${english.name}"`;
  const top: Fields = { name: english.name, ...(english.description ? { description: english.description } : {}) };
  const entry: Entry = { ...(mergeFields(top, old, notes.added, label) as Fields & { name: string }) };
  if (english.pages) entry.pages = mergeChildren(english.pages, old?.pages, label, notes);
  if (english.results) entry.results = mergeChildren(english.results, old?.results, label, notes);
  if (english.facets) entry.facets = mergeChildren(english.facets, old?.facets, label, notes);
  report.dropped.push(...notes.dropped);
  const todo = old === null || old._todo === true || notes.added.length > 0;
  const stamp = typeof old?._english === "string" ? old._english : undefined;
  const current = fingerprint(english);
  if (todo) {
    entry._todo = true;
    if (stamp) entry._english = stamp;
    report.untranslated.push(old === null ? `${label}: no translation` : `${label}: not translated yet`);
  } else if (!stamp) {
    entry._english = current;
    report.stamped.push(label);
  } else {
    entry._english = stamp;
    if (stamp !== current) report.stale.push(`${label}: the English changed since it was translated`);
  }
  return entry;
}

/** The file a pack's translation should hold now, from its English and its current file (or none). */
export function mergeFile(
  pack: PackDeclaration,
  english: [string, TextEntry][],
  existing: unknown,
  report: MergeReport,
): TranslationFile {
  const old = isRecord(existing) ? existing : {};
  const oldEntries = isRecord(old.entries) ? old.entries : {};
  const entries: Record<string, Entry> = {};
  for (const [id, text] of english) entries[id] = mergeEntry(id, text, oldEntries[id], pack.name, report);
  const known = new Set(english.map(([id]) => id));
  for (const id of Object.keys(oldEntries)) {
    if (!known.has(id)) report.dropped.push(`${pack.name} ${id}: no such document any more`);
  }
  const label = typeof old.label === "string" && old.label.trim() ? old.label : pack.label;
  return { label, mapping: MAPPINGS[pack.type], entries };
}

/**
 * The links and enrichers of a text, as their targets: `@UUID[…]`, `@Risky[…]` and any other `@Name[…]`
 * (its `{label}` left out, as a label may be translated), and each `[[…]]` inline roll whole. Sorted, so
 * two texts with the same links give the same list whatever their order.
 */
export function linkTargets(html: string): string[] {
  const enrichers = [...html.matchAll(/@([A-Za-z]+)\[([^\]]*)\]/g)].map((m) => `@${m[1] ?? ""}[${m[2] ?? ""}]`);
  const rolls = [...html.matchAll(/\[\[[^\]]*\]\]/g)].map((m) => m[0]);
  return [...enrichers, ...rolls].sort();
}

/** The links `english` has that `translated` lost or changed, and those it gained. */
export function linkProblems(english: string, translated: string, where: string): string[] {
  const want = linkTargets(english);
  const have = linkTargets(translated);
  const lost = [...want];
  const gained: string[] = [];
  for (const link of have) {
    const i = lost.indexOf(link);
    if (i >= 0) lost.splice(i, 1);
    else gained.push(link);
  }
  return [
    ...lost.map((l) => `${where}: loses the link ${l}`),
    ...gained.map((l) => `${where}: has a link the English has not: ${l}`),
  ];
}

/** Fields of one text group: each English field translated (a non-empty string), with the English's links. */
function fieldProblems(english: Fields, translated: unknown, where: string): string[] {
  const t = isRecord(translated) ? translated : {};
  return Object.entries(english).flatMap(([key, value]) => {
    const have = t[key];
    if (typeof have !== "string" || have.trim() === "") return [`${where}: no translated ${key}`];
    return linkProblems(value, have, `${where} ${key}`);
  });
}

/** Pages or results: each translated, and none that the English has not. */
function childProblems(english: Record<string, Fields> | undefined, translated: unknown, where: string): string[] {
  if (!english) return [];
  const t = isRecord(translated) ? translated : {};
  return [
    ...Object.entries(english).flatMap(([id, fields]) => fieldProblems(fields, t[id], `${where}/${id}`)),
    ...Object.keys(t)
      .filter((id) => !(id in english))
      .map((id) => `${where}/${id}: translates something that no longer exists`),
  ];
}

/**
 * What is wrong with a pack's translation file against its English: a document without an entry, an
 * entry still marked `_todo`, a field, page or result untranslated, a link or enricher lost, an entry
 * stale (its `_english` is not the English's fingerprint) or naming a document that no longer exists.
 */
export function translationProblems(packName: string, english: [string, TextEntry][], file: unknown): string[] {
  if (!isRecord(file) || !isRecord(file.entries)) return [`${packName}: no translation file, or no entries in it`];
  const entries = file.entries;
  const problems: string[] = [];
  for (const [id, text] of english) {
    const where = `${packName} ${id} "${text.name}"`;
    const entry = entries[id];
    if (!isRecord(entry)) {
      problems.push(`${where}: no translation`);
      continue;
    }
    if (entry._todo === true) problems.push(`${where}: marked _todo (not translated yet)`);
    if (entry._english !== fingerprint(text))
      problems.push(`${where}: stale or unstamped (_english is not the English's fingerprint)`);
    const top: Fields = { name: text.name, ...(text.description ? { description: text.description } : {}) };
    problems.push(...fieldProblems(top, entry, where));
    problems.push(...childProblems(text.pages, entry.pages, `${where} pages`));
    problems.push(...childProblems(text.results, entry.results, `${where} results`));
    problems.push(...childProblems(text.facets, entry.facets, `${where} facets`));
  }
  const known = new Set(english.map(([id]) => id));
  for (const id of Object.keys(entries)) {
    if (!known.has(id)) problems.push(`${packName} ${id}: translates a document that no longer exists`);
  }
  return problems;
}

/** Where a pack's translation file lives. */
export function translationPath(packName: string, root = ROOT, lang = BABELE_LANG): string {
  return join(root, BABELE_DIR, lang, `${SYSTEM_ID}.${packName}.json`);
}

export const serializeFile = (file: TranslationFile): string => `${JSON.stringify(file, null, 2)}\n`;

/** The file Babele reads the compendium folders' names from. */
export const FOLDERS_FILE = `${SYSTEM_ID}._packs-folders.json`;

/** Every folder name system.json declares for the compendium sidebar, sub-folders included. */
export function folderNames(folders: readonly PackFolder[]): string[] {
  return folders.flatMap((f) => [f.name, ...folderNames(f.folders ?? [])]);
}

/** The folders' file as it should be: each declared name kept or added (English), the others dropped. */
export function mergeFolders(
  names: readonly string[],
  existing: unknown,
): { file: { entries: Fields }; missing: string[]; dropped: string[] } {
  const old = isRecord(existing) && isRecord(existing.entries) ? existing.entries : {};
  const entries: Fields = {};
  const missing: string[] = [];
  for (const name of names) {
    const kept = old[name];
    if (typeof kept === "string" && kept.trim() !== "") entries[name] = kept;
    else {
      entries[name] = name;
      missing.push(`folder "${name}": no translation`);
    }
  }
  const dropped = Object.keys(old)
    .filter((name) => !names.includes(name))
    .map((name) => `folder "${name}": no such folder any more`);
  return { file: { entries }, missing, dropped };
}

/** Reads, merges and (unless `check`) writes the folders' file; returns its problems. */
function runFolders(root: string, folders: readonly PackFolder[], check: boolean, report: MergeReport): string[] {
  const path = join(root, BABELE_DIR, BABELE_LANG, FOLDERS_FILE);
  const before = existsSync(path) ? readFileSync(path, "utf8") : null;
  const { file, missing, dropped } = mergeFolders(folderNames(folders), before === null ? null : JSON.parse(before));
  const merged = `${JSON.stringify(file, null, 2)}\n`;
  report.untranslated.push(...missing);
  report.dropped.push(...dropped);
  if (!check && before !== merged) {
    mkdirSync(join(path, ".."), { recursive: true });
    writeFileSync(path, merged);
  }
  return before !== null && before !== merged
    ? [`${FOLDERS_FILE}: the file is not up to date (run npm run babele)`]
    : [];
}

/** Runs the merge over every pack; writes the files unless `check`. Returns the problems `--check` fails on. */
export function run(options: { check: boolean; root?: string; sourceRoot?: string }): {
  report: MergeReport;
  problems: string[];
} {
  const root = options.root ?? ROOT;
  const report: MergeReport = { untranslated: [], stale: [], dropped: [], stamped: [] };
  const problems: string[] = [];
  const manifest = manifestPacks(join(root, "system.json"));
  problems.push(...runFolders(root, manifest.packFolders, options.check, report));
  for (const pack of manifest.packs) {
    const path = translationPath(pack.name, root);
    const before = existsSync(path) ? readFileSync(path, "utf8") : null;
    const old: unknown = before === null ? null : JSON.parse(before);
    const english = packEnglish(pack, options.sourceRoot ?? join(root, "packs/_source"));
    const merged = serializeFile(mergeFile(pack, english, old, report));
    if (before === null) problems.push(`${pack.name}: no translation file (${path})`);
    else if (before !== merged) problems.push(`${pack.name}: the file is not up to date (run npm run babele)`);
    // Links lost are not something the merge can mend: they are reported by the checker alone.
    if (old !== null) problems.push(...translationProblems(pack.name, english, old).filter((p) => p.includes(" link")));
    if (!options.check && before !== merged) {
      mkdirSync(join(path, ".."), { recursive: true });
      writeFileSync(path, merged);
    }
  }
  problems.push(...report.untranslated, ...report.stale, ...report.dropped.map((d) => `${d} (dropped)`));
  return { report, problems };
}

function main(): void {
  const check = process.argv.includes("--check");
  const { report, problems } = run({ check });
  const section = (title: string, lines: string[]): void => {
    if (lines.length) console.log(`${title} (${lines.length}):\n${lines.map((l) => `  ${l}`).join("\n")}`);
  };
  section("Untranslated", report.untranslated);
  section("Stale (revise, then delete its _english)", report.stale);
  section(check ? "Would drop" : "Dropped", report.dropped);
  section(check ? "Would stamp" : "Stamped as translated", report.stamped);
  if (problems.length) section(check ? "babele --check failed" : "Still to do", problems);
  if (check && problems.length) process.exit(1);
  if (!problems.length) console.log("Every pack is translated and up to date.");
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
