/**
 * `npm run lang:diff [-- <lang>] [--json] [--fill <file.json>]`: what a translation (pt-BR by
 * default) lacks against lang/en.json. Prints each key missing from it with its English, each key it
 * has that English no longer has, and each key whose `{placeholders}` or HTML tags differ. `--json`
 * prints the missing keys as a nested JSON object (English values) ready to translate. `--fill` takes
 * such an object, translated, and rewrites lang/<lang>.json in en.json's order with its strings added
 * (a string of the file replaces the one there; keys English does not have are dropped and listed).
 * Exits 1 when anything still differs, so it can gate CI as the key test (tests/guards/lang.test.ts) does.
 *
 * The comparison itself is exported: the key test runs it for every language system.json lists.
 * Translate new keys with the game's glossary (docs/glossary-pt-BR.md for pt-BR).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const ROOT = resolve(import.meta.dirname, "..");

/**
 * A language file's strings by dotted key, in file order; a key whose value is not a string or an object is reported.
 */
export function flattenLanguage(
  tree: unknown,
  prefix = "",
  out = new Map<string, string>(),
  malformed: string[] = [],
): { strings: Map<string, string>; malformed: string[] } {
  if (typeof tree !== "object" || tree === null || Array.isArray(tree)) {
    malformed.push(prefix || "(root)");
    return { strings: out, malformed };
  }
  for (const [key, value] of Object.entries(tree as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else if (typeof value === "object" && value !== null && !Array.isArray(value))
      flattenLanguage(value, path, out, malformed);
    else malformed.push(path);
  }
  return { strings: out, malformed };
}

/** The `{name}` placeholders of a string, sorted (Foundry's `game.i18n.format` fills these). */
export function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? "").sort();
}

/** The HTML tags of a string (opening and closing, by name), sorted: a translation keeps the markup. */
export function htmlTags(text: string): string[] {
  return [...text.matchAll(/<\/?([a-zA-Z][\w-]*)\b[^>]*>/g)]
    .map((m) => `${m[0].startsWith("</") ? "/" : ""}${(m[1] ?? "").toLowerCase()}`)
    .sort();
}

export interface LanguageDiff {
  /** Keys of English the translation lacks (or holds as something other than a string), with the English. */
  readonly missing: readonly { readonly key: string; readonly english: string }[];
  /** Keys of the translation English does not have. */
  readonly extra: readonly string[];
  /** Keys whose placeholders differ. */
  readonly placeholders: readonly {
    readonly key: string;
    readonly english: readonly string[];
    readonly translated: readonly string[];
  }[];
  /** Keys whose HTML tags differ. */
  readonly tags: readonly {
    readonly key: string;
    readonly english: readonly string[];
    readonly translated: readonly string[];
  }[];
  /** Keys whose value is neither a string nor a group, or an empty translation. */
  readonly malformed: readonly string[];
}

const same = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/** Compares a translation's tree with English's. */
export function diffLanguages(english: unknown, translated: unknown): LanguageDiff {
  const en = flattenLanguage(english);
  const tr = flattenLanguage(translated);
  const missing: { key: string; english: string }[] = [];
  const holes: LanguageDiff["placeholders"][number][] = [];
  const tags: LanguageDiff["tags"][number][] = [];
  const malformed = [...en.malformed.map((k) => `en: ${k}`), ...tr.malformed];
  for (const [key, text] of en.strings) {
    const other = tr.strings.get(key);
    if (other === undefined) {
      missing.push({ key, english: text });
      continue;
    }
    if (other.trim() === "" && text.trim() !== "") malformed.push(key);
    if (!same(placeholders(text), placeholders(other)))
      holes.push({ key, english: placeholders(text), translated: placeholders(other) });
    if (!same(htmlTags(text), htmlTags(other)))
      tags.push({ key, english: htmlTags(text), translated: htmlTags(other) });
  }
  const extra = [...tr.strings.keys()].filter((k) => !en.strings.has(k));
  return { missing, extra, placeholders: holes, tags, malformed };
}

/** True when the translation matches English key for key. */
export function isComplete(diff: LanguageDiff): boolean {
  return (
    !diff.missing.length &&
    !diff.extra.length &&
    !diff.placeholders.length &&
    !diff.tags.length &&
    !diff.malformed.length
  );
}

/** The diff as lines a person reads (empty when complete). */
export function describeDiff(lang: string, diff: LanguageDiff): string[] {
  const lines: string[] = [];
  if (diff.missing.length) {
    lines.push(`${diff.missing.length} key(s) missing from ${lang}:`);
    for (const m of diff.missing) lines.push(`  ${m.key} = ${JSON.stringify(m.english)}`);
  }
  if (diff.extra.length) {
    lines.push(`${diff.extra.length} key(s) in ${lang} that en.json no longer has:`);
    for (const k of diff.extra) lines.push(`  ${k}`);
  }
  if (diff.placeholders.length) {
    lines.push(`${diff.placeholders.length} key(s) whose {placeholders} differ:`);
    for (const p of diff.placeholders)
      lines.push(`  ${p.key}: en {${p.english.join("}, {")}} vs ${lang} {${p.translated.join("}, {")}}`);
  }
  if (diff.tags.length) {
    lines.push(`${diff.tags.length} key(s) whose HTML tags differ:`);
    for (const t of diff.tags)
      lines.push(`  ${t.key}: en <${t.english.join("> <")}> vs ${lang} <${t.translated.join("> <")}>`);
  }
  if (diff.malformed.length) {
    lines.push(`${diff.malformed.length} key(s) that are empty or not strings:`);
    for (const k of diff.malformed) lines.push(`  ${k}`);
  }
  return lines;
}

/** The missing keys as a nested object holding their English, in en.json's order (to translate and paste in). */
export function missingSkeleton(diff: LanguageDiff): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const { key, english } of diff.missing) {
    const parts = key.split(".");
    const last = parts.pop() ?? key;
    let node = root;
    for (const part of parts) {
      const next = node[part];
      if (typeof next === "object" && next !== null) node = next as Record<string, unknown>;
      else node = node[part] = {};
    }
    node[last] = english;
  }
  return root;
}

export interface Filled {
  /** The translation rebuilt in English's key order. */
  readonly tree: Record<string, unknown>;
  /** Keys whose string came from the fill. */
  readonly filled: readonly string[];
  /** Keys of the translation or the fill that English does not have (left out). */
  readonly dropped: readonly string[];
}

/**
 * The translation rebuilt in English's order: each English key takes the fill's string, else the
 * translation's; a key neither has stays missing (lang:diff lists it). Pure: nothing is written here.
 */
export function fillTranslation(english: unknown, translated: unknown, fill: unknown): Filled {
  const en = flattenLanguage(english).strings;
  const current = flattenLanguage(translated).strings;
  const extra = flattenLanguage(fill).strings;
  const missing = [...en.keys()].map((key) => ({ key, english: "" }));
  const tree = missingSkeleton({ missing, extra: [], placeholders: [], tags: [], malformed: [] });
  const filled: string[] = [];
  const prune = (node: Record<string, unknown>, prefix: string): void => {
    for (const [key, value] of Object.entries(node)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (typeof value === "object" && value !== null) {
        prune(value as Record<string, unknown>, path);
        if (Object.keys(value).length === 0) Reflect.deleteProperty(node, key);
        continue;
      }
      const text = extra.get(path) ?? current.get(path);
      if (extra.has(path)) filled.push(path);
      if (text === undefined) Reflect.deleteProperty(node, key);
      else node[key] = text;
    }
  };
  prune(tree, "");
  const dropped = [...new Set([...current.keys(), ...extra.keys()])].filter((k) => !en.has(k));
  return { tree, filled, dropped };
}

/** Reads lang/<lang>.json. */
export function readLanguage(lang: string): unknown {
  return JSON.parse(readFileSync(resolve(ROOT, "lang", `${lang}.json`), "utf8")) as unknown;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const lang = args.find((a, i) => !a.startsWith("--") && args[i - 1] !== "--fill") ?? "pt-BR";
  if (!/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/.test(lang)) {
    console.error(`Not a language code: ${lang}`);
    process.exit(2);
  }
  const fillAt = args.indexOf("--fill");
  if (fillAt >= 0) {
    const file = args[fillAt + 1];
    if (!file) {
      console.error("--fill needs a JSON file of translations");
      process.exit(2);
    }
    const result = fillTranslation(
      readLanguage("en"),
      readLanguage(lang),
      JSON.parse(readFileSync(resolve(file), "utf8")) as unknown,
    );
    writeFileSync(resolve(ROOT, "lang", `${lang}.json`), `${JSON.stringify(result.tree, null, 2)}\n`);
    console.log(`lang/${lang}.json rewritten in en.json's order: ${result.filled.length} string(s) from ${file}.`);
    if (result.dropped.length) console.log(`Left out (en.json has no such key):\n  ${result.dropped.join("\n  ")}`);
  }
  const diff = diffLanguages(readLanguage("en"), readLanguage(lang));
  if (args.includes("--json")) console.log(JSON.stringify(missingSkeleton(diff), null, 2));
  else {
    const lines = describeDiff(lang, diff);
    console.log(
      lines.length
        ? lines.join("\n")
        : `lang/${lang}.json has every key of lang/en.json, with the same placeholders and tags.`,
    );
  }
  process.exit(isComplete(diff) ? 0 : 1);
}
