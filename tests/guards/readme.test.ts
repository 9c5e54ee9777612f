/**
 * The README as a GM and a newcomer read it, the claims page beside it, and the README's images. The
 * whole README stays short; its GM's part (everything above "## For developers") speaks of the game, not
 * of the code. docs/VERIFIED.md keeps one claim per row, each with what is and is not run in Foundry.
 * Every README image is one `npm run screenshots` (scripts/screenshots.ts) shoots from a sandbox scene.
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
const README_WORDS = 2500;
const VERIFIED = readFileSync(resolve(ROOT, "docs/VERIFIED.md"), "utf8");
/** Words in one cell of the claims table: "a sentence or two". */
const CELL_WORDS = 80;

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

describe("README: read in minutes", () => {
  it(`is at most ${README_WORDS} words in all`, () => {
    expect(countWords(README)).toBeLessThanOrEqual(README_WORDS);
  });

  it("sends the reader on to the GM's guide, the claims page, the contributors' page and the map of the code", () => {
    for (const file of ["docs/GM-GUIDE.md", "docs/VERIFIED.md", "CONTRIBUTING.md", "docs/ARCHITECTURE.md"]) {
      expect(README, file).toContain(`](${file}`);
    }
  });
});

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
    expect(dev).toMatch(/about \d+( to \d+)? minutes on two cores/);
  });

  it("the two commands are package scripts that build and test", () => {
    const { scripts } = JSON.parse(readFileSync(resolve(ROOT, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    expect(scripts.build).toMatch(/vite build/);
    expect(scripts.test).toMatch(/^vitest run\b/);
  });
});

/** The rows of the claims tables: each a list of its cells (header and rule rows left out). */
function claimRows(markdown: string): string[][] {
  return markdown
    .split("\n")
    .filter((line) => line.startsWith("| ") && !line.startsWith("| claim |"))
    .map((line) => line.slice(2, -2).split(" | "));
}

describe("docs/VERIFIED.md: one claim per row, its current state", () => {
  const rows = claimRows(VERIFIED);

  it("reads its rows as the tables hold them", () => {
    expect(claimRows("| claim | how | in Foundry? |\n|---|---|---|\n| a | b | **not run** |")).toEqual([
      ["a", "b", "**not run**"],
    ]);
    expect(rows.length).toBeGreaterThan(50);
  });

  it("each row has a claim, how it is checked and what is left in Foundry, none empty", () => {
    expect(rows.filter((cells) => cells.length !== 3 || cells.some((cell) => cell.trim() === ""))).toEqual([]);
  });

  it(`each cell is a sentence or two (at most ${CELL_WORDS} words)`, () => {
    const long = rows.flat().filter((cell) => countWords(cell) > CELL_WORDS);
    expect(long.map((cell) => cell.slice(0, 60))).toEqual([]);
  });

  it("tells no run histories, and gives the fuzz figures once", () => {
    expect(VERIFIED.match(/\b(it used to|used to be|before that|since fixed|earlier:)/gi) ?? []).toEqual([]);
    expect(VERIFIED.match(/\b0 breaks\b/g)?.length ?? 0).toBeLessThanOrEqual(2);
    expect(rows.filter((cells) => /last full fuzz run/i.test(cells[0] ?? ""))).toHaveLength(1);
  });

  it("every row says what is left in Foundry, unless it is pure code", () => {
    const left = /not run|never run|not checked|not measured|not seen|not installed|not loaded|not yet|stand-ins/;
    const pure = (cell: string) => cell === "—" || cell.startsWith("not applicable");
    expect(rows.filter(([, , cell = ""]) => !pure(cell) && !left.test(cell)).map(([claim]) => claim)).toEqual([]);
    expect(VERIFIED).toMatch(/nobody has run yet/);
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

/** The relative links of a Markdown file whose file does not exist. */
function brokenFiles(file: string): string[] {
  const text = readFileSync(resolve(ROOT, file), "utf8");
  const targets = [...text.matchAll(/\]\(([^)#\s:]+)(#[^)\s]*)?\)/g)].map((m) => m[1] ?? "");
  return targets.filter((target) => !existsSync(resolve(ROOT, file, "..", target)));
}

const GUIDES = ["README.md", "docs/GM-GUIDE.md", "docs/VERIFIED.md", "CONTRIBUTING.md"];

describe("README and the guides: every link lands on a file and a heading", () => {
  it("the heading anchors are GitHub's", () => {
    expect(anchor("What is verified, and how")).toBe("what-is-verified-and-how");
    expect(anchor("Screens, languages and accessibility")).toBe("screens-languages-and-accessibility");
  });

  it.each(GUIDES)("%s: every #anchor", (file) => {
    expect(brokenAnchors(file)).toEqual([]);
  });

  it.each(GUIDES)("%s: every relative file", (file) => {
    expect(brokenFiles(file)).toEqual([]);
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
