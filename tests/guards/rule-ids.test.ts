import { describe, expect, it } from "vitest";
import { definedRuleIds, ruleIds, testedRuleIds } from "../support/rule-ids.ts";

describe("rule IDs", () => {
  it("every rule ID of RULES.md §1–7 and §9 (Legacy) starts the name of at least one test", () => {
    const ids = ruleIds();
    expect(ids.length).toBeGreaterThanOrEqual(52);
    const tested = testedRuleIds();
    expect(ids.filter((id) => !tested.has(id))).toEqual([]);
  });

  it("reads the Legacy part (§9: R-LEG-1 … R-LEG-17) as rules, and its rulings (§10) as none", () => {
    const legacy = ruleIds().filter((id) => id.startsWith("R-LEG-"));
    expect(legacy).toEqual(Array.from({ length: 17 }, (_, i) => `R-LEG-${i + 1}`).sort());
  });

  it("reads v0.6.2's part (§12: R-V-1 … R-V-18) as IDs a test may name, not yet as IDs each test must cover", () => {
    const v062 = definedRuleIds().filter((id) => id.startsWith("R-V-"));
    expect(v062).toEqual(Array.from({ length: 18 }, (_, i) => `R-V-${i + 1}`).sort());
    expect(ruleIds().filter((id) => id.startsWith("R-V-"))).toEqual([]);
  });

  it("names each v0.6.2 rule docs/RULES.md §12 says is built in a test", () => {
    const built = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18].map((n) => `R-V-${n}`);
    const tested = testedRuleIds();
    expect(built.filter((id) => !tested.has(id))).toEqual([]);
  });

  it("tests name only rule IDs that exist (v0.6.2's §12 included)", () => {
    const ids = new Set(definedRuleIds());
    expect([...testedRuleIds()].filter((id) => !ids.has(id))).toEqual([]);
  });
});
