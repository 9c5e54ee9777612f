/**
 * Each ruleset shape has one home: outside src/rules/ only the health and resolution models' look-ups
 * read a ruleset's `health.kind` or `resolution.kind` (src/chat/health/, src/documents/health/,
 * src/applications/health/, src/applications/resolution/, and the data layer's bars in
 * src/data/token-bars.ts). Anywhere else a caller asks the world's model (`healthModel(ruleset)`,
 * `resolutionModel(ruleset)`…) rather than switching on its kind. Comments and strings are not code.
 */
import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");

/** Where a kind may be read: the rules, and the models' own folders (and the bars' look-up). */
const MODEL_HOMES = [
  "rules/",
  "chat/health/",
  "documents/health/",
  "applications/health/",
  "applications/resolution/",
  "data/token-bars.ts",
];

/** A shape switch: the kind read by name, or compared with one of the shapes' names. */
const SHAPE_SWITCH =
  /\b(health|resolution)\s*\??\.\s*kind\b|\.kind\s*[!=]==?\s*["'](hp|grit|separate|combined)["']|["'](hp|grit|separate|combined)["']\s*[!=]==?\s*[\w.?]+\.kind\b/;

/** The code of a TypeScript file without its comments; string literals are kept (the kinds' names are strings). */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
}

/** The files under src/ outside the models' homes that switch on a shape, each with its first such line. */
function shapeSwitches(files: ReadonlyMap<string, string>): string[] {
  const found: string[] = [];
  for (const [file, text] of files) {
    if (MODEL_HOMES.some((home) => file.startsWith(home))) continue;
    const line = code(text)
      .split("\n")
      .find((l) => SHAPE_SWITCH.test(l));
    if (line !== undefined) found.push(`src/${file}: ${line.trim()}`);
  }
  return found;
}

function sources(): Map<string, string> {
  const dir = resolve(ROOT, "src");
  const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"));
  return new Map(files.map((f) => [f.split("\\").join("/"), readFileSync(resolve(dir, f), "utf8")]));
}

/**
 * A branch on a health model's sheet part by its shape's name (`hpMain ? … : …`, `if (legacy)`): the shape
 * asked another way. Optional members (`hp?:`) and optional chains are not branches.
 */
const SHAPE_NAMED_BRANCH =
  /\b(hp|grit|legacy)(Main|Part|View)?\s*(\?(?![.?:])|[!=]==?\s*null\b|&&|\|\|)|\bif\s*\(\s*!?\s*(hp|grit|legacy)(Main|Part|View)?\s*\)/;

/** The files under src/ outside the models' homes that branch on a shape-named value, each with its first branch. */
function shapeNamedBranches(files: ReadonlyMap<string, string>): string[] {
  const found: string[] = [];
  for (const [file, text] of files) {
    if (MODEL_HOMES.some((home) => file.startsWith(home))) continue;
    const match = SHAPE_NAMED_BRANCH.exec(code(text));
    if (match) found.push(`src/${file}: ${match[0].trim()}`);
  }
  return found;
}

/**
 * A ruleset's id as a value: `"core"`, `"degenesis"`, `"legacy"` in quotes, but not as a property's name
 * (`View["legacy"]`).
 */
const RULESET_ID = /(?<![\w\])]\s*\[\s*)(["'`])(core|degenesis|legacy)\1/;

/**
 * Where an id may be written: the rulesets themselves; the in-Foundry tests (they pick a world's ruleset, as
 * tests/ does); and Foundry's own "core" settings namespace.
 */
const RULESET_ID_HOMES = ["rules/rulesets/", "quench/", "compat/generation.ts"];

/** The files under src/ outside the rulesets that name a ruleset by its id, each with its first such line. */
function rulesetIds(files: ReadonlyMap<string, string>): string[] {
  const found: string[] = [];
  for (const [file, text] of files) {
    if (RULESET_ID_HOMES.some((home) => file.startsWith(home))) continue;
    const line = code(text)
      .split("\n")
      .find((l) => RULESET_ID.test(l));
    if (line !== undefined) found.push(`src/${file}: ${line.trim()}`);
  }
  return found;
}

describe("ruleset ids: only the rulesets know them", () => {
  it("no file outside src/rules/rulesets/ names a ruleset by its id", () => {
    expect(rulesetIds(sources())).toEqual([]);
  });

  it("the guard sees an id in any quotes, and not a property of that name, a comment or a ruleset", () => {
    const samples = new Map([
      ["data/limits.ts", `export const SOURCES = ["core", "cult"];`],
      ["settings/settings.ts", "const id = stored ?? `degenesis`;"],
      ["applications/sheets/item/item-context.ts", `if (ruleset.id === 'legacy') return;`],
      ["applications/sheets/character/character-legacy.ts", `function hpOf(d: CharacterDerived["legacy"]) {}`],
      ["data/source.ts", `// the "core" list\nconst x = 1;`],
      ["rules/rulesets/index.ts", `const ids = ["core", "degenesis", "legacy"];`],
    ]);
    expect(rulesetIds(samples).map((f) => f.split(":")[0])).toEqual([
      "src/data/limits.ts",
      "src/settings/settings.ts",
      "src/applications/sheets/item/item-context.ts",
    ]);
  });
});

describe("ruleset shapes: one home each", () => {
  it("no file outside the models' folders branches on a shape-named value (the shape asked another way)", () => {
    expect(shapeNamedBranches(sources())).toEqual([]);
  });

  it("the guard sees a shape-named branch across lines, and not an optional member or chain", () => {
    const samples = new Map([
      ["applications/sheets/character/character-context.ts", `const c = hpMain\n  ? a\n  : b;`],
      ["applications/sheets/character/banners.ts", `banners(system, hpMain !== null);`],
      ["applications/sheets/character/groups.ts", `if (!legacy) return [];`],
      ["chat/challenge-card.ts", `readonly hpHarm?: readonly Entry[]; const x = sheet.legacy?.hp ?? null;`],
      ["chat/health/hp.ts", `return hp ? a : b;`],
    ]);
    expect(shapeNamedBranches(samples).map((f) => f.split(":")[0])).toEqual([
      "src/applications/sheets/character/character-context.ts",
      "src/applications/sheets/character/banners.ts",
      "src/applications/sheets/character/groups.ts",
    ]);
  });

  it("no file outside src/rules/ and the models' folders reads health.kind or resolution.kind, or compares a kind with a shape's name", () => {
    expect(shapeSwitches(sources())).toEqual([]);
  });

  it("the guard sees a switch by any of its spellings, and not one in a comment or a model's home", () => {
    const samples = new Map([
      ["api.ts", `if (currentRuleset().resolution.kind === "separate") open();`],
      ["documents/card-changes.ts", `const hp = ruleset.health?.kind;`],
      ["applications/chat/card-apply.ts", `const x = ruleset.health.kind === "hp" ? a : b;`],
      ["applications/sheets/character-context.ts", `if (rule.kind !== "grit") return;`],
      ["documents/token-states-sync.ts", `if ("combined" === ruleset.resolution.kind) return;`],
      ["data/actor/character.ts", `// the ruleset's health.kind picks it\nconst bars = healthBars(ruleset);`],
      ["documents/health/index.ts", `return MODELS[ruleset.health.kind];`],
    ]);
    expect(shapeSwitches(samples).map((f) => f.split(":")[0])).toEqual([
      "src/api.ts",
      "src/documents/card-changes.ts",
      "src/applications/chat/card-apply.ts",
      "src/applications/sheets/character-context.ts",
      "src/documents/token-states-sync.ts",
    ]);
  });
});

/** How XP are earned and spent: the session's award (flat or per Ego lost) and how an Advancement is taken. */
const EXPERIENCE_SWITCH =
  /\b(session|advancement)\s*\??\.\s*kind\b|\.kind\s*[!=]==?\s*["'](flat|perEgoLost|cost|roll)["']/;

/** The experience shapes' homes: the rules, and the one look-up of how an Advancement is taken. */
const EXPERIENCE_HOMES = ["rules/", "applications/sheets/character/advancement-drop.ts"];

describe("experience shapes: asked of the rules, never switched on by a caller", () => {
  it("no file outside src/rules/ and the Advancement's look-up reads experience.session.kind or experience.advancement.kind", () => {
    const found = [...sources()]
      .filter(([file]) => !EXPERIENCE_HOMES.some((home) => file.startsWith(home)))
      .flatMap(([file, text]) => {
        const line = code(text)
          .split("\n")
          .find((l) => EXPERIENCE_SWITCH.test(l));
        return line === undefined ? [] : [`src/${file}: ${line.trim()}`];
      });
    expect(found).toEqual([]);
  });
});
