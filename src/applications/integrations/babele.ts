/**
 * Babele, when active: the compendia in the GM's client's language, from `lang/babele/<language>/` (format and
 * generator: scripts/babele.ts). On `babele.init` (script/babele.js lines 14–21 of 2.7.7, the release listed
 * for v13) the system names its folder (`setSystemTranslationsDir`, lines 206–208) and adds its converters:
 * pages and results matched by `_id` (two "Success" results never swap text), facets by English name, each
 * writing v13's fields and only those an entry gives.
 */
import { BABELE_LANGUAGE_QUERY, checkCompendiumLanguage, tellGm, type BabeleStatus } from "./babele-language.ts";

/** The module ships no types. */
export interface BabeleApi extends BabeleStatus {
  setSystemTranslationsDir(dir: string): void;
  registerConverters(converters: Record<string, BabeleConverter>): void;
}

/** With the mapped field's value and the entry's translation of it. */
export type BabeleConverter = (value: unknown, translation: unknown) => unknown;

/** One sub-folder of translation files per language. */
export const BABELE_DIR = "lang/babele";

/** Named by the files' mappings (scripts/babele.ts writes them). */
export const BABELE_CONVERTERS = {
  pages: "terranPages",
  results: "terranTableResults",
  facets: "terranFacets",
} as const;

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** By `_id`. */
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

/** `{ name?, description? }` */
export function translateTableResults(value: unknown, translation: unknown): unknown {
  return byId(value, translation, (doc, entry) => ({
    ...doc,
    name: text(entry, "name") ?? doc.name,
    description: text(entry, "description") ?? doc.description,
  }));
}

/** `{ name?, text? }`, the text into `text.content`. */
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

/** By English name (a facet has no `_id`): `{ name? }`. */
export function translateFacets(value: unknown, translation: unknown): unknown {
  if (!Array.isArray(value) || !isRecord(translation)) return value;
  return value.map((facet: unknown) => {
    if (!isRecord(facet)) return facet;
    const entry = translation[String(facet.name)];
    return isRecord(entry) ? { ...facet, name: text(entry, "name") ?? facet.name } : facet;
  });
}

export function registerTranslations(babele: BabeleApi): void {
  babele.setSystemTranslationsDir(BABELE_DIR);
  babele.registerConverters({
    [BABELE_CONVERTERS.pages]: translatePages,
    [BABELE_CONVERTERS.results]: translateTableResults,
    [BABELE_CONVERTERS.facets]: translateFacets,
  });
}

/**
 * Once Babele is ready, a user whose compendia stayed English in a language we ship is told why
 * (./babele-language.ts).
 */
export function registerBabele(babele: BabeleApi): void {
  registerTranslations(babele);
  CONFIG.queries[BABELE_LANGUAGE_QUERY] = tellGm;
  Hooks.once("babele.ready", () => void checkCompendiumLanguage(babele));
}
