/**
 * The release as a GM receives it: builds the system into a temporary folder as `npm run package` does
 * (scripts/package.ts: Vite with the project's config, then the packs), writes the zip and the manifest
 * into another, UNZIPS the zip into a third, and checks what Foundry needs of an installed system:
 * `system.json` at the root with the id of the folder Foundry installs it to, every file it names,
 * the packs as LevelDB that opens, nothing dev-only, and the version, compatibility and release URLs
 * derived from package.json. No Foundry is involved: this proves the archive is complete and says what
 * it should, not that Foundry accepts it.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve, sep } from "node:path";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readPack, sourceFiles, SOURCE_ROOT } from "../../scripts/packs/lib.ts";
import { BUNDLE_BUDGET_KB, bundleGraph, bundleSizes } from "../../scripts/bundle-graph.ts";
import { buildSystem, writeRelease, zipFolder } from "../../scripts/package.ts";
import {
  DERIVED_FIELDS,
  releaseManifest,
  releaseUrls,
  RELEASE_MANIFEST,
  RELEASE_ZIP,
} from "../../scripts/release-manifest.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const tmp = mkdtempSync(join(tmpdir(), "terran-package-"));
const dist = join(tmp, "dist");
const release = join(tmp, "release");
const installed = join(tmp, "Data/systems/terran-engine");
const pkg = JSON.parse(readFileSync(resolve(ROOT, "package.json"), "utf8")) as {
  version: string;
  repository: { url: string };
};

interface Manifest {
  id: string;
  version: string;
  compatibility: Record<string, string>;
  esmodules: string[];
  styles: { src: string }[];
  languages: { path: string }[];
  packs: { name: string; path: string; type: string }[];
  url: string;
  manifest: string;
  download: string;
}

let files: string[] = [];
const readInstalled = (file: string): string => readFileSync(join(installed, file), "utf8");
const manifest = (): Manifest => JSON.parse(readInstalled("system.json")) as Manifest;

beforeAll(async () => {
  await buildSystem(dist);
  writeRelease(dist, release);
  // Unpack as Foundry does: the zip's root becomes Data/systems/<id>/.
  const entries = unzipSync(readFileSync(join(release, RELEASE_ZIP)));
  for (const [name, data] of Object.entries(entries)) {
    if (name.endsWith("/")) continue;
    mkdirSync(dirname(join(installed, name)), { recursive: true });
    writeFileSync(join(installed, name), data);
  }
  files = Object.keys(entries).filter((name) => !name.endsWith("/"));
}, 60_000);

afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

describe("npm run package: the release zip, unpacked", () => {
  it("has system.json at its root, and its id is the folder Foundry installs the system to", () => {
    expect(files).toContain("system.json");
    expect(files.filter((f) => f.endsWith("/system.json"))).toEqual([]);
    expect(manifest().id).toBe("terran-engine");
    expect(installed.endsWith(`/systems/${manifest().id}`)).toBe(true);
  });

  it("holds every file the manifest names: the bundle, styles, languages", () => {
    const m = manifest();
    const named = [...m.esmodules, ...m.styles.map((s) => s.src), ...m.languages.map((l) => l.path)];
    expect(named.length).toBeGreaterThanOrEqual(6);
    expect(named.filter((f) => !files.includes(f))).toEqual([]);
  });

  it("holds the Babele translations where the system registers them (lang/babele/<language>/), each file as in the repository", () => {
    const dir = join(ROOT, "lang/babele");
    const shipped = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)).split(sep).join("/"));
    expect(shipped.length).toBeGreaterThanOrEqual(8);
    expect(shipped.filter((f) => !files.includes(f))).toEqual([]);
    for (const f of shipped) expect(readInstalled(f), f).toBe(readFileSync(join(ROOT, f), "utf8"));
  });

  it("holds every pack as LevelDB that opens and holds one document per source file", async () => {
    const m = manifest();
    expect(m.packs.length).toBe(19);
    for (const pack of m.packs) {
      expect(files, pack.name).toContain(`${pack.path}/CURRENT`);
      const entries = await readPack(join(installed, pack.path));
      const topLevel = [...entries.keys()].filter((key) => /^![A-Za-z]+![^.!]+$/.test(key));
      expect(topLevel.length, pack.name).toBe(sourceFiles(join(SOURCE_ROOT, pack.name)).length);
    }
  });

  it("ships nothing dev-only: no sandbox, no template.json, no sources, no tests, no source map but the bundle's", () => {
    expect(files.filter((f) => /sandbox|standin/i.test(f))).toEqual([]);
    expect(files).not.toContain("template.json");
    expect(
      files.filter((f) => /(^|\/)(src|tests|scripts|node_modules|_source)\//.test(f) || f.endsWith(".ts")),
    ).toEqual([]);
    // Decided: each JavaScript file of ours ships with its source map beside it (stack traces in the
    // browser point at our TypeScript); no other map does.
    const scripts = files.filter((f) => f.endsWith(".mjs"));
    expect(files.filter((f) => f.endsWith(".map")).sort()).toEqual(scripts.map((f) => `${f}.map`).sort());
    expect(readInstalled("terran.mjs")).toMatch(/\/\/# sourceMappingURL=terran\.mjs\.map\s*$/);
    expect((JSON.parse(readInstalled("terran.mjs.map")) as { file?: string }).file).toBe("terran.mjs");
    // The packs' lock and info log (written by LevelDB on open, naming the build folder) are not shipped.
    expect(files.filter((f) => /\/(LOCK|LOG)$/.test(f))).toEqual([]);
  });

  it("holds the game's one file and the Quench batches' chunk it imports, and no other script", () => {
    const graph = bundleGraph(installed, "terran.mjs");
    expect(graph.withEntry).toEqual(["terran.mjs"]);
    expect(graph.onDemand.length, "the Quench batches load by import() when Quench is active").toBe(1);
    expect([...graph.withEntry, ...graph.onDemand].filter((f) => !files.includes(f))).toEqual([]);
    expect(
      files.filter((f) => f.endsWith(".mjs") && !graph.withEntry.includes(f) && !graph.onDemand.includes(f)),
    ).toEqual([]);
  });

  it("keeps the game's JavaScript within its budget (gzip, as `npm run bench` prints it; the Quench chunk not counted)", () => {
    const graph = bundleGraph(installed, "terran.mjs");
    const game = bundleSizes(installed, graph.withEntry);
    // Not a timing: the size of the built files, the same on every machine for the same sources.
    expect(game.gzip, `the game is ${(game.gzip / 1000).toFixed(1)} kB gzip`).toBeLessThanOrEqual(
      BUNDLE_BUDGET_KB * 1000,
    );
  });

  it("ships the bundle minified (no indented lines) with the document classes' names kept in the file Foundry loads", () => {
    const scripts = files.filter((f) => f.endsWith(".mjs"));
    for (const file of scripts)
      expect(
        readInstalled(file)
          .split("\n")
          .filter((line) => /^\s+\S/.test(line)),
        file,
      ).toEqual([]);
    const bundle = readInstalled("terran.mjs");
    for (const name of ["TerranRoll", "TerranActor", "TerranItem", "TerranChatMessage"]) {
      expect(bundle, name).toMatch(new RegExp(`class ${name}\\b|\\b${name} ?= ?class\\b|["'\`]${name}["'\`]`));
    }
  });

  it("says package.json's version and the compatibility the repository declares", () => {
    const m = manifest();
    expect(m.version).toBe(pkg.version);
    expect(m.compatibility).toEqual({ minimum: "13.351", maximum: "14" });
    const source = JSON.parse(readFileSync(resolve(ROOT, "system.json"), "utf8")) as Manifest;
    expect(m.compatibility).toEqual(source.compatibility);
  });

  it("points manifest and download at the latest release of the repository package.json names", () => {
    const m = manifest();
    const repo = pkg.repository.url.replace(/\.git$/, "");
    expect(m.url).toBe(repo);
    expect(m.manifest).toBe(`${repo}/releases/latest/download/system.json`);
    expect(m.download).toBe(`${repo}/releases/latest/download/terran-engine.zip`);
  });

  it("writes beside the zip the same manifest as the one inside it (what the install URL fetches)", () => {
    expect(readFileSync(join(release, RELEASE_MANIFEST), "utf8")).toBe(readInstalled("system.json"));
    expect(readdirSync(release).sort()).toEqual([RELEASE_MANIFEST, RELEASE_ZIP].sort());
  });

  it("zips the same build to the same bytes (sorted entries, fixed dates)", () => {
    expect(Buffer.from(zipFolder(dist)).equals(readFileSync(join(release, RELEASE_ZIP)))).toBe(true);
  });

  it("keeps the shipped files equal to the build's (the zip drops only LevelDB's lock and log)", () => {
    const built = readdirSync(dist, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => relative(dist, join(e.parentPath, e.name)).split("\\").join("/"))
      .filter((f) => !/^packs\/[^/]+\/(LOCK|LOG|LOG\.old)$/.test(f));
    expect([...files].sort()).toEqual(built.sort());
    for (const file of ["terran.mjs", "lang/en.json"]) expect(existsSync(join(installed, file))).toBe(true);
  });
});

describe("the release manifest is derived, never written twice (scripts/release-manifest.ts)", () => {
  const source = JSON.parse(readFileSync(resolve(ROOT, "system.json"), "utf8")) as Record<string, unknown>;

  it("the repository's system.json leaves version and the release URLs to package.json", () => {
    expect(DERIVED_FIELDS.filter((field) => field in source)).toEqual([]);
  });

  it("refuses a system.json that writes one of them again", () => {
    for (const field of DERIVED_FIELDS) {
      expect(() => releaseManifest({ ...source, [field]: "x" }, pkg), field).toThrow(/derived from package\.json/);
    }
  });

  it("derives the URLs from the repository however package.json spells it, and refuses a non-GitHub one", () => {
    const expected = releaseUrls(pkg);
    for (const url of [
      "https://github.com/terran-engine/foundry-terran-engine",
      "git+https://github.com/terran-engine/foundry-terran-engine.git",
      "https://github.com/terran-engine/foundry-terran-engine/",
    ]) {
      expect(releaseUrls({ repository: { url } })).toEqual(expected);
    }
    expect(() => releaseUrls({})).toThrow(/repository/);
    expect(() => releaseUrls({ repository: { url: "https://example.com/a/b" } })).toThrow(/github/);
  });

  it("refuses a package.json version that is not semver", () => {
    expect(() => releaseManifest(source, { ...pkg, version: "1.0" })).toThrow(/semver/);
    expect(releaseManifest(source, { ...pkg, version: "1.2.3" }).version).toBe("1.2.3");
  });
});

describe("CHANGELOG.md (Keep a Changelog; the release workflow takes the notes from it)", () => {
  const changelog = readFileSync(resolve(ROOT, "CHANGELOG.md"), "utf8");

  it("has a dated section for package.json's version, with its link, under an Unreleased section", () => {
    const escaped = pkg.version.replace(/\./g, "\\.");
    expect(changelog).toMatch(new RegExp(`^## \\[${escaped}\\] - \\d{4}-\\d{2}-\\d{2}$`, "m"));
    expect(changelog).toMatch(new RegExp(`^\\[${escaped}\\]: ${pkg.repository.url}/releases/tag/v${escaped}$`, "m"));
    expect(changelog.indexOf("## [Unreleased]")).toBeGreaterThan(-1);
    expect(changelog.indexOf("## [Unreleased]")).toBeLessThan(changelog.indexOf(`## [${pkg.version}]`));
  });
});
