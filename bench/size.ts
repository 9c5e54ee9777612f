/**
 * Bench of the shipped bundle's size: builds `terran.mjs` with the project's own Vite config into a
 * temporary folder (so the figure is always that of the current sources, never of a stale dist/) and
 * prints its gzip size against the budget (issue 14: 45 kB). Sizes in kB of 1000 bytes, as Vite prints
 * them; gzip at zlib's default level 6, which is what a web server's compression uses.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "vite";
import type { BenchReport } from "./stats.ts";

const ROOT = resolve(import.meta.dirname, "..");
const BUDGET_KB = 45;

const kB = (bytes: number): string => `${(bytes / 1000).toFixed(1)} kB`;

export async function benchSize(): Promise<BenchReport> {
  const out = mkdtempSync(join(tmpdir(), "terran-size-"));
  try {
    await build({ root: ROOT, configFile: resolve(ROOT, "vite.config.ts"), logLevel: "silent", build: { outDir: out, emptyOutDir: true } });
    const bundle = readFileSync(join(out, "terran.mjs"));
    const gzip = gzipSync(bundle).length;
    return {
      name: "size - the shipped bundle (dist/terran.mjs: minified, gzip; built fresh from the sources)",
      notes: [`raw ${kB(bundle.length)}, source map beside it ${kB(readFileSync(join(out, "terran.mjs.map")).length)} (not counted)`],
      checks: [{ label: "terran.mjs gzip", value: kB(gzip), target: `<= ${BUDGET_KB} kB`, pass: gzip <= BUDGET_KB * 1000 }],
    };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
