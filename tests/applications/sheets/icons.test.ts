/**
 * Font Awesome on both generations: v13 ships FA6, v14 ships FA7, where some FA6 names render as
 * empty squares and icons are fixed-width by default (dnd5e commit 6aa15735b; simple-calendar#38).
 * Every `fa-*` class we use must be in tests/fixtures/fa7-icons.json (written by scripts/fa-icons.ts
 * from the FA7 free package's metadata; no network here), and every icon in a template carries
 * `fa-fw` (1.25em wide, centred: FA7's default and FA6's fixed width) so it is the same size on both.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { FA_FIXTURE, usedFaClasses } from "../../../scripts/fa-icons.ts";
import { allSheetTemplates } from "../../../src/applications/sheets/parts.ts";

const ROOT = resolve(import.meta.dirname, "../../..");
const fixture = JSON.parse(readFileSync(resolve(ROOT, FA_FIXTURE), "utf8")) as {
  source: string;
  icons: string[];
  utilities: string[];
};

describe("Font Awesome icons (v13 FA6, v14 FA7)", () => {
  const used = usedFaClasses(ROOT);

  it("the list comes from Font Awesome 7", () => {
    expect(fixture.source).toMatch(/^@fortawesome\/fontawesome-free@7\./);
    expect(fixture.icons.length).toBeGreaterThan(0);
  });

  it("every fa-* class in templates, styles and code is an FA7 free solid icon or an FA7 utility class", () => {
    const known = new Set([...fixture.icons, ...fixture.utilities]);
    const unknown = [...used].filter(([cls]) => !known.has(cls)).map(([cls, where]) => `${cls} in ${where.join(", ")}`);
    expect(unknown).toEqual([]);
    expect(used.size).toBeGreaterThan(0);
  });

  it("every icon in a template is fixed-width (fa-fw), so it has the same width on FA6 and FA7", () => {
    const templates = [...allSheetTemplates(), "templates/dialogs/roll-dialog.hbs"];
    const loose: string[] = [];
    for (const path of templates) {
      for (const m of readFileSync(resolve(ROOT, path), "utf8").matchAll(/<i class="([^"]*\bfa-[^"]*)"/g)) {
        const classes = (m[1] ?? "").split(/\s+/);
        if (!classes.includes("fa-fw")) loose.push(`${path}: ${m[0]}`);
      }
    }
    expect(loose).toEqual([]);
  });
});
