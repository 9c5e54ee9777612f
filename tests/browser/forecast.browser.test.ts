/**
 * The Challenge forecast panel in real Chromium (the sandbox's scene "sheet/challenge-forecast"): the
 * figures shown are the pure builder's, and a change in the panel re-renders it through the same
 * builder (sandbox/forecast.ts stands in for the sheet's re-render). Proves the template, CSS and
 * builder work together in a browser, not that Foundry renders them the same way.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { challengeForecastView } from "../../src/applications/sheets/challenge/challenge-forecast.ts";
import { forecastChallenge } from "../fixtures/sheets.ts";
import { english } from "../support/templates.ts";
import { afterUpdate, clean, useSession, watchErrors } from "./browser.ts";

const session = useSession();

/** The view the page must show for the fixture with some choices changed. */
function model(change: Record<string, unknown> = {}, locale = "en") {
  const fixture = forecastChallenge();
  if (!fixture.forecast) throw new Error("the fixture has a forecast");
  return challengeForecastView({
    rulesetId: fixture.rulesetId,
    name: fixture.name,
    system: fixture.system,
    characters: fixture.forecast.characters,
    choices: { ...fixture.forecast.choices, ...change },
    singleDieServesBoth: true,
    challengeArmour: fixture.challengeArmour,
    locale,
  });
}

describe("sandbox in Chromium: the Challenge forecast panel", { timeout: 30_000 }, () => {
  it("R-RA-7 shows the exact figures, and re-renders live when the approach changes", async () => {
    const page: Page = await session().context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${session().sandbox.url}/scene/sheet/challenge-forecast`);
    const expected = async (): Promise<string> =>
      clean(await page.locator(".te-forecast-expected strong").textContent());
    expect(await expected()).toBe(model().result?.expected);
    expect(await page.locator(".te-forecast-bar").count()).toBe(model().result?.bars.length);

    // By hand, 4 Light Dice: the light input opens up and the figures follow.
    await afterUpdate(
      page,
      async () => void (await page.locator('select[data-forecast="character"]').selectOption("")),
    );
    expect(await page.locator('input[data-forecast="light"]').isDisabled()).toBe(false);
    await afterUpdate(page, () =>
      page
        .locator('input[data-forecast="light"]')
        .fill("4")
        .then(() => page.locator('input[data-forecast="light"]').dispatchEvent("change")),
    );
    expect(await expected()).toBe(model({ character: "", light: 4 }).result?.expected);

    // Against a facet: its own Disposition left.
    await afterUpdate(page, async () => void (await page.locator('select[data-forecast="facet"]').selectOption("0")));
    expect(clean(await page.locator(".te-forecast-target").textContent())).toContain("Talk it down: 5 of 5");
    expect(await expected()).toBe(model({ character: "", light: 4, facet: "0" }).result?.expected);

    // Text typed as Dark Dice: the sheet's correction notice, the last good value kept.
    await afterUpdate(page, () =>
      page
        .locator('input[data-forecast="dark"]')
        .fill("12")
        .then(() => page.locator('input[data-forecast="dark"]').dispatchEvent("change")),
    );
    expect(clean(await page.locator("#sandbox-notice").textContent())).toBe(
      english("TERRAN.Sheet.Corrected.clamped").replace("{value}", "10"),
    );
    expect(await page.locator('input[data-forecast="dark"]').inputValue()).toBe("10");
    await page.close();
    expect(errors).toEqual([]);
  });

  it("R-RA-7 writes its figures the Portuguese way in pt-BR (a decimal comma), also after a change", async () => {
    const page: Page = await session().context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${session().sandbox.url}/scene/sheet/challenge-forecast?lang=pt-BR`);
    const expected = async (): Promise<string> =>
      clean(await page.locator(".te-forecast-expected strong").textContent());
    expect(await expected()).toBe(model({}, "pt-BR").result?.expected);
    expect(await expected()).toMatch(/^\d+,\d$/);
    const bars = await page.locator(".te-forecast-bar").allTextContents();
    expect(bars.join(" ")).not.toMatch(/\d\.\d/);
    await afterUpdate(
      page,
      async () => void (await page.locator('select[data-forecast="character"]').selectOption("")),
    );
    expect(await expected()).toBe(model({ character: "" }, "pt-BR").result?.expected);
    await page.close();
    expect(errors).toEqual([]);
  });
});
