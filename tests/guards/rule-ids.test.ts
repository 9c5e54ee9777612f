import { describe, expect, it } from "vitest";
import { ruleIds, testedRuleIds } from "../support/rule-ids.ts";

describe("rule IDs", () => {
  it("every rule ID of RULES.md §1–7 starts the name of at least one test", () => {
    const ids = ruleIds();
    expect(ids.length).toBeGreaterThanOrEqual(52);
    const tested = testedRuleIds();
    expect(ids.filter((id) => !tested.has(id))).toEqual([]);
  });

  it("tests name only rule IDs that exist", () => {
    const ids = new Set(ruleIds());
    expect([...testedRuleIds()].filter((id) => !ids.has(id))).toEqual([]);
  });
});
