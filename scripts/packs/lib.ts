/**
 * The compendium pipeline: the packs `system.json` declares, their JSON sources in
 * `packs/_source/<pack>/`, compiling them to LevelDB with the official `@foundryvtt/foundryvtt-cli`,
 * reading a compiled pack back with `classic-level`, and extracting it to clean sources again.
 *
 * The CLI has two silent traps (see the research notes): a top-level source without `_key` is skipped
 * without a word, and an embedded document without `_key` throws mid-compile and leaves the database
 * open. `sourceProblems` finds both (and keys that do not match their document) before the CLI runs,
 * so `compileAll` refuses a broken source instead of shipping a pack with a document missing.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { compilePack, extractPack, type PackEntry } from "@foundryvtt/foundryvtt-cli";
import { ClassicLevel } from "classic-level";

export const ROOT = resolve(import.meta.dirname, "../..");
export const SOURCE_ROOT = join(ROOT, "packs/_source");
export const SYSTEM_ID = "terran-engine";

/** A pack as `system.json` declares it. */
export interface PackDeclaration {
  name: string;
  label: string;
  path: string;
  type: PackDocumentType;
  ownership?: Record<string, string>;
}

export interface PackFolder {
  name: string;
  sorting?: string;
  color?: string;
  packs: string[];
  folders?: PackFolder[];
}

export type PackDocumentType = "Item" | "Actor" | "RollTable" | "JournalEntry";

/** The LevelDB collection of each primary document type, and its embedded collections. */
export const COLLECTIONS: Readonly<
  Record<PackDocumentType, { collection: string; embedded: Readonly<Record<string, string>> }>
> = {
  Item: { collection: "items", embedded: { effects: "ActiveEffect" } },
  Actor: { collection: "actors", embedded: { items: "Item", effects: "ActiveEffect" } },
  RollTable: { collection: "tables", embedded: { results: "TableResult" } },
  JournalEntry: { collection: "journal", embedded: { pages: "JournalEntryPage", categories: "JournalEntryCategory" } },
};

export function isPackDocumentType(type: string): type is PackDocumentType {
  return Object.hasOwn(COLLECTIONS, type);
}

export function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, "utf8"));
}

/** The packs and pack folders `system.json` declares (a pack of a document type we do not ship throws). */
export function manifestPacks(manifestFile = join(ROOT, "system.json")): {
  packs: PackDeclaration[];
  packFolders: PackFolder[];
} {
  const manifest = readJson(manifestFile) as {
    packs?: (Omit<PackDeclaration, "type"> & { type: string })[];
    packFolders?: PackFolder[];
  };
  const packs = (manifest.packs ?? []).map((pack) => {
    const type = pack.type;
    if (!isPackDocumentType(type))
      throw new Error(`system.json: pack ${pack.name} has type ${type}, which this system does not ship`);
    return { ...pack, type };
  });
  return { packs, packFolders: manifest.packFolders ?? [] };
}

/** A 16-character alphanumeric id derived from stable names (`stableId("core-advancements", "fast")`). */
export function stableId(...parts: string[]): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  const digest = createHash("sha256").update(parts.join("\u0000")).digest();
  return Array.from(digest.subarray(0, 16), (byte) => alphabet[byte % alphabet.length]).join("");
}

export const ID_PATTERN = /^[A-Za-z0-9]{16}$/;

/** "Fear-Driven Vigilance" → "fear-driven-vigilance". */
export function slugify(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return slug || "document";
}

/** The stable file name of a source document: slug of its name and its id. */
export function sourceFileName(entry: PackEntry): string {
  const name = typeof entry.name === "string" ? entry.name : "";
  return `${slugify(name)}_${String(entry._id)}.json`;
}

/** How the sources and the extractor write JSON (the CLI's own format: two spaces, final newline). */
export function serialize(entry: unknown): string {
  return `${JSON.stringify(entry, null, 2)}\n`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A source document and its embedded documents, each with the key it must carry. */
export interface KeyedDocument {
  /** Where it was found, for messages: `file.json` or `file.json › pages[2]`. */
  where: string;
  doc: Record<string, unknown>;
  expectedKey: string;
  documentName: string;
}

/** The document and every embedded document in it, with the `_key` each must have. */
export function keyedDocuments(type: PackDocumentType, doc: Record<string, unknown>, where: string): KeyedDocument[] {
  const { collection, embedded } = COLLECTIONS[type];
  const id = String(doc._id);
  const out: KeyedDocument[] = [{ where, doc, expectedKey: `!${collection}!${id}`, documentName: type }];
  for (const [field, documentName] of Object.entries(embedded)) {
    const list = doc[field];
    if (!Array.isArray(list)) continue;
    list.forEach((child: unknown, index) => {
      const at = `${where} › ${field}[${index}]`;
      if (!isRecord(child)) {
        out.push({ where: at, doc: {}, expectedKey: "(an embedded document object)", documentName });
        return;
      }
      out.push({
        where: at,
        doc: child,
        expectedKey: `!${collection}.${field}!${id}.${String(child._id)}`,
        documentName,
      });
    });
  }
  return out;
}

/** The JSON source files of one pack folder, sorted. */
export function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort();
}

/**
 * Everything that would make the CLI skip, throw on, or mis-file a source: unreadable JSON, a missing
 * or wrong `_key` (top-level or embedded), an id that is not 16 alphanumeric characters, a file name
 * that is not `<slug>_<id>.json`, files that are not JSON. An empty list means the pack compiles whole.
 */
export function sourceProblems(dir: string, type: PackDocumentType): string[] {
  const problems: string[] = [];
  if (!existsSync(dir)) return [`${dir}: no source folder`];
  for (const name of readdirSync(dir)) {
    if (!name.endsWith(".json")) problems.push(`${name}: not a .json source (the compiler would ignore it)`);
  }
  for (const file of sourceFiles(dir)) {
    let doc: unknown;
    try {
      doc = readJson(join(dir, file));
    } catch (error) {
      problems.push(`${file}: not valid JSON (${String(error)})`);
      continue;
    }
    if (!isRecord(doc)) {
      problems.push(`${file}: not a JSON object`);
      continue;
    }
    for (const { where, doc: d, expectedKey } of keyedDocuments(type, doc, file)) {
      const id = d._id;
      if (typeof id !== "string" || !ID_PATTERN.test(id))
        problems.push(`${where}: _id ${JSON.stringify(id)} is not 16 letters and digits`);
      if (d._key === undefined) problems.push(`${where}: no _key (expected "${expectedKey}")`);
      else if (d._key !== expectedKey)
        problems.push(`${where}: _key ${JSON.stringify(d._key)} should be "${expectedKey}"`);
    }
    if (file !== sourceFileName(doc)) problems.push(`${file}: should be named ${sourceFileName(doc)}`);
  }
  return problems;
}

export class PackSourceError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`The pack sources have problems:\n  ${problems.join("\n  ")}`);
    this.name = "PackSourceError";
  }
}

/**
 * Compiles every declared pack from `sourceRoot/<name>` into `destRoot/<name>` (each destination is
 * emptied first). Checks every source first and compiles nothing when any has a problem.
 */
export async function compileAll(
  destRoot: string,
  sourceRoot = SOURCE_ROOT,
  packs = manifestPacks().packs,
): Promise<void> {
  const problems: string[] = [];
  for (const pack of packs)
    problems.push(...sourceProblems(join(sourceRoot, pack.name), pack.type).map((p) => `${pack.name}/${p}`));
  if (existsSync(sourceRoot)) {
    const declared = new Set(packs.map((p) => p.name));
    for (const dir of readdirSync(sourceRoot))
      if (!declared.has(dir)) problems.push(`${dir}: a source folder no pack in system.json uses`);
  }
  if (problems.length > 0) throw new PackSourceError(problems);
  for (const pack of packs) {
    const dest = join(destRoot, pack.name);
    rmSync(dest, { recursive: true, force: true });
    mkdirSync(dest, { recursive: true });
    await compilePack(join(sourceRoot, pack.name), dest, { log: false });
  }
}

/** Every entry of a compiled LevelDB pack, by key (`!items!<id>`, `!tables.results!<id>.<id>`…). */
export async function readPack(dir: string): Promise<Map<string, Record<string, unknown>>> {
  const db = new ClassicLevel<string, Record<string, unknown>>(dir, {
    keyEncoding: "utf8",
    valueEncoding: "json",
    createIfMissing: false,
  });
  const entries = new Map<string, Record<string, unknown>>();
  try {
    for await (const [key, value] of db.iterator()) entries.set(key, value);
  } finally {
    await db.close();
  }
  return entries;
}

/** Fields Foundry writes that say nothing about the content: never kept in the sources. */
const NOISE = ["_stats"] as const;

/**
 * Strips what Foundry adds when a document is edited in a world: `_stats` (everywhere), per-user
 * ownership (only `default` stays), and the legacy `flags.core.sourceId`. Changes `entry` in place.
 */
export function cleanEntry(entry: Record<string, unknown>, type?: string): void {
  for (const key of NOISE) delete entry[key];
  const ownership = entry.ownership;
  if (isRecord(ownership)) {
    for (const user of Object.keys(ownership)) if (user !== "default") delete ownership[user];
  }
  const flags = entry.flags;
  if (isRecord(flags) && isRecord(flags.core)) {
    delete flags.core.sourceId;
    if (Object.keys(flags.core).length === 0) delete flags.core;
  }
  const embedded = type && isPackDocumentType(type) ? COLLECTIONS[type].embedded : {};
  for (const [field, documentName] of Object.entries(embedded)) {
    const list = entry[field];
    if (Array.isArray(list)) for (const child of list) if (isRecord(child)) cleanEntry(child, documentName);
  }
}

/**
 * Extracts every declared pack from `fromRoot/<name>` into `sourceRoot/<name>` as clean sources:
 * no `_stats`, stable file names (`<slug>_<id>.json`), `_key` kept. The folder is replaced.
 */
export async function extractAll(
  fromRoot: string,
  sourceRoot = SOURCE_ROOT,
  packs = manifestPacks().packs,
): Promise<void> {
  for (const pack of packs) {
    const from = join(fromRoot, pack.name);
    if (!existsSync(from)) throw new Error(`${from}: no compiled pack to extract (run npm run build first)`);
    await extractPack(from, join(sourceRoot, pack.name), {
      clean: true,
      log: false,
      transformEntry: (entry) => {
        cleanEntry(entry, pack.type);
        return undefined;
      },
      transformName: (entry) => sourceFileName(entry),
    });
  }
}
