import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { chainNeedsMore, explosionThreshold, explosionTotal } from "../../src/rules/explosion.ts";
import { effectTags } from "../../src/rules/equipment.ts";
import { playerEffect } from "../../src/rules/player-effect.ts";
import { CORE, DEGENESIS } from "../../src/rules/rulesets/index.ts";
import type { TierRank } from "../../src/rules/effect.ts";

describe("the Effect die", () => {
  it("R-RA-3: the Effect die explodes on 6 and keeps going while the last die is a 6", () => {
    expect(explosionTotal(4, [], 6)).toEqual({ dice: [4], total: 4, exploded: false });
    expect(explosionTotal(6, [6, 2], 6)).toEqual({ dice: [6, 6, 2], total: 14, exploded: true });
    expect(chainNeedsMore(6, [], 6)).toBe(true);
    expect(chainNeedsMore(6, [3], 6)).toBe(false);
  });

  it("R-RA-3: a chain that is too short or goes on after a non-exploding die is refused", () => {
    expect(() => explosionTotal(6, [], 6)).toThrow(/incomplete/);
    expect(() => explosionTotal(6, [6], 6)).toThrow(/incomplete/);
    expect(() => explosionTotal(5, [3], 6)).toThrow(/goes on after a 5/);
    expect(() => explosionTotal(6, [7], 6)).toThrow(/from 1 to 6/);
  });

  it("R-RA-3 R-EQ-3: Slaughter explodes on 5+", () => {
    expect(explosionThreshold(false)).toBe(6);
    expect(explosionThreshold(true)).toBe(5);
    expect(explosionTotal(5, [5, 6, 1], explosionThreshold(true)).total).toBe(17);
    expect(() => explosionTotal(5, [], explosionThreshold(true))).toThrow(/incomplete/);
  });

  it.each([
    [0, 3, 2],
    [1, 3, 3],
    [2, 3, 4],
    [3, 3, 5],
    [4, 3, 6],
    [0, 1, 0],
  ] as const)("R-RA-4: Core tier rank %i adds its modifier to a die of %i → %i", (rank, die, value) => {
    expect(CORE.effect.value(die, rank).value).toBe(value);
  });

  it("R-RA-4 R-EQ-3: Versatile +1e only two-handed; an Improvised tool is Bad (−1e); never below 0", () => {
    const sword = { rank: 2, ranges: ["contact"], tags: ["versatile"], twoHanded: true } as const;
    expect(CORE.effect.value(3, 2, effectTags(sword)).value).toBe(5);
    expect(CORE.effect.value(3, 2, effectTags({ ...sword, twoHanded: false })).value).toBe(4);
    const rock = { rank: 0, ranges: ["contact"], tags: ["improvised"], twoHanded: false } as const;
    expect(CORE.effect.value(1, 0, effectTags(rock)).value).toBe(0);
    expect(CORE.effect.value(4, 0, effectTags(rock)).value).toBe(3);
    expect(CORE.effect.value(4, 0, effectTags(rock)).lines.map((l) => [l.labelKey, l.value])).toEqual([
      ["TERRAN.Effect.Die", 4],
      ["TERRAN.EffectTier.core.bad", -1],
    ]);
  });

  it("R-EQ-3 R-RA-4 (ruling): a Bad-tier weapon with the Improvised tag takes −1e once, not twice", () => {
    const pipe = { rank: 0, ranges: ["contact"], tags: ["improvised"], twoHanded: false } as const;
    expect(CORE.effect.value(5, 0, effectTags(pipe)).value).toBe(4);
    expect(CORE.effect.value(5, 0, effectTags(pipe)).value).toBe(CORE.effect.value(5, 0).value);
    expect(CORE.effect.minimum(0, effectTags(pipe))).toBe(0);
  });

  it("R-EQ-3 R-RA-4 R-RA-5 (ruling): the Improvised tag reads any tier as the lowest (Core Bad −1e, Degenesis floor 1e)", () => {
    for (const rank of [0, 1, 2, 3, 4] as const) {
      expect(CORE.effect.value(5, rank, { improvised: true }).value).toBe(4);
      expect(DEGENESIS.effect.value(1, rank, { improvised: true }).value).toBe(1);
    }
    // Versatile still adds on top, in both rulesets.
    expect(CORE.effect.value(5, 3, { improvised: true, versatileTwoHanded: true }).value).toBe(5);
    expect(DEGENESIS.effect.minimum(3, { improvised: true, versatileTwoHanded: true })).toBe(2);
  });

  it.each([
    [0, 1, 1],
    [1, 1, 2],
    [2, 1, 3],
    [3, 2, 4],
    [4, 2, 5],
    [4, 9, 9],
  ] as const)("R-RA-5: Degenesis tier rank %i is a floor: die %i → Effect %i", (rank, die, value) => {
    expect(DEGENESIS.effect.value(die, rank).value).toBe(value);
  });

  it("R-RA-5 R-EQ-2: Versatile raises the floor by 1; Improvised puts it at 1e", () => {
    const longSword = { rank: 3, ranges: ["contact"], tags: ["versatile"], twoHanded: true } as const;
    expect(DEGENESIS.effect.value(1, 3, effectTags(longSword))).toMatchObject({ value: 5, floor: 5 });
    expect(DEGENESIS.effect.value(6, 3, effectTags(longSword)).value).toBe(6);
    const club = { rank: 2, ranges: ["contact"], tags: ["improvised"], twoHanded: false } as const;
    expect(DEGENESIS.effect.value(1, 2, effectTags(club))).toMatchObject({ value: 1, floor: 1 });
    expect(DEGENESIS.effect.minimum(2, effectTags(club))).toBe(1);
  });

  it("R-RA-3 R-RA-4 R-ADV-2: playerEffect combines the chain, the tier and a Specialist's reduced tier", () => {
    const hit = playerEffect(CORE, { first: 6, chain: [2], slaughter: false, rank: 4 });
    expect(hit.value).toBe(11);
    expect(hit.explosion.dice).toEqual([6, 2]);
    const rescued = playerEffect(DEGENESIS, { first: 1, chain: [], slaughter: false, rank: 4, specialistRescue: true });
    expect(rescued).toMatchObject({ value: 2, rank: 1 });
    const low = playerEffect(DEGENESIS, { first: 1, chain: [], slaughter: false, rank: 0, specialistRescue: true });
    expect(low).toMatchObject({ value: 1, rank: 0 });
    expect(() => playerEffect(CORE, { first: 3, chain: [], slaughter: false, rank: 5 as TierRank })).toThrow(
      /between 0 and 4/,
    );
  });

  it("R-RA-4 R-RA-5: property — Core Effect never negative, Degenesis Effect never below its floor", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.constantFrom<TierRank>(0, 1, 2, 3, 4),
        fc.boolean(),
        fc.boolean(),
        (total, rank, versatileTwoHanded, improvised) => {
          const tags = { versatileTwoHanded, improvised };
          const core = CORE.effect.value(total, rank, tags);
          expect(core.value).toBeGreaterThanOrEqual(0);
          expect(core.value).toBeGreaterThanOrEqual(CORE.effect.minimum(rank, tags));
          const dg = DEGENESIS.effect.value(total, rank, tags);
          expect(dg.value).toBeGreaterThanOrEqual(DEGENESIS.effect.minimum(rank, tags));
          expect(dg.value).toBeGreaterThanOrEqual(total);
        },
      ),
    );
  });
});
