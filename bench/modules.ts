/**
 * `npm run bench:modules [-- <count>]`: builds the system fresh (as the size bench does) and prints what
 * each source module weighs in the game's file, `terran.mjs`, heaviest first (all of them, or the first
 * <count>): its minified characters and what the file's gzip would lose without them (how the figures are
 * read from the source map: scripts/bundle-modules.ts). The Quench batches' chunk is not in the table.
 */
import { gzipSync } from "node:zlib";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { moduleSizes, moduleTable } from "../scripts/bundle-modules.ts";
import { withFreshBuild } from "./size.ts";

const ENTRY = "terran.mjs";
const count = process.argv[2] === undefined ? undefined : Number(process.argv[2]);
if (count !== undefined && !(Number.isInteger(count) && count > 0)) {
  console.error(`usage: npm run bench:modules [-- <count>]; "${process.argv[2] ?? ""}" is not a positive whole number`);
  process.exit(2);
}

await withFreshBuild((out) => {
  const code = readFileSync(join(out, ENTRY));
  const sizes = moduleSizes(out, ENTRY);
  console.log(
    `${ENTRY}: ${(code.length / 1000).toFixed(1)} kB minified, ${(gzipSync(code).length / 1000).toFixed(1)} kB gzip, ${sizes.length} modules`,
  );
  for (const line of moduleTable(sizes, count)) console.log(line);
});
