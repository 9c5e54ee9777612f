/**
 * The fast half of `npm run fuzz`, in CI: every entry point of the fuzz table with 300
 * inputs (150 valid, 150 hostile) from a fixed seed. The full run (100,000 per entry point) is
 * `npm run fuzz`; its last figures are in docs/VERIFIED.md.
 */
import { describe, expect, it } from "vitest";
import * as rules from "../../src/rules/index.ts";
import { ALL_ENTRIES } from "./entries.ts";
import { judge, runEntry } from "./harness.ts";
import { creationValueCheck } from "./legacy-entries.ts";
import { LEGACY } from "../../src/rules/index.ts";
import { assertCovered, NOT_ENTRY_POINTS, RULES_ENTRIES } from "./rules-entries.ts";

const RUNS = 300;
const SEED = 20261124;

describe(
  "fuzz: hostile and valid inputs keep R-POOL-3 (Light 0–4), R-EGO-2 (Ego 0–6), R-RA-4/R-RA-5 (Effect ≥ floor), " +
    "R-RA-7/R-RA-10/R-CH-4 (each hit and target recorded once, records consistent), R-HARM-1…5, and throw only RulesError",
  () => {
    it.each(Object.keys(ALL_ENTRIES))("%s", (name) => {
      const entry = ALL_ENTRIES[name];
      if (!entry) throw new Error(name);
      const report = runEntry(name, entry, RUNS, SEED);
      expect(report.inputs).toBe(RUNS);
      expect(report.examples).toEqual([]);
      expect(report.breaks).toBe(0);
    });
  },
);

describe("inputs a full fuzz run once reported, kept", () => {
  it("R-LEG-2 creationValue (seed 433673300): a table valuing a 6 at 4, within the scheme's max of 4, reads 4 and passes its check; a value beyond the max is refused", () => {
    const entry = ALL_ENTRIES.creationValue;
    if (!entry) throw new Error("creationValue");
    const scheme: rules.AttributeScheme = {
      ...LEGACY.attributes,
      creation: {
        ...LEGACY.attributes.creation,
        bands: [
          { min: 1, max: 3, value: 0 },
          { min: 4, max: 5, value: 1 },
          { min: 6, max: 6, value: 4 },
        ],
      },
    };
    expect(judge(entry, [scheme, [2, 6]])).toBeNull();
    expect(rules.creationValue(scheme, [2, 6])).toBe(4);
    const beyond: rules.AttributeScheme = {
      ...scheme,
      creation: { ...scheme.creation, bands: [{ min: 1, max: 6, value: 5 }] },
    };
    expect(() => rules.creationValue(beyond, [2, 6])).toThrow(rules.RulesError);
    expect(creationValueCheck(3, LEGACY.attributes)).toMatch(/not on the table/);
  });
});

describe("the fuzz table covers every entry point", () => {
  it("covers every function src/rules/index.ts exports", () => {
    expect(() => assertCovered("src/rules/index.ts", rules, RULES_ENTRIES, NOT_ENTRY_POINTS)).not.toThrow();
  });

  it("fails loudly when the index exports a function the table does not name", () => {
    const withNew = { ...rules, brandNewRule: (): number => 1 };
    expect(() => assertCovered("src/rules/index.ts", withNew, RULES_ENTRIES, NOT_ENTRY_POINTS)).toThrow(/brandNewRule/);
  });
});
