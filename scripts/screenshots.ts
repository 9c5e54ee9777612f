/**
 * `npm run screenshots`: shoots every image the README shows into docs/screenshots/, from named
 * sandbox scenes (sandbox/scenes.ts), so the README never shows a screen the system no longer draws.
 * It opens the sandbox and Debian's Chromium as the browser tests do (tests/browser/session.ts: the
 * same server, flags, viewport and `showScene`), shoots each scene's window or chat column, deletes
 * any other image in docs/screenshots/, and exits 1 if a scene is unknown or loads with an error.
 *
 * `README_SHOTS` is the one list: tests/guards/readme.test.ts checks that the README names
 * exactly these files and that each is in docs/screenshots/. To show a new screen in the README, add
 * its scene here, run the script, and name the file it prints in the README.
 */
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { SceneKind } from "../sandbox/scenes.ts";

const ROOT = resolve(import.meta.dirname, "..");
export const SCREENSHOT_DIR = "docs/screenshots";

/** One README image: a sandbox scene in a theme, in English unless `lang` says otherwise. */
export interface ReadmeShot {
  readonly kind: SceneKind;
  readonly id: string;
  readonly theme: "light" | "dark";
  readonly lang?: string;
}

export const README_SHOTS: readonly ReadmeShot[] = [
  { kind: "sheet", id: "character-seasoned", theme: "light" },
  { kind: "sheet", id: "character-legacy", theme: "light" },
  { kind: "dialog", id: "weapon", theme: "light" },
  { kind: "dialog", id: "weapon", theme: "light", lang: "pt-BR" },
  { kind: "card", id: "risky", theme: "light" },
  { kind: "tool", id: "session-dialog", theme: "light" },
  { kind: "tool", id: "session-card", theme: "light" },
  { kind: "tool", id: "request-card", theme: "light" },
  { kind: "tool", id: "table-luck", theme: "light" },
  { kind: "sheet", id: "journal-roll-links", theme: "light" },
  { kind: "sheet", id: "challenge-forecast", theme: "light" },
  { kind: "sheet", id: "token-states", theme: "dark" },
];

/**
 * An image's file name, as the browser tests name theirs (`<kind>-<id>-<theme>.png`), with its
 * language when not English.
 */
export function shotFile(shot: ReadmeShot): string {
  return `${shot.kind}-${shot.id}-${shot.theme}${shot.lang ? `-${shot.lang}` : ""}.png`;
}

/** Every file the script writes into docs/screenshots/. */
export const SCREENSHOT_FILES: readonly string[] = README_SHOTS.map(shotFile);

/** Shoots every README image; returns what went wrong (an empty list when all were written cleanly). */
async function shootAll(dir: string): Promise<string[]> {
  // Loaded here, not at the top: the README test reads the list above without starting a server or a browser.
  const { findScene } = await import("../sandbox/scenes.ts");
  const { openSession, showScene, watchErrors } = await import("../tests/browser/session.ts");
  const problems: string[] = [];
  const session = await openSession();
  try {
    const page = await session.context.newPage();
    const errors = watchErrors(page);
    for (const shot of README_SHOTS) {
      const scene = findScene(shot.kind, shot.id);
      if (!scene) {
        problems.push(`${shot.kind}/${shot.id}: no such sandbox scene (sandbox/scenes.ts)`);
        continue;
      }
      errors.length = 0;
      const selector = await showScene(page, session.sandbox.url, scene, { theme: shot.theme, lang: shot.lang });
      await page.locator(selector).screenshot({ path: resolve(dir, shotFile(shot)), animations: "disabled" });
      problems.push(...errors.map((e) => `${shotFile(shot)}: ${e}`));
      console.log(`${SCREENSHOT_DIR}/${shotFile(shot)}`);
    }
  } finally {
    await session.close();
  }
  return problems;
}

async function main(): Promise<number> {
  const dir = resolve(ROOT, SCREENSHOT_DIR);
  mkdirSync(dir, { recursive: true });
  for (const file of readdirSync(dir)) {
    if (!SCREENSHOT_FILES.includes(file)) {
      rmSync(resolve(dir, file));
      console.log(`removed ${SCREENSHOT_DIR}/${file} (no README image)`);
    }
  }
  const problems = await shootAll(dir);
  for (const problem of problems) console.error(problem);
  return problems.length === 0 ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main();
}
