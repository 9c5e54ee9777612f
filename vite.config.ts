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
      // One ES module, terran.mjs, holds the whole system. The one `import()` left is the in-Foundry
      // test batches (src/quench/hook.ts, only when the Quench module is active). They get the game's
      // code as an object from the entry (src/quench/kit.ts) and import none of it: an import of
      // terran.mjs would share the running system only if the page loaded the entry at that very URL.
      // The entry exports only what src/terran.ts does; tests/guards/dist.test.ts fails if the chunk
      // imports anything, for its side effects too (`import "../terran.mjs"` is the same hazard).
      preserveEntrySignatures: "strict",
      output: {
        // The Quench batches' chunk, with a content hash in its name, so a browser's cached copy never
        // meets another build's entry. bench/size.ts reports it apart from the game's file.
        chunkFileNames: "quench/[name]-[hash].mjs",
        // Vite's lib mode keeps whitespace in an ES bundle (it expects a library to be bundled again);
        // this bundle is what Foundry loads, so it is minified whole (Oxc: compress, mangle, codegen).
        // Class names are kept (the minifier's keepNames) so saved rolls revive as TerranRoll and
        // documents keep their classes' names; function names need not survive.
        // Measured (gzip of terran.mjs): esbuild's minifier ships 3.3 kB more; `target: "esnext"` ships
        // the same bytes (nothing in the sources is lowered for es2022); a second Oxc pass gains nothing.
        // Rolldown's own keepNames is off: its `__name` helper lives in the entry, and the Quench chunk
        // would import the entry for it. It renames only a top-level name two modules share, and no two
        // classes share one (tests/guards/dist.test.ts checks both).
        minify: {
          compress: { keepNames: { function: false, class: true } },
          mangle: { keepNames: { function: false, class: true } },
          codegen: { removeWhitespace: true },
        },
        keepNames: false,
        // No comments are shipped (pure annotations only matter to a bundler that consumes the output).
        comments: false,
      },
    },
  },
  plugins: [copyStatic()],
});
