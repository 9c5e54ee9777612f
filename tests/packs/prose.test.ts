/**
 * The SRD carries no licence, so the compendia's text must be our own words (RULES.md, Licence). No
 * string in any pack source may share a run of 8 consecutive words with any seed text. The seeds live
 * outside the repository (`../shared/seeds/`), so the packs are checked against a committed fingerprint
 * of them (hashes of every 8-word run, no prose): that check runs everywhere, CI included. Where the
 * seeds are present, a further test keeps the fingerprint up to date.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, SOURCE_ROOT } from "../../scripts/packs/lib.ts";
import { fingerprintOfSeeds, readFingerprint } from "../../scripts/srd-fingerprint.ts";
import { PACKS, runHash, runHashes, sharedRuns, sources, strings, words } from "./support.ts";

const SEEDS = resolve(ROOT, "../shared/seeds");
const RUN = 8;

function seedText(): string {
  return readdirSync(SEEDS)
    .filter((f) => /\.(md|json)$/.test(f))
    .map((f) => readFileSync(join(SEEDS, f), "utf8"))
    .join("\n");
}

describe("the checker for copied prose", () => {
  const reference = "<p>The quick brown fox jumps over the lazy dog near the riverbank today.</p>";

  it("finds a run of 8 words shared with the reference, across HTML, case and punctuation", () => {
    const copied = "Well, THE QUICK brown fox <em>jumps</em> over the lazy dog, as foxes do.";
    expect(sharedRuns(copied, reference, RUN)).toEqual([
      "the quick brown fox jumps over the lazy",
      "quick brown fox jumps over the lazy dog",
    ]);
  });

  it("lets through text that shares only shorter runs", () => {
    expect(sharedRuns("A quick brown fox jumps over a sleeping hound.", reference, RUN)).toEqual([]);
    expect(words("@UUID[Compendium.x.y.Item.abc]{Fast} &mdash; <b>−1d</b>")).toEqual(["fast", "1d"]);
  });
});

describe("the packs' text against the seeds' fingerprint (tests/fixtures/srd-fingerprint.json)", () => {
  const fingerprint = readFingerprint();
  const known = new Set(fingerprint.hashes);

  it("no string in any pack shares 8 consecutive words with the SRD seeds", () => {
    expect(fingerprint.run).toBe(RUN);
    expect(known.size).toBeGreaterThan(5000);
    const found: string[] = [];
    let checked = 0;
    for (const p of PACKS) {
      for (const [file, doc] of sources(p.name, SOURCE_ROOT)) {
        for (const s of strings(doc)) {
          if (words(s).length < RUN) continue;
          checked += 1;
          const w = words(s);
          for (let i = 0; i + RUN <= w.length; i++) {
            const run = w.slice(i, i + RUN).join(" ");
            if (known.has(runHash(run))) found.push(`${p.name}/${file}: "${run}"`);
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(80);
    expect(found).toEqual([]);
  });

  it("the fingerprint check catches a lifted run (checked on a reference of our own)", () => {
    const reference = runHashes("<p>The quick brown fox jumps over the lazy dog near the riverbank today.</p>", RUN);
    const lifted = [
      ...runHashes("Well, THE QUICK brown fox <em>jumps</em> over the lazy dog, as foxes do.", RUN),
    ].filter((h) => reference.has(h));
    expect(lifted).toHaveLength(2);
  });
});

describe.skipIf(!existsSync(SEEDS))(
  "the fingerprint against the seeds themselves (../shared/seeds, outside the repository)",
  () => {
    it("is up to date with the seeds (else run npx tsx scripts/srd-fingerprint.ts)", () => {
      expect(fingerprintOfSeeds()).toEqual(readFingerprint());
    });

    it("would catch a sentence lifted from the seeds", () => {
      const seedWords = words(seedText());
      const lifted = seedWords.slice(1000, 1000 + RUN + 2).join(" ");
      const known = new Set(readFingerprint().hashes);
      expect([...runHashes(`<p>Our text. ${lifted}</p>`, RUN)].some((h) => known.has(h))).toBe(true);
      expect(sharedRuns(`<p>Our text. ${lifted}</p>`, seedText(), RUN).length).toBeGreaterThan(0);
    });
  },
);
