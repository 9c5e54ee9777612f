/**
 * The Legacy ruleset's sandbox scenes in real Chromium: the one character sheet adapted to
 * Legacy shows what the pure model computes (the ruleset's attributes and skills as filled circles, HP
 * and Ego with their derived maxima, the wound and its penalty on every roll), the Legacy dialog shows
 * the engine's exact odds, and the Effect card its explosion chain. Stand-ins for Foundry's window and
 * chat (sandbox/render.ts); this proves templates, CSS and models agree in a browser, not Foundry.
 */
import { describe, expect, it } from "vitest";
import { characterSheetContext } from "../../src/applications/sheets/character/character-context.ts";
import { initialSeparateChoices, separateRollModel } from "../../src/applications/resolution/separate-dialog-model.ts";
import { DEFAULT_DARK_MAX, LEGACY } from "../../src/rules/index.ts";
import { legacySeasonedCharacter } from "../fixtures/legacy-sheets.ts";
import { english } from "../support/templates.ts";
import { scenePage, useSession } from "./browser.ts";
import { hpPart } from "../fixtures/sheets.ts";

const session = useSession();
const sandboxPage = scenePage(session);
const { open, text } = sandboxPage;

describe("sandbox in Chromium: Legacy", { timeout: 30_000 }, () => {
  it("R-LEG-1 R-LEG-3 R-LEG-4 R-LEG-5 R-LEG-7: the sheet shows the ruleset's attributes and skills, derived HP and Ego maxima, and the wound's penalty", async () => {
    await open("/scene/sheet/character-legacy");
    const view = characterSheetContext(legacySeasonedCharacter());
    const part = hpPart(view);
    for (const a of part.attributes) {
      expect(
        await sandboxPage
          .page()
          .locator(`.te-legacy-attributes .te-attr[data-attribute="${a.id}"] .te-circle.is-filled`)
          .count(),
        a.id,
      ).toBe(a.value);
      expect(await text(`.te-attr[data-attribute="${a.id}"] .te-light-dice`), a.id).toBe(`${a.roll.light}d`);
    }
    for (const s of part.skills ?? [])
      expect(
        await sandboxPage.page().locator(`.te-skill[data-skill="${s.id}"] .te-circle.is-filled`).count(),
        s.id,
      ).toBe(s.value);
    expect(await text(".te-hp .te-track-max")).toBe(String(part.hp.max));
    expect(await text(".te-ego .te-track-max")).toBe(String(part.ego.max));
    expect(await text(".te-legacy-attributes .te-penalty")).toBe(
      english("TERRAN.Sheet.Legacy.penalty").replace("{value}", "1"),
    );
    expect(await sandboxPage.page().locator(".te-grit").count()).toBe(0);
    expect(await sandboxPage.page().locator('[data-action="sayonara"]').count()).toBe(0);
    await sandboxPage.page().close();
    expect(sandboxPage.errors()).toEqual([]);
  });

  it("R-LEG-8 R-LEG-9: the dialog shows the pool and the engine's exact odds", async () => {
    await open("/scene/dialog/legacy");
    const input = legacySeasonedCharacter();
    const view = separateRollModel(
      { ruleset: LEGACY, state: { source: input.system, items: input.items }, attribute: "strength" },
      { ...initialSeparateChoices({ darkMax: DEFAULT_DARK_MAX }), skill: "violence", dark: 1 },
      { darkMax: DEFAULT_DARK_MAX },
    );
    expect(await text(".rd-light-count")).toBe(String(view.light));
    for (const band of ["fail", "partial", "success"] as const)
      expect(await text(`[data-odds="${band}"]`), band).toBe(view.chances[band].text);
    expect(await text('[data-odds="loseEgo"]')).toBe(view.ego.pLoseAny.text);
    await sandboxPage.page().close();
    expect(sandboxPage.errors()).toEqual([]);
  });

  it("R-LEG-11: the Effect card keeps the highest die and shows its explosion chain", async () => {
    await open("/scene/card/legacy-effect");
    expect(await sandboxPage.page().locator(".legacy-effect .die.kept").count()).toBe(3);
    expect(await sandboxPage.page().locator(".legacy-effect .die.chain").count()).toBe(2);
    expect(await text(".legacy-effect .note")).toBe(english("TERRAN.Card.Legacy.exploded"));
    await sandboxPage.page().close();
    expect(sandboxPage.errors()).toEqual([]);
  });
});
