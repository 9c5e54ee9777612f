import { describe, expect, it } from "vitest";
import {
  approachEffect,
  approachEffectOdds,
  approachRow,
  assertRowWeapon,
  tagExplosionThreshold,
  tagLightDice,
  tagSlaughter,
  weaponApproach,
} from "../../src/rules/approach.ts";
import { explodingDieOdds, TAIL_EPSILON } from "../../src/rules/odds.ts";
import { buildPool } from "../../src/rules/pool.ts";
import type { DiceModifier } from "../../src/rules/mechanics.ts";
import type { Band } from "../../src/rules/resolution.ts";
import type { RowWeaponDef, RowWeaponTag } from "../../src/rules/rulesets/types.ts";
import { V062_WEAPONS } from "../../src/rules/rulesets/v062.ts";
import { attrs, expectRulesError, poolInput } from "./fixtures.ts";

function weaponOf(id: string): RowWeaponDef {
  const found = V062_WEAPONS.find((w) => w.id === id);
  if (!found) throw new Error(`no weapon ${id}`);
  return found;
}

function custom(id: string, tags: RowWeaponTag[]): RowWeaponDef {
  return { id, labelKey: `TEST.${id}`, reach: "melee", tags };
}

describe("R-V-12 the approach and the halving", () => {
  it("R-V-12 a success adds the approach row to the die total", () => {
    expect(approachEffect(5, 0, "success")).toBe(5);
    expect(approachEffect(5, 1, "success")).toBe(6);
    expect(approachEffect(5, -1, "success")).toBe(4);
    expect(approachEffect(14, 1, "success")).toBe(15);
  });

  it("R-V-12 a fail has no Effect whatever the die and the row", () => {
    expect(approachEffect(6, 1, "fail")).toBe(0);
    expect(approachEffect(20, 0, "fail")).toBe(0);
  });

  it("R-V-12 a partial success halves the Effect, rounded up", () => {
    expect(approachEffect(5, 0, "partial")).toBe(3);
    expect(approachEffect(4, 0, "partial")).toBe(2);
    expect(approachEffect(8, 1, "partial")).toBe(5);
    expect(approachEffect(11, -1, "partial")).toBe(5);
  });

  it("R-V-12 edges: T 1 on the −1 row gives 0 in both bands; T 1, row 0, partial gives 1", () => {
    expect(approachEffect(1, -1, "success")).toBe(0);
    expect(approachEffect(1, -1, "partial")).toBe(0);
    expect(approachEffect(1, 0, "partial")).toBe(1);
    expect(approachEffect(1, 1, "partial")).toBe(1);
  });

  it("R-V-12 (ruling) the halving comes after the approach, not before", () => {
    // ⌈(3 + 1) / 2⌉ = 2, not ⌈3 / 2⌉ + 1 = 3; ⌈(2 − 1) / 2⌉ = 1, not ⌈2 / 2⌉ − 1 = 0.
    expect(approachEffect(3, 1, "partial")).toBe(2);
    expect(approachEffect(2, -1, "partial")).toBe(1);
  });

  it("R-V-12 refuses a die total below 1, a fractional total, and a row beyond −1…+1", () => {
    expectRulesError(() => approachEffect(0, 0, "success"), "out-of-range", /Effect die total.*at least 1/);
    expectRulesError(() => approachEffect(2.5, 0, "success"), "not-integer", /whole number/);
    expectRulesError(() => approachEffect(4, 2, "success"), "out-of-range", /approach.*between -1 and 1/);
    expectRulesError(() => approachEffect(4, -2, "partial"), "out-of-range", /approach/);
    expectRulesError(() => approachEffect(4, 0.5, "partial"), "not-integer", /approach/);
    expectRulesError(() => approachEffect(4, 0, "great" as Band), "unknown-id", /outcome band/);
  });
});

describe("R-V-12 R-V-17 a weapon's approach row", () => {
  it("R-V-12 (ruling) Ineffective gives the −1 row, Effective the +1 row, neither the 0 row", () => {
    expect(weaponApproach(weaponOf("smallPrimitive"))).toBe(-1);
    expect(weaponApproach(weaponOf("largeAdvanced"))).toBe(1);
    expect(weaponApproach(weaponOf("mediumPrimitive"))).toBe(0);
    expect(weaponApproach(weaponOf("smg"))).toBe(0);
    expect(weaponApproach(undefined)).toBe(0);
  });

  it("R-V-12 (ruling) the GM's reading overrides the weapon's row and is never stacked on it", () => {
    expect(approachRow(weaponOf("largeAdvanced"))).toBe(1);
    expect(approachRow(weaponOf("largeAdvanced"), 1)).toBe(1);
    expect(approachRow(weaponOf("largeAdvanced"), 0)).toBe(0);
    expect(approachRow(weaponOf("smallPrimitive"), 1)).toBe(1);
    expect(approachRow(undefined, -1)).toBe(-1);
    expectRulesError(() => approachRow(weaponOf("largeAdvanced"), 2), "out-of-range", /approach/);
  });

  it("R-V-17 a weapon holding both −1e and +1e is refused, and so is an unknown tag", () => {
    const both = custom("odd", ["ineffective", "effective"]);
    expectRulesError(() => assertRowWeapon(both), "bad-choice", /both Ineffective.*Effective/);
    expectRulesError(() => weaponApproach(both), "bad-choice", /both/);
    expectRulesError(() => tagLightDice(both), "bad-choice", /both/);
    expectRulesError(() => tagSlaughter(both), "bad-choice", /both/);
    const unknown = custom("odd", ["versatile" as RowWeaponTag]);
    expectRulesError(() => assertRowWeapon(unknown), "unknown-id", /not a weapon tag/);
  });

  it("R-V-17 a stored weapon is read as its own fields: a bad reach or a tag list that is none is refused", () => {
    const stored = { ...custom("odd", ["slaughter", "slaughter"]), extra: 1 } as RowWeaponDef;
    expect(assertRowWeapon(stored)).toEqual({ ...custom("odd", ["slaughter"]) });
    const noReach = { ...custom("odd", []), reach: undefined } as unknown as RowWeaponDef;
    expectRulesError(() => assertRowWeapon(noReach), "unknown-id", /reach/);
    const noList = { ...custom("odd", []), tags: "slaughter" } as unknown as RowWeaponDef;
    expectRulesError(() => assertRowWeapon(noList), "bad-choice", /must be a list/);
  });
});

describe("R-V-17 tag dice and Slaughter", () => {
  it("R-V-17 Improvised is one Light Die less, Heavy Firepower one more, both on one weapon cancel", () => {
    expect(tagLightDice(weaponOf("thrownObject"))).toBe(-1);
    expect(tagLightDice(weaponOf("plasmaRifle"))).toBe(1);
    expect(tagLightDice(weaponOf("pistol"))).toBe(0);
    expect(tagLightDice(custom("junkCannon", ["improvised", "heavyFirepower"]))).toBe(0);
    expect(tagLightDice(undefined)).toBe(0);
  });

  it("R-V-17 (ruling) Martial combatant removes exactly the unarmed weapon's −1d", () => {
    expect(tagLightDice(weaponOf("unarmed"))).toBe(-1);
    expect(tagLightDice(weaponOf("unarmed"), { martialCombatant: true })).toBe(0);
    expect(tagLightDice(weaponOf("thrownObject"), { martialCombatant: true })).toBe(-1);
    expect(tagLightDice(weaponOf("plasmaRifle"), { martialCombatant: true })).toBe(1);
  });

  it("R-V-17 (ruling) Improvised has no Effect part: an unarmed attack keeps the 0 row", () => {
    expect(weaponApproach(weaponOf("unarmed"))).toBe(0);
    expect(weaponApproach(weaponOf("thrownObject"))).toBe(0);
  });

  it("R-V-17 Slaughter makes the Effect die explode on 5+, otherwise on 6", () => {
    expect(tagSlaughter(weaponOf("hmg"))).toBe(true);
    expect(tagSlaughter(weaponOf("mountedHmg"))).toBe(false);
    expect(tagExplosionThreshold(weaponOf("shotgun"))).toBe(5);
    expect(tagExplosionThreshold(weaponOf("bow"))).toBe(6);
    expect(tagExplosionThreshold(undefined)).toBe(6);
  });
});

/**
 * Every chain, level by level: the open chains (their faces so far all exploded) grouped by running total, each
 * closed by a face that does not explode, until the open mass is below 1e-12.
 */
function enumerate(band: Band, a: number, threshold: number): { law: Map<number, number>; mean: number } {
  const law = new Map<number, number>();
  let mean = 0;
  let open = new Map<number, number>([[0, 1]]);
  let openMass = 1;
  while (openMass >= 1e-12) {
    const next = new Map<number, number>();
    for (const [total, mass] of open) {
      for (let face = 1; face <= 6; face++) {
        const p = mass / 6;
        if (face >= threshold) {
          next.set(total + face, (next.get(total + face) ?? 0) + p);
        } else {
          const value = approachEffect(total + face, a, band);
          law.set(value, (law.get(value) ?? 0) + p);
          mean += value * p;
        }
      }
    }
    open = next;
    openMass = [...open.values()].reduce((t, p) => t + p, 0);
  }
  return { law, mean };
}

describe("R-V-12 exact odds of the read Effect", () => {
  const cases: [Band, number, number][] = [];
  for (const band of ["partial", "success"] as const)
    for (const a of [-1, 0, 1]) for (const threshold of [6, 5]) cases.push([band, a, threshold]);

  it.each(cases)(
    "R-V-12 %s on row %i exploding on %i+ matches a direct enumeration of chains",
    (band, a, threshold) => {
      const odds = approachEffectOdds(band, a, threshold);
      const { law, mean } = enumerate(band, a, threshold);
      for (const { total, p } of odds.distribution)
        expect(Math.abs(p - (law.get(total) ?? 0))).toBeLessThanOrEqual(1e-9);
      for (const [value, p] of law) {
        const listed = odds.distribution.find((point) => point.total === value)?.p ?? 0;
        expect(Math.abs(listed - p)).toBeLessThanOrEqual(1e-9);
      }
      expect(Math.abs(odds.expected - mean)).toBeLessThanOrEqual(1e-9);
      expect(odds.tailCut).toBeLessThan(TAIL_EPSILON);
      const listedMass = odds.distribution.reduce((t, point) => t + point.p, 0);
      expect(Math.abs(listedMass + odds.tailCut - 1)).toBeLessThanOrEqual(1e-12);
    },
  );

  it("R-V-12 known values: a 0-row success averages 4.2; a −1 row puts 1/6 on 0; a 0-row partial is never 0", () => {
    expect(approachEffectOdds("success", 0, 6).expected).toBeCloseTo(4.2, 12);
    expect(approachEffectOdds("success", 1, 5).expected).toBeCloseTo(3.5 * 1.5 + 1, 12);
    const low = approachEffectOdds("success", -1, 6);
    expect(low.distribution[0]).toEqual({ total: 0, p: 1 / 6 });
    // ⌈T / 2⌉ on 6: T 1, 2 → 1; T 3, 4 → 2; T 5 → 3 or T 6 + 1 → 4 (p 1/36) …
    const half = approachEffectOdds("partial", 0, 6);
    expect(half.distribution[0]?.total).toBe(1);
    expect(half.distribution[0]?.p).toBeCloseTo(2 / 6, 12);
    expect(half.distribution.find((point) => point.total === 3)?.p).toBeCloseTo(1 / 6, 12);
    expect(half.distribution.some((point) => point.total === 0)).toBe(false);
  });

  it("R-V-12 a fail's law is 0 with certainty; bad rows and thresholds are refused", () => {
    expect(approachEffectOdds("fail", 1, 5)).toEqual({ distribution: [{ total: 0, p: 1 }], tailCut: 0, expected: 0 });
    expectRulesError(() => approachEffectOdds("success", 2, 6), "out-of-range", /approach/);
    expectRulesError(() => approachEffectOdds("success", 0, 1), "out-of-range", /explosion threshold/);
    expectRulesError(() => explodingDieOdds(7), "out-of-range", /explosion threshold/);
  });
});

describe("R-V-18 the example weapons", () => {
  // From RULES §12.7, R-V-18 (ids as the table names them).
  const expected: Record<string, RowWeaponTag[]> = {
    unarmed: ["improvised"],
    smallPrimitive: ["ineffective"],
    mediumPrimitive: [],
    smallAdvanced: [],
    largePrimitive: ["slaughter"],
    mediumAdvanced: ["slaughter"],
    largeAdvanced: ["effective"],
    thrownObject: ["improvised"],
    bow: [],
    pistol: [],
    smg: ["slaughter"],
    automaticPistol: ["slaughter"],
    huntingRifle: ["effective"],
    laserRifle: ["effective"],
    grenade: ["effective", "slaughter"],
    militaryRifle: ["effective", "slaughter"],
    shotgun: ["effective", "slaughter"],
    plasmaRifle: ["heavyFirepower"],
    sniperRifle: ["heavyFirepower"],
    hmg: ["heavyFirepower", "slaughter"],
    mountedHmg: ["heavyFirepower", "effective"],
    antiVehicle: ["heavyFirepower", "effective", "slaughter"],
    rocketLauncher: ["heavyFirepower", "effective", "slaughter"],
  };
  const melee = ["unarmed", "smallPrimitive", "mediumPrimitive", "smallAdvanced", "largePrimitive"];
  melee.push("mediumAdvanced", "largeAdvanced");

  it("R-V-18 each example weapon has exactly the tags RULES gives it, and no other weapon is listed", () => {
    expect(V062_WEAPONS.map((w) => w.id).sort()).toEqual(Object.keys(expected).sort());
    for (const weapon of V062_WEAPONS) {
      expect([...weapon.tags].sort(), weapon.id).toEqual([...(expected[weapon.id] ?? ["missing"])].sort());
      expect(weapon.reach, weapon.id).toBe(melee.includes(weapon.id) ? "melee" : "ranged");
    }
  });

  it("R-V-18 R-V-17 no example weapon is both Ineffective and Effective", () => {
    for (const weapon of V062_WEAPONS) expect(() => assertRowWeapon(weapon), weapon.id).not.toThrow();
  });

  it("R-V-18 R-V-11 pool and row facts: unarmed −1d (0 with Martial combatant), plasma and sniper +1d, mounted HMG +1d on the +1 row", () => {
    expect(tagLightDice(weaponOf("unarmed"))).toBe(-1);
    expect(tagLightDice(weaponOf("unarmed"), { martialCombatant: true })).toBe(0);
    expect(tagLightDice(weaponOf("plasmaRifle"))).toBe(1);
    expect(tagLightDice(weaponOf("sniperRifle"))).toBe(1);
    expect(tagLightDice(weaponOf("mountedHmg"))).toBe(1);
    expect(weaponApproach(weaponOf("mountedHmg"))).toBe(1);
    expect(tagExplosionThreshold(weaponOf("mountedHmg"))).toBe(6);
    expect(tagExplosionThreshold(weaponOf("rocketLauncher"))).toBe(5);
  });
});

describe("R-V-11 tag dice in the pool", () => {
  const tagModifier = (dice: number): DiceModifier => ({
    id: "weaponTags",
    dice,
    label: "TERRAN.Tag.test",
    appliesTo: ["any"],
    situational: false,
  });
  const finesse = (rating: number, modifiers: DiceModifier[]) =>
    buildPool(poolInput({ attributes: attrs({ finesse: rating }), modifiers }));

  it("R-V-11 (ruling) Heavy Firepower's +1d at a base of 4 is clamped to 4", () => {
    const pool = finesse(4, [tagModifier(tagLightDice(weaponOf("plasmaRifle")))]);
    expect(pool.raw).toBe(5);
    expect(pool.light).toBe(4);
    expect(pool.clamp).toBe("max");
  });

  it("R-V-11 (ruling) at a base of 4 Heavy Firepower's +1d only offsets a −1d", () => {
    const penalty: DiceModifier = { ...tagModifier(-1), id: "condition", label: "TERRAN.Condition.test" };
    const withPenalty = finesse(4, [tagModifier(tagLightDice(weaponOf("sniperRifle"))), penalty]);
    expect(withPenalty.raw).toBe(4);
    expect(withPenalty.light).toBe(4);
    expect(withPenalty.clamp).toBeNull();
    expect(finesse(4, [penalty]).light).toBe(3);
  });

  it("R-V-11 below the cap Heavy Firepower adds a die and Improvised takes one", () => {
    expect(finesse(2, [tagModifier(tagLightDice(weaponOf("plasmaRifle")))]).light).toBe(3);
    expect(finesse(2, [tagModifier(tagLightDice(weaponOf("thrownObject")))]).light).toBe(1);
  });
});
