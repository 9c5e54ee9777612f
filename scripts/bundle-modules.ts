/**
 * What each source module weighs in a built file, read from the file's source map (the build writes one
 * beside each script): every generated character is charged to the source of the mapping segment that
 * starts at or before it on its line, and what no segment covers (the bundle's own glue: the export list,
 * `var` keywords) to "(unmapped)". Two figures per module: its minified characters, and what the file's
 * gzip loses without them (the file gzipped whole, then again with that module's characters cut out).
 * The second is what cutting the module would save: gzip shares repeated text across modules, so the
 * figures add up to less than the file's gzip. Used by the size bench (`npm run bench`), which prints
 * the heaviest, and by `npm run bench:modules`, which prints them all.
 */
import { readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { gzipSync } from "node:zlib";

const ROOT = resolve(import.meta.dirname, "..");

/** What no mapping segment covers. */
export const UNMAPPED = "(unmapped)";

export interface ModuleSize {
  /** The source path, relative to the repository (`src/…`, `node_modules/…`), or UNMAPPED. */
  readonly module: string;
  /** Characters of the built file charged to the module. */
  readonly bytes: number;
  /** Bytes the file's gzip (zlib level 6) loses when the module's characters are cut out. */
  readonly gzip: number;
}

interface SourceMapV3 {
  readonly sources: readonly string[];
  readonly sourceRoot?: string;
  readonly mappings: string;
}

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** The numbers of one Base64 VLQ segment (source map v3: 5 data bits per digit, low bit the sign). */
export function decodeVlq(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    if (digit < 0) throw new Error(`not a Base64 VLQ digit: ${char}`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return values;
}

/**
 * The source index each character of `code` comes from (-1 where no segment applies), following the
 * map's mappings line by line. Columns are UTF-16 units, as JavaScript's string indices are.
 */
export function charSources(code: string, mappings: string): Int32Array {
  const owner = new Int32Array(code.length).fill(-1);
  const lines = code.split("\n");
  const groups = mappings.split(";");
  let lineStart = 0;
  let source = 0;
  for (const [index, line] of lines.entries()) {
    let column = 0;
    let previous: { column: number; source: number } | undefined;
    for (const segment of (groups[index] ?? "").split(",")) {
      if (segment === "") continue;
      const fields = decodeVlq(segment);
      column += fields[0] ?? 0;
      if (previous) owner.fill(previous.source, lineStart + previous.column, lineStart + column);
      if (fields.length >= 4) source += fields[1] ?? 0;
      previous = { column, source: fields.length >= 4 ? source : -1 };
    }
    if (previous) owner.fill(previous.source, lineStart + previous.column, lineStart + line.length);
    lineStart += line.length + 1;
  }
  return owner;
}

/**
 * Every module of `file` (relative to `dist`, its map beside it as `<file>.map`) by its weight there,
 * heaviest gzip first; source paths are given relative to `root` (the repository).
 */
export function moduleSizes(dist: string, file: string, root = ROOT): ModuleSize[] {
  const code = readFileSync(join(dist, file), "utf8");
  const map = JSON.parse(readFileSync(join(dist, `${file}.map`), "utf8")) as SourceMapV3;
  const owner = charSources(code, map.mappings);
  const mapDir = resolve(dist, file, "..", map.sourceRoot ?? "");
  const name = (index: number): string =>
    index < 0
      ? UNMAPPED
      : relative(root, resolve(mapDir, map.sources[index] ?? ""))
          .split("\\")
          .join("/");
  // The runs of characters of one module, by its name (a source listed twice counts once).
  const runs = new Map<string, [number, number][]>();
  for (let start = 0; start < owner.length;) {
    let end = start + 1;
    while (end < owner.length && owner[end] === owner[start]) end++;
    const key = name(owner[start] ?? -1);
    let list = runs.get(key);
    if (!list) runs.set(key, (list = []));
    list.push([start, end]);
    start = end;
  }
  const whole = gzipSync(code).length;
  const sizes: ModuleSize[] = [];
  for (const [module, list] of runs) {
    const kept: string[] = [];
    let from = 0;
    for (const [start, end] of list) {
      kept.push(code.slice(from, start));
      from = end;
    }
    kept.push(code.slice(from));
    const bytes = list.reduce((sum, [start, end]) => sum + end - start, 0);
    sizes.push({ module, bytes, gzip: whole - gzipSync(kept.join("")).length });
  }
  return sizes.sort((a, b) => b.gzip - a.gzip || b.bytes - a.bytes);
}

/** The table `npm run bench:modules` prints: the `top` heaviest modules (all when omitted). */
export function moduleTable(sizes: readonly ModuleSize[], top = sizes.length): string[] {
  const shown = sizes.slice(0, top);
  const width = Math.max(...shown.map((s) => s.module.length));
  const kB = (n: number): string => `${(n / 1000).toFixed(1)} kB`;
  return shown.map(
    (s, i) =>
      `${String(i + 1).padStart(3)}. ${s.module.padEnd(width)}  ${kB(s.bytes).padStart(9)} min  ${kB(s.gzip).padStart(8)} gzip`,
  );
}
