/**
 * `npm run package`: builds the system as `npm run build` does (Vite, then the compendium packs) and
 * writes the release's two assets into `release/`:
 *
 * - `terran-engine.zip`: the contents of `dist/` at the zip's root (Foundry unpacks a system's zip into
 *   `Data/systems/<id>/` and expects `system.json` there), files in sorted order with a fixed date, so
 *   the same build gives the same zip;
 * - `system.json`: the shipped manifest (dist/system.json, whose `manifest` and `download` name the
 *   repository's "latest release" assets: scripts/release-manifest.ts).
 *
 * The source map `terran.mjs.map` ships beside the bundle on purpose (a GM's or developer's stack trace
 * in the browser then points at our TypeScript), as does the Quench batches' file's (quench/); nothing
 * else in dist/ is a map.
 *
 *   tsx scripts/package.ts [release folder, default release/]
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { zipSync, type Zippable } from "fflate";
import { build } from "vite";
import { compileAll, PackSourceError } from "./packs/lib.ts";
import { RELEASE_MANIFEST, RELEASE_ZIP } from "./release-manifest.ts";

const ROOT = resolve(import.meta.dirname, "..");

/**
 * The date every zip entry carries (DOS dates start in 1980), so a rebuild gives the same bytes. Local
 * time on purpose: zip stores local date fields, so the bytes are the same in every time zone.
 */
const ZIP_DATE = new Date(1980, 0, 1, 12, 0, 0);

/** Builds the system into `outDir` exactly as `npm run build` does: Vite with the project's config, then the packs. */
export async function buildSystem(outDir: string): Promise<void> {
  await build({
    root: ROOT,
    configFile: resolve(ROOT, "vite.config.ts"),
    logLevel: "warn",
    build: { outDir, emptyOutDir: true },
  });
  // Vite empties its output folder, so the packs are compiled after it (as scripts/packs/compile.ts).
  await compileAll(join(outDir, "packs"));
}

/**
 * A compiled pack's LevelDB files that LevelDB writes for itself each time a database is opened (its
 * lock and its info log, which names the build machine's folder and the time): left out of the zip, so
 * the same packs give the same bytes. Foundry's LevelDB creates them again when it opens the pack
 * (package.test.ts opens the unzipped packs with classic-level to check).
 */
const PACK_RUNTIME_FILES = /^packs\/[^/]+\/(?:LOCK|LOG|LOG\.old)$/;

/** Every file under `dir` that ships, as zip paths (forward slashes), sorted. */
export function shippedFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join("/"))
    .filter((file) => !PACK_RUNTIME_FILES.test(file))
    .sort();
}

/** The zip of `distDir`'s contents at its root, deterministic (sorted entries, fixed dates, level 9). */
export function zipFolder(distDir: string): Uint8Array {
  const entries: Zippable = {};
  for (const file of shippedFiles(distDir)) entries[file] = [readFileSync(join(distDir, file)), { mtime: ZIP_DATE }];
  return zipSync(entries, { level: 9 });
}

/** Writes the zip and the manifest of a built `distDir` into `releaseDir`; returns their paths. */
export function writeRelease(distDir: string, releaseDir: string): { zip: string; manifest: string } {
  const manifestFile = join(distDir, "system.json");
  if (!existsSync(manifestFile)) throw new Error(`${distDir} holds no system.json: build first`);
  rmSync(releaseDir, { recursive: true, force: true });
  mkdirSync(releaseDir, { recursive: true });
  const zip = join(releaseDir, RELEASE_ZIP);
  const manifest = join(releaseDir, RELEASE_MANIFEST);
  writeFileSync(zip, zipFolder(distDir));
  // The same manifest as the one inside the zip, byte for byte (the build derived it once).
  writeFileSync(manifest, readFileSync(manifestFile));
  return { zip, manifest };
}

async function main(): Promise<void> {
  const releaseDir = resolve(process.argv[2] ?? join(ROOT, "release"));
  const distDir = join(ROOT, "dist");
  await buildSystem(distDir);
  const { zip, manifest } = writeRelease(distDir, releaseDir);
  const { version } = JSON.parse(readFileSync(manifest, "utf8")) as { version: string };
  console.log(
    `release ${version} → ${relative(ROOT, zip)} (${readFileSync(zip).length} bytes), ${relative(ROOT, manifest)}`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  try {
    await main();
  } catch (error) {
    console.error(error instanceof PackSourceError || error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
