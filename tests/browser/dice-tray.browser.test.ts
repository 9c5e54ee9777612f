/**
 * The chat card's dice tray in real Chromium, in the sandbox's chat column: a big pool's tray fits the
 * 300 px chat (6 dice to a row, 8 in two even rows) and a 5-dice tray fits the 260 px narrow chat on one
 * row, every die the same height whatever it carries (its role, its Ego cost), in both themes and
 * languages; the Effect is picked in one row under the tray, gone once confirmed. A Dark Die on the
 * dark theme stands apart from the card by its fill, not by its outline alone. Foundry's chat frame is
 * a stand-in here (sandbox/foundry-standin.css).
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { afterUpdate, horizontalOverflow, useSession, watchErrors } from "./browser.ts";

const session = useSession();

async function openCard(path: string): Promise<{ page: Page; errors: string[] }> {
  const page = await session().context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${session().sandbox.url}/scene/card/${path}`);
  return { page, errors };
}

/** Each die of the first tray: its top and height, rounded. */
async function dieBoxes(page: Page): Promise<{ top: number; height: number }[]> {
  return page
    .locator(".dice-tray")
    .first()
    .evaluate((tray) =>
      [...tray.children].map((li) => {
        const box = li.getBoundingClientRect();
        return { top: Math.round(box.top), height: Math.round(box.height) };
      }),
    );
}

const rowsOf = (boxes: { top: number }[]): number[] => [...new Set(boxes.map((b) => b.top))];

describe("the chat card's dice tray", { timeout: 60_000 }, () => {
  it.each([
    ["risky-big", "", "light", "en"],
    ["risky-big", "", "dark", "pt-BR"],
    ["legacy-risky", "", "light", "pt-BR"],
  ] as const)("%s at 300 px (%s, %s, %s): six dice to a row, rows even", async (scene, _w, theme, lang) => {
    const { page, errors } = await openCard(`${scene}?theme=${theme}&lang=${lang}`);
    const boxes = await dieBoxes(page);
    await page.close();
    const rows = rowsOf(boxes);
    expect(boxes.length).toBeGreaterThanOrEqual(4);
    expect(rows.length).toBe(Math.ceil(boxes.length / 6));
    expect(boxes.filter((b) => b.top === rows[0]).length).toBe(Math.min(6, boxes.length));
    expect(new Set(boxes.map((b) => b.height)).size).toBe(1);
    expect(errors).toEqual([]);
  });

  it.each([
    ["light", "en"],
    ["dark", "pt-BR"],
  ] as const)(
    "five dice at 260 px (%s, %s): one row, the Precision label not stacked over an Effect button",
    async (theme, lang) => {
      const { page, errors } = await openCard(`risky?theme=${theme}&lang=${lang}&width=260`);
      const boxes = await dieBoxes(page);
      await page.close();
      expect(boxes).toHaveLength(5);
      expect(rowsOf(boxes)).toHaveLength(1);
      expect(new Set(boxes.map((b) => b.height)).size).toBe(1);
      expect(errors).toEqual([]);
    },
  );

  it.each([
    ["light", "en"],
    ["dark", "pt-BR"],
  ] as const)(
    "eight dice at 260 px (%s, %s): the dice in the card, one Effect row for all of them; after Confirm no band is left (review 3 K1)",
    async (theme, lang) => {
      const { page, errors } = await openCard(`risky-big?theme=${theme}&lang=${lang}&width=260`);
      const measure = () =>
        page.locator(".risky-card").evaluate((card) => {
          const box = card.getBoundingClientRect();
          const tray = card.querySelector(".dice-tray");
          const dice = [...(tray?.children ?? [])].map((li) => li.getBoundingClientRect());
          // What a die shows: its face and its Ego mark (the lowest of them ends the tray's content).
          const content = [...(tray?.querySelectorAll(".die-face, .die-cost") ?? [])]
            .map((el) => el.getBoundingClientRect())
            .filter((r) => r.height > 0);
          const picks = [...card.querySelectorAll(".effect-picks [data-role='effect']")].map((b) =>
            Math.round(b.getBoundingClientRect().top),
          );
          const row = card.querySelector(".effect-picks")?.getBoundingClientRect();
          return {
            dice: dice.length,
            outside: dice.filter((r) => r.left < box.left - 0.5 || r.right > box.right + 0.5).length,
            buttonsInTray: tray?.querySelectorAll("[data-role='effect']").length ?? -1,
            pickRows: new Set(picks).size,
            picks: picks.length,
            rowHeight: row?.height ?? 0,
            band: Math.round((tray?.getBoundingClientRect().bottom ?? 0) - Math.max(...content.map((r) => r.bottom))),
          };
        });
      const before = await measure();
      expect(before.dice).toBe(8);
      expect(before.outside, "every die inside the card's width").toBe(0);
      expect(await horizontalOverflow(page, ".sandbox-chat")).toEqual([]);
      expect(before.buttonsInTray, "no die carries its own Effect button").toBe(0);
      // One Effect choice for each die that is not the Effect already, all on one row.
      expect(before.picks).toBe(7);
      expect(before.pickRows).toBe(1);
      await afterUpdate(page, () => page.locator('[data-action="confirm-effect"]').click());
      expect(await page.locator(".risky-card.locked").count()).toBe(1);
      const after = await measure();
      await page.close();
      expect(after.picks, "no Effect choice once confirmed").toBe(0);
      expect(after.rowHeight, "the Effect row is gone").toBe(0);
      // The tray ends with the dice (its own padding only): no empty line where the buttons were.
      expect(after.band).toBeLessThanOrEqual(4);
      expect(errors).toEqual([]);
    },
  );

  it("a Dark Die on the dark theme differs from the card by its fill, not its outline alone", async () => {
    const { page } = await openCard("risky-big?theme=dark");
    const contrast = await page.evaluate(() => {
      // "rgb(r, g, b)" in 0–255, or "color(srgb r g b)" in 0–1 (how Chromium writes a color-mix()).
      const rgb = (c: string) =>
        (c.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => (c.startsWith("color(") ? Number(v) * 255 : Number(v)));
      const lum = (c: string) => {
        const [r = 0, g = 0, b = 0] = rgb(c).map((v) => {
          const s = v / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const face = document.querySelector(".die.tone-dark .die-face");
      // The colour behind the card: the first ancestor with an opaque background.
      let behind = "";
      for (let el = face?.parentElement ?? null; el; el = el.parentElement) {
        const bg = getComputedStyle(el).backgroundColor;
        if (bg !== "transparent" && !/rgba\(.*,\s*0\)$/.test(bg)) {
          behind = bg;
          break;
        }
      }
      const fill = face ? getComputedStyle(face).backgroundColor : "";
      const [a = 0, b = 0] = [lum(fill), lum(behind)].sort((x, y) => y - x);
      return (a + 0.05) / (b + 0.05);
    });
    await page.close();
    expect(contrast).toBeGreaterThanOrEqual(1.5);
  });
});
