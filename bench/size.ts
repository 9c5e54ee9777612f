/**
 * Bench of the shipped JavaScript's size: builds the system with the project's own Vite config into a
 * temporary folder (so the figure is always that of the current sources, never of a stale dist/) and
 * prints what a browser downloads, gzip at zlib's default level 6 (a web server's compression), in kB
 * of 1000 bytes as Vite prints them.
 *
 * The budget (142 kB gzip) is for the game's JavaScript: `terran.mjs`, the one minified ES module
 * Foundry names in `esmodules`, with whatever it imports statically (nothing: vite.config.ts builds one
 * bundle). Source maps are not counted. The in-Foundry test batches' chunk, loaded by `import()` only
 * when the Quench module is active, is printed apart and not counted. Below the figure, the heaviest
 * source modules of the game's file (scripts/bundle-modules.ts; `npm run bench:modules` prints them all).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { build } from "vite";
import { BUNDLE_BUDGET_KB, bundleGraph, bundleSizes } from "../scripts/bundle-graph.ts";
import { moduleSizes, moduleTable } from "../scripts/bundle-modules.ts";
import type { BenchReport } from "./stats.ts";

const ROOT = resolve(import.meta.dirname, "..");
/** The file Foundry names in `esmodules`. */
const ENTRY = "terran.mjs";

const kB = (bytes: number): string => `${(bytes / 1000).toFixed(1)} kB`;

/** How many of the heaviest modules the bench lists. */
const HEAVIEST = 10;

/** Builds the system with the project's Vite config into a temporary folder, runs `use` on it, removes it. */
export async function withFreshBuild<T>(use: (out: string) => T): Promise<T> {
  const out = mkdtempSync(join(tmpdir(), "terran-size-"));
  try {
    await build({
      root: ROOT,
      configFile: resolve(ROOT, "vite.config.ts"),
      logLevel: "silent",
      build: { outDir: out, emptyOutDir: true },
    });
    return use(out);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

export function benchSize(): Promise<BenchReport> {
  return withFreshBuild((out) => {
    const graph = bundleGraph(out, ENTRY);
    const game = bundleSizes(out, graph.withEntry);
    return {
      name: "size - the shipped JavaScript (minified, gzip; built fresh from the sources)",
      notes: [
        `the game: ${graph.withEntry.join(", ")} (raw ${kB(game.raw)}; its source map beside it, not counted)`,
        ...graph.onDemand.map(
          (file) =>
            `only with Quench active, not counted: ${file} ${kB(bundleSizes(out, [file]).gzip)} gzip (raw ${kB(bundleSizes(out, [file]).raw)})`,
        ),
        `the ${HEAVIEST} heaviest modules of ${ENTRY} (gzip: what the file would lose without them):`,
        ...moduleTable(moduleSizes(out, ENTRY), HEAVIEST),
      ],
      checks: [
        {
          label: "game JavaScript gzip",
          value: kB(game.gzip),
          target: `<= ${BUNDLE_BUDGET_KB} kB`,
          pass: game.gzip <= BUNDLE_BUDGET_KB * 1000,
        },
      ],
    };
  });
}
