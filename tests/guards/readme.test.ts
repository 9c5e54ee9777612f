/**
 * The README as a GM reads it, and its images. The GM's part is everything above "## For developers"
 * (the title, the introduction and "## For the GM"): it stays short and speaks of the game, not of
 * the code (no rule IDs, no repository paths). Every image the README shows is one `npm run
 * screenshots` (scripts/screenshots.ts) shoots from a named sandbox scene, so none goes stale
 * unnoticed: a renamed scene, a README image the script does not make or an image left behind fails here.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { findScene } from "../../sandbox/scenes.ts";
import { README_SHOTS, SCREENSHOT_DIR, SCREENSHOT_FILES } from "../../scripts/screenshots.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const README = readFileSync(resolve(ROOT, "README.md"), "utf8");
const GM_HEADING = "\n## For the GM\n";
const DEV_HEADING = "\n## For developers\n";
const GM_WORDS = 1200;

/** The images the README names under docs/screenshots/, in order of first mention. */
function readmeImages(text: string): string[] {
  const found = [...text.matchAll(/docs\/screenshots\/([^\s)"'`]+)/g)].map((m) => m[1] ?? "");
  return [...new Set(found)];
}

/** The GM's part: from the top to the developers' heading. */
function gmPart(text: string): string {
  const end = text.indexOf(DEV_HEADING);
  if (end < 0) throw new Error(`the README has no "${DEV_HEADING.trim()}" heading`);
  return text.slice(0, end);
}

/** Words as a reader counts them: link and image targets left out, and only runs holding a letter or a digit. */
export function countWords(markdown: string): number {
  const text = markdown.replace(/\]\([^)]*\)/g, "]");
  return text.split(/\s+/).filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
}

describe("README: the GM's part", () => {
  it("has a GM heading before the developers' heading", () => {
    const gm = README.indexOf(GM_HEADING);
    expect(gm, "## For the GM").toBeGreaterThan(0);
    expect(README.indexOf(DEV_HEADING), "## For developers").toBeGreaterThan(gm);
  });

  it(`is at most ${GM_WORDS} words (everything above "For developers")`, () => {
    expect(countWords(gmPart(README))).toBeLessThanOrEqual(GM_WORDS);
  });

  it("the word count counts words, not link targets or table rules", () => {
    expect(countWords("Two words ![an image](docs/screenshots/x.png) | --- | `npm test`")).toBe(6);
  });

  it("names no rule ID and no repository path: those are for developers", () => {
    const gm = gmPart(README);
    expect(gm.match(/\bR-[A-Z]+-\d+/g) ?? []).toEqual([]);
    expect(gm.match(/\b(src|tests|scripts|packs|sandbox|\.github)\/[\w./-]*/g) ?? []).toEqual([]);
  });
});

describe("README: the developers' quick start", () => {
  it("keeps its two commands and says what npm test runs and how long it takes", () => {
    const dev = README.slice(README.indexOf(DEV_HEADING));
    expect(dev).toContain("npm ci && npm run build");
    expect(dev).toMatch(/```sh\nnpm test\n```/);
    expect(dev).toMatch(/unit, stand-in and Chromium browser tests/);
    expect(dev).toContain("about 6 minutes on two cores");
  });
});

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens. */
function anchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** The broken `#anchor` links of a Markdown file (its own, or another file's named by a relative path). */
function brokenAnchors(file: string): string[] {
  const text = readFileSync(resolve(ROOT, file), "utf8");
  const broken: string[] = [];
  for (const [, target = "", hash = ""] of text.matchAll(/\]\(([^)#\s]*)#([^)\s]+)\)/g)) {
    const other = target ? resolve(ROOT, file, "..", target) : resolve(ROOT, file);
    const headings = [...readFileSync(other, "utf8").matchAll(/^#+ (.+)$/gm)].map((m) => anchor(m[1] ?? ""));
    if (!headings.includes(hash)) broken.push(`${target}#${hash}`);
  }
  return broken;
}

describe("README and the GM's guide: every #anchor link lands on a heading", () => {
  it("the heading anchors are GitHub's", () => {
    expect(anchor("What is verified, and how")).toBe("what-is-verified-and-how");
  });

  it.each(["README.md", "docs/GM-GUIDE.md"])("%s", (file) => {
    expect(brokenAnchors(file)).toEqual([]);
  });
});

describe("README images: made by npm run screenshots, none stale, none left over", () => {
  it("each README image is one the script makes, and it is in docs/screenshots/", () => {
    const named = readmeImages(README);
    expect(named.length).toBeGreaterThan(0);
    expect(
      named.filter((file) => !SCREENSHOT_FILES.includes(file)),
      "named but not made by the script",
    ).toEqual([]);
    expect(
      named.filter((file) => !existsSync(resolve(ROOT, SCREENSHOT_DIR, file))),
      "named but missing",
    ).toEqual([]);
  });

  it("the script makes no image the README does not show", () => {
    expect(SCREENSHOT_FILES.filter((file) => !readmeImages(README).includes(file))).toEqual([]);
  });

  it("docs/screenshots/ holds no image the README does not name", () => {
    const named = readmeImages(README);
    expect(readdirSync(resolve(ROOT, SCREENSHOT_DIR)).filter((file) => !named.includes(file))).toEqual([]);
  });

  it("each image comes from a named sandbox scene, once", () => {
    expect(README_SHOTS.filter((shot) => !findScene(shot.kind, shot.id))).toEqual([]);
    expect(new Set(SCREENSHOT_FILES).size).toBe(SCREENSHOT_FILES.length);
  });
});
