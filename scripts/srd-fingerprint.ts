/**
 * Writes tests/fixtures/srd-fingerprint.json: the hash of every run of 8 words of the SRD seeds
 * (../shared/seeds), never the words themselves. tests/packs/prose.test.ts checks the packs against it,
 * so the "our own words" check runs in a clone without the seeds. Run after the seeds change:
 * `npx tsx scripts/srd-fingerprint.ts`.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { runHashes } from "../tests/packs/support.ts";

export const FINGERPRINT_RUN = 8;
export const SEEDS = resolve(import.meta.dirname, "../../shared/seeds");
export const FINGERPRINT = resolve(import.meta.dirname, "../tests/fixtures/srd-fingerprint.json");

export interface Fingerprint {
  readonly run: number;
  readonly files: readonly string[];
  readonly hashes: readonly string[];
}

export function seedFiles(): string[] {
  return readdirSync(SEEDS)
    .filter((f) => /\.(md|json)$/.test(f))
    .sort();
}

export function fingerprintOfSeeds(): Fingerprint {
  const files = seedFiles();
  const hashes = new Set<string>();
  for (const f of files)
    for (const h of runHashes(readFileSync(join(SEEDS, f), "utf8"), FINGERPRINT_RUN)) hashes.add(h);
  return { run: FINGERPRINT_RUN, files, hashes: [...hashes].sort() };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const fp = fingerprintOfSeeds();
  writeFileSync(FINGERPRINT, `${JSON.stringify({ ...fp, hashes: fp.hashes.join(" ") })}\n`);
  console.log(`${fp.hashes.length} runs of ${fp.run} words from ${fp.files.length} seed files → ${FINGERPRINT}`);
}

/** The committed fingerprint. */
export function readFingerprint(): Fingerprint {
  const raw = JSON.parse(readFileSync(FINGERPRINT, "utf8")) as { run: number; files: string[]; hashes: string };
  return { run: raw.run, files: raw.files, hashes: raw.hashes.split(" ") };
}
