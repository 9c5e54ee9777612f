/**
 * Runs against FOUNDRY STAND-INS and a STAND-IN QUENCH (tests/stubs/quench.ts, which follows
 * Ethaks/FVTT-Quench's src/module/quench.ts). Nothing here runs a batch's tests: they need a live
 * Foundry world. What this proves:
 * - registration happens only when the Quench module is active, and registers every batch under the
 *   `terran-engine.` prefix with a display name, without Quench's package-name error;
 * - each batch's registration function runs under Quench's context and defines tests (each with a
 *   body, unique titles), and a batch that creates documents registers an `after` clean-up;
 * - every Foundry global the batches' code reaches (read from the TypeScript syntax tree of
 *   src/quench) is either provided by our Foundry stand-ins or listed below as Foundry-only, with the
 *   reason no stand-in imitates it — the list is exact both ways, so a new API use must be classed.
 * Instance methods (`actor.update`, `sheet.render`, `message.renderHTML`…) are not in that check: only
 * paths from a global are read from the syntax tree. It does not prove the batches pass inside Foundry.
 */
import "../stubs/foundry-client.ts";
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import ts from "typescript";
import { beforeEach, describe, expect, it } from "vitest";
import { GENERATIONS, makeGm, resetWorld, world } from "../stubs/foundry-client.ts";
import { QuenchStub } from "../stubs/quench.ts";
import { onQuenchReady, QUENCH_ID } from "../../src/quench/hook.ts";
import { SYSTEM_ID } from "../../src/system-id.ts";

const PACKAGES = [QUENCH_ID, SYSTEM_ID];

const BATCH_KEYS = [
  "terran-engine.load",
  "terran-engine.actors",
  "terran-engine.sheets",
  "terran-engine.risky",
  "terran-engine.queries",
  "terran-engine.advancement",
  "terran-engine.privacy",
  "terran-engine.migrations",
  "terran-engine.links-states",
  "terran-engine.legacy",
  "terran-engine.session",
  "terran-engine.request",
  "terran-engine.luck",
];

describe.each(GENERATIONS)("Quench batches on generation %i", (generation) => {
  beforeEach(() => resetWorld(generation));

  it("registers nothing when the Quench module is not active", async () => {
    const quench = new QuenchStub(PACKAGES);
    expect(await onQuenchReady(quench)).toBe(false);
    expect(quench.batches.size).toBe(0);
  });

  it("registers every batch under terran-engine. with a display name when Quench is active", async () => {
    world.modules.add(QUENCH_ID);
    const quench = new QuenchStub(PACKAGES);
    expect(await onQuenchReady(quench)).toBe(true);
    expect([...quench.batches.keys()]).toEqual(BATCH_KEYS);
    for (const batch of quench.batches.values()) {
      expect(batch.key.startsWith(`${SYSTEM_ID}.`)).toBe(true);
      expect(batch.displayName).not.toBe(batch.key);
      expect(batch.displayName).toMatch(/^Terran Engine: \S/);
      expect(batch.preSelected).toBe(true);
    }
    expect(quench.errors).toEqual([]);
    expect(quench.warnings).toEqual([]);
  });

  it("each batch defines tests with bodies and unique titles; one that makes documents cleans up after", async () => {
    world.modules.add(QUENCH_ID);
    const quench = new QuenchStub(PACKAGES);
    await onQuenchReady(quench);
    const collected = await quench.collect(`${SYSTEM_ID}.**`);
    expect(collected.map((b) => b.key)).toEqual(BATCH_KEYS);
    for (const batch of collected) {
      expect(batch.tests.length, batch.key).toBeGreaterThan(0);
      for (const test of batch.tests) expect(typeof test.body, test.path.join(" › ")).toBe("function");
      const titles = batch.tests.map((t) => t.path.join(" › "));
      expect(new Set(titles).size, batch.key).toBe(titles.length);
      const area = batch.key.slice(SYSTEM_ID.length + 1);
      const source = readFileSync(resolve(import.meta.dirname, `../../src/quench/batches/${area}.ts`), "utf8");
      if (source.includes("made.keep("))
        expect(batch.hooks.after, `${batch.key} deletes what it made`).toBeGreaterThan(0);
    }
  });

  it("the stand-in Quench only matches keys as Quench's wildcards do", async () => {
    world.modules.add(QUENCH_ID);
    const quench = new QuenchStub(PACKAGES);
    await onQuenchReady(quench);
    expect((await quench.collect("terran-engine.*")).length).toBe(BATCH_KEYS.length);
    expect((await quench.collect("terran-engine.load")).map((b) => b.key)).toEqual(["terran-engine.load"]);
    expect(await quench.collect("quench.**")).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// The Foundry APIs the batches reach

/** Globals Foundry provides (the roots of the paths collected below). */
const GLOBALS = new Set([
  "game",
  "CONFIG",
  "CONST",
  "foundry",
  "ui",
  "Hooks",
  "Actor",
  "Item",
  "ChatMessage",
  "User",
  "Roll",
  "fromUuid",
  "canvas",
]);

/**
 * Foundry-only: what a batch exists to check in a live world, with why no stand-in imitates it.
 * Every entry must be used by the batches (no stale entries) and must NOT resolve on the stand-ins.
 */
const FOUNDRY_ONLY: Readonly<Record<string, string>> = {
  "Item.create": "creating a world document through the server",
  "User.create": "a second user exists only in a real world",
  "ChatMessage.implementation.fromSource": "rebuilding a message from its stored source is Foundry's DataModel",
  "CONFIG.Actor.dataModels": "the registration the load batch checks: the stand-in CONFIG has no document config",
  "CONFIG.Actor.documentClass": "as above",
  "CONFIG.Item.dataModels": "as above",
  "CONFIG.Item.documentClass": "as above",
  "CONFIG.ChatMessage.documentClass": "as above",
  "CONST.USER_ROLES.PLAYER": "core constants are not imitated",
  "CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER": "core constants are not imitated",
  "game.settings.settings.has": "the registered settings map is core's",
  "game.system.id": "the running system's manifest",
};

/** Every value-position path rooted at a Foundry global in src/quench (types are not values and are skipped). */
function foundryPaths(): Map<string, string[]> {
  const root = resolve(import.meta.dirname, "../../src/quench");
  const files = [
    ...readdirSync(root).map((f) => join(root, f)),
    ...readdirSync(join(root, "batches")).map((f) => join(root, "batches", f)),
  ].filter((f) => f.endsWith(".ts"));
  const found = new Map<string, string[]>();
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.ES2022, true);
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node) && GLOBALS.has(node.text) && isValueRoot(node)) {
        let top: ts.Node = node;
        const names = [node.text];
        while (ts.isPropertyAccessExpression(top.parent) && top.parent.expression === top) {
          top = top.parent;
          names.push((top as ts.PropertyAccessExpression).name.text);
        }
        const path = names.join(".");
        found.set(path, [...(found.get(path) ?? []), file.slice(root.length + 1)]);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

/** An identifier used as a value (not a type, an import, a declaration or a property name). */
function isValueRoot(node: ts.Identifier): boolean {
  const parent = node.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.name === node) return false;
  if (
    ts.isQualifiedName(parent) ||
    ts.isTypeReferenceNode(parent) ||
    ts.isImportSpecifier(parent) ||
    (ts.isPropertyAssignment(parent) && parent.name === node)
  )
    return false;
  if (ts.isTypeQueryNode(parent)) return false;
  return true;
}

/** Does `path` resolve to something on the stand-in globals? */
function onStandIns(path: string): boolean {
  let value: unknown = globalThis;
  for (const name of path.split(".")) {
    if ((typeof value !== "object" && typeof value !== "function") || value === null) return false;
    value = Reflect.get(value, name);
  }
  return value !== undefined;
}

describe.each(GENERATIONS)("the Foundry APIs the batches reach, on generation %i", (generation) => {
  beforeEach(() => {
    resetWorld(generation);
    world.gm = makeGm();
    world.modules.add(QUENCH_ID);
  });

  it("are each provided by a stand-in or listed as Foundry-only, and the list is exact", () => {
    const paths = foundryPaths();
    if (process.env.QUENCH_PATHS)
      console.log(
        [...paths.keys()]
          .sort()
          .map((p) => `${p}: ${onStandIns(p) ? "stand-in" : "Foundry-only"}`)
          .join("\n"),
      );
    expect(paths.size).toBeGreaterThan(0);
    const unclassed = [...paths.keys()].filter((p) => !onStandIns(p) && !(p in FOUNDRY_ONLY));
    expect(
      unclassed,
      "a Foundry API no stand-in covers: add it to a stand-in, or to FOUNDRY_ONLY with the reason",
    ).toEqual([]);
    const covered = Object.keys(FOUNDRY_ONLY).filter((p) => onStandIns(p));
    expect(covered, "listed as Foundry-only but a stand-in provides it: remove it from FOUNDRY_ONLY").toEqual([]);
    const stale = Object.keys(FOUNDRY_ONLY).filter((p) => !paths.has(p));
    expect(stale, "listed as Foundry-only but no batch uses it").toEqual([]);
  });
});
