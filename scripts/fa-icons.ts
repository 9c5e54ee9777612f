/**
 * Font Awesome 7 check (Foundry v14 ships FA7; v13 ships FA6). Lists every `fa-*` class the system
 * uses (templates/, styles/, src/), looks each up in the metadata of the FA7 free package, and writes
 * tests/fixtures/fa7-icons.json: the icon names we use that exist in FA7 free (solid), and the FA
 * utility classes we use that FA7's CSS defines. tests/applications/sheets/icons.test.ts then checks,
 * offline, that every class used is in that list. Refuses (exit 1) when a used name is not in FA7.
 *
 *   npm install --prefix /tmp/fa7 @fortawesome/fontawesome-free@7     (outside the repository)
 *   npx tsx scripts/fa-icons.ts /tmp/fa7/node_modules/@fortawesome/fontawesome-free
 *
 * Run it again after adding an icon.
 */
import { readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "..");
export const FA_FIXTURE = "tests/fixtures/fa7-icons.json";
const SCANNED = ["templates", "styles", "src"];

/** Every file under the scanned folders (templates, styles, TypeScript). */
function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.(hbs|css|ts)$/.test(name) ? [path] : [];
  });
}

/** The `fa-*` class names used in the system's templates, styles and code, with the files using each. */
export function usedFaClasses(root = ROOT): Map<string, string[]> {
  const used = new Map<string, string[]>();
  for (const dir of SCANNED) {
    for (const path of files(join(root, dir))) {
      for (const m of readFileSync(path, "utf8").matchAll(/(?<![\w-])fa-[a-z0-9]+(?:-[a-z0-9]+)*/g)) {
        used.set(m[0], [...(used.get(m[0]) ?? []), relative(root, path)]);
      }
    }
  }
  return used;
}

interface IconFamily {
  readonly svgs?: { readonly classic?: { readonly solid?: unknown } };
  readonly familyStylesByLicense?: { readonly free?: readonly { readonly family: string; readonly style: string }[] };
}

function main(packageDir: string): void {
  const pkg = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as { name: string; version: string };
  if (!pkg.version.startsWith("7.")) throw new Error(`Not Font Awesome 7: ${pkg.name}@${pkg.version}`);
  const families = JSON.parse(readFileSync(join(packageDir, "metadata/icon-families.json"), "utf8")) as Record<
    string,
    IconFamily
  >;
  const css = readFileSync(join(packageDir, "css/all.css"), "utf8");
  const icons: string[] = [];
  const utilities: string[] = [];
  const missing: string[] = [];
  for (const [cls, where] of usedFaClasses()) {
    const name = cls.slice(3);
    const family = families[name];
    const freeSolid =
      family?.familyStylesByLicense?.free?.some((f) => f.family === "classic" && f.style === "solid") ??
      family?.svgs?.classic?.solid !== undefined;
    if (family && freeSolid) icons.push(cls);
    else if (new RegExp(`\\.${cls}[\\s,{:]`).test(css)) utilities.push(cls);
    else missing.push(`${cls} (${where.join(", ")})`);
  }
  if (missing.length > 0) {
    console.error(`Not in ${pkg.name}@${pkg.version} (free, solid):\n  ${missing.join("\n  ")}`);
    process.exit(1);
  }
  const fixture = {
    source: `${pkg.name}@${pkg.version}: metadata/icon-families.json (free, classic solid) and css/all.css`,
    icons: icons.sort(),
    utilities: utilities.sort(),
  };
  writeFileSync(join(ROOT, FA_FIXTURE), `${JSON.stringify(fixture, null, 2)}\n`);
  console.log(`${FA_FIXTURE}: ${icons.length} icons, ${utilities.length} utility classes`);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const dir = process.argv[2];
  if (!dir) {
    console.error("usage: npx tsx scripts/fa-icons.ts <path to @fortawesome/fontawesome-free@7>");
    process.exit(2);
  }
  main(resolve(dir));
}
