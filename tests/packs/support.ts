/**
 * Compiles the pack sources with the real CLI into a fresh temporary folder and reads them back with
 * classic-level, plus the checker functions the pack tests use. The checkers return lists of problems
 * (empty = fine) so each can be shown failing on a broken input.
 */
import { createHash } from "node:crypto";
import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  COLLECTIONS,
  compileAll,
  ID_PATTERN,
  manifestPacks,
  readJson,
  readPack,
  ROOT,
  sourceFiles,
  SOURCE_ROOT,
  SYSTEM_ID,
  type PackDeclaration,
} from "../../scripts/packs/lib.ts";
import { CORE, getRuleset, RULESET_IDS, type Ruleset } from "../../src/rules/index.ts";

export type Doc = Record<string, unknown>;

/** The ruleset a pack is for: the prefix of its name (`v062-`, `legacy-`, `degenesis-`), else Core. */
export function packRuleset(name: string): Ruleset {
  const prefix = name.split("-")[0] ?? "";
  const id = RULESET_IDS.find((r) => r === prefix);
  return id ? getRuleset(id) : CORE;
}

export const PACKS = manifestPacks().packs;

export function pack(name: string): PackDeclaration {
  const found = PACKS.find((p) => p.name === name);
  if (!found) throw new Error(`no pack ${name} in system.json`);
  return found;
}

/** A compiled pack: every LevelDB entry by key, and its primary documents (by `sort`) with embedded ones inlined. */
export interface CompiledPack {
  entries: Map<string, Doc>;
  documents: Doc[];
}

/** Inlines embedded documents the way the CLI's extractor does (the stored parent lists ids only). */
function inline(pack: PackDeclaration, key: string, doc: Doc, entries: Map<string, Doc>): Doc {
  const { collection, embedded } = COLLECTIONS[pack.type];
  const id = key.split("!")[2] ?? "";
  const out: Doc = { ...doc };
  for (const field of Object.keys(embedded)) {
    const ids = doc[field];
    if (!Array.isArray(ids)) continue;
    out[field] = ids.map(
      (child) => entries.get(`!${collection}.${field}!${id}.${String(child)}`) ?? { missing: String(child) },
    );
  }
  return out;
}

/** Compiles every declared pack from `sourceRoot` into a new temp folder and reads each back. */
export async function compileToTemp(
  sourceRoot = SOURCE_ROOT,
): Promise<{ dir: string; packs: Map<string, CompiledPack> }> {
  const dir = mkdtempSync(join(tmpdir(), "terran-packs-"));
  await compileAll(dir, sourceRoot);
  const packs = new Map<string, CompiledPack>();
  for (const p of PACKS) {
    const entries = await readPack(join(dir, p.name));
    const primary = `!${COLLECTIONS[p.type].collection}!`;
    const documents = [...entries]
      .filter(([key]) => key.startsWith(primary))
      .map(([key, doc]) => inline(p, key, doc, entries))
      .sort((a, b) => Number(a.sort) - Number(b.sort));
    packs.set(p.name, { entries, documents });
  }
  return { dir, packs };
}

/** A copy of the sources in a temp folder, to break on purpose. */
export function copySources(): string {
  const dir = mkdtempSync(join(tmpdir(), "terran-packsrc-"));
  cpSync(SOURCE_ROOT, dir, { recursive: true });
  return dir;
}

/** The source documents of one pack, by file name. */
export function sources(name: string, root = SOURCE_ROOT): Map<string, Doc> {
  return new Map(sourceFiles(join(root, name)).map((file) => [file, readJson(join(root, name, file)) as Doc]));
}

export const documentTypes = (
  readJson(join(ROOT, "system.json")) as { documentTypes: Record<string, Record<string, unknown>> }
).documentTypes;

export const lang = readJson(join(ROOT, "lang/en.json")) as Record<string, unknown>;

/** `TERRAN.Band.fail` → its English text. */
export function localize(key: string): string {
  let node: unknown = lang;
  for (const part of key.split("."))
    node = typeof node === "object" && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  if (typeof node !== "string") throw new Error(`no English text for ${key}`);
  return node;
}

// ---------------------------------------------------------------------------------------------------
// Checkers
// ---------------------------------------------------------------------------------------------------

/**
 * Source documents the compiled packs lack (the CLI skips a top-level source without `_key` in
 * silence), and compiled entries no source explains. Compares counts per pack and per embedded list.
 */
export function missingFromCompiled(sourceRoot: string, packs: Map<string, CompiledPack>): string[] {
  const problems: string[] = [];
  for (const p of PACKS) {
    const { collection, embedded } = COLLECTIONS[p.type];
    const compiled = packs.get(p.name);
    let expectedEntries = 0;
    for (const [file, doc] of sources(p.name, sourceRoot)) {
      const key = `!${collection}!${String(doc._id)}`;
      expectedEntries += 1;
      if (!compiled?.entries.has(key)) problems.push(`${p.name}/${file}: not in the compiled pack (no _key?)`);
      for (const field of Object.keys(embedded)) {
        const list = doc[field];
        if (!Array.isArray(list)) continue;
        for (const child of list as Doc[]) {
          expectedEntries += 1;
          const childKey = `!${collection}.${field}!${String(doc._id)}.${String(child._id)}`;
          if (!compiled?.entries.has(childKey))
            problems.push(`${p.name}/${file}: embedded ${field} ${String(child._id)} not compiled`);
        }
      }
    }
    const size = compiled?.entries.size ?? 0;
    if (size !== expectedEntries)
      problems.push(`${p.name}: ${size} compiled entries for ${expectedEntries} source documents`);
  }
  return problems;
}

/** Every document and embedded document of the compiled packs, with where it lives. */
export function allDocuments(packs: Map<string, CompiledPack>): { pack: string; key: string; doc: Doc }[] {
  return [...packs].flatMap(([name, compiled]) =>
    [...compiled.entries].map(([key, doc]) => ({ pack: name, key, doc })),
  );
}

/** Ids that are not 16 letters and digits, or that appear twice anywhere in the packs. */
export function idProblems(docs: { pack: string; key: string; doc: Doc }[]): string[] {
  const problems: string[] = [];
  const seen = new Map<string, string>();
  for (const { pack: name, key, doc } of docs) {
    const id = doc._id;
    if (typeof id !== "string" || !ID_PATTERN.test(id)) {
      problems.push(`${name} ${key}: id ${JSON.stringify(id)} is not 16 letters and digits`);
      continue;
    }
    const other = seen.get(id);
    if (other) problems.push(`${name} ${key}: id ${id} is also used by ${other}`);
    seen.set(id, `${name} ${key}`);
    if (!key.endsWith(id)) problems.push(`${name} ${key}: key does not end with the document's id ${id}`);
  }
  return problems;
}

/** Primary documents whose type the manifest does not declare (Actors and Items have subtypes). */
export function typeProblems(packName: string, docs: Doc[], declared = documentTypes): string[] {
  const p = pack(packName);
  if (p.type !== "Actor" && p.type !== "Item") return [];
  const allowed = Object.keys(declared[p.type] ?? {});
  return docs
    .filter((d) => !allowed.includes(String(d.type)))
    .map((d) => `${packName} ${String(d.name)}: type ${String(d.type)} is not in documentTypes.${p.type}`);
}

const UUID_LINK = /@UUID\[([^\]]+)\]/g;

/** Every uuid a document points at: `@UUID[…]` in any string, and table results' `documentUuid`. */
export function uuidsIn(value: unknown, found: string[] = []): string[] {
  if (typeof value === "string") for (const m of value.matchAll(UUID_LINK)) found.push(m[1] ?? "");
  else if (Array.isArray(value)) for (const v of value) uuidsIn(v, found);
  else if (typeof value === "object" && value !== null) {
    for (const [key, v] of Object.entries(value)) {
      if (key === "documentUuid" && typeof v === "string") found.push(v);
      else uuidsIn(v, found);
    }
  }
  return found;
}

/** Documents of the packs, as `Compendium.<system>.<pack>.<Type>.<id>[.<Embedded>.<id>]` uuids. */
export function uuidIndex(packs: Map<string, CompiledPack>): Set<string> {
  const index = new Set<string>();
  for (const [name, compiled] of packs) {
    const p = pack(name);
    const { embedded } = COLLECTIONS[p.type];
    for (const doc of compiled.documents) {
      const uuid = `Compendium.${SYSTEM_ID}.${name}.${p.type}.${String(doc._id)}`;
      index.add(uuid);
      for (const [field, documentName] of Object.entries(embedded)) {
        const list = doc[field];
        if (Array.isArray(list))
          for (const child of list as Doc[]) index.add(`${uuid}.${documentName}.${String(child._id)}`);
      }
    }
  }
  return index;
}

/** Links that point at nothing inside the system's packs (or outside them). */
export function unresolvedLinks(packs: Map<string, CompiledPack>): string[] {
  const index = uuidIndex(packs);
  const problems: string[] = [];
  for (const [name, compiled] of packs) {
    for (const doc of compiled.documents) {
      for (const uuid of uuidsIn(doc))
        if (!index.has(uuid)) problems.push(`${name} ${String(doc.name)}: ${uuid} resolves to nothing in the packs`);
    }
  }
  return problems;
}

/** Lower-case words of a text with its HTML, entities, links' uuids and punctuation removed. */
export function words(raw: string): string[] {
  return raw
    .replace(/@UUID\[[^\]]*\]/g, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&[a-z]+;/g, " ")
    .replace(/\$[^$]*\$/g, (m) => m.replace(/[${}\\]/g, ""))
    .toLowerCase()
    .replace(/[’']/g, "'")
    .split(/[^a-z0-9']+/)
    .filter(Boolean);
}

/** Runs of `n` consecutive words a text shares with the reference (each reported once). */
export function sharedRuns(candidate: string, reference: string, n = 8): string[] {
  const ref = words(reference);
  const runs = new Set<string>();
  for (let i = 0; i + n <= ref.length; i++) runs.add(ref.slice(i, i + n).join(" "));
  const cand = words(candidate);
  const shared = new Set<string>();
  for (let i = 0; i + n <= cand.length; i++) {
    const run = cand.slice(i, i + n).join(" ");
    if (runs.has(run)) shared.add(run);
  }
  return [...shared];
}

/**
 * A run of words as a 48-bit hash (12 hex digits of SHA-1): the fingerprint of the seeds keeps only
 * these, never the prose, so the check runs in a clone without the seeds. A false match is about one
 * in 10^6 over all the packs' runs.
 */
export function runHash(run: string): string {
  return createHash("sha1").update(run).digest("hex").slice(0, 12);
}

/** Every run of `n` words of `text`, hashed. */
export function runHashes(text: string, n = 8): Set<string> {
  const w = words(text);
  const out = new Set<string>();
  for (let i = 0; i + n <= w.length; i++) out.add(runHash(w.slice(i, i + n).join(" ")));
  return out;
}

/** Every string of a document (names, descriptions, page contents, results, notes). */
export function strings(value: unknown, found: string[] = []): string[] {
  if (typeof value === "string") found.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, found);
  else if (typeof value === "object" && value !== null) for (const v of Object.values(value)) strings(v, found);
  return found;
}
