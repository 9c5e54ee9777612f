/**
 * Builds the system into a temporary folder with the project's own Vite config and checks that the
 * built manifest references only files that exist in the build, and that it loads as an ES module
 * text (no Foundry is involved: this proves the package is complete, not that Foundry accepts it).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "vite";

const ROOT = resolve(import.meta.dirname, "../..");
const out = mkdtempSync(join(tmpdir(), "terran-dist-"));

interface Manifest {
  esmodules: string[];
  styles: { src: string }[];
  languages: { path: string }[];
  packs?: { path?: string; name: string }[];
}

beforeAll(async () => {
  await build({ root: ROOT, configFile: resolve(ROOT, "vite.config.ts"), logLevel: "silent", build: { outDir: out, emptyOutDir: true } });
}, 60_000);

afterAll(() => {
  rmSync(out, { recursive: true, force: true });
});

describe("the built system", () => {
  it("has a manifest whose every referenced file exists in the build", () => {
    const manifest = JSON.parse(readFileSync(join(out, "system.json"), "utf8")) as Manifest;
    const files = [...manifest.esmodules, ...manifest.styles.map((s) => s.src), ...manifest.languages.map((l) => l.path)];
    expect(files.length).toBeGreaterThanOrEqual(3);
    expect(files.filter((f) => !existsSync(join(out, f)))).toEqual([]);
    for (const pack of manifest.packs ?? []) expect(existsSync(join(out, pack.path ?? `packs/${pack.name}`)), pack.name).toBe(true);
  });

  it("keeps the document classes' names through minification (saved data revives as our classes)", () => {
    const bundle = readFileSync(join(out, "terran.mjs"), "utf8");
    // A class keeps its name when declared `class X`, assigned `X = class` (name inference), or wrapped
    // by the bundler's keepNames helper with the name as a string.
    for (const name of ["TerranRoll", "TerranChatMessage", "TerranActor", "TerranItem", "CharacterData", "ChallengeData", "WeaponData", "RulesError"]) {
      expect(bundle, name).toMatch(new RegExp(`class ${name}\\b|\\b${name} = class\\b|["']${name}["']`));
    }
  });
});
