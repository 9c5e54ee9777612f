/**
 * §4 experience: R-XP-1 (gaining XP) and R-XP-2 (the cost of an advancement).
 */
import { describe, expect, it } from "vitest";
import { resetEgo } from "../../src/rules/ego.ts";
import { CORE } from "../../src/rules/rulesets/index.ts";
import {
  advancementCost,
  conditionXp,
  spendXpForAdvancement,
  XP_PER_CONDITION,
  XP_PER_SESSION,
} from "../../src/rules/xp.ts";
import { expectRulesError } from "./fixtures.ts";

describe("R-XP-1 gaining experience", () => {
  it("R-XP-1: a session played and survived is worth 2 XP, a new Condition 1 XP", () => {
    expect(XP_PER_SESSION).toBe(2);
    expect(XP_PER_CONDITION).toBe(1);
  });

  it("R-XP-1: a Condition gained in play gives +1 XP, one taken while creating the character none", () => {
    expect(conditionXp(false)).toBe(1);
    expect(conditionXp(true)).toBe(0);
  });

  it("R-XP-1 R-EGO-4: the Condition of an Ego reset brings its +1 XP", () => {
    expect(resetEgo(CORE, [3]).xp).toBe(1);
  });
});

describe("R-XP-2 the cost of an advancement", () => {
  const costCases: [number, number][] = [
    [0, 0],
    [1, 2],
    [2, 4],
    [3, 6],
    [5, 10],
    [10, 20],
  ];
  it.each(costCases)("R-XP-2: with %i advancements held the next costs %i XP", (held, cost) => {
    expect(advancementCost(held)).toBe(cost);
  });

  it("R-XP-2 R-CHAR-7: the starting advancement is free, even with no XP", () => {
    expect(spendXpForAdvancement(0, 0)).toBe(0);
  });

  it("R-XP-2: buying an advancement leaves the XP minus its cost", () => {
    expect(spendXpForAdvancement(5, 2)).toBe(1);
    expect(spendXpForAdvancement(4, 2)).toBe(0);
    expect(spendXpForAdvancement(7, 1)).toBe(5);
  });

  it("R-XP-2: the 2nd, 3rd and 4th advancements cost 2 + 4 + 6 = 12 XP in all", () => {
    let xp = 12;
    for (const held of [1, 2, 3]) xp = spendXpForAdvancement(xp, held);
    expect(xp).toBe(0);
  });

  it("R-XP-2: too little XP is refused with the cost and the XP available, and nothing is spent", () => {
    let xp = 3;
    const error = expectRulesError(
      () => {
        xp = spendXpForAdvancement(xp, 2);
      },
      "not-enough-xp",
      /The next advancement costs 4 XP; only 3 XP are available/,
    );
    expect(error.data).toEqual({ cost: 4, xp: 3 });
    expect(xp).toBe(3);
  });

  it("R-XP-2: one XP short is still refused", () => {
    expectRulesError(() => spendXpForAdvancement(1, 1), "not-enough-xp", /costs 2 XP; only 1 XP/);
  });

  it("R-XP-2: negative or fractional XP or advancement counts are refused", () => {
    expectRulesError(() => advancementCost(-1), "out-of-range", /The number of advancements must be at least 0/);
    expectRulesError(() => advancementCost(1.5), "not-integer", /The number of advancements must be a whole number/);
    expectRulesError(() => spendXpForAdvancement(-2, 0), "out-of-range", /Experience must be at least 0/);
    expectRulesError(() => spendXpForAdvancement(2.5, 1), "not-integer", /Experience must be a whole number/);
    expectRulesError(
      () => spendXpForAdvancement(10, -1),
      "out-of-range",
      /The number of advancements must be at least 0/,
    );
  });
});
