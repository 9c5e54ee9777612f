// @vitest-environment happy-dom
/**
 * A character sheet with many items (src/applications/sheets/character/character-context.ts
 * `COMPACT_ROWS_ABOVE`, templates/sheets/partials/item-row.hbs): past 30 items each row shows its name
 * and its roll until opened, so 200 items stay under 100 kB of HTML; an opened row shows everything.
 */
import { describe, expect, it } from "vitest";
import {
  characterSheetContext,
  COMPACT_ROWS_ABOVE,
} from "../../../src/applications/sheets/character/character-context.ts";
import { CHARACTER_SHEET_PARTS } from "../../../src/applications/sheets/parts.ts";
import { busyCharacter, OBSERVER } from "../../fixtures/sheets.ts";
import { renderTemplate } from "../../support/templates.ts";

function sheetHtml(input: ReturnType<typeof busyCharacter>): string {
  const view = characterSheetContext(input);
  return Object.values(CHARACTER_SHEET_PARTS)
    .map((p) => renderTemplate(p.replace(/^templates\//, ""), view))
    .join("\n");
}

const dom = (html: string): HTMLElement => {
  const root = document.createElement("form");
  root.innerHTML = html;
  return root;
};

describe("a long character sheet", () => {
  it("200 items render in under 100 kB: compact rows name the item and roll; the three opened rows are whole", () => {
    const input = busyCharacter(200);
    const html = sheetHtml(input);
    expect(html.length).toBeLessThan(100_000);
    const root = dom(html);
    const rows = [...root.querySelectorAll<HTMLElement>("li.te-item")];
    expect(rows).toHaveLength(200);
    const opened = rows.filter((r) => r.classList.contains("is-expanded"));
    expect(opened.map((r) => r.dataset.itemId)).toEqual(input.ui.expanded);
    for (const row of opened) {
      expect(row.querySelector('[data-action="deleteItem"]')).not.toBeNull();
      expect(row.querySelector(".te-item-text")).not.toBeNull();
    }
    for (const row of rows.filter((r) => !r.classList.contains("is-expanded"))) {
      const name = row.querySelector('.te-item-name[data-action="toggleExpand"]');
      expect(name?.getAttribute("aria-expanded")).toBe("false");
      expect(row.querySelector(".te-item-controls, .te-chips")).toBeNull();
    }
    // A weapon's roll stays on its compact row, named for the keyboard and the screen reader.
    const sword = rows.find((r) => r.classList.contains("te-item-weapon") && !r.classList.contains("is-expanded"));
    expect(sword?.querySelector('[data-action="roll"]')?.getAttribute("aria-label")).toMatch(/Light Dice/);
  });

  it(`up to ${COMPACT_ROWS_ABOVE} items every row is whole, as before`, () => {
    const root = dom(sheetHtml(busyCharacter(COMPACT_ROWS_ABOVE)));
    const rows = [...root.querySelectorAll("li.te-item")];
    expect(rows.every((r) => r.querySelector('[data-action="deleteItem"]'))).toBe(true);
  });

  it("a compact row whose roll is closed still says why (the tooltip stays where the roll is disabled)", () => {
    const input = busyCharacter(40);
    const view = characterSheetContext({ ...input, permissions: OBSERVER });
    const html = renderTemplate(CHARACTER_SHEET_PARTS.items.replace(/^templates\//, ""), view);
    const closed = [...dom(html).querySelectorAll<HTMLButtonElement>(".te-item-img-roll[disabled]")];
    expect(closed.length).toBeGreaterThan(0);
    for (const button of closed) expect(button.closest(".te-tip")?.getAttribute("data-tooltip")).toBeTruthy();
  });
});
