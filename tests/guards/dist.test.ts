/**
 * Builds the system into a temporary folder with the project's own Vite config and checks that the
 * built manifest references only files that exist in the build, and that it loads as an ES module
 * text (no Foundry is involved: this proves the package is complete, not that Foundry accepts it). The
 * compendium packs are compiled into the build as `npm run build` does (scripts/packs/compile.ts).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleGraph, moduleImports } from "../../scripts/bundle-graph.ts";
import { build, parseAst } from "vite";
import { compileAll } from "../../scripts/packs/lib.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const out = mkdtempSync(join(tmpdir(), "terran-dist-"));

interface Manifest {
  esmodules: string[];
  styles: { src: string }[];
  languages: { path: string }[];
  packs?: { path?: string; name: string }[];
}

beforeAll(async () => {
  await build({
    root: ROOT,
    configFile: resolve(ROOT, "vite.config.ts"),
    logLevel: "silent",
    build: { outDir: out, emptyOutDir: true },
  });
  // `npm run build` compiles the packs after Vite (Vite empties its output folder): the same here.
  await compileAll(join(out, "packs"));
}, 60_000);

afterAll(() => {
  rmSync(out, { recursive: true, force: true });
});

/** What the dist test reads of an ESTree expression node (vite's parseAst). */
interface Expression {
  readonly type: string;
  readonly start: number;
  readonly end: number;
  readonly expressions?: Expression[];
}

describe("the built system", () => {
  it("has a manifest whose every referenced file exists in the build", () => {
    const manifest = JSON.parse(readFileSync(join(out, "system.json"), "utf8")) as Manifest;
    const files = [
      ...manifest.esmodules,
      ...manifest.styles.map((s) => s.src),
      ...manifest.languages.map((l) => l.path),
    ];
    expect(files.length).toBeGreaterThanOrEqual(3);
    expect(files.filter((f) => !existsSync(join(out, f)))).toEqual([]);
    for (const pack of manifest.packs ?? [])
      expect(existsSync(join(out, pack.path ?? `packs/${pack.name}`)), pack.name).toBe(true);
  });

  it("holds every pack system.json lists as a compiled LevelDB folder", () => {
    const manifest = JSON.parse(readFileSync(join(out, "system.json"), "utf8")) as Manifest;
    expect(manifest.packs?.length).toBe(19);
    for (const pack of manifest.packs ?? [])
      expect(existsSync(join(out, pack.path ?? `packs/${pack.name}`, "CURRENT")), pack.name).toBe(true);
  });

  it("ships nothing of the dev-only sandbox (sandbox/ and its stand-in of Foundry's look)", () => {
    const files = readdirSync(out, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(out, join(entry.parentPath, entry.name)));
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((f) => /sandbox|standin/i.test(f))).toEqual([]);
    expect(readFileSync(join(out, "system.json"), "utf8")).not.toMatch(/sandbox/i);
    for (const file of files.filter((f) => f.endsWith(".mjs")))
      expect(readFileSync(join(out, file), "utf8"), file).not.toMatch(/sandbox\/|startSandbox|foundry-standin/);
  });

  it("ships no template.json (core would rebuild documentTypes from it, dropping gmOnlyFields; v14 deprecates it)", () => {
    expect(existsSync(join(out, "template.json"))).toBe(false);
    expect(existsSync(resolve(ROOT, "template.json")), "it stays in the repository").toBe(true);
    const manifest = JSON.parse(readFileSync(join(out, "system.json"), "utf8")) as {
      documentTypes: { Actor: { challenge: { gmOnlyFields?: string[] } } };
    };
    expect(manifest.documentTypes.Actor.challenge.gmOnlyFields).toEqual(["notes"]);
  });

  it("ships the game as one ES module: terran.mjs imports no file; its one import() is the Quench batches' chunk, which imports nothing (the entry hands it the system's code)", () => {
    const scripts = readdirSync(out, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith(".mjs"))
      .map((entry) => relative(out, join(entry.parentPath, entry.name)).split("\\").join("/"));
    const graph = bundleGraph(out, "terran.mjs");
    expect(graph.withEntry).toEqual(["terran.mjs"]);
    expect(graph.onDemand).toHaveLength(1);
    expect(graph.onDemand[0]).toMatch(/^quench\/register-[\w-]+\.mjs$/);
    expect(scripts.sort()).toEqual([...graph.withEntry, ...graph.onDemand].sort());
    // An import of terran.mjs would share the running system only if the page loaded the entry at that
    // very URL (src/quench/kit.ts): none at all, not even a bundler helper.
    const chunk = readFileSync(join(out, graph.onDemand[0] ?? ""), "utf8");
    expect(moduleImports(chunk)).toEqual({ static: [], dynamic: [] });
    expect(chunk).not.toMatch(/terran\.mjs/);
  });

  it("keeps the document classes' names through minification (saved data revives as our classes), in the file Foundry loads", () => {
    const bundle = readFileSync(join(out, "terran.mjs"), "utf8");
    // A class keeps its name when declared `class X`, assigned `X = class` / `X=class` minified (name
    // inference), or wrapped by the bundler's keepNames helper with the name as a string (the minifier
    // writes strings in backticks).
    for (const name of [
      "TerranRoll",
      "TerranChatMessage",
      "TerranActor",
      "TerranItem",
      "CharacterData",
      "ChallengeData",
      "WeaponData",
      "RulesError",
    ]) {
      expect(bundle, name).toMatch(new RegExp(`class ${name}\\b|\\b${name} ?= ?class\\b|["'\`]${name}["'\`]`));
    }
  });

  it("declares no two top-level classes of one name in src/ (the bundler would rename one apart, and its saved name with it)", () => {
    // vite.config.ts turns rolldown's keepNames off (its helper would tie the Quench chunk to the entry):
    // the minifier keeps class names, but not a name rolldown changed to keep two modules' bindings apart.
    const src = resolve(ROOT, "src");
    const names = readdirSync(src, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
      .flatMap((entry) => [
        ...readFileSync(join(entry.parentPath, entry.name), "utf8").matchAll(
          /^(?:export )?(?:abstract )?class (\w+)/gm,
        ),
      ])
      .map((m) => m[1] ?? "");
    expect(names.length).toBeGreaterThan(10);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });

  it("runs nothing at load that only reads a value: each top-level statement of terran.mjs declares, calls or exports", () => {
    // A value nobody uses is dropped by the minifier, but a read it cannot prove free of effects stays as
    // a bare statement: a list built only for tests (`[...Object.values(PARTS)]`), or a TypeScript alias
    // of a Foundry class used only as a type (`import X = foundry.applications.api.X`, emitted as the read
    // `foundry.applications.api.X;`). Such code ships and runs for nothing.
    const bundle = readFileSync(join(out, "terran.mjs"), "utf8");
    // What a statement can only read or build (the minifier joins statements into sequences `a,b;`).
    const READS = [
      "Identifier",
      "MemberExpression",
      "ArrayExpression",
      "ObjectExpression",
      "Literal",
      "TemplateLiteral",
    ];
    const idle = (e: Expression): Expression[] =>
      e.type === "SequenceExpression" ? (e.expressions ?? []).flatMap(idle) : READS.includes(e.type) ? [e] : [];
    const found = parseAst(bundle)
      .body.flatMap((node) => (node.type === "ExpressionStatement" ? idle(node.expression) : []))
      .map((e) => bundle.slice(e.start, Math.min(e.end, e.start + 80)));
    expect(found).toEqual([]);
  });
});
