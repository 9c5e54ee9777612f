/**
 * Legacy in play, in real Chromium (sandbox scenes): the Legacy dialog with a montage against a
 * targeted Challenge (R-LEG-14: the engine's exact odds with the complication, the Roll closed until the
 * GM agrees), the montage's one card, the Effect card naming Sneak attack's die (R-LEG-15) and the
 * Challenge card of Challenges ganging up (R-LEG-10). Stand-ins for Foundry's window and chat
 * (sandbox/render.ts); this proves templates, CSS and models agree in a browser, not Foundry.
 */
import { describe, expect, it } from "vitest";
import { initialSeparateChoices, separateRollModel } from "../../src/applications/resolution/separate-dialog-model.ts";
import { DEFAULT_DARK_MAX, LEGACY } from "../../src/rules/index.ts";
import { LEGACY_DIALOGS } from "../../sandbox/legacy.ts";
import { legacySeasonedCharacter } from "../fixtures/legacy-sheets.ts";
import { english } from "../support/templates.ts";
import { afterUpdate, scenePage, useSession } from "./browser.ts";

const session = useSession();
const sandboxPage = scenePage(session);
const { open, text } = sandboxPage;

describe("sandbox in Chromium: Legacy in play", { timeout: 30_000 }, () => {
  it("R-LEG-14: the montage dialog shows the engine's exact odds with the complication, and Roll asks the GM first", async () => {
    await open("/scene/dialog/legacy-montage");
    const scene = LEGACY_DIALOGS["legacy-montage"];
    const input = legacySeasonedCharacter();
    const view = separateRollModel(
      { ruleset: LEGACY, state: { source: input.system, items: input.items }, attribute: "strength" },
      { ...initialSeparateChoices({ darkMax: DEFAULT_DARK_MAX }), ...(scene?.choices ?? {}) },
      { darkMax: DEFAULT_DARK_MAX, montage: scene?.target ?? null, montageWord: "ask" },
    );
    for (const band of ["fail", "partial", "success"] as const)
      expect(await text(`[data-odds="${band}"]`), band).toBe(view.chances[band].text);
    for (const c of view.montage?.complication ?? [])
      expect(await text(`[data-odds="complication${c.dice}"]`)).toBe(c.p.text);
    expect(await text(".rd-montage-target")).toBe("The storm on the pass");
    expect(await sandboxPage.page().locator('input[name="safe"]').count()).toBe(0);
    expect(await text(".rd-montage-gm")).toBe(english("TERRAN.Dialog.Legacy.montageAsksGm"));
    expect(await sandboxPage.page().locator(".rd-roll").isDisabled()).toBe(false);
    expect(await text(".rd-roll")).toBe(english("TERRAN.Dialog.Legacy.rollAskGm"));
    await sandboxPage.page().close();
    expect(sandboxPage.errors()).toEqual([]);
  });

  it("R-LEG-14: with no GM online the montage cannot start, and Roll says why", async () => {
    await open("/scene/dialog/legacy-montage-no-gm");
    expect(await sandboxPage.page().locator(".rd-roll").isDisabled()).toBe(true);
    expect(await text(".rd-blocked")).toBe(english("TERRAN.Dialog.Legacy.montageNoGm"));
    await sandboxPage.page().close();
    expect(sandboxPage.errors()).toEqual([]);
  });

  it("R-LEG-14 R-LEG-15 R-LEG-10: the montage card, Sneak attack's Effect die and the Challenges ganging up are shown", async () => {
    await open("/scene/card/legacy-montage");
    expect(await sandboxPage.page().locator(".legacy-montage .die.tone-challenge").count()).toBe(3);
    expect(await text(".legacy-montage .note")).toBe(english("TERRAN.Card.Montage.band.partial"));
    await sandboxPage.page().close();
    expect(sandboxPage.errors()).toEqual([]);
    await open("/scene/card/legacy-effect-sneak");
    expect(await text(".legacy-effect")).toContain(english("TERRAN.Dialog.Legacy.edgeSneakAttack"));
    await sandboxPage.page().close();
    expect(sandboxPage.errors()).toEqual([]);
    await open("/scene/card/legacy-gang-up");
    expect(await text(".challenge-gang-up")).toBe("Ganging up: 3");
    // R-LEG-10 R-LEG-14 the Effect (4) read as Legacy's fork and complication, with the button that carries it.
    expect(await text(".fork .fork-tier")).toBe(english("TERRAN.ChallengeTier.dangerous"));
    expect(await text(".fork .fork-complication")).toBe("−1d");
    expect(await sandboxPage.page().locator(".consequence").count()).toBe(0);
    expect(await text('[data-action="carry-complication"]')).toBe("Complication −1d to the targeted character");
    await sandboxPage.page().close();
    expect(sandboxPage.errors()).toEqual([]);
  });

  it("R-LEG-11 R-LEG-15: a successful Risky card rolls each held tool's Effect from its buttons, once per hit (Multi-attack's extra one too)", async () => {
    await open("/scene/card/legacy-risky");
    const page = sandboxPage.page();
    const buttons = page.locator('.legacy-risky [data-action="roll-effect"]');
    expect(await buttons.allTextContents()).toEqual(["Roll Effect: Large axe", "Roll Effect: Knife"]);
    expect(await text(".legacy-risky")).toContain("1 extra hit(s) in melee");
    await afterUpdate(page, () => buttons.first().click());
    expect(await text(".effects-rolled")).toBe("Hit 1: Effect rolled with Large axe");
    await afterUpdate(page, () => buttons.nth(1).click());
    expect(await page.locator(".effects-rolled li").allTextContents()).toEqual([
      "Hit 1: Effect rolled with Large axe",
      "Hit 2: Effect rolled with Knife",
    ]);
    expect(await buttons.first().isDisabled()).toBe(true);
    expect(await buttons.first().getAttribute("title")).toBe(english("TERRAN.Card.Reason.allRolled"));
    await page.close();
    expect(sandboxPage.errors()).toEqual([]);
  });

  it("R-LEG-11 R-RA-7: the tied Effect card applies once; one rolled from the sheet says it applies to nothing", async () => {
    await open("/scene/card/legacy-effect");
    const page = sandboxPage.page();
    const apply = page.locator('.legacy-effect [data-action="apply-legacy-effect"]');
    await afterUpdate(page, () => apply.click());
    expect(await text(".legacy-effect .applied .change")).toBe("−15 Disposition (10 → 0)");
    expect(await apply.isDisabled()).toBe(true);
    await page.close();
    expect(sandboxPage.errors()).toEqual([]);
    await open("/scene/card/legacy-effect-unlinked");
    expect(await text(".without-action")).toBe(english("TERRAN.Card.Legacy.withoutAction"));
    expect(await sandboxPage.page().locator('[data-action="apply-legacy-effect"]').isDisabled()).toBe(true);
    await sandboxPage.page().close();
    expect(sandboxPage.errors()).toEqual([]);
  });

  it("R-LEG-14: a montage that succeeded overcomes its Challenge from its card, once", async () => {
    await open("/scene/card/legacy-montage");
    const page = sandboxPage.page();
    const apply = page.locator('.legacy-montage [data-action="apply-montage"]');
    expect(await apply.textContent()).toBe(english("TERRAN.Card.Montage.apply"));
    await afterUpdate(page, () => apply.click());
    expect(await text(".legacy-montage .applied .change")).toBe("−10 Disposition (10 → 0)");
    expect(await apply.isDisabled()).toBe(true);
    await page.close();
    expect(sandboxPage.errors()).toEqual([]);
  });
});
