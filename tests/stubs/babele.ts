/**
 * BABELE STAND-IN — not Babele. The compendium translation module's public registration API and the part
 * of its translation that the system's files rely on, each from Babele's public source
 * (In3luki/fvtt-babele, files under src/module/ at its newest stored commit 68ec1bd):
 *
 * - `babele.init`: Babele fires it with its instance before it loads any translation, and packages register
 *   there (the Nimble system's src/hooks/babeleInit.ts; translation modules'
 *   `Hooks.once('babele.init', babele => babele.register(…))`).
 *   `boot()` plays that: the hook, then `init()`.
 * - `setSystemTranslationsDir(dir)` (babele/babele.ts:88) records the folder; `registerConverters`
 *   (babele.ts:84) merges converters by name.
 * - Loading (storage/loader.ts:42–45, 136–140): the files of `systems/<system id>/<dir>/<core language>/`,
 *   the collection taken from the file name, a file kept only when a pack of that collection exists.
 * - The mapping (mapping/compendium-mapping.ts:11): the file's `mapping` merged over Babele's default for
 *   the pack's document type (babele/values.ts: Item `system.description.value`, Actor
 *   `system.details.biography.value`, JournalEntry `pages` by the `pages` converter, RollTable `results`
 *   by `tableResults`): so a file that names no mapping of its own leaves our fields untouched.
 * - A file whose collection ends in `_packs-folders` is not a pack's: its `entries` (English folder name →
 *   translation) rename the compendium sidebar's folders (babele.ts `#loadTranslations`, `#systemFolders`).
 * - Lookup (translated-compendium/translated-compendium.ts:95): an entry by the document's name, else by
 *   its `_id`.
 * - A mapped field (mapping/field-mapping.ts `translate`): nothing when the source value is empty; with a
 *   converter, `converter(value, entry[field], data, tc, entry)` (even when the entry lacks the field);
 *   else the entry's string. A converter the file names but nobody registered is `null` (field-mapping.ts
 *   constructor), and the field is then taken as a plain string: the stand-in throws instead, so a
 *   missing registration is seen.
 */

type Json = Record<string, unknown>;
export type StandInConverter = (value: unknown, translation: unknown, data: Json, tc: unknown, entry: Json) => unknown;

const isRecord = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** Babele's defaults for the document types our packs hold (babele/values.ts). */
export const DEFAULT_MAPPINGS: Readonly<Record<string, Json>> = {
  Actor: {
    name: "name",
    description: "system.details.biography.value",
    items: { path: "items", converter: "fromPack" },
    tokenName: { path: "prototypeToken.name", converter: "name" },
  },
  Item: { name: "name", description: "system.description.value" },
  JournalEntry: { name: "name", description: "content", pages: { path: "pages", converter: "pages" } },
  RollTable: {
    name: "name",
    description: "description",
    results: { path: "results", converter: "tableResults" },
  },
};

/** A pack as Babele reads its metadata: the collection (`<package>.<pack>`) and its document type. */
export interface PackMetadata {
  collection: string;
  type: string;
}

export interface BabeleWorld {
  systemId: string;
  language: string;
  packs: PackMetadata[];
  /** The JSON files of a folder under Foundry's Data folder, by file name (FilePicker.browse, then fetch). */
  readFolder(path: string): Map<string, unknown>;
}

const getPath = (data: unknown, path: string): unknown =>
  path.split(".").reduce<unknown>((node, part) => (isRecord(node) ? node[part] : undefined), data);

function setPath(data: Json, path: string, value: unknown): Json {
  const parts = path.split(".");
  const out: Json = { ...data };
  let node = out;
  for (const part of parts.slice(0, -1)) {
    const next = isRecord(node[part]) ? { ...node[part] } : {};
    node[part] = next;
    node = next;
  }
  node[parts.at(-1) ?? path] = value;
  return out;
}

export class BabeleStandIn {
  systemTranslationsDir: string | null = null;
  converters: Record<string, StandInConverter> = {
    // Babele's own, present from its constructor (babele.ts registerDefaultConverters); not used by our files.
    fromPack: (value) => value,
    name: (value, translation) => (typeof translation === "string" ? translation : value),
  };
  /** The loaded files, by collection. */
  translations = new Map<string, Json>();
  /** The compendium folders' names, from `*_packs-folders.json`. */
  systemFolders: Record<string, string> = {};

  constructor(private readonly world: BabeleWorld) {}

  setSystemTranslationsDir(dir: string): void {
    this.systemTranslationsDir = dir;
  }

  registerConverters(converters: Record<string, StandInConverter>): void {
    Object.assign(this.converters, converters);
  }

  /** Loads the system's files for the world's language (loader.ts). */
  init(): void {
    if (!this.systemTranslationsDir) return;
    const dir = `systems/${this.world.systemId}/${this.systemTranslationsDir}/${this.world.language}`;
    for (const [file, json] of this.world.readFolder(dir)) {
      if (!file.endsWith(".json") || !isRecord(json)) continue;
      const collection = file.slice(0, -".json".length);
      if (collection.endsWith("_packs-folders") && isRecord(json.entries)) {
        for (const [name, translated] of Object.entries(json.entries))
          if (typeof translated === "string") this.systemFolders[name] = translated;
        continue;
      }
      if (this.world.packs.some((p) => p.collection === collection)) this.translations.set(collection, json);
    }
  }

  /** A pack document's source as Babele hands it to Foundry: translated when its pack's file has its entry. */
  translate(collection: string, data: Json): Json {
    const file = this.translations.get(collection);
    const pack = this.world.packs.find((p) => p.collection === collection);
    if (!file || !pack) return data;
    const entries = isRecord(file.entries) ? file.entries : {};
    const entry = entries[String(data.name)] ?? entries[String(data._id)];
    if (!isRecord(entry)) return data;
    const mapping: Json = { ...(DEFAULT_MAPPINGS[pack.type] ?? {}), ...(isRecord(file.mapping) ? file.mapping : {}) };
    let out: Json = data;
    for (const [field, rule] of Object.entries(mapping)) {
      const path = isRecord(rule) ? String(rule.path) : String(rule);
      const value = getPath(data, path);
      if (!value) continue;
      const translated = isRecord(rule)
        ? this.#convert(String(rule.converter), value, entry[field], data, entry)
        : entry[field];
      if (translated !== undefined && translated !== null && (isRecord(rule) || typeof translated === "string"))
        out = setPath(out, path, translated);
    }
    return {
      ...out,
      flags: { ...(isRecord(out.flags) ? out.flags : {}), babele: { translated: true, originalName: data.name } },
    };
  }

  /** A compendium sidebar folder's name as Babele shows it. */
  folderName(name: string): string {
    return this.systemFolders[name] ?? name;
  }

  #convert(name: string, value: unknown, translation: unknown, data: Json, entry: Json): unknown {
    const converter = this.converters[name];
    if (!converter) throw new Error(`Babele stand-in: no converter "${name}" is registered`);
    return converter(value, translation, data, null, entry);
  }
}

/** What Babele does at start-up: it fires `babele.init` with itself, then loads the translations. */
export function boot(world: BabeleWorld): BabeleStandIn {
  const babele = new BabeleStandIn(world);
  Hooks.callAll("babele.init", babele);
  babele.init();
  return babele;
}
