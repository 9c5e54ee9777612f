/**
 * The rules journal uses the inline roll links where its text tells the reader to roll,
 * and every link in any pack reads in the rulesets the packs are written for (Core and Degenesis share
 * the attributes); the syntax shown as an example is kept from being enriched by a zero-width space
 * (as Draw Steel's docs do for theirs).
 */
import { describe, expect, it } from "vitest";
import { SOURCE_ROOT } from "../../scripts/packs/lib.ts";
import { CORE, DEGENESIS } from "../../src/rules/index.ts";
import { findRollLinks, rollLinkVocabulary } from "../../src/rules/roll-links.ts";
import { PACKS, sources, strings } from "./support.ts";

function packText(name: string): string[] {
  return [...sources(name, SOURCE_ROOT).values()].flatMap((doc) => strings(doc));
}

describe("roll links in the packs", () => {
  it("R-POOL-1 R-RA-8 R-FORT-1: the rules journal has a Risky Action, a Reaction and a Fortune link, each readable in Core and Degenesis", () => {
    for (const ruleset of [CORE, DEGENESIS]) {
      const links = packText("rules").flatMap((s) => findRollLinks(s, rollLinkVocabulary(ruleset)));
      expect(links.filter((l) => !l.ok)).toEqual([]);
      const kinds = new Set(links.map((l) => (l.ok ? l.link.kind : null)));
      expect([...kinds].sort()).toEqual(["fortune", "reaction", "risky"]);
      expect(links.length).toBeGreaterThanOrEqual(6);
    }
  });

  it("R-POOL-1: no pack holds a link that does not read in Core", () => {
    const broken = PACKS.flatMap((p) =>
      packText(p.name).flatMap((s) =>
        findRollLinks(s, rollLinkVocabulary(CORE))
          .filter((l) => !l.ok)
          .map((l) => `${p.name}: ${l.text}`),
      ),
    );
    expect(broken).toEqual([]);
  });

  it("R-POOL-1: the syntax the guide shows is not itself a link", () => {
    const guide = packText("rules").join("\n");
    expect(guide).toContain("<code>@Risky\u200b[attribute]</code>");
    expect(findRollLinks("<code>@Risky\u200b[attribute]</code>", rollLinkVocabulary(CORE))).toEqual([]);
  });
});
