/**
 * The SRD carries no licence, so the compendia's text must be our own words (RULES.md, Licence). No
 * string in any pack source may share a run of 8 consecutive words with any seed text. The seeds live
 * outside the repository (`../shared/seeds/`); where they are absent (a bare clone) the comparison is
 * skipped and says so, while the checker's own tests still run.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, SOURCE_ROOT } from "../../scripts/packs/lib.ts";
import { PACKS, sharedRuns, sources, strings, words } from "./support.ts";

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
    expect(sharedRuns(copied, reference, RUN)).toEqual(["the quick brown fox jumps over the lazy", "quick brown fox jumps over the lazy dog"]);
  });

  it("lets through text that shares only shorter runs", () => {
    expect(sharedRuns("A quick brown fox jumps over a sleeping hound.", reference, RUN)).toEqual([]);
    expect(words("@UUID[Compendium.x.y.Item.abc]{Fast} &mdash; <b>−1d</b>")).toEqual(["fast", "1d"]);
  });
});

describe.skipIf(!existsSync(SEEDS))("the packs' text against the seeds (../shared/seeds)", () => {
  it("no string in any pack shares 8 consecutive words with the SRD seeds", () => {
    const seeds = seedText();
    expect(words(seeds).length).toBeGreaterThan(5000);
    const found: string[] = [];
    let checked = 0;
    for (const p of PACKS) {
      for (const [file, doc] of sources(p.name, SOURCE_ROOT)) {
        for (const s of strings(doc)) {
          if (words(s).length < RUN) continue;
          checked += 1;
          for (const run of sharedRuns(s, seeds, RUN)) found.push(`${p.name}/${file}: "${run}"`);
        }
      }
    }
    expect(checked).toBeGreaterThan(80);
    expect(found).toEqual([]);
  });

  it("would catch a sentence lifted from the seeds", () => {
    const seedWords = words(seedText());
    const lifted = seedWords.slice(1000, 1000 + RUN + 2).join(" ");
    expect(sharedRuns(`<p>Our text. ${lifted}</p>`, seedText(), RUN).length).toBeGreaterThan(0);
  });
});
