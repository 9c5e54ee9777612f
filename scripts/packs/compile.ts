/**
 * `npm run build` (after `vite build`): compiles every pack system.json declares from
 * `packs/_source/<pack>/` into `dist/packs/<pack>/` (LevelDB) with the official CLI. Refuses, and
 * exits 1, when any source would be skipped or would break the compile (see lib.ts).
 *
 *   tsx scripts/packs/compile.ts [destination folder, default dist/packs]
 */
import { join, resolve } from "node:path";
import { compileAll, manifestPacks, PackSourceError, ROOT, sourceFiles, SOURCE_ROOT } from "./lib.ts";

const dest = resolve(process.argv[2] ?? join(ROOT, "dist/packs"));

try {
  await compileAll(dest);
  const summary = manifestPacks().packs.map((p) => `${p.name} ${sourceFiles(join(SOURCE_ROOT, p.name)).length}`);
  console.log(`packs → ${dest}: ${summary.join(", ")}`);
} catch (error) {
  console.error(error instanceof PackSourceError ? error.message : error);
  process.exit(1);
}
