/**
 * The sandbox renders templates through the tests' one Handlebars harness (tests/support/templates.ts:
 * the real `handlebars` package in strict mode, Foundry's helpers as the stand-ins listed there). This
 * wrapper adds no helper of its own. Templates are read on every render, so an edited template shows
 * on the next reload of the page.
 */
import { compileTemplate } from "../tests/support/templates.ts";

/** Renders `templates/<path>` with `context`, strictly (a missing context key throws). */
export function render(path: string, context: object): string {
  return compileTemplate(path)(context);
}
