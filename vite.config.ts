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
      // test batches (src/quench/hook.ts, only when the Quench module is active), which use the game's
      // code too: the entry may export more than src/terran.ts does, so their chunk imports that code
      // from terran.mjs (the module the page already runs) instead of the bundler moving it into a
      // common chunk both would load.
      preserveEntrySignatures: "allow-extension",
      output: {
        // The Quench batches' chunk, with a content hash in its name, so a browser's cached copy never
        // meets another build's entry. bench/size.ts reports it apart from the game's file.
        chunkFileNames: "quench/[name]-[hash].mjs",
        // Vite's lib mode keeps whitespace in an ES bundle (it expects a library to be bundled again);
        // this bundle is what Foundry loads, so it is minified whole (Oxc: compress, mangle, codegen).
        // Class names are kept (the minifier's keepNames, and rolldown's own) so saved rolls revive as
        // TerranRoll and documents keep their classes' names; function names need not survive.
        // Measured (gzip of terran.mjs): esbuild's minifier ships 3.3 kB more; `target: "esnext"` ships
        // the same bytes (nothing in the sources is lowered for es2022); a second Oxc pass gains nothing.
        // Rolldown's keepNames costs 0.1 kB (it names the functions it renames apart, `isRecord$1`) but
        // it is what keeps a class's name should two modules ever declare classes of the same name.
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
  plugins: [copyStatic()],
});
