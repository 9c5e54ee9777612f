/**
 * scripts/bundle-modules.ts charges each character of a built file to the source module its source map
 * names (the size bench and `npm run bench:modules` print the table): its reading of the map's Base64 VLQ
 * mappings, and the two figures per module (characters, and the gzip the file loses without them).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { charSources, decodeVlq, moduleSizes, moduleTable, UNMAPPED } from "../../scripts/bundle-modules.ts";

const root = mkdtempSync(join(tmpdir(), "terran-modules-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the bundle's weight per source module", () => {
  it("decodes Base64 VLQ segments: signs, several digits, several numbers", () => {
    expect(decodeVlq("AAAA")).toEqual([0, 0, 0, 0]);
    expect(decodeVlq("C")).toEqual([1]);
    expect(decodeVlq("D")).toEqual([-1]);
    expect(decodeVlq("gB")).toEqual([16]);
    expect(decodeVlq("2H")).toEqual([123]);
    expect(decodeVlq("GCAA")).toEqual([3, 1, 0, 0]);
    expect(() => decodeVlq("A*")).toThrow(/not a Base64 VLQ digit/);
  });

  it("charges each character to the segment at or before it, source indices carried across lines; a segment without a source and the line's start before its first segment are unmapped", () => {
    // Line 0: "abc" from source 0, "de" from source 1, "f" from no source (a 1-field segment).
    // Line 1: "gh" from source 0 (the index goes back by one, relative to line 0's last).
    const owner = charSources("abcdef\nxgh", "AAAA,GCAA,E;CDAA");
    expect([...owner]).toEqual([0, 0, 0, 1, 1, -1, -1, -1, 0, 0]);
  });

  it("adds up a module's characters and gives the gzip the file loses without them, heaviest first, paths relative to the root", () => {
    const dist = join(root, "dist");
    const parts = { a: "let alpha=1;".repeat(40), b: "const beta=[1,2,3];" };
    const code = parts.a + parts.b;
    writeBuilt(dist, code, {
      version: 3,
      sources: ["../src/a.ts", "../src/b.ts"],
      mappings: `AAAA,${vlqColumn(parts.a.length)}CAAA`,
    });
    const sizes = moduleSizes(dist, "game.mjs", root);
    expect(sizes.map((s) => [s.module, s.bytes]).sort()).toEqual([
      ["src/a.ts", parts.a.length],
      ["src/b.ts", parts.b.length],
    ]);
    const whole = gzipSync(code).length;
    expect(sizes.find((s) => s.module === "src/a.ts")?.gzip).toBe(whole - gzipSync(parts.b).length);
    expect(sizes.find((s) => s.module === "src/b.ts")?.gzip).toBe(whole - gzipSync(parts.a).length);
    expect(sizes[0]?.gzip).toBeGreaterThanOrEqual(sizes[1]?.gzip ?? Infinity);
  });

  it("names what no segment covers, and prints one line per module, numbered, up to the count asked", () => {
    const dist = join(root, "glue");
    writeBuilt(dist, "export{x};var x=1;", { version: 3, sources: ["../src/x.ts"], mappings: "UAAA" });
    const sizes = moduleSizes(dist, "game.mjs", root);
    expect(sizes.map((s) => [s.module, s.bytes]).sort()).toEqual([
      [UNMAPPED, 10],
      ["src/x.ts", 8],
    ]);
    const lines = moduleTable(sizes, 1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^ {2}1\. \S+ +\d+\.\d kB min +\d+\.\d kB gzip$/);
    expect(moduleTable(sizes)).toHaveLength(2);
  });
});

/** The Base64 VLQ digits of a non-negative column delta (source map v3). */
function vlqColumn(delta: number): string {
  const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  let value = delta << 1;
  let out = "";
  do {
    let digit = value & 31;
    value >>>= 5;
    if (value > 0) digit |= 32;
    out += BASE64[digit];
  } while (value > 0);
  return out;
}

/** Writes `game.mjs` and its map into `dist`, as the build writes a script. */
function writeBuilt(dist: string, code: string, map: object): void {
  mkdirSync(dist, { recursive: true });
  writeFileSync(join(dist, "game.mjs"), code);
  writeFileSync(join(dist, "game.mjs.map"), JSON.stringify(map));
}
