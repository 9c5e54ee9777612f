/**
 * Every `data-action` a sheet template names has a handler in that sheet's DEFAULT_OPTIONS.actions
 * or is one core handles itself (`tab`…: CORE_ACTIONS, never a class handler), every handler is used by a template, and
 * every `data-change` is one the sheet listens for. Read from the sources (the sheet classes need Foundry to load).
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { CORE_ACTIONS } from "../../stubs/applications.ts";
import {
  CHALLENGE_SHEET_PARTS,
  CHARACTER_SHEET_PARTS,
  ITEM_SHEET_PARTS,
  SHEET_PARTIALS,
} from "../../../src/applications/sheets/parts.ts";

const ROOT = resolve(import.meta.dirname, "../../..");
const read = (path: string): string => readFileSync(resolve(ROOT, path), "utf8");

/**
 * The keys of `actions: { … }` in a sheet class's source: `name: Sheet.#handler` or a function imported
 * by that name (`name,`).
 */
function actionHandlers(source: string): string[] {
  const block = /actions:\s*\{([\s\S]*?)\n\s*\},/.exec(source)?.[1] ?? "";
  return [...block.matchAll(/^\s*(\w+)(?::\s*\w+\.#\w+)?,?$/gm)].map((m) => m[1] ?? "");
}

/** The names in `export const X_CHANGE_HANDLERS = [ … ] as const`. */
function changeHandlers(source: string): string[] {
  const list = /_CHANGE_HANDLERS = \[([^\]]*)\]/.exec(source)?.[1] ?? "";
  return [...list.matchAll(/"(\w+)"/g)].map((m) => m[1] ?? "");
}

/** Partials a template includes, recursively, as template paths. */
function withPartials(paths: readonly string[]): string[] {
  const all = new Set<string>(paths);
  for (const path of all) {
    for (const m of read(path).matchAll(/\{\{>\s*"systems\/terran-engine\/([^"]+)"/g)) if (m[1]) all.add(m[1]);
  }
  return [...all];
}

function attributeValues(paths: readonly string[], attribute: string): Set<string> {
  const found = new Set<string>();
  for (const path of paths) {
    for (const m of read(path).matchAll(new RegExp(`${attribute}="([^"{}]*)"`, "g"))) found.add(m[1] ?? "");
  }
  return found;
}

const SHEETS = [
  {
    name: "character",
    source: "src/applications/sheets/character/character-sheet.ts",
    // The main tab draws its health model's partial by name (applications/health/sheet.ts).
    templates: [
      ...Object.values(CHARACTER_SHEET_PARTS),
      "templates/sheets/partials/health-grit.hbs",
      "templates/sheets/partials/health-hp.hbs",
    ],
  },
  {
    name: "challenge",
    source: "src/applications/sheets/challenge/challenge-sheet.ts",
    templates: Object.values(CHALLENGE_SHEET_PARTS),
  },
  { name: "item", source: "src/applications/sheets/item/item-sheet.ts", templates: Object.values(ITEM_SHEET_PARTS) },
];

describe("sheet actions", () => {
  for (const sheet of SHEETS) {
    const source = read(sheet.source);
    const templates = withPartials(sheet.templates);
    const handlers = actionHandlers(source);
    const actions = attributeValues(templates, "data-action");
    const changes = attributeValues(templates, "data-change");

    it(`${sheet.name}: every data-action in its templates has a handler, and every handler is used`, () => {
      expect(handlers.length).toBeGreaterThan(0);
      const core: readonly string[] = CORE_ACTIONS;
      expect([...actions].filter((a) => !handlers.includes(a) && !core.includes(a))).toEqual([]);
      expect(handlers.filter((h) => !actions.has(h))).toEqual([]);
      expect(handlers.filter((h) => core.includes(h))).toEqual([]);
    });

    it(`${sheet.name}: every data-change in its templates is one the sheet listens for`, () => {
      expect([...changes].sort()).toEqual(changeHandlers(source).sort());
    });
  }

  it("no data-action or data-change is built from data (each is a literal the check can see)", () => {
    const all = withPartials([
      ...Object.values(CHARACTER_SHEET_PARTS),
      ...Object.values(CHALLENGE_SHEET_PARTS),
      ...Object.values(ITEM_SHEET_PARTS),
      ...SHEET_PARTIALS,
    ]);
    for (const path of all) expect(read(path), path).not.toMatch(/data-(action|change)="[^"]*\{\{/);
  });

  it("the parser reads the handlers (a sanity check on the character sheet)", () => {
    expect(actionHandlers(read("src/applications/sheets/character/character-sheet.ts"))).toEqual(
      expect.arrayContaining(["roll", "setRating", "rest", "resetEgo", "sayonara", "takeAdvancement"]),
    );
  });
});
