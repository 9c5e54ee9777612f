/**
 * Accessibility, screen readers: an item row's icon buttons are named with the item they act on ("Delete:
 * Long sword"), not only with the action, so a list of rows does not read as "Delete, Delete, Delete".
 */
import { Window } from "happy-dom";
import { describe, expect, it } from "vitest";
import { characterSheetContext } from "../../../src/applications/sheets/character/character-context.ts";
import { seasonedCharacter } from "../../fixtures/sheets.ts";
import { english, renderTemplate } from "../../support/templates.ts";

describe("accessibility: item rows name their item on every icon button", () => {
  it("edit, reorder, delete and equip say which item", () => {
    const input = seasonedCharacter("core", { ui: { activeTab: "items", expanded: [] } });
    const host = new Window().document.createElement("div");
    host.innerHTML = renderTemplate("sheets/character/items.hbs", characterSheetContext(input));
    const rows = [...host.querySelectorAll("li.te-item")];
    expect(rows.length).toBe(input.items.length);
    for (const row of rows) {
      const name = (row.querySelector(".te-item-name")?.textContent ?? "").trim();
      const label = (action: string): string | null =>
        row.querySelector(`[data-action="${action}"]`)?.getAttribute("aria-label") ?? null;
      expect(label("editItem"), name).toBe(`${english("TERRAN.Sheet.Items.edit")}: ${name}`);
      expect(label("moveUp"), name).toBe(`${english("TERRAN.Sheet.Items.moveUp")}: ${name}`);
      expect(label("moveDown"), name).toBe(`${english("TERRAN.Sheet.Items.moveDown")}: ${name}`);
      expect(label("deleteItem"), name).toBe(`${english("TERRAN.Sheet.Items.delete")}: ${name}`);
      const equip = label("toggleEquipped");
      if (equip !== null) expect(equip.endsWith(`: ${name}`), name).toBe(true);
    }
    expect(rows.some((r) => r.querySelector('[data-action="toggleEquipped"]'))).toBe(true);
  });
});
