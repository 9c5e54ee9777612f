/**
 * The sandbox renders templates through the tests' one Handlebars harness (tests/support/templates.ts:
 * the real `handlebars` package in strict mode, Foundry's helpers as the stand-ins listed there). This
 * wrapper adds no helper of its own. Templates are read on every render, so an edited template shows
 * on the next reload of the page.
 *
 * Language: a page is rendered in one language (`?lang=pt-BR`; English by default), as Foundry renders
 * every template in the client's language. The server sets the request's language (`useLanguage`)
 * before it renders, synchronously (one request's render never interleaves with another's), so every
 * scene and answer, including ones added later, is localised without passing the language through
 * each builder.
 */
import { compileTemplate, languages, translation } from "../tests/support/templates.ts";

let current = "en";

/** The languages the sandbox offers: the ones system.json lists. */
export function sandboxLanguages(): string[] {
  return languages();
}

/**
 * Renders from now on in `lang` (one system.json lists); returns it. The server calls it at the start of each request.
 */
export function useLanguage(lang: string): string {
  if (!sandboxLanguages().includes(lang)) throw new Error(`unknown language ${lang}`);
  current = lang;
  return lang;
}

/** Runs `render` (synchronous) with templates and `localize` in `lang`, then goes back to the language before. */
export function inLanguage<T>(lang: string, render: () => T): T {
  if (!sandboxLanguages().includes(lang)) throw new Error(`unknown language ${lang}`);
  const before = current;
  current = lang;
  try {
    return render();
  } finally {
    current = before;
  }
}

/** The language being rendered. */
export function currentLanguage(): string {
  return current;
}

/** The text of an i18n key in the language being rendered (throws on a missing key). */
export function localize(key: string): string {
  return translation(current, key);
}

/**
 * Renders `templates/<path>` with `context`, strictly (a missing context key throws), in the language being rendered.
 */
export function render(path: string, context: object): string {
  return compileTemplate(path, current)(context);
}

/** A page's query string for `theme` in `lang` (the language being rendered; English, the default, is left out). */
export function pageQuery(theme: string, lang = current): string {
  return `theme=${theme}${lang === "en" ? "" : `&lang=${encodeURIComponent(lang)}`}`;
}
