/**
 * Every scene of the sandbox (each sheet, dialog and chat card) in real Chromium: it loads without an
 * error, nothing overflows sideways at its default width nor at a narrow one, and a screenshot of it
 * in the light and dark themes is written to out/screenshots/ for a human to look at (no pixel
 * diffing: fonts and Chromium versions drift). Foundry's own chrome and CSS are stand-ins here. The
 * README's images are shot the same way (`showScene`) by `npm run screenshots` (scripts/screenshots.ts).
 */
import { mkdirSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { scenes, type SceneInfo } from "../../sandbox/scenes.ts";
import { clippedNames, horizontalOverflow, sharedTab, useSession } from "./browser.ts";
import { showScene } from "./session.ts";

const OUT = resolve(import.meta.dirname, "../../out/screenshots");
const THEMES = ["light", "dark"] as const;

const session = useSession();
const { tab, errors } = sharedTab(session);

beforeAll(() => {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
});

async function visit(
  scene: SceneInfo,
  theme: "light" | "dark",
  width: number | null,
  shot: string | null,
): Promise<string[]> {
  const page = await tab();
  errors().length = 0;
  const selector = await showScene(page, session().sandbox.url, scene, { theme, width });
  expect(await page.locator(selector).count(), selector).toBe(1);
  if (shot) await page.locator(selector).screenshot({ path: resolve(OUT, shot), animations: "disabled" });
  const problems = [...(await horizontalOverflow(page, selector)), ...(await clippedNames(page, selector))];
  expect(errors(), `${scene.kind}/${scene.id} (${theme}) loads cleanly`).toEqual([]);
  return problems;
}

const all = scenes();

describe("sandbox scenes in Chromium: screenshots and layout", { timeout: 30_000 }, () => {
  it("lists the sheets, dialogs and chat cards", () => {
    expect(all.filter((s) => s.kind === "sheet").length).toBeGreaterThanOrEqual(8);
    expect(all.filter((s) => s.kind === "dialog").length).toBeGreaterThanOrEqual(3);
    expect(all.filter((s) => s.kind === "card").length).toBeGreaterThanOrEqual(6);
  });

  it.each(all.map((s) => [`${s.kind}/${s.id}`, s] as const))(
    "%s: light and dark screenshots, nothing overflows at the default or a narrow width",
    async (_, scene) => {
      for (const theme of THEMES) {
        const problems = await visit(scene, theme, null, `${scene.kind}-${scene.id}-${theme}.png`);
        expect(problems, `${scene.kind}/${scene.id} at ${scene.width}px (${theme})`).toEqual([]);
      }
      const narrow = await visit(scene, "light", scene.narrow, `${scene.kind}-${scene.id}-light-narrow.png`);
      expect(narrow, `${scene.kind}/${scene.id} at ${scene.narrow}px`).toEqual([]);
    },
  );
});
