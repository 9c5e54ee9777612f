import { cp } from "node:fs/promises";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { defineConfig, type Plugin } from "vite";

/**
 * Files Foundry loads as they are: copied next to the bundle in dist/. Not `template.json`: it stays in
 * the repository (the design's declaration of the document types, kept equal to system.json's
 * `documentTypes` by tests/guards/manifest.test.ts) but is not shipped, because while it exists core
 * rebuilds each type's `documentTypes` entry from it and drops the Challenge's `gmOnlyFields`
 * (vttforge #145, #209), and v14 deprecates it (removed in v16: foundryvtt#13429).
 */
const STATIC = ["system.json", "lang", "templates", "styles"];

function copyStatic(): Plugin {
  let outDir = resolve(import.meta.dirname, "dist");
  return {
    name: "terran-copy-static",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      for (const entry of STATIC) {
        const from = resolve(import.meta.dirname, entry);
        if (existsSync(from)) await cp(from, resolve(outDir, entry), { recursive: true });
      }
    },
  };
}

export default defineConfig({
  publicDir: false,
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    minify: true,
    target: "es2022",
    lib: { entry: "src/terran.ts", formats: ["es"], fileName: () => "terran.mjs" },
    rolldownOptions: {
      // Keep class names so saved rolls revive as their own class (TerranRoll, later).
      output: { codeSplitting: false, keepNames: true },
    },
  },
  plugins: [copyStatic()],
});
