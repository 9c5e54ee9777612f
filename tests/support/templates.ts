/**
 * Renders the system's Handlebars templates with the real `handlebars` package in strict mode (a
 * context key the code forgot to provide throws). Foundry's helpers are replaced by stand-ins: only
 * the whitelisted ones below may be used in templates (tests/guards/templates.test.ts checks it).
 * `localize` reads lang/en.json (or another language system.json lists, for the sandbox's
 * `?lang=`) and throws on a missing key.
 *
 * Partials: every file under a `partials/` folder of templates/ is registered, compiled strictly,
 * under the name Foundry gives it when it loads the file (`systems/terran-engine/templates/…`), so
 * `{{> "systems/terran-engine/templates/sheets/partials/x.hbs"}}` works here as in Foundry.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import Handlebars from "handlebars";

const ROOT = resolve(import.meta.dirname, "../..");
const en = JSON.parse(readFileSync(resolve(ROOT, "lang/en.json"), "utf8")) as Record<string, unknown>;

/** The English text of an i18n key, or throws. */
export function english(key: string): string {
  return translation("en", key);
}

/** The languages system.json lists (`en`, `pt-BR`…). */
export function languages(): string[] {
  const manifest = JSON.parse(readFileSync(resolve(ROOT, "system.json"), "utf8")) as { languages?: { lang: string }[] };
  return (manifest.languages ?? []).map((l) => l.lang);
}

const trees = new Map<string, Record<string, unknown>>([["en", en]]);

/** The text of an i18n key in `lang` (one system.json lists), or throws: no silent fallback to English. */
export function translation(lang: string, key: string): string {
  let tree = trees.get(lang);
  if (!tree) {
    if (!languages().includes(lang)) throw new Error(`unknown language ${lang}`);
    tree = JSON.parse(readFileSync(resolve(ROOT, "lang", `${lang}.json`), "utf8")) as Record<string, unknown>;
    trees.set(lang, tree);
  }
  const value = key
    .split(".")
    .reduce<unknown>(
      (node, part) => (typeof node === "object" && node !== null ? (node as Record<string, unknown>)[part] : undefined),
      tree,
    );
  if (typeof value !== "string") throw new Error(`missing i18n key ${key}${lang === "en" ? "" : ` in ${lang}`}`);
  return value;
}

/** The helpers templates may use: Foundry provides these (stand-ins here), Handlebars the block helpers. */
export const TEMPLATE_HELPERS = ["localize", "eq"] as const;

function environment(lang: string): typeof Handlebars {
  const hbs = Handlebars.create();
  hbs.registerHelper("localize", (key: unknown, options: unknown) => {
    if (typeof key !== "string") throw new Error("localize needs a key");
    const hash = (options as { hash?: Record<string, unknown> } | undefined)?.hash ?? {};
    return translation(lang, key).replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = hash[name];
      return typeof value === "string" || typeof value === "number" ? String(value) : `{${name}}`;
    });
  });
  hbs.registerHelper("eq", (a: unknown, b: unknown) => a === b);
  for (const file of partialFiles(resolve(ROOT, "templates"))) {
    const name = `systems/terran-engine/${relative(ROOT, file).split("\\").join("/")}`;
    hbs.registerPartial(name, hbs.compile(readFileSync(file, "utf8"), { strict: true }));
  }
  return hbs;
}

/** Every .hbs file inside a `partials` folder under `dir`. */
function partialFiles(dir: string, inPartials = false): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return partialFiles(path, inPartials || name === "partials");
    return inPartials && name.endsWith(".hbs") ? [path] : [];
  });
}

/** Compiles `templates/<path>` once, strictly (the benches reuse the compiled template), localised in `lang`. */
export function compileTemplate(path: string, lang = "en"): (context: object) => string {
  const source = readFileSync(resolve(ROOT, "templates", path), "utf8");
  return environment(lang).compile(source, { strict: true });
}

/** Renders `templates/<path>` with `context`, strictly. */
export function renderTemplate(path: string, context: object): string {
  return compileTemplate(path)(context);
}
