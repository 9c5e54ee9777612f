/**
 * R-COND-1 Obsessive Focus: +1 to one attribute, −1 to two others (v0.6.0 made the SRD's Skills
 * Attributes), within R-CHAR-1's 0–4 and R-CHAR-5's total of 10; undone when the condition goes.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  applyAttributeShift,
  attributeShiftRefusal,
  isCompleteShift,
  shiftChoices,
  undoAttributeShift,
  type AttributeShift,
} from "../../src/rules/attribute-shift.ts";
import {
  ATTRIBUTE_MAX,
  ATTRIBUTE_TOTAL_CAP,
  ATTRIBUTES,
  attributeTotal,
  type Attributes,
} from "../../src/rules/attributes.ts";
import { RulesError } from "../../src/rules/errors.ts";

const ratings = (over: Partial<Record<(typeof ATTRIBUTES)[number], number>> = {}): Attributes => ({
  intuition: 2,
  reason: 1,
  finesse: 1,
  exertion: 2,
  attunement: 1,
  influence: 1,
  ...over,
});
const focus: AttributeShift = { raise: "reason", lower: ["exertion", "influence"] };

function refusalOf(fn: () => unknown): { code: string; reason: unknown } {
  try {
    fn();
  } catch (error) {
    if (error instanceof RulesError) return { code: error.code, reason: error.data.reason };
    throw error;
  }
  throw new Error("no refusal");
}

describe("R-COND-1 Obsessive Focus moves ratings", () => {
  it("R-COND-1: +1 to the chosen attribute, −1 to the two others; the total drops by 1", () => {
    const before = ratings();
    const after = applyAttributeShift(before, focus);
    expect(after).toEqual({ ...before, reason: 2, exertion: 1, influence: 0 });
    expect(attributeTotal(after)).toBe(attributeTotal(before) - 1);
  });

  it("R-COND-1: a character at the total of 10 may take it (the total falls to 9)", () => {
    const full = ratings({ intuition: 3, reason: 2, finesse: 1, exertion: 2, attunement: 1, influence: 1 });
    expect(attributeTotal(full)).toBe(ATTRIBUTE_TOTAL_CAP);
    expect(attributeTotal(applyAttributeShift(full, focus))).toBe(ATTRIBUTE_TOTAL_CAP - 1);
  });

  it("R-COND-1: the three attributes must differ", () => {
    expect(attributeShiftRefusal(ratings(), { raise: "reason", lower: ["reason", "influence"] })).toBe("sameAttribute");
    expect(attributeShiftRefusal(ratings(), { raise: "reason", lower: ["influence", "influence"] })).toBe(
      "sameAttribute",
    );
    expect(
      refusalOf(() => applyAttributeShift(ratings(), { raise: "reason", lower: ["influence", "influence"] })),
    ).toEqual({ code: "bad-choice", reason: "sameAttribute" });
  });

  it("R-COND-1 / R-CHAR-1: the raised attribute may not be at 4 already", () => {
    const high = ratings({ reason: ATTRIBUTE_MAX, intuition: 1 });
    expect(attributeShiftRefusal(high, focus)).toBe("raiseAtMax");
    expect(refusalOf(() => applyAttributeShift(high, focus))).toEqual({ code: "bad-choice", reason: "raiseAtMax" });
  });

  it("R-COND-1 / R-CHAR-1 (ruling): a lowered attribute at 0 is refused, so the player picks another", () => {
    const zero = ratings({ influence: 0, attunement: 2 });
    expect(attributeShiftRefusal(zero, focus)).toBe("lowerAtZero");
    expect(refusalOf(() => applyAttributeShift(zero, focus))).toEqual({ code: "bad-choice", reason: "lowerAtZero" });
    expect(attributeShiftRefusal(zero, { raise: "reason", lower: ["exertion", "attunement"] })).toBeNull();
  });

  it("R-COND-1 / R-CHAR-5: ratings above the total of 10 (no character holds them) are refused, never shifted", () => {
    const over = ratings({ intuition: 4, reason: 3, exertion: 2 });
    expect(attributeTotal(over)).toBeGreaterThan(ATTRIBUTE_TOTAL_CAP);
    expect(refusalOf(() => applyAttributeShift(over, focus)).code).toBe("attribute-cap");
    expect(refusalOf(() => undoAttributeShift(over, focus)).code).toBe("attribute-cap");
  });

  it("R-COND-1: a name that is not an attribute is refused as unknown", () => {
    const bad = { raise: "luck", lower: ["exertion", "influence"] } as unknown as AttributeShift;
    expect(refusalOf(() => applyAttributeShift(ratings(), bad)).code).toBe("unknown-id");
    expect(isCompleteShift({ raise: "", lower: ["exertion", "influence"] })).toBe(false);
    expect(isCompleteShift({ raise: "reason", lower: ["exertion", "influence"] })).toBe(true);
  });

  it("R-COND-1: the choices open — raise below 4, lower above 0, and whether any shift is possible", () => {
    const c = shiftChoices(ratings({ reason: 4, intuition: 0, finesse: 0, exertion: 2, attunement: 2, influence: 0 }));
    expect(c.raise).toEqual(["intuition", "finesse", "exertion", "attunement", "influence"]);
    expect(c.lower).toEqual(["reason", "exertion", "attunement"]);
    expect(c.possible).toBe(true);
    // Only one attribute above 0 other than the one to raise: no shift can be taken.
    expect(
      shiftChoices(ratings({ intuition: 4, reason: 0, finesse: 0, exertion: 0, attunement: 0, influence: 0 })).possible,
    ).toBe(false);
    expect(
      shiftChoices(ratings({ intuition: 1, reason: 0, finesse: 0, exertion: 0, attunement: 0, influence: 0 })).possible,
    ).toBe(false);
    // Two attributes above 0 and a third to raise: possible.
    expect(
      shiftChoices(ratings({ intuition: 1, reason: 1, finesse: 0, exertion: 0, attunement: 0, influence: 0 })).possible,
    ).toBe(true);
  });
});

describe("R-COND-1 removing Obsessive Focus undoes its shift", () => {
  it("R-COND-1: the undo gives back exactly what was moved", () => {
    const before = ratings();
    const undone = undoAttributeShift(applyAttributeShift(before, focus), focus);
    expect(undone).toEqual({ attributes: before, withheld: [] });
  });

  it("R-COND-1 / R-CHAR-5 (ruling): an undo that would pass the total of 10 gives back what fits, in the chosen order", () => {
    // Taken at 9 → 8, then two points gained (Developed) → 10: the undo frees 1 (the raise) and may add 1.
    const now = ratings({ intuition: 3, reason: 2, finesse: 2, exertion: 1, attunement: 2, influence: 0 });
    expect(attributeTotal(now)).toBe(10);
    const { attributes, withheld } = undoAttributeShift(now, focus);
    expect(attributes).toEqual({ ...now, reason: 1, exertion: 2 });
    expect(withheld).toEqual(["influence"]);
    expect(attributeTotal(attributes)).toBe(ATTRIBUTE_TOTAL_CAP);
  });

  it("R-COND-1 / R-CHAR-1 (ruling): an undo never takes a rating below 0 or above 4", () => {
    // The raised attribute was lost since (a Malaise): nothing to take back; a lowered one is at 4 now.
    const now = ratings({ reason: 0, exertion: 4, influence: 0, intuition: 1, finesse: 1, attunement: 1 });
    const { attributes, withheld } = undoAttributeShift(now, focus);
    expect(attributes).toEqual({ ...now, influence: 1 });
    expect(withheld).toEqual(["reason", "exertion"]);
  });

  it("R-COND-1: any shift that is allowed can be undone exactly, and an undo always stays inside the limits", () => {
    const rating = fc.integer({ min: 0, max: ATTRIBUTE_MAX });
    const attrs = fc
      .tuple(rating, rating, rating, rating, rating, rating)
      .map((r): Attributes => Object.fromEntries(ATTRIBUTES.map((a, i) => [a, r[i] ?? 0])) as unknown as Attributes)
      .filter((a) => attributeTotal(a) <= ATTRIBUTE_TOTAL_CAP);
    const shift = fc
      .shuffledSubarray([...ATTRIBUTES], { minLength: 3, maxLength: 3 })
      .map(([raise, a, b]): AttributeShift => ({
        raise: raise ?? "reason",
        lower: [a ?? "finesse", b ?? "influence"],
      }));
    fc.assert(
      fc.property(attrs, shift, (a, s) => {
        if (attributeShiftRefusal(a, s) === null)
          expect(undoAttributeShift(applyAttributeShift(a, s), s)).toEqual({ attributes: a, withheld: [] });
        const { attributes } = undoAttributeShift(a, s);
        for (const id of ATTRIBUTES) expect(attributes[id]).toBeGreaterThanOrEqual(0);
        for (const id of ATTRIBUTES) expect(attributes[id]).toBeLessThanOrEqual(ATTRIBUTE_MAX);
        expect(attributeTotal(attributes)).toBeLessThanOrEqual(ATTRIBUTE_TOTAL_CAP);
      }),
    );
  });
});
