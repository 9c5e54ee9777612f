import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { GM_ONLY_FIELDS } from "../../src/data/limits.ts";
import { SCHEMA_VERSION } from "../../src/data/source.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const read = (file: string): unknown => JSON.parse(readFileSync(resolve(ROOT, file), "utf8"));

interface Manifest {
  id: string;
  esmodules: string[];
  styles: { src: string; layer?: string }[];
  languages: { lang: string; path: string }[];
  documentTypes: Record<string, Record<string, unknown>>;
  compatibility: { minimum: string; verified?: string; maximum?: string };
  description: string;
  relationships?: { recommends?: RelatedPackage[] };
}

/** A related package as Foundry documents it (foundryvtt.com/api/v14 …packages.types.RelatedPackageData). */
interface RelatedPackage {
  id: string;
  type: string;
  compatibility?: { minimum?: string; verified?: string; maximum?: string };
  reason?: string;
  manifest?: string;
}

/** The modules the system works with, by id, as the README and the GM's guide name them. */
const MODULES: Record<string, string> = {
  "token-action-hud-core": "Token Action HUD Core",
  socketlib: "socketlib",
  "dice-so-nice": "Dice So Nice",
  babele: "Babele",
  quench: "Quench",
};

/** A string constant of a source file, read as text (the modules need Foundry's globals to load). */
function sourceConstant(file: string, name: string): string {
  const found = new RegExp(`export const ${name} = "([^"]+)"`).exec(readFileSync(resolve(ROOT, file), "utf8"));
  if (!found?.[1]) throw new Error(`${file} declares no ${name}`);
  return found[1];
}

/** The README's "Modules your table may already use" section. */
function modulesSection(): string {
  const readme = readFileSync(resolve(ROOT, "README.md"), "utf8");
  const start = readme.indexOf("### Modules your table may already use");
  const end = readme.indexOf("\n### ", start + 1);
  if (start < 0 || end < 0) throw new Error("the README has no modules section");
  return readme.slice(start, end);
}

const manifest = read("system.json") as Manifest;
const template = read("template.json") as Record<string, { types: string[] }>;

describe("system manifest", () => {
  it("is the terran-engine system for Foundry 13.351 to 14, and claims no verified build", () => {
    expect(manifest.id).toBe("terran-engine");
    // 13.351 is the last v13 build (the research covers it; earlier v13 builds lack APIs we call); v15 is
    // not admitted until someone checks it. `verified` tells GMs the system was run on that build: it is
    // set only once the in-Foundry suite has passed there (docs/VERIFIED.md, "Claiming a verified Foundry build").
    expect(manifest.compatibility).toEqual({ minimum: "13.351", maximum: "14" });
  });

  it("describes all three rulesets and both Foundry generations (package browser and package.json alike)", () => {
    const pkg = read("package.json") as { description: string };
    for (const text of [manifest.description, pkg.description]) {
      for (const word of ["Core", "Degenesis", "Legacy", "v13", "v14"]) expect(text, text).toContain(word);
    }
  });

  it("declares the same document types as template.json", () => {
    for (const doc of ["Actor", "Item"]) {
      expect(Object.keys(manifest.documentTypes[doc] ?? {}).sort()).toEqual([...(template[doc]?.types ?? [])].sort());
    }
    expect(Object.keys(template).sort()).toEqual(Object.keys(manifest.documentTypes).sort());
  });

  it("states the data schema version the code writes (flags.schemaVersion)", () => {
    expect((manifest as unknown as { flags: { schemaVersion: number } }).flags.schemaVersion).toBe(SCHEMA_VERSION);
  });

  it("names the same GM-only fields as the code that writes a player's repairs back (src/data/limits.ts)", () => {
    const declared = Object.fromEntries(
      Object.entries(manifest.documentTypes.Actor ?? {}).flatMap(([type, entry]) => {
        const fields = (entry as { gmOnlyFields?: string[] }).gmOnlyFields;
        return fields ? [[type, fields]] : [];
      }),
    );
    expect(declared).toEqual(GM_ONLY_FIELDS);
  });

  it("recommends the modules the system works with (relationships.recommends, documented fields only), each with its reason", () => {
    const recommends = manifest.relationships?.recommends ?? [];
    expect(recommends.map((r) => r.id)).toEqual(Object.keys(MODULES));
    for (const related of recommends) {
      expect(related.type, related.id).toBe("module");
      expect(related.reason?.length ?? 0, related.id).toBeGreaterThan(20);
      for (const key of Object.keys(related))
        expect(["id", "type", "compatibility", "reason", "manifest"], related.id).toContain(key);
    }
    // The ids the code itself checks, and the Core major the adapter asks for.
    expect(recommends.map((r) => r.id)).toContain(sourceConstant("src/quench/hook.ts", "QUENCH_ID"));
    const core = recommends.find((r) => r.id === "token-action-hud-core")?.compatibility?.verified ?? "";
    const adapter = "src/applications/integrations/token-action-hud/adapter.ts";
    expect(core.split(".")[0]).toBe(sourceConstant(adapter, "REQUIRED_CORE_VERSION"));
  });

  it("the README's modules section and the GM's guide name each module at the version system.json says it was checked against", () => {
    const section = modulesSection();
    const guide = readFileSync(resolve(ROOT, "docs/GM-GUIDE.md"), "utf8");
    for (const related of manifest.relationships?.recommends ?? []) {
      const name = MODULES[related.id] ?? related.id;
      const verified = related.compatibility?.verified;
      expect(section, name).toContain(verified ? `**${name}** ${verified}` : `**${name}**`);
      if (verified) expect(guide, name).toMatch(new RegExp(`\\| ${name} \\| ${verified.replace(/\./g, "\\.")}\\b`));
    }
  });

  it("references styles and languages that exist, and the bundle Vite builds", () => {
    for (const style of manifest.styles) expect(existsSync(resolve(ROOT, style.src)), style.src).toBe(true);
    for (const lang of manifest.languages) expect(existsSync(resolve(ROOT, lang.path)), lang.path).toBe(true);
    const vite = readFileSync(resolve(ROOT, "vite.config.ts"), "utf8");
    for (const module of manifest.esmodules) expect(vite).toContain(`"${module}"`);
  });
});
