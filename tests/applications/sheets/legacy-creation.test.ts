// @vitest-environment happy-dom
/**
 * R-LEG-2 the Legacy creation panel once the attributes are rolled (ruling, §10): hidden from players,
 * offered to a GM as "Roll again (GM)"; before the first roll, offered to the owner as before.
 */
import { describe, expect, it } from "vitest";
import { characterSheetContext } from "../../../src/applications/sheets/character/character-context.ts";
import { CHARACTER_SHEET_PARTS } from "../../../src/applications/sheets/parts.ts";
import { legacyFreshCharacter } from "../../fixtures/legacy-sheets.ts";
import { GM } from "../../fixtures/sheets.ts";
import { english, renderTemplate } from "../../support/templates.ts";
import { hpPart } from "../../fixtures/sheets.ts";

function legacyView(input: Parameters<typeof characterSheetContext>[0]) {
  return hpPart(characterSheetContext(input));
}

function button(input: Parameters<typeof characterSheetContext>[0]): HTMLElement | null {
  const root = document.createElement("form");
  root.innerHTML = renderTemplate(CHARACTER_SHEET_PARTS.main.replace(/^templates\//, ""), characterSheetContext(input));
  return root.querySelector<HTMLElement>('[data-action="rollLegacyCreation"]');
}

describe("R-LEG-2 the creation panel after the first roll", () => {
  it("R-LEG-2 (ruling): before the first roll the owner sees 'Roll the four attributes'", () => {
    expect(legacyView(legacyFreshCharacter()).creation).toMatchObject({ shown: true, again: false });
    expect(button(legacyFreshCharacter())?.textContent?.trim()).toBe(english("TERRAN.Sheet.Legacy.rollCreation"));
  });

  it("R-LEG-2 (ruling): once rolled the panel is gone for a player and a GM sees 'Roll again (GM)', saying lost HP and Ego stay lost", () => {
    const player = legacyFreshCharacter({ legacyCreationRolled: true });
    expect(legacyView(player).creation.shown).toBe(false);
    expect(button(player)).toBeNull();
    const gm = legacyFreshCharacter({ legacyCreationRolled: true, permissions: GM });
    expect(legacyView(gm).creation).toMatchObject({
      shown: true,
      again: true,
      roll: { disabled: false, tooltip: { key: "TERRAN.Sheet.Legacy.rollAgainHint" } },
    });
    expect(button(gm)?.textContent?.trim()).toBe(english("TERRAN.Sheet.Legacy.rollAgain"));
  });
});
