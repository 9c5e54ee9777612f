// @vitest-environment happy-dom
/**
 * R-COND-1 Obsessive Focus on the sheets, pure parts: the shift dialog's view, the character's
 * condition row (the shift as chips), the condition sheet (the shift shown, or the hint that none was
 * chosen), rendered strictly with the real Handlebars.
 */
import "../../stubs/foundry.ts";
import { describe, expect, it } from "vitest";
import { shiftDialogView } from "../../../src/applications/sheets/character/condition-drop.ts";
import { characterSheetContext } from "../../../src/applications/sheets/character/character-context.ts";
import { itemSheetContext } from "../../../src/applications/sheets/item/item-context.ts";
import { attributeShiftRefusal, type Attributes, type ShiftRefusal } from "../../../src/rules/index.ts";
import { conditionSheet, obsessiveCharacter, obsessiveFocusSheet } from "../../fixtures/sheets.ts";
import { compileTemplate } from "../../support/templates.ts";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { gritPart } from "../../fixtures/sheets.ts";

const RATINGS: Attributes = { intuition: 4, reason: 1, finesse: 0, exertion: 2, attunement: 1, influence: 0 };

describe("R-COND-1 the shift dialog's view", () => {
  it("R-COND-1: attributes at 4 cannot be raised and attributes at 0 cannot be lowered (disabled, with the reason)", () => {
    const view = shiftDialogView(RATINGS, null, null);
    const disabled = (name: string) =>
      view.fields
        .find((f) => f.name === name)
        ?.options.filter((o) => o.disabledKey)
        .map((o) => [o.value, o.disabledKey]);
    expect(disabled("raise")).toEqual([["intuition", "TERRAN.AttributeShift.atMax"]]);
    expect(disabled("lower1")).toEqual([
      ["finesse", "TERRAN.AttributeShift.atZero"],
      ["influence", "TERRAN.AttributeShift.atZero"],
    ]);
    expect(view.refusalKey).toBeNull();
  });

  it("R-COND-1: the picks offered first are a shift the rules accept", () => {
    const view = shiftDialogView(RATINGS, null, null);
    const picked = (name: string) => view.fields.find((f) => f.name === name)?.options.find((o) => o.selected)?.value;
    const [raise, lower1, lower2] = [picked("raise"), picked("lower1"), picked("lower2")];
    if (!raise || !lower1 || !lower2) throw new Error("a part is not picked");
    expect(attributeShiftRefusal(RATINGS, { raise, lower: [lower1, lower2] })).toBeNull();
  });

  it("R-COND-1: a refused pick stays selected and the reason is shown", () => {
    const view = shiftDialogView(RATINGS, { raise: "reason", lower1: "reason", lower2: "exertion" }, "sameAttribute");
    expect(view.refusalKey).toBe("TERRAN.AttributeShift.Refusal.sameAttribute");
    expect(view.fields.map((f) => f.options.find((o) => o.selected)?.value)).toEqual(["reason", "reason", "exertion"]);
  });
});

describe("R-COND-1 the shift's texts", () => {
  it("R-COND-1: every refusal reason and every part of the dialog has its text in en.json", () => {
    const en = JSON.parse(readFileSync(resolve(import.meta.dirname, "../../../lang/en.json"), "utf8")) as {
      TERRAN: { AttributeShift: Record<string, unknown> & { Refusal: Record<string, unknown> } };
    };
    const texts = en.TERRAN.AttributeShift;
    const reasons: ShiftRefusal[] = ["sameAttribute", "raiseAtMax", "lowerAtZero"];
    expect(reasons.filter((r) => typeof texts.Refusal[r] !== "string")).toEqual([]);
    const view = shiftDialogView(RATINGS, null, null);
    const keys = view.fields.flatMap((f) => [
      f.labelKey,
      ...f.options.flatMap((o) => (o.disabledKey ? [o.disabledKey] : [])),
    ]);
    expect(keys.filter((k) => typeof texts[k.replace("TERRAN.AttributeShift.", "")] !== "string")).toEqual([]);
  });
});

describe("R-COND-1 the shift on the sheets", () => {
  it("R-COND-1: the character's condition row shows +1 and −1 chips instead of the flag", () => {
    const view = characterSheetContext(obsessiveCharacter());
    if (view.limited) throw new Error("expected the full view");
    expect(
      gritPart(view)
        .groups.flatMap((g) => g.attributes)
        .find((a) => a.id === "reason")?.value,
    ).toBe(3); // the shifted rating
    const row = view.lists.conditions.rows.find((r) => r.name === "Obsessive Focus");
    expect(row?.chips.filter((c) => c.kind === "attribute").map((c) => [c.prefix, c.key])).toEqual([
      ["+1", "TERRAN.Attribute.reason"],
      ["−1", "TERRAN.Attribute.exertion"],
      ["−1", "TERRAN.Attribute.influence"],
    ]);
    expect(row?.chips.some((c) => c.key === "TERRAN.Flag.attributeShift")).toBe(false);
  });

  it("R-COND-1: the condition sheet shows the chosen shift", () => {
    const view = itemSheetContext(obsessiveFocusSheet());
    expect(view.condition?.shift).toEqual({
      chosen: {
        raise: "TERRAN.Attribute.reason",
        lower1: "TERRAN.Attribute.exertion",
        lower2: "TERRAN.Attribute.influence",
      },
      missing: false,
    });
    const html = compileTemplate("sheets/item/condition.hbs")(view);
    // The real Handlebars with en.json's text.
    expect(html).toContain("+1 Reason, −1 Exertion, −1 Influence");
    expect(html).not.toContain("No shift chosen");
  });

  it("R-COND-1: a flagged condition not yet taken says how to choose; other conditions show nothing of it", () => {
    const fresh = obsessiveFocusSheet();
    const untaken = itemSheetContext({
      ...fresh,
      item: {
        ...fresh.item,
        type: "condition",
        system: { ...(fresh.item.system as object), shift: { raise: "", lower1: "", lower2: "" } },
      } as typeof fresh.item,
    });
    expect(untaken.condition?.shift).toEqual({ chosen: null, missing: true });
    expect(compileTemplate("sheets/item/condition.hbs")(untaken)).toContain("No shift chosen");
    const plain = itemSheetContext(conditionSheet());
    expect(plain.condition?.shift).toEqual({ chosen: null, missing: false });
    expect(compileTemplate("sheets/item/condition.hbs")(plain)).not.toMatch(/Attribute shift|No shift chosen/);
  });
});
