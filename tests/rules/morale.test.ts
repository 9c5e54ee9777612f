import { describe, expect, it } from "vitest";
import { challengeStats, consequenceBand, type ChallengeStats } from "../../src/rules/challenge.ts";
import { lowerTier, morale, moraleOdds, type MoraleTables } from "../../src/rules/morale.ts";
import { CORE } from "../../src/rules/rulesets/index.ts";
import type { MoraleResult } from "../../src/rules/rulesets/types.ts";
import { V062_CHALLENGE_TIERS, V062_CONSEQUENCES, V062_MORALE } from "../../src/rules/rulesets/v062.ts";
import { everyThrow } from "./fixtures.ts";

const TABLES: MoraleTables = { tiers: V062_CHALLENGE_TIERS, rows: V062_MORALE };
/** The tiers read through the real look-up, the rest of the ruleset Core's. */
const TIERED = { ...CORE, challengeTiers: V062_CHALLENGE_TIERS };
const stats = (tier: string, n?: number): ChallengeStats => challengeStats(TIERED, tier, n);

/**
 * Every explosion chain after a kept 6, with its probability, to three dice; past that the value is at least 24, so
 * one closing 1 stands for every longer chain.
 */
function* chains(depth = 3): Generator<[number[], number]> {
  function* from(prefix: number[], p: number): Generator<[number[], number]> {
    for (let f = 1; f <= 6; f++) {
      const chain = [...prefix, f];
      if (f < 6) yield [chain, p / 6];
      else if (chain.length === depth) yield [[...chain, 1], p / 6];
      else yield* from(chain, p / 6);
    }
  }
  yield* from([], 1);
}

function enumerated(s: ChallengeStats): Record<MoraleResult, number> {
  const odds: Record<MoraleResult, number> = { "gives-up": 0, lower: 0, "carries-on": 0 };
  const n = s.halved ? 1 : s.dice;
  for (const faces of everyThrow(n)) {
    const p = 6 ** -n;
    if (Math.max(...faces) < 6) odds[morale(TABLES, s, s.disposition, faces, []).result] += p;
    else for (const [chain, q] of chains()) odds[morale(TABLES, s, s.disposition, faces, chain).result] += p * q;
  }
  return odds;
}

describe("v0.6.2 Challenges", () => {
  it.each([
    ["trivial", 1, 0, true],
    ["dangerous", 5, 1, false],
    ["serious", 10, 2, false],
    ["formidable", 15, 3, false],
    ["exceptional", 20, 4, false],
  ] as const)("R-V-14 %s has Disposition %i and %i dice (d/2: %s)", (tier, disposition, dice, halved) => {
    expect(stats(tier)).toMatchObject({ tier, disposition, dice, halved });
  });

  it("R-V-14 (ruling) Exceptional takes n ≥ 4 dice, proposes 5n and accepts any Disposition from 20", () => {
    expect(stats("exceptional", 6)).toMatchObject({ dice: 6, disposition: 30, n: 6 });
    expect(challengeStats(TIERED, "exceptional", 5, 22).disposition).toBe(22);
    expect(() => challengeStats(TIERED, "exceptional", 3)).toThrow(/between 4 and 100/);
    expect(() => challengeStats(TIERED, "exceptional", 4, 19)).toThrow(/at least 20/);
  });

  it.each([
    [1, "annoying", false],
    [3, "annoying", false],
    [4, "troublesome", false],
    [5, "troublesome", false],
    [6, "devastating", false],
    [11, "devastating", false],
    [12, "devastating", true],
    [30, "devastating", true],
  ] as const)("R-V-15 an Effect of %i read narratively is %s (also harm: %s)", (effect, consequence, harmful) => {
    expect(consequenceBand(V062_CONSEQUENCES, effect)).toMatchObject({ consequence, harmful });
  });

  it("R-V-15 (ruling) 6 and 12 open their bands; an Effect below 1 is refused", () => {
    expect(consequenceBand(V062_CONSEQUENCES, 6).min).toBe(6);
    expect(consequenceBand(V062_CONSEQUENCES, 12).min).toBe(12);
    expect(() => consequenceBand(V062_CONSEQUENCES, 0)).toThrow(/at least 1/);
  });
});

describe("Morale", () => {
  it.each([
    [[3], "gives-up"],
    [[2, 3], "gives-up"],
    [[4], "lower"],
    [[5, 1], "lower"],
  ] as const)("R-V-16 the kept die of %j reads %s", (faces, result) => {
    expect(morale(TABLES, stats(faces.length === 1 ? "dangerous" : "serious"), 5, faces, []).result).toBe(result);
  });

  it("R-V-16 4–5 pushes on a tier lower: tier, Disposition and Dice become that tier's", () => {
    expect(morale(TABLES, stats("serious"), 10, [4, 2], [])).toEqual({
      result: "lower",
      value: 4,
      stats: { tier: "dangerous", disposition: 5, dice: 1, halved: false, n: null },
    });
    expect(morale(TABLES, stats("dangerous"), 5, [5], [])).toMatchObject({
      stats: { tier: "trivial", disposition: 1, dice: 0, halved: true },
    });
  });

  it("R-V-16 6+ carries on at its tier with its stored full Disposition, a hand-set one included", () => {
    expect(morale(TABLES, stats("formidable"), 17, [6, 1, 2], [3])).toEqual({
      result: "carries-on",
      value: 9,
      disposition: 17,
    });
  });

  it("R-V-16 (ruling) Exceptional of any n steps down to Formidable 15 · 3d", () => {
    expect(morale(TABLES, stats("exceptional", 7), 35, [4, 1, 1, 1, 1, 1, 1], [])).toMatchObject({
      result: "lower",
      stats: { tier: "formidable", disposition: 15, dice: 3, n: null },
    });
  });

  it("R-V-16 (ruling) Trivial has no lower tier, so its 4–5 gives up; its d/2 halves as its Effect does", () => {
    expect(lowerTier(V062_CHALLENGE_TIERS, "trivial")).toBeNull();
    expect(morale(TABLES, stats("trivial"), 1, [5], []).result).toBe("gives-up");
    expect(morale(TABLES, stats("trivial"), 1, [6], [2])).toMatchObject({ result: "gives-up", value: 4 });
    expect(morale(TABLES, stats("trivial"), 1, [6], [5])).toMatchObject({ result: "carries-on", value: 6 });
  });

  it("R-V-16 a full Disposition that is not a whole number of at least 1 is refused, not carried on", () => {
    expect(() => morale(TABLES, stats("serious"), 2.5, [6, 2], [3])).toThrow(/whole number/);
    expect(() => morale(TABLES, stats("serious"), Infinity, [6, 2], [3])).toThrow(/whole number/);
    expect(() => morale(TABLES, stats("serious"), 0, [1, 2], [])).toThrow(/at least 1/);
  });

  it("R-V-16 the wrong number of dice or an unknown tier is refused", () => {
    expect(() => morale(TABLES, stats("serious"), 10, [4], [])).toThrow(/2 dice/);
    expect(() => lowerTier(V062_CHALLENGE_TIERS, "fantastical")).toThrow(/not a Challenge tier/);
  });

  it.each([
    [1, 1 / 2, 1 / 3, 1 / 6],
    [2, 1 / 4, 4 / 9, 11 / 36],
    [3, 1 / 8, 49 / 108, 91 / 216],
    [4, 1 / 16, 34 / 81, 671 / 1296],
  ])("R-V-16 the odds of %i dice: gives up %d, lower %d, carries on %d", (n, up, lower, on) => {
    const tier = ["dangerous", "serious", "formidable", "exceptional"][n - 1] ?? "";
    const odds = moraleOdds(TABLES, stats(tier));
    expect(odds["gives-up"]).toBeCloseTo(up, 12);
    expect(odds.lower).toBeCloseTo(lower, 12);
    expect(odds["carries-on"]).toBeCloseTo(on, 12);
  });

  it("R-V-16 (ruling) Trivial's odds: gives up 17/18, carries on 1/18, never a tier lower", () => {
    const odds = moraleOdds(TABLES, stats("trivial"));
    expect(odds["gives-up"]).toBeCloseTo(17 / 18, 12);
    expect(odds.lower).toBe(0);
    expect(odds["carries-on"]).toBeCloseTo(1 / 18, 12);
  });

  it.each(["trivial", "dangerous", "serious", "formidable", "exceptional"])(
    "R-V-16 the odds for %s equal an enumeration of every throw and chain",
    (tier) => {
      const odds = moraleOdds(TABLES, stats(tier));
      const counted = enumerated(stats(tier));
      for (const r of ["gives-up", "lower", "carries-on"] as const) expect(odds[r]).toBeCloseTo(counted[r], 12);
    },
  );
});
