/**
 * BABELE STAND-IN — not Babele. The Babele a table installs from Foundry's package list for v13: 2.7.x
 * (riccisi/foundryvtt-babele, published on GitLab; read here as released, version 2.7.7 verified 13.351,
 * in SneakyFriday/foundry-data Data/modules/babele/ at 2d8fafcb). Each behaviour cites its file and line
 * under `script/` there. Its 2.9.1 rewrite (module.json `verified: "14"`, same repository at 9eab9d47)
 * keeps what is modelled here (see the README's modules section).
 *
 * - Start-up: `init` makes `game.babele` and fires `babele.init` with it (babele.js 14–21); `ready` loads
 *   the translations, lets a GM share the file list, translates each pack's index and the world's
 *   folders, then fires `babele.ready` (babele.js 23–40). `boot()` plays one client's start.
 * - `setSystemTranslationsDir` (206–208), `registerConverters` (175–177, merged), `register` (167–169).
 * - The files a client reads (#getTranslationsFiles, 545–582): a user who may not browse files (a player:
 *   `FILES_BROWSE` and `isGM`, 635–640) reads the list a GM's client shared (552; the world setting
 *   `babele.translationFiles`, settings.js 44–49, written by `shareTranslationFiles`, 527–532). A GM browses
 *   `systems/<id>/<dir>/<core.language>` (555, 565–567): the list is built from the GM's language, and a
 *   folder that does not exist gives no files (571–574).
 * - Loading (284–365): a pack's file is the listed file named `<collection>.json`, whatever folder it is
 *   in (327–334); several such files merge (303–318). A `*_packs-folders.json` file is a pseudo-pack of
 *   type Folder (336–342, 253–263, 584–593).
 * - A pack's file: its `label` replaces the pack's label (translated-compendium.js 13–15); `entries` is an
 *   object or a list with `id` (23–31); its `mapping` is merged over Babele's default for the type into a
 *   copy (compendium-mapping.js 28, `inplace: false`; Babele 2.5.5 merged into the default itself).
 * - Lookup (translated-compendium.js 65–72): the entry of the document's `_id`, else its name, else the
 *   id of its compendium source.
 * - A field (field-mapping.js 31–58): nothing when the source value is undefined or null; otherwise a
 *   converter gets `(value, entry[field], data, tc, entry)` and a plain field takes `entry[field]` even
 *   when the English source is empty text; whatever is truthy is written. A converter the file names
 *   but nobody registered is undefined (line 15) and the field is then taken as plain: the stand-in
 *   throws instead, so a missing registration is seen.
 * - A pack with a converter field is translated even without an entry (babele.js 408, `isDynamic`).
 *   Babele's own converters our packs meet: `fromPack` (converters.js 14–19, 37–59), `name` (66–70),
 *   `nameCollection` (72–87).
 * - The pack index a sidebar lists is translated in place (translateIndex, 374–385).
 * - `_packs-folders` names rename EVERY folder of the world whose name matches, of any type
 *   (translateSystemPackFolders, 513–525), in memory, on each client that loads the file.
 */
import { mergeDeep } from "./json.ts";

/** Babele's own hooks, which Foundry's hook typings do not name. */
const callAll = (hook: string, ...args: unknown[]): unknown =>
  (Hooks.callAll as (hook: string, ...args: unknown[]) => unknown)(hook, ...args);

type Json = Record<string, unknown>;
export type StandInConverter = (value: unknown, translation: unknown, data: Json, tc: unknown, entry: Json) => unknown;

const isRecord = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** Babele's defaults for the document types our packs hold (default-mappings.js 44–100). */
export const DEFAULT_MAPPINGS: Readonly<Record<string, Json>> = {
  Actor: {
    name: "name",
    description: "system.details.biography.value",
    items: { path: "items", converter: "fromPack" },
    tokenName: { path: "prototypeToken.name", converter: "name" },
  },
  Folder: {},
  Item: { name: "name", description: "system.description.value" },
  JournalEntry: {
    name: "name",
    description: "content",
    categories: { path: "categories", converter: "nameCollection" },
    pages: { path: "pages", converter: "pages" },
  },
  RollTable: {
    name: "name",
    description: "description",
    results: { path: "results", converter: "tableResults" },
  },
};

/** The document types Babele translates (babele.js 109–111, checked by `supported`, 198–200). */
const SUPPORTED = [
  "Adventure",
  "Actor",
  "Cards",
  "Folder",
  "Item",
  "JournalEntry",
  "Macro",
  "Playlist",
  "RollTable",
  "Scene",
];

/** A pack as `game.data.packs` holds its metadata. */
export interface PackMetadata {
  packageType: "system" | "module" | "world";
  packageName: string;
  name: string;
  type: string;
  label: string;
}

/** A folder of the world (`game.collections.get("Folder")`): a GM's own, or one made from `packFolders`. */
export interface FolderStub {
  name: string;
  type: string;
}

/** What every client of one world shares: its packs and folders, the files served, Babele's world setting. */
export interface BabeleTable {
  systemId: string;
  packs: readonly PackMetadata[];
  folders: readonly FolderStub[];
  /** The JSON files of a folder under Foundry's Data folder, by file name; null when there is no folder. */
  readFolder(path: string): Map<string, unknown> | null;
  /** The world setting `babele.translationFiles` (settings.js 44–49). */
  translationFiles: string[];
}

/** One user's client: its `core.language`, and whether it may browse files (a GM, by default). */
export interface BabeleClient {
  language: string;
  isGM: boolean;
  filesBrowse?: boolean;
}

const getPath = (data: unknown, path: string): unknown =>
  path.split(".").reduce<unknown>((node, part) => (isRecord(node) ? node[part] : undefined), data);

function nested(path: string, value: unknown): Json {
  return path
    .split(".")
    .reverse()
    .reduce<unknown>((inner, part) => ({ [part]: inner }), value) as Json;
}

const sourceIdOf = (data: Json): string | undefined => {
  const stats = isRecord(data._stats) ? data._stats : {};
  const flags = isRecord(data.flags) && isRecord(data.flags.core) ? data.flags.core : {};
  const uuid = flags.sourceId ?? stats.compendiumSource;
  return typeof uuid === "string" ? uuid.split(".").at(-1) : undefined;
};

/** A mapping rule's path: a plain path, or a converter rule's `path` (field-mapping.js 13–21). */
const pathOf = (rule: unknown): string =>
  isRecord(rule) && typeof rule.path === "string" ? rule.path : typeof rule === "string" ? rule : "";

/** A pack with its file (translated-compendium.js). */
export class TranslatedCompendiumStub {
  readonly translations: Json;
  readonly mapping: Json;

  constructor(
    readonly metadata: PackMetadata,
    file: Json,
    readonly babele: BabeleStandIn,
  ) {
    // Lines 13–15: the file's label replaces the pack's.
    if (typeof file.label === "string") metadata.label = file.label;
    const entries = file.entries;
    this.translations = Array.isArray(entries)
      ? Object.fromEntries((entries as Json[]).map((e) => [String(e.id), e]))
      : isRecord(entries)
        ? entries
        : {};
    // compendium-mapping.js 28: the file's mapping over the default, into a copy.
    this.mapping = { ...(DEFAULT_MAPPINGS[metadata.type] ?? {}), ...(isRecord(file.mapping) ? file.mapping : {}) };
  }

  translationsFor(data: Json): Json {
    const found = this.translations[String(data._id)] ?? this.translations[String(data.name)];
    const bySource = sourceIdOf(data);
    const entry = found ?? (bySource ? this.translations[bySource] : undefined);
    return isRecord(entry) ? entry : {};
  }

  hasTranslation(data: Json): boolean {
    return Object.keys(this.translationsFor(data)).length > 0;
  }

  isDynamic(): boolean {
    return Object.values(this.mapping).some(isRecord);
  }

  /** field-mapping.js `translate` (49–58) for one mapped field. */
  translateField(field: string, data: Json): unknown {
    const rule = this.mapping[field];
    if (rule === undefined) return undefined;
    const value = getPath(data, pathOf(rule));
    if (value === undefined || value === null) return value;
    const entry = this.translationsFor(data);
    if (!isRecord(rule)) return entry[field];
    const converter = this.babele.converters[String(rule.converter)];
    if (!converter) throw new Error(`Babele stand-in: no converter "${String(rule.converter)}" is registered`);
    return converter(value, entry[field], data, this, entry);
  }

  /** translated-compendium.js `translate` (138–183): the mapped fields that came out truthy, merged over the data. */
  translate(data: Json): Json {
    if (data.translated === true) return data;
    let translated: Json = {};
    for (const [field, rule] of Object.entries(this.mapping)) {
      const value = this.translateField(field, data);
      if (value) translated = mergeDeep(translated, nested(pathOf(rule), value));
    }
    const marks = { translated: true, hasTranslation: this.hasTranslation(data), originalName: data.name };
    return mergeDeep(data, mergeDeep(translated, { ...marks, flags: { babele: marks } }));
  }
}

export class BabeleStandIn {
  systemTranslationsDir: string | null = null;
  readonly modules: { module: string; lang: string; dir: string }[] = [];
  converters: Record<string, StandInConverter> = {};
  /** The files this client read its translations from. */
  files: string[] = [];
  /** The packs (and folder pseudo-packs) with a file, by collection. */
  readonly packs = new Map<string, TranslatedCompendiumStub>();
  /** This client's copies: pack metadata (labels) and world folders (names), changed in memory only. */
  readonly metadata: PackMetadata[];
  readonly folders: FolderStub[];

  constructor(
    readonly table: BabeleTable,
    readonly client: BabeleClient,
  ) {
    this.metadata = table.packs.map((p) => ({ ...p }));
    this.folders = table.folders.map((f) => ({ ...f }));
    // babele.js 141–161: Babele's own converters (those our packs meet).
    this.registerConverters({
      fromPack: (items, translation) => this.#fromPack(items, translation),
      name: (_value, _translation, data, tc) => (tc as TranslatedCompendiumStub).translateField("name", data),
      nameCollection: (collection, translation) => nameCollection(collection, translation),
    });
  }

  register(module: { module: string; lang: string; dir: string }): void {
    this.modules.push(module);
  }
  setSystemTranslationsDir(dir: string): void {
    this.systemTranslationsDir = dir;
  }
  registerConverters(converters: Record<string, StandInConverter>): void {
    this.converters = { ...this.converters, ...converters };
  }

  /** babele.js 393–396. */
  isTranslated(collection: string): boolean {
    return this.packs.has(collection);
  }

  /** babele.js 406–412: a document of `collection` as Babele hands it to Foundry. */
  translate(collection: string, data: Json): Json {
    const tc = this.packs.get(collection);
    if (!tc || !(tc.hasTranslation(data) || tc.isDynamic())) return data;
    return tc.translate(data);
  }

  /** babele.js 374–385: the pack's index entries, translated. */
  translateIndex(collection: string, index: readonly Json[]): Json[] {
    return index.map((entry) => this.translate(collection, entry));
  }

  /** The pack's label as this client shows it. */
  packLabel(collection: string): string | undefined {
    return this.metadata.find((m) => `${m.packageName}.${m.name}` === collection)?.label;
  }

  /** What the `ready` hook does (babele.js 23–40), on this client. */
  async ready(): Promise<void> {
    this.files = this.#translationFiles();
    this.#load();
    // shareTranslationFiles, 527–532: a GM's client writes the list every player then reads.
    if (this.client.isGM) this.table.translationFiles = [...this.files];
    this.#translateSystemPackFolders();
    callAll("babele.ready");
    await Promise.resolve();
  }

  #canIndexFiles(): boolean {
    return this.client.isGM && this.client.filesBrowse !== false;
  }

  /** #getTranslationsFiles (545–582). */
  #translationFiles(): string[] {
    if (!this.#canIndexFiles()) return [...this.table.translationFiles];
    const lang = this.client.language;
    const dirs = this.modules.filter((m) => m.lang === lang).map((m) => `modules/${m.module}/${m.dir}`);
    if (this.systemTranslationsDir) dirs.push(`systems/${this.table.systemId}/${this.systemTranslationsDir}/${lang}`);
    return dirs.flatMap((dir) => [...(this.table.readFolder(dir)?.keys() ?? [])].map((file) => `${dir}/${file}`));
  }

  #fetch(url: string): unknown {
    const at = url.lastIndexOf("/");
    return this.table.readFolder(url.slice(0, at))?.get(url.slice(at + 1));
  }

  /** loadTranslations (284–365) and init (216–271): each pack's files by name, merged; then the folder files. */
  #load(): void {
    const named = (collection: string) => this.files.filter((f) => f.split("/").pop() === `${collection}.json`);
    const merged = (urls: string[]): Json | null =>
      urls
        .map((url) => this.#fetch(url))
        .filter(isRecord)
        .reduce<Json | null>((into, t) => (into ? mergeFile(into, t) : t), null);
    for (const metadata of this.metadata) {
      const collection = `${metadata.packageType === "world" ? "world" : metadata.packageName}.${metadata.name}`;
      const file = merged(named(collection));
      if (file && SUPPORTED.includes(metadata.type))
        this.packs.set(collection, new TranslatedCompendiumStub(metadata, file, this));
    }
    for (const url of this.files.filter((f) => f.endsWith("_packs-folders.json"))) {
      const [packageName = "", name = ""] = (url.split("/").pop() ?? "").split(".");
      const file = merged([url]);
      const metadata: PackMetadata = { packageType: "system", packageName, name, type: "Folder", label: "" };
      if (file) this.packs.set(`${packageName}.${name}`, new TranslatedCompendiumStub(metadata, file, this));
    }
  }

  /** translateSystemPackFolders (513–525): every world folder whose name a `_packs-folders` file names. */
  #translateSystemPackFolders(): void {
    if (this.folders.length === 0) return;
    const names: Json = {};
    for (const tc of this.packs.values())
      if (tc.metadata.name === "_packs-folders") Object.assign(names, tc.translations);
    for (const folder of this.folders) {
      const renamed = names[folder.name];
      if (typeof renamed === "string") folder.name = renamed;
    }
  }

  /** converters.js `_fromPack` (37–59): an embedded document, by its entry or by any pack that has its translation. */
  #fromPack(items: unknown, translation: unknown): unknown {
    if (!Array.isArray(items)) return items;
    return items.map((data: unknown) => {
      if (!isRecord(data)) return data;
      const own = isRecord(translation) ? (translation[String(data._id)] ?? translation[String(data.name)]) : undefined;
      // Lines 48–52 map an entry's own `items` with the Item defaults: our files give none.
      if (own !== undefined) throw new Error("Babele stand-in: an entry's own `items` are not modelled");
      const pack = [...this.packs.values()].find((p) => p.hasTranslation(data));
      return pack ? pack.translate(data) : data;
    });
  }
}

/** loadTranslations 306–313: a later file's label, entries and mapping over the earlier one's. */
function mergeFile(into: Json, file: Json): Json {
  return {
    ...into,
    label: file.label ?? into.label,
    entries: { ...(isRecord(into.entries) ? into.entries : {}), ...(isRecord(file.entries) ? file.entries : {}) },
    mapping: { ...(isRecord(into.mapping) ? into.mapping : {}), ...(isRecord(file.mapping) ? file.mapping : {}) },
  };
}

/** converters.js `fieldCollection("name")` (72–87). */
function nameCollection(collection: unknown, translation: unknown): unknown {
  if (!isRecord(translation) || !Array.isArray(collection)) return collection;
  return collection.map((data: unknown) => {
    if (!isRecord(data)) return data;
    const name = translation[String(data.name)];
    return name ? { ...data, name, translated: true } : data;
  });
}

/**
 * One client's start with Babele active: `init` (`game.babele`, then `babele.init`, where the system
 * registers), then `ready`.
 */
export async function boot(table: BabeleTable, client: BabeleClient): Promise<BabeleStandIn> {
  const babele = new BabeleStandIn(table, client);
  Reflect.set(Reflect.get(globalThis, "game") as object, "babele", babele);
  callAll("babele.init", babele);
  await babele.ready();
  return babele;
}
