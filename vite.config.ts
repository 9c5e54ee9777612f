import { cp, writeFile } from "node:fs/promises";
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { defineConfig, type Plugin } from "vite";
import { releaseManifest } from "./scripts/release-manifest.ts";

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
      // The shipped manifest takes its version and release URLs from package.json (scripts/release-manifest.ts).
      const pkg: unknown = JSON.parse(readFileSync(resolve(import.meta.dirname, "package.json"), "utf8"));
      const manifest: unknown = JSON.parse(readFileSync(resolve(import.meta.dirname, "system.json"), "utf8"));
      await writeFile(resolve(outDir, "system.json"), `${JSON.stringify(releaseManifest(manifest, pkg), null, 2)}\n`);
    },
  };
}

/**
 * Every module the entry imports statically (transitively): what a client loads at startup anyway. They
 * go into one chunk beside the entry (one request, one gzip stream) instead of the several shared chunks
 * automatic splitting makes when lazy code shares them; `test` reads the set this plugin fills at the
 * end of the build, before chunks are made.
 */
const startupModules = new Set<string>();
function collectStartup(): Plugin {
  return {
    name: "terran-startup-modules",
    apply: "build",
    buildEnd() {
      startupModules.clear();
      const entry = [...this.getModuleIds()].find((id) => this.getModuleInfo(id)?.isEntry);
      const queue = entry ? [entry] : [];
      while (queue.length > 0) {
        const id = queue.pop();
        if (id === undefined || startupModules.has(id)) continue;
        // A barrel (`index.ts`, e.g. src/rules/index.ts) re-exports modules some of which only lazy code
        // uses: it is not followed, and what it re-exports is placed by the bundler by actual use.
        if (/[\\/]index\.ts$/.test(id)) continue;
        startupModules.add(id);
        queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
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
      // Only the entry runs code on import (Foundry's hooks); every other module just declares. So a
      // module none of whose exports is used is left out (a table built at the top of a rules file
      // would otherwise count as a side effect and keep the whole file in the startup chunk): without
      // this, startup is 58.0 kB gzip instead of 51.7.
      treeshake: { moduleSideEffects: (id: string) => id.endsWith("src/terran.ts") },
      output: {
        // Code a client needs only on first use (the Quench batches, the roll dialog, a card's click
        // handling, the world migration, the sheets' behaviour) is reached by `import()` and split into
        // chunks/ beside the entry, so startup stays within the 45 kB budget (bench/size.ts). Foundry
        // loads a system's `esmodules` as ES modules from its folder, and their relative imports with
        // them (foundryvtt/crucible: system.json names crucible.mjs, which imports ./module/…).
        codeSplitting: { groups: [{ name: "startup", test: (id: string) => (startupModules.has(id) && !id.endsWith("src/terran.ts")) || id.includes("rolldown/runtime") }] },
        chunkFileNames: "chunks/[name].mjs",
        // Vite's lib mode keeps whitespace in an ES bundle (it expects a library to be bundled again);
        // this bundle is what Foundry loads, so it is minified whole (Oxc: compress, mangle, codegen).
        // Class names are kept (the minifier's keepNames, and rolldown's own) so saved rolls revive as
        // TerranRoll and documents keep their classes' names; function names need not survive.
        minify: {
          compress: { keepNames: { function: false, class: true } },
          mangle: { keepNames: { function: false, class: true } },
          codegen: { removeWhitespace: true },
        },
        keepNames: true,
        // No comments are shipped (pure annotations only matter to a bundler that consumes the output).
        comments: false,
      },
    },
  },
  plugins: [collectStartup(), copyStatic()],
});
