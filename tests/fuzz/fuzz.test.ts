/**
 * The fast half of `npm run fuzz` (issue 11 §3), in CI: every entry point of the fuzz table with 300
 * inputs (150 valid, 150 hostile) from a fixed seed. The full run (100,000 per entry point) is
 * `npm run fuzz`; its last figures are in the README.
 */
import { describe, expect, it } from "vitest";
import * as rules from "../../src/rules/index.ts";
import { ALL_ENTRIES } from "./entries.ts";
import { runEntry } from "./harness.ts";
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

describe("the fuzz table covers every entry point", () => {
  it("covers every function src/rules/index.ts exports", () => {
    expect(() => assertCovered("src/rules/index.ts", rules, RULES_ENTRIES, NOT_ENTRY_POINTS)).not.toThrow();
  });

  it("fails loudly when the index exports a function the table does not name", () => {
    const withNew = { ...rules, brandNewRule: (): number => 1 };
    expect(() => assertCovered("src/rules/index.ts", withNew, RULES_ENTRIES, NOT_ENTRY_POINTS)).toThrow(/brandNewRule/);
  });
});
