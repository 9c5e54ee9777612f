/**
 * The risk advisor beside the Dark Dice stepper, in Debian's Chromium, in each ruleset's roll dialog: Core
 * (dialog/fresh: opened by the player, its rows drawn then), Degenesis (dialog/degenesis) and Legacy
 * (dialog/legacy-advisor, and the Legacy session's wired dialog). A row (its button, by mouse or by Enter
 * and Space, or the row itself) sets the Dark Dice and the disclosure stays open; axe finds nothing serious
 * in either theme or language; Roll stays in view on a 1366×768 laptop with the advisor open.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { blocking, runAxe } from "./axe.ts";
import { afterUpdate, clean, useSession, watchErrors } from "./browser.ts";

const session = useSession();
const LAPTOP = { width: 1366, height: 768 } as const;

async function openScene(path: string, query = ""): Promise<{ page: Page; errors: string[] }> {
  const page = await session().context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${session().sandbox.url}/scene/${path}${query}`);
  return { page, errors };
}

const darkCount = async (page: Page): Promise<string> => clean(await page.locator(".rd-dark-count").textContent());
const pressed = (page: Page) => page.locator('.rd-adv-pick[aria-pressed="true"]');

/** Whether `selector` lies wholly within the viewport (a reason when not). */
async function inView(page: Page, selector: string): Promise<string | null> {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) return `${sel} is missing`;
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return `${sel} is not shown`;
    return box.top < 0 || box.bottom > window.innerHeight + 0.5
      ? `${sel} spans ${Math.round(box.top)}–${Math.round(box.bottom)} px of ${window.innerHeight}`
      : null;
  }, selector);
}

describe("the risk advisor in Chromium", { timeout: 120_000 }, () => {
  it("R-POOL-4 Core: opened, it draws a row per Dark Dice count; a row's button sets the Dark Dice and it stays open", async () => {
    const { page, errors } = await openScene("dialog/fresh");
    const details = page.locator("details.rd-advisor");
    expect(await details.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    await afterUpdate(page, () => page.locator(".rd-adv-summary").click());
    expect(await page.locator(".rd-adv-row").count()).toBe(11);
    expect(await pressed(page).getAttribute("data-key")).toBe("0");
    await afterUpdate(page, () => page.getByRole("button", { name: "Set Dark Dice to 3" }).click());
    expect(await darkCount(page)).toBe("3");
    expect(await pressed(page).getAttribute("data-key")).toBe("3");
    expect(await details.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    // The stepper and the advisor agree: one more die from the stepper moves the mark.
    await afterUpdate(page, () => page.locator('[data-action="darkUp"]').click());
    expect(await pressed(page).getAttribute("data-key")).toBe("4");
    expect(errors).toEqual([]);
  });

  it("R-POOL-4 one vocabulary: the advisor's Effect lands is the Odds panel's figure, its key read first", async () => {
    const { page, errors } = await openScene("dialog/fresh");
    await afterUpdate(page, () => page.locator(".rd-adv-summary").click());
    const headings = (await page.locator(".rd-adv-table thead th").allTextContents()).map(clean);
    expect(headings).toEqual([
      "Dark",
      "Success",
      "Effect lands",
      "Effect when it lands (avg.)",
      "Ego lost (avg.)",
      "Ego falls to 0",
    ]);
    const current = page.locator(".rd-adv-row.is-current td");
    const value = async (i: number) => clean(await current.nth(i).evaluate((td) => td.firstChild?.textContent ?? ""));
    expect(await value(1)).toBe(clean(await page.locator('[data-odds="lands"]').textContent()));
    expect(await value(0)).toBe(clean(await page.locator('[data-odds="success"]').textContent()));
    expect(clean(await page.locator(".rd-odds .rd-lands dt").textContent())).toContain("Effect lands");
    // The key is above the rows, not at the foot of the scroll box.
    const [key, firstRow] = await Promise.all(
      [".rd-adv-caption", ".rd-adv-row"].map((s) =>
        page
          .locator(s)
          .first()
          .evaluate((e) => e.getBoundingClientRect().top),
      ),
    );
    expect(key).toBeLessThan(firstRow ?? 0);
    expect(errors).toEqual([]);
  });

  it("R-POOL-4 Degenesis: Enter and Space on a row's button, and a click on the row itself, set the Dark Dice", async () => {
    const { page, errors } = await openScene("dialog/degenesis");
    expect(await page.locator(".rd-adv-row").count()).toBe(11);
    await page.getByRole("button", { name: "Set Dark Dice to 2" }).focus();
    await afterUpdate(page, () => page.keyboard.press("Enter"));
    expect(await darkCount(page)).toBe("2");
    // The focus stays on the row's button across the re-render, so the keyboard can go on.
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-key"))).toBe("2");
    await page.getByRole("button", { name: "Set Dark Dice to 5" }).focus();
    await afterUpdate(page, () => page.keyboard.press("Space"));
    expect(await darkCount(page)).toBe("5");
    await afterUpdate(page, () => page.locator('.rd-adv-row[data-key="1"] td').first().click());
    expect(await darkCount(page)).toBe("1");
    expect(await page.locator(".rd-adv-row.is-current").getAttribute("data-key")).toBe("1");
    expect(errors).toEqual([]);
  });

  it("R-LEG-8 R-LEG-9 Legacy: the session's dialog, its advisor opened, a row sets the Dark Dice and stays open", async () => {
    const page = await session().context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${session().sandbox.url}/play/legacy`);
    const click = (selector: string): Promise<void> => afterUpdate(page, () => page.locator(selector).click());
    await click('[data-action="rollLegacyCreation"]');
    await click('.te-legacy-attributes .te-attr[data-attribute="strength"] [data-action="roll"]');
    const dialog = page.locator('[data-sandbox="session-dialog"]');
    await dialog.locator(".rd-adv-summary").click();
    expect(await dialog.locator(".rd-adv-row").count()).toBe(11);
    await afterUpdate(page, () => dialog.getByRole("button", { name: "Set Dark Dice to 2" }).click());
    expect(clean(await dialog.locator(".rd-dark-count").textContent())).toBe("2");
    expect(await dialog.locator('.rd-adv-pick[aria-pressed="true"]').getAttribute("data-key")).toBe("2");
    expect(await dialog.locator("details.rd-advisor").evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    expect(errors).toEqual([]);
  });

  const scenes = ["dialog/degenesis", "dialog/legacy-advisor"] as const;
  for (const lang of ["en", "pt-BR"] as const) {
    for (const theme of ["light", "dark"] as const) {
      it(`axe: the advisor open in each ruleset's dialog, nothing serious (${theme}, ${lang})`, async () => {
        const problems: string[] = [];
        for (const path of scenes) {
          const { page, errors } = await openScene(path, `?theme=${theme}&lang=${lang}`);
          expect(await page.locator(".rd-adv-row").count(), path).toBeGreaterThan(0);
          const findings = (await runAxe(page)).filter(blocking);
          problems.push(...findings.map((f) => `${path}: ${f.rule} ${f.nodes.slice(0, 3).join(" | ")}`));
          expect(errors, path).toEqual([]);
          await page.close();
        }
        // Core's advisor, opened by the player.
        const { page } = await openScene("dialog/fresh", `?theme=${theme}&lang=${lang}`);
        await afterUpdate(page, () => page.locator(".rd-adv-summary").click());
        problems.push(...(await runAxe(page)).filter(blocking).map((f) => `dialog/fresh: ${f.rule}`));
        expect(problems).toEqual([]);
        await page.close();
      });
    }
  }

  it("R-POOL-4 Roll and the headline odds stay in view at 1366×768 with the advisor open, in both languages", async () => {
    for (const lang of ["en", "pt-BR"] as const) {
      for (const path of [...scenes, "dialog/fresh"]) {
        const page = await session().context.newPage();
        await page.setViewportSize(LAPTOP);
        await page.goto(`${session().sandbox.url}/scene/${path}?lang=${lang}`);
        if (path === "dialog/fresh") await afterUpdate(page, () => page.locator(".rd-adv-summary").click());
        await page
          .locator(".application")
          .first()
          .evaluate((el) => el.scrollIntoView({ block: "start" }));
        expect(await page.locator(".rd-adv-row").count(), path).toBeGreaterThan(0);
        expect(await inView(page, ".rd-roll"), `${path} (${lang})`).toBeNull();
        expect(await inView(page, ".rd-headline"), `${path} (${lang})`).toBeNull();
        await page.close();
      }
    }
  });
});
