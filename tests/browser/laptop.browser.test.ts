/**
 * Every roll dialog of the sandbox on a 1366×768 laptop, in real Chromium, English and Portuguese
 * (Brazil): the Roll button and the headline odds (Fail / Success with a consequence / Success) are in
 * the viewport as the dialog opens, with nothing scrolled. The window stands where Foundry puts a new
 * window when the screen is short: at the top of the page (the sandbox's own bar is scrolled away).
 * Foundry's frame and core CSS are stand-ins here (sandbox/foundry-standin.css); the dialog's own CSS
 * keeps the window within the viewport's height and its footer (Roll and the odds) in view.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { scenes } from "../../sandbox/scenes.ts";
import { useSession, watchErrors } from "./browser.ts";

const LAPTOP = { width: 1366, height: 768 } as const;
const LANGUAGES = ["en", "pt-BR"] as const;

const session = useSession();

/** The roll dialogs (Core, its weapon and Reaction variants, Legacy and its montage) and the GM's request dialog. */
const DIALOG_SCENES = [
  ...scenes()
    .filter((s) => s.kind === "dialog")
    .map((s) => `dialog/${s.id}`),
  "tool/request-dialog",
];

/** Opens a scene at laptop size with its window at the top of the viewport, as Foundry places it. */
async function openAtLaptop(path: string, lang: string): Promise<{ page: Page; errors: string[] }> {
  const page = await session().context.newPage();
  const errors = watchErrors(page);
  await page.setViewportSize(LAPTOP);
  await page.goto(`${session().sandbox.url}/scene/${path}?lang=${lang}`);
  await page
    .locator(".application")
    .first()
    .evaluate((el) => el.scrollIntoView({ block: "start" }));
  return { page, errors };
}

/** How far `selector`'s first match lies outside the viewport (0 when fully inside), or a reason. */
async function outsideViewport(page: Page, selector: string): Promise<string | null> {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) return `${sel} is missing`;
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return `${sel} is not shown`;
    if (box.top < 0 || box.bottom > window.innerHeight + 0.5)
      return `${sel} spans ${Math.round(box.top)}–${Math.round(box.bottom)} px, the viewport ${window.innerHeight} px`;
    return null;
  }, selector);
}

describe("the dialogs on a 1366×768 laptop", { timeout: 120_000 }, () => {
  it("finds the roll dialogs: Core, Legacy and its montage, and the request", () => {
    expect(DIALOG_SCENES).toEqual(
      expect.arrayContaining([
        "dialog/fresh",
        "dialog/weapon",
        "dialog/legacy",
        "dialog/legacy-montage",
        "tool/request-dialog",
      ]),
    );
  });

  it.each(DIALOG_SCENES.flatMap((path) => LANGUAGES.map((lang) => [path, lang] as const)))(
    "%s (%s): Roll and the headline odds are in view without scrolling",
    async (path, lang) => {
      const { page, errors } = await openAtLaptop(path, lang);
      const roll = path.startsWith("tool/") ? 'button[data-action="post"]' : 'button[data-action="roll"]';
      const problems = [await outsideViewport(page, roll)];
      if (!path.startsWith("tool/")) problems.push(await outsideViewport(page, ".rd-headline"));
      const height = await page
        .locator(".application")
        .first()
        .evaluate((el) => el.getBoundingClientRect().height);
      await page.close();
      expect(problems.filter((p) => p !== null)).toEqual([]);
      expect(height).toBeLessThanOrEqual(LAPTOP.height);
      expect(errors).toEqual([]);
    },
  );
});
