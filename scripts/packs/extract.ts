/**
 * `npm run packs:extract`: brings edits made inside Foundry back to the sources. Extracts every pack
 * system.json declares from `dist/packs/<pack>/` into `packs/_source/<pack>/` (each folder replaced),
 * without `_stats` and per-user ownership, one `<slug>_<id>.json` per document, `_key` kept. Close the
 * world first: Foundry holds a lock on an open pack.
 *
 *   tsx scripts/packs/extract.ts [compiled packs folder, default dist/packs]
 */
import { join, resolve } from "node:path";
import { extractAll, ROOT, SOURCE_ROOT } from "./lib.ts";

const from = resolve(process.argv[2] ?? join(ROOT, "dist/packs"));

try {
  await extractAll(from);
  console.log(`packs ${from} → ${SOURCE_ROOT}`);
} catch (error) {
  console.error(error);
  process.exit(1);
}
