/**
 * The Table luck window (R-LUCK-1's ledger, R-LUCK-2's fairness) in Debian's Chromium, from the sandbox's
 * scenes (sandbox/gm-tools.ts: the GM's view, a player's, an empty ledger): axe-core finds no serious or
 * critical violation in the light and dark themes, in English and Portuguese, with every "show as a
 * table" disclosure closed and opened; nothing overflows sideways at the narrow width; and with the
 * keyboard only, every chart's table is reached (Tab to its disclosure, Enter, Tab into the table's
 * region). Foundry's own chrome and CSS are stand-ins here.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { findScene, type SceneInfo } from "../../sandbox/scenes.ts";
import { blocking, runAxe } from "./axe.ts";
import { clean, horizontalOverflow, sharedTab, useSession } from "./browser.ts";
import { english } from "../support/templates.ts";
import { showScene } from "./session.ts";

const session = useSession();
const { tab, errors } = sharedTab(session);

const SCENES = ["table-luck", "table-luck-player", "table-luck-empty"] as const;

function scene(id: string): SceneInfo {
  const found = findScene("tool", id);
  if (!found) throw new Error(`no scene tool/${id}`);
  return found;
}

async function serious(page: Page, label: string): Promise<string[]> {
  return (await runAxe(page))
    .filter(blocking)
    .map((f) => `${label}: ${f.impact} ${f.rule} — ${f.nodes.slice(0, 3).join(" | ")}`);
}

describe("the Table luck window in Chromium", { timeout: 120_000 }, () => {
  it.each(SCENES)(
    "Table luck (R-LUCK-1 R-LUCK-2 shown): %s is axe-clean in both themes and both languages, tables closed and open",
    async (id) => {
      const page = await tab();
      const problems: string[] = [];
      for (const theme of ["light", "dark"] as const) {
        for (const lang of ["en", "pt-BR"]) {
          errors().length = 0;
          await showScene(page, session().sandbox.url, scene(id), { theme, lang });
          const label = `${id} (${theme}, ${lang})`;
          problems.push(...(await serious(page, label)));
          await page.locator("details.luck-details").evaluateAll((all) => {
            for (const d of all) (d as HTMLDetailsElement).open = true;
          });
          problems.push(...(await serious(page, `${label}, tables open`)));
          expect(errors(), label).toEqual([]);
        }
      }
      expect(problems).toEqual([]);
    },
  );

  it.each(SCENES)(
    "Table luck: %s fits the narrow width with its tables open (nothing sideways but the tables' own scroll)",
    async (id) => {
      const page = await tab();
      const s = scene(id);
      const frame = await showScene(page, session().sandbox.url, s, { theme: "light", lang: "pt-BR", width: s.narrow });
      await page.locator("details.luck-details").evaluateAll((all) => {
        for (const d of all) (d as HTMLDetailsElement).open = true;
      });
      expect(await horizontalOverflow(page, frame)).toEqual([]);
    },
  );

  it("Table luck: by keyboard only, every chart's table is reached: Tab to its disclosure, Enter, Tab into the table", async () => {
    const page = await tab();
    await showScene(page, session().sandbox.url, scene("table-luck"), { theme: "dark" });
    const count = await page.locator("details.luck-details").count();
    expect(count).toBe(6);
    const reached: string[] = [];
    for (let presses = 0; presses < 80 && reached.length < count; presses++) {
      await page.keyboard.press("Tab");
      const where = await page.evaluate(() => {
        const el = document.activeElement;
        if (el?.matches("summary")) return { kind: "summary", label: "" };
        if (el?.matches('[role="region"]'))
          return {
            kind: "region",
            label: document.getElementById(el.getAttribute("aria-labelledby") ?? "")?.textContent ?? "",
            table: el.querySelector("table caption") !== null && el.querySelectorAll("th").length > 0,
          };
        return { kind: el?.tagName ?? "", label: "" };
      });
      if (where.kind === "summary") await page.keyboard.press("Enter");
      if (where.kind === "region" && "table" in where && where.table) reached.push(where.label.trim());
    }
    expect(reached).toHaveLength(count);
    expect(reached[0]).toBe("Ines: luck per session");
    expect(reached[3]).toBe("Ana: faces of 412 dice (fair dice expect 68.7 of each)");
    expect(new Set(reached).size).toBe(count);
  });

  it("R-LUCK-2 (setting, default off): the dice test is the GM's by default, said so; players see it only when the world shares it", async () => {
    const page = await tab();
    const heading = english("TERRAN.Luck.Fair.heading");
    const seen = async (id: string) => {
      await showScene(page, session().sandbox.url, scene(id), { theme: "light" });
      const headings = await page.locator(".luck-heading").allTextContents();
      return {
        test: headings.map((h) => h.trim()).includes(heading),
        gmOnly: await page.locator(".luck-gm-only").isVisible(),
        sections: await page.locator(".luck-fairness").count(),
      };
    };
    const gm = await seen("table-luck");
    expect(gm.test && gm.gmOnly && gm.sections > 0, "the GM sees the test and that players do not").toBe(true);
    expect(clean(await page.locator(".luck-gm-only").textContent())).toBe(english("TERRAN.Luck.Fair.gmOnly"));
    expect(await seen("table-luck-player"), "a player, by default").toEqual({
      test: false,
      gmOnly: false,
      sections: 0,
    });
    const shared = await seen("table-luck-player-shared");
    expect(shared.test && !shared.gmOnly && shared.sections === gm.sections, "a player, the world sharing it").toBe(
      true,
    );
    expect(errors()).toEqual([]);
  });
});
