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

describe("ruleset shapes: one home each", () => {
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
