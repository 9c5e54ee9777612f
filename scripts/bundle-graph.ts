/**
 * The built bundle's module graph, read from the files themselves: the files a browser loads with the
 * entry Foundry names in `esmodules` (the entry and its static imports, transitively: the entry alone,
 * as vite.config.ts builds one bundle) and the files reached only when some code asks for them
 * (`import()`: the Quench batches' chunk). Used by the size bench and the dist, package and boot tests
 * (the game is one file; every file any file imports is in the zip; the Quench chunk loads).
 */
import { readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { gzipSync } from "node:zlib";

/**
 * The budget of the game's JavaScript (the files loaded with the entry), gzip, in kB of 1000 bytes
 * (as Vite prints them). Raised from 120 kB for the provenance checks and a fourth ruleset, and to 142 kB
 * when v0.6.2 came to play in full: still a small fraction of what peer systems ship, and one request.
 */
export const BUNDLE_BUDGET_KB = 142;

/**
 * The raw and gzip sizes of `files` (relative to `dist`) added up: gzip at zlib's default level 6, a web
 * server's compression, each file on its own as a browser fetches it.
 */
export function bundleSizes(dist: string, files: readonly string[]): { readonly raw: number; readonly gzip: number } {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const code = readFileSync(join(dist, file));
    raw += code.length;
    gzip += gzipSync(code).length;
  }
  return { raw, gzip };
}

export interface BundleGraph {
  /** Files loaded with the entry, the entry first (paths relative to the dist folder). */
  readonly withEntry: readonly string[];
  /** Files reached only through a dynamic `import()` from some file of the graph. */
  readonly onDemand: readonly string[];
}

/**
 * Relative specifiers of a minified ES module: static (`import{a}from"./x.mjs"`, `import*as b from…`,
 * `import"./x.mjs"`, `export{a}from…`, `export*from…`) and dynamic (`import("./x.mjs")`). Whole
 * statements are matched, so a string that merely contains "from './x'" is not taken for an import.
 */
export function moduleImports(code: string): { readonly static: string[]; readonly dynamic: string[] } {
  const quoted = String.raw`["'\x60](\.{1,2}/[^"'\x60]+)["'\x60]`;
  const bindings = String.raw`(?:[\w$]+\s*,?\s*)?(?:\{[^}]*\}|\*\s*as\s+[\w$]+)?`;
  const statement = new RegExp(
    String.raw`(?:^|[;}\s])(?:import\s*${bindings}\s*from|import|export\s*(?:\{[^}]*\}|\*(?:\s*as\s+[\w$]+)?)\s*from)\s*${quoted}`,
    "g",
  );
  const dynamic = [...code.matchAll(new RegExp(String.raw`\bimport\(\s*${quoted}\s*\)`, "g"))].map((m) => m[1] ?? "");
  return { static: [...code.matchAll(statement)].map((m) => m[1] ?? ""), dynamic };
}

/** Walks the graph from `entry` (relative to `dist`). */
export function bundleGraph(dist: string, entry: string): BundleGraph {
  const withEntry: string[] = [];
  const onDemand: string[] = [];
  const seen = new Set<string>();
  const visit = (file: string, queue: string[]): void => {
    if (seen.has(file)) return;
    seen.add(file);
    queue.push(file);
    const found = moduleImports(readFileSync(join(dist, file), "utf8"));
    const resolveFrom = (spec: string): string => normalize(relative(dist, join(dist, dirname(file), spec)));
    for (const spec of found.static) visit(resolveFrom(spec), queue);
    for (const spec of found.dynamic) pending.push(resolveFrom(spec));
  };
  const pending: string[] = [];
  visit(normalize(entry), withEntry);
  while (pending.length > 0) {
    const next = pending.shift();
    if (next !== undefined) visit(next, onDemand);
  }
  return { withEntry, onDemand };
}
