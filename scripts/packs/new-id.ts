/**
 * Prints a new document id for a pack source: 16 letters and digits, derived from the pack and a
 * stable name so the same call gives the same id (`tsx scripts/packs/new-id.ts core-advancements fast`).
 * Write it into the source's `_id` and `_key`; the sources, not this script, are the truth.
 */
import { stableId } from "./lib.ts";

const parts = process.argv.slice(2);
if (parts.length === 0) {
  console.error("usage: tsx scripts/packs/new-id.ts <pack> <name> [more names…]");
  process.exit(1);
}
console.log(stableId(...parts));
