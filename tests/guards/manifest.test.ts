import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const read = (file: string): unknown => JSON.parse(readFileSync(resolve(ROOT, file), "utf8"));

interface Manifest {
  id: string;
  esmodules: string[];
  styles: { src: string; layer?: string }[];
  languages: { lang: string; path: string }[];
  documentTypes: Record<string, Record<string, unknown>>;
  compatibility: { minimum: string; verified: string };
}

const manifest = read("system.json") as Manifest;
const template = read("template.json") as Record<string, { types: string[] }>;

describe("system manifest", () => {
  it("is the terran-engine system for Foundry v13", () => {
    expect(manifest.id).toBe("terran-engine");
    expect(manifest.compatibility).toMatchObject({ minimum: "13", verified: "13" });
  });

  it("declares the same document types as template.json", () => {
    for (const doc of ["Actor", "Item"]) {
      expect(Object.keys(manifest.documentTypes[doc] ?? {}).sort()).toEqual([...(template[doc]?.types ?? [])].sort());
    }
    expect(Object.keys(template).sort()).toEqual(Object.keys(manifest.documentTypes).sort());
  });

  it("references styles and languages that exist, and the bundle Vite builds", () => {
    for (const style of manifest.styles) expect(existsSync(resolve(ROOT, style.src)), style.src).toBe(true);
    for (const lang of manifest.languages) expect(existsSync(resolve(ROOT, lang.path)), lang.path).toBe(true);
    const vite = readFileSync(resolve(ROOT, "vite.config.ts"), "utf8");
    for (const module of manifest.esmodules) expect(vite).toContain(`"${module}"`);
  });
});
