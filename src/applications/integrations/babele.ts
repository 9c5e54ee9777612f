/**
 * The Babele module, when it is active: the compendia in the language of the GM's client, from the
 * translation files the system ships in `lang/babele/<language>/` (their format and generator:
 * scripts/babele.ts). Babele fires `babele.init` with itself before it reads any translation
 * (script/babele.js lines 14–21 of 2.7.7, the release Foundry lists for v13; 2.9 requires registration
 * there); there the system names its folder (`setSystemTranslationsDir`, lines 206–208) and adds the
 * converters its files' mappings name. Nothing here runs or breaks when Babele is absent.
 *
 * The converters match a journal's pages and a table's results by `_id`, so two results with the same
 * English name ("Success" in two tables) never take each other's text, and they write v13's fields
 * (a result's `name` and `description`; a page's `name` and `text.content`). A Challenge's facets have
 * no `_id` and are matched by their English name. Each converter replaces only the fields an entry
 * gives, and leaves a page, result or facet without an entry as it is.
 */
import { BABELE_LANGUAGE_QUERY, checkCompendiumLanguage, tellGm, type BabeleStatus } from "./babele-language.ts";

/** The part of Babele's API the system uses (the module ships no types). */
export interface BabeleApi extends BabeleStatus {
  setSystemTranslationsDir(dir: string): void;
  registerConverters(converters: Record<string, BabeleConverter>): void;
}

/** Babele calls a converter with the mapped field's value and the entry's translation of that field. */
export type BabeleConverter = (value: unknown, translation: unknown) => unknown;

/** The folder, inside the system, that holds one sub-folder of translation files per language. */
export const BABELE_DIR = "lang/babele";

/** The converter names the translation files' mappings use (scripts/babele.ts writes them). */
export const BABELE_CONVERTERS = {
  pages: "terranPages",
  results: "terranTableResults",
  facets: "terranFacets",
} as const;

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Each embedded document of `value` with the translated fields of its entry (by `_id`) applied by `apply`. */
function byId(value: unknown, translation: unknown, apply: (doc: Json, entry: Json) => Json): unknown {
  if (!Array.isArray(value) || !isRecord(translation)) return value;
  return value.map((doc: unknown) => {
    if (!isRecord(doc)) return doc;
    const entry = translation[String(doc._id)];
    return isRecord(entry) ? apply(doc, entry) : doc;
  });
}

const text = (entry: Json, key: string): string | undefined => {
  const value = entry[key];
  return typeof value === "string" ? value : undefined;
};

/** Table results by `_id`: `{ name?, description? }`. */
export function translateTableResults(value: unknown, translation: unknown): unknown {
  return byId(value, translation, (doc, entry) => ({
    ...doc,
    name: text(entry, "name") ?? doc.name,
    description: text(entry, "description") ?? doc.description,
  }));
}

/** Journal pages by `_id`: `{ name?, text? }`, the text into `text.content`. */
export function translatePages(value: unknown, translation: unknown): unknown {
  return byId(value, translation, (doc, entry) => {
    const content = text(entry, "text");
    const pageText = isRecord(doc.text) ? doc.text : {};
    return {
      ...doc,
      name: text(entry, "name") ?? doc.name,
      ...(content === undefined ? {} : { text: { ...pageText, content } }),
    };
  });
}

/** A Challenge's facets by their English name (a facet has no `_id`): `{ name? }`. */
export function translateFacets(value: unknown, translation: unknown): unknown {
  if (!Array.isArray(value) || !isRecord(translation)) return value;
  return value.map((facet: unknown) => {
    if (!isRecord(facet)) return facet;
    const entry = translation[String(facet.name)];
    return isRecord(entry) ? { ...facet, name: text(entry, "name") ?? facet.name } : facet;
  });
}

/** The system's translation folder and the converters its files' mappings name. */
export function registerTranslations(babele: BabeleApi): void {
  babele.setSystemTranslationsDir(BABELE_DIR);
  babele.registerConverters({
    [BABELE_CONVERTERS.pages]: translatePages,
    [BABELE_CONVERTERS.results]: translateTableResults,
    [BABELE_CONVERTERS.facets]: translateFacets,
  });
}

/**
 * On `babele.init`: the translations; then, once Babele is ready, a user whose compendia stayed English
 * in a language we ship is told why, and the GM what to do (./babele-language.ts).
 */
export function registerBabele(babele: BabeleApi): void {
  registerTranslations(babele);
  CONFIG.queries[BABELE_LANGUAGE_QUERY] = tellGm;
  Hooks.once("babele.ready", () => void checkCompendiumLanguage(babele));
}
