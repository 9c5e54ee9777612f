/**
 * The architecture's rules (.dependency-cruiser.cjs, run by `npm run lint` on src/) fire: a small tree
 * that breaks each of them is cruised with the very config, and every break is named. The real tree's
 * check is the lint step's.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import stylistic from "@stylistic/eslint-plugin";
import { ESLint, type Linter } from "eslint";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const tree = mkdtempSync(join(tmpdir(), "terran-layers-"));
afterAll(() => rmSync(tree, { recursive: true, force: true }));

function write(file: string, text: string): void {
  mkdirSync(dirname(join(tree, file)), { recursive: true });
  writeFileSync(join(tree, file), text);
}

/** Cruises `src/` of the sample tree; the violations' lines (dependency-cruiser exits non-zero on any). */
function violations(): string[] {
  try {
    execFileSync(
      join(ROOT, "node_modules/.bin/depcruise"),
      ["src", "--config", join(ROOT, ".dependency-cruiser.cjs")],
      { cwd: tree, encoding: "utf8" },
    );
    return [];
  } catch (error) {
    const stdout: unknown = (error as { stdout?: unknown }).stdout;
    const out = typeof stdout === "string" ? stdout : "";
    return out.split("\n").filter((line) => line.trim().startsWith("error"));
  }
}

describe("the architecture's rules (dependency-cruiser)", () => {
  write(
    "tsconfig.json",
    JSON.stringify({
      compilerOptions: {
        allowImportingTsExtensions: true,
        noEmit: true,
        module: "esnext",
        moduleResolution: "bundler",
      },
    }),
  );
  write("src/rules/pure.ts", 'import { b } from "../documents/b.ts";\nexport const a = b;\n');
  write("src/rules/package.ts", 'import fc from "fast-check";\nexport const x = fc;\n');
  write("src/rules/typed.ts", 'import type { Ruleset } from "./pure.ts";\nexport type R = Ruleset;\n');
  write("src/chat/card.ts", 'import { b } from "../documents/b.ts";\nexport const card = b;\n');
  write("src/documents/b.ts", 'import { c } from "../applications/c.ts";\nexport const b = c;\n');
  write("src/applications/c.ts", 'export const c = () => import("./d.ts");\n');
  write("src/applications/d.ts", 'import { c } from "./c.ts";\nexport const d = c;\n');
  write("src/applications/e.ts", 'import { f } from "../terran.ts";\nexport const e = f;\n');
  write("src/terran.ts", "export const f = 1;\n");
  write("src/documents/typed.ts", 'import type { c } from "../applications/c.ts";\nexport type C = typeof c;\n');
  const found = violations();

  it("src/rules/ imports nothing but src/rules/ (no other layer, no package)", () => {
    expect(found).toContainEqual(expect.stringMatching(/rules-are-pure: src\/rules\/pure\.ts → src\/documents\/b\.ts/));
    expect(found).toContainEqual(expect.stringMatching(/rules-are-pure: src\/rules\/package\.ts → fast-check/));
  });

  it("imports go one way: data/chat/dice → documents is refused, documents → applications, applications → the entry", () => {
    expect(found).toContainEqual(
      expect.stringMatching(/low-layers-stay-low: src\/chat\/card\.ts → src\/documents\/b\.ts/),
    );
    expect(found).toContainEqual(
      expect.stringMatching(/documents-below-applications: src\/documents\/b\.ts → src\/applications\/c\.ts/),
    );
    expect(found).toContainEqual(
      expect.stringMatching(/applications-below-entry: src\/applications\/e\.ts → src\/terran\.ts/),
    );
  });

  it("no cycle, a dynamic import() counted; type-only imports are not code and pass", () => {
    expect(found).toContainEqual(expect.stringMatching(/no-circular: src\/applications\/(c|d)\.ts/));
    expect(found.filter((line) => line.includes("typed.ts"))).toEqual([]);
  });
});

describe("functions stay short (ESLint, eslint.config.js)", () => {
  it("max-lines-per-function holds every function of src/ to 80 lines, blank and comment lines skipped", async () => {
    const config = (await new ESLint({ cwd: ROOT }).calculateConfigForFile("src/rules/pool.ts")) as {
      rules?: Record<string, unknown>;
    };
    expect(config.rules?.["max-lines-per-function"]).toEqual([
      2,
      { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true },
    ]);
  });
});

describe("lines stay within 120 columns (ESLint Stylistic, eslint.config.js)", () => {
  it("max-len holds code and comments to 120 columns; only strings, template literals, URLs and regexps may run past", async () => {
    const config = (await new ESLint({ cwd: ROOT }).calculateConfigForFile("src/rules/pool.ts")) as {
      rules?: Record<string, unknown>;
    };
    const rule = config.rules?.["@stylistic/max-len"];
    expect(rule).toEqual([
      2,
      expect.objectContaining({ code: 120, ignoreStrings: true, ignoreTemplateLiterals: true }),
    ]);
    // The configured rule alone, on a long comment and on a long string (no type information needed).
    const bare = new ESLint({
      cwd: ROOT,
      overrideConfigFile: true,
      overrideConfig: {
        plugins: { "@stylistic": stylistic },
        rules: { "@stylistic/max-len": rule as Linter.RuleEntry },
      },
    });
    const [comment] = await bare.lintText(`// ${"word ".repeat(30)}\nexport const x = 1;\n`, { filePath: "a.js" });
    expect(comment?.messages.map((m) => m.ruleId)).toEqual(["@stylistic/max-len"]);
    const [text] = await bare.lintText(`export const x = "${"word ".repeat(30)}";\n`, { filePath: "a.js" });
    expect(text?.messages).toEqual([]);
  });
});

describe("comments speak of the repository alone", () => {
  /** A tracker issue ("issue 17", "issue: …") or a folder of the workplace outside the repository. */
  const OUTSIDE = /\bissues? #?\d+|\bissue:|\/work\//i;

  it("no source, test, script, sandbox or bench file cites a tracker issue or a path outside the repository", () => {
    const files = execFileSync("git", ["ls-files", "src", "tests", "scripts", "sandbox", "bench"], {
      cwd: ROOT,
      encoding: "utf8",
    })
      .split("\n")
      .filter((f) => /\.(ts|js|mjs|cjs)$/.test(f) && f !== "tests/guards/architecture.test.ts");
    const found = files.flatMap((file) =>
      readFileSync(join(ROOT, file), "utf8")
        .split("\n")
        .flatMap((line, i) => (OUTSIDE.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
