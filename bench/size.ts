/**
 * Bench of the shipped bundle's size: builds it with the project's own Vite config into a temporary
 * folder (so the figure is always that of the current sources, never of a stale dist/) and prints what a
 * browser downloads, gzip at zlib's default level 6 (a web server's compression), in kB of 1000 bytes as
 * Vite prints them.
 *
 * The budget (issue 14: 45 kB) is for **startup**: `terran.mjs`, the entry Foundry names in
 * `esmodules`, and every chunk it imports statically, which every client loads before the world opens.
 * Code a player needs only when they open something (the sheets' behaviour, the roll dialog, the GM's
 * tools, the Quench batches) is split into chunks loaded by `import()` on first use; their sizes and the
 * total are printed beside it (scripts/bundle-graph.ts reads the graph from the built files).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { build } from "vite";
import { bundleGraph, bundleSizes, STARTUP_BUDGET_KB } from "../scripts/bundle-graph.ts";
import type { BenchReport } from "./stats.ts";

const ROOT = resolve(import.meta.dirname, "..");

const kB = (bytes: number): string => `${(bytes / 1000).toFixed(1)} kB`;

export async function benchSize(): Promise<BenchReport> {
  const out = mkdtempSync(join(tmpdir(), "terran-size-"));
  try {
    await build({ root: ROOT, configFile: resolve(ROOT, "vite.config.ts"), logLevel: "silent", build: { outDir: out, emptyOutDir: true } });
    const graph = bundleGraph(out, "terran.mjs");
    const sizes = (files: readonly string[]) => bundleSizes(out, files);
    const startup = sizes(graph.startup);
    const lazy = sizes(graph.lazy);
    return {
      name: "size - the shipped bundle (minified, gzip; built fresh from the sources)",
      notes: [
        `startup: ${graph.startup.join(", ")} (raw ${kB(startup.raw)})`,
        ...graph.lazy.map((file) => `on first use: ${file} ${kB(sizes([file]).gzip)} gzip`),
        `all JavaScript: ${kB(startup.gzip + lazy.gzip)} gzip (raw ${kB(startup.raw + lazy.raw)}); source maps beside each file, not counted`,
      ],
      checks: [{ label: "startup JavaScript gzip", value: kB(startup.gzip), target: `<= ${STARTUP_BUDGET_KB} kB`, pass: startup.gzip <= STARTUP_BUDGET_KB * 1000 }],
    };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
