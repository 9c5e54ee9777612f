/**
 * The lint rule that keeps src/rules/ pure, run on sample sources through ESLint's API with the very
 * block eslint.config.js applies (no type information needed for these rules).
 */
import { describe, expect, it } from "vitest";
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { rulesPurity } from "../../eslint.rules-purity.js";

const eslint = new ESLint({
  overrideConfigFile: true,
  overrideConfig: [{ files: ["**/*.ts"], languageOptions: { parser: tseslint.parser } }, rulesPurity],
});

async function messages(code: string, filePath = "src/rules/sample.ts"): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? "parse"}: ${m.message}`);
}

describe("src/rules purity guard (ESLint)", () => {
  it("passes pure rules code", async () => {
    expect(
      await messages(
        `import { highest } from "./dice.ts";\nexport const f = (x: number[]) => highest(x) + Math.max(1, 2);`,
      ),
    ).toEqual([]);
  });

  it.each(["foundry", "game", "CONFIG", "ui", "Hooks", "canvas"])(
    "fails when src/rules touches Foundry's %s",
    async (name) => {
      const found = await messages(`export const f = () => ${name}.toString();`);
      expect(found).toHaveLength(1);
      expect(found[0]).toMatch(/no-restricted-globals: .*src\/rules\/ is pure/);
    },
  );

  it.each(["document", "window", "HTMLElement"])("fails when src/rules touches the DOM (%s)", async (name) => {
    expect(await messages(`export const f = () => ${name}.toString();`)).toEqual([
      expect.stringMatching(/no-restricted-globals: .*src\/rules\/ is pure: no DOM/),
    ]);
  });

  it("fails when src/rules rolls its own dice with Math.random", async () => {
    expect(await messages(`export const roll = () => Math.ceil(Math.random() * 6);`)).toEqual([
      expect.stringMatching(/no-restricted-properties: .*src\/rules\/ never rolls dice/),
    ]);
  });

  it("applies only to src/rules: other layers may use Foundry", async () => {
    expect(await messages(`export const f = () => game.toString();`, "src/documents/actor.ts")).toEqual([]);
  });
});
