/**
 * scripts/bundle-graph.ts reads the built files' imports to tell what loads with the entry from what an
 * `import()` loads later (the size budget, and the dist, package and boot tests rest on it): its reading
 * of minified ES modules.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bundleGraph, moduleImports } from "../../scripts/bundle-graph.ts";

const dist = mkdtempSync(join(tmpdir(), "terran-graph-"));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe("the bundle's module graph", () => {
  it("reads static imports (with and without bindings) and dynamic import() in minified code, in any quotes", () => {
    const code = `import{a as e,b as t}from"./chunks/core.mjs";import"./side.mjs";export*from"./re.mjs";const x=()=>import(\`./chunks/late.mjs\`),y=import('../up.mjs');export{e};`;
    expect(moduleImports(code)).toEqual({
      static: ["./chunks/core.mjs", "./side.mjs", "./re.mjs"],
      dynamic: ["./chunks/late.mjs", "../up.mjs"],
    });
  });

  it("ignores bare specifiers and words that only look like imports", () => {
    expect(moduleImports(`const important="from './x'";import{y}from"pixi.js";`)).toEqual({ static: [], dynamic: [] });
  });

  it("what loads with the entry is the entry and its static imports, transitively; a file reached only by import() loads later, even when it imports code of the entry's", () => {
    mkdirSync(join(dist, "chunks"), { recursive: true });
    writeFileSync(
      join(dist, "entry.mjs"),
      `import{a}from"./chunks/core.mjs";Hooks.once("ready",()=>import("./chunks/sheet.mjs"));`,
    );
    writeFileSync(join(dist, "chunks/core.mjs"), `import"./util.mjs";export const a=1;`);
    writeFileSync(join(dist, "chunks/util.mjs"), `export const u=1;`);
    writeFileSync(join(dist, "chunks/sheet.mjs"), `import{a}from"./core.mjs";import{d}from"./dialog.mjs";`);
    writeFileSync(join(dist, "chunks/dialog.mjs"), `export const d=1;`);
    expect(bundleGraph(dist, "entry.mjs")).toEqual({
      withEntry: ["entry.mjs", "chunks/core.mjs", "chunks/util.mjs"],
      onDemand: ["chunks/sheet.mjs", "chunks/dialog.mjs"],
    });
  });

  it("a chunk that imports back from the entry it was loaded by (the built Quench chunk's shape) is read once", () => {
    mkdirSync(join(dist, "one", "quench"), { recursive: true });
    writeFileSync(
      join(dist, "one", "game.mjs"),
      `var a=1;Hooks.once("quenchReady",()=>import(\`./quench/register-AbC1.mjs\`));export{a as t};`,
    );
    writeFileSync(join(dist, "one", "quench/register-AbC1.mjs"), `import{t as e}from"../game.mjs";export const r=e;`);
    expect(bundleGraph(join(dist, "one"), "game.mjs")).toEqual({
      withEntry: ["game.mjs"],
      onDemand: ["quench/register-AbC1.mjs"],
    });
  });
});
