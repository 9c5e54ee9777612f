/**
 * The v0.6.2 ruleset object (src/rules/rulesets/v062.ts) read by the engine's shared paths: its approach rows
 * as the Effect rule, its weapons as stored weapons, ranges that cost nothing, no reset at will, the 12+
 * band, and the odds of a halved Effect against an enumeration of every throw.
 */
import { describe, expect, it } from "vitest";
import {
  approachEffect,
  buildPool,
  challengeReading,
  CORE,
  LEGACY,
  oneThrowAction,
  PLAYABLE_RULESET_IDS,
  RULESET_IDS,
  riskyActionOdds,
  tierOptions,
  V062,
  type Band,
  type MechanicsFlag,
  type TierRank,
  type Weapon,
} from "../../src/rules/index.ts";
import { ADVANCEMENTS } from "../../src/rules/advancements.ts";
import { storedWeapon, V062_WEAPONS } from "../../src/rules/rulesets/v062.ts";
import { everyThrow } from "./fixtures.ts";

const weaponNamed = (id: string): Weapon => {
  const def = V062.weapons.find((w) => w.id === id);
  if (!def) throw new Error(`no v0.6.2 weapon ${id}`);
  return { rank: def.rank, ranges: def.ranges, tags: def.tags, twoHanded: false };
};

const poolWith = (weapon: Weapon, range?: string, ruleset = V062, flags: ReadonlySet<MechanicsFlag> = new Set()) =>
  buildPool({
    ruleset,
    target: { kind: "attribute", attribute: "finesse" },
    attributes: { intuition: 0, reason: 0, finesse: 2, exertion: 0, attunement: 0, influence: 0 },
    wounds: { stressed: false, broken: false, weary: false },
    flags,
    weapon,
    ...(range ? { range } : {}),
    dark: 0,
  });

describe("v0.6.2 as a registered ruleset", () => {
  it("is registered for the CLI and the tests but not offered to a world until it plays in full", () => {
    expect(RULESET_IDS).toContain("v062");
    expect(V062.preview).toBeUndefined();
    expect(PLAYABLE_RULESET_IDS).toEqual(["core", "degenesis", "legacy", "v062"]);
  });

  it("R-V-12: the Effect is the die total plus its row, never below 0; on 4–5 halved after the row, rounded up", () => {
    const rows: [TierRank, number][] = [
      [0, -1],
      [1, 0],
      [2, 1],
    ];
    for (const [rank, row] of rows) {
      for (let total = 1; total <= 30; total++) {
        expect(V062.effect.value(total, rank).value).toBe(approachEffect(total, row, "success"));
        expect(V062.effect.value(total, rank, { partial: true }).value).toBe(approachEffect(total, row, "partial"));
      }
    }
    expect(V062.effect.value(1, 0).value).toBe(0);
    expect(V062.effect.value(1, 1, { partial: true }).value).toBe(1);
    expect(V062.effect.value(7, 2, { partial: true }).value).toBe(4);
    expect(V062.effect.value(0, 2, { partial: true }).value).toBe(0);
  });

  it("R-V-12 (ruling): another ruleset's ranks 3 and 4 read as Advantaged, the highest row", () => {
    expect(V062.effect.value(5, 3).value).toBe(6);
    expect(V062.effect.value(5, 4).value).toBe(6);
  });

  it("R-V-17 (ruling): Improvised and Versatile have no Effect part; the lines add up to the value", () => {
    const plain = V062.effect.value(9, 1, { partial: true });
    expect(V062.effect.value(9, 1, { partial: true, improvised: true, versatileTwoHanded: true })).toEqual(plain);
    expect(plain.lines.map((l) => [l.labelKey, l.value])).toEqual([
      ["TERRAN.Effect.Die", 9],
      ["TERRAN.EffectTier.v062.baseline", 0],
      ["TERRAN.Effect.partial", -4],
    ]);
    expect(plain.lines.reduce((t, l) => t + l.value, 0)).toBe(plain.value);
  });

  it("R-V-12: the tier select offers each row once and keeps a stored rank 3 or 4 as it is", () => {
    expect(tierOptions(V062.effect, 1).map((o) => [o.rank, o.labelKey, o.selected])).toEqual([
      [0, "TERRAN.EffectTier.v062.disadvantaged", false],
      [1, "TERRAN.EffectTier.v062.baseline", true],
      [2, "TERRAN.EffectTier.v062.advantaged", false],
    ]);
    expect(tierOptions(V062.effect, 4).find((o) => o.selected)?.rank).toBe(4);
    // Legacy's two Normal ranks are one option too; a Core rank 3 stays 3.
    expect(tierOptions(LEGACY.effect, 3).map((o) => o.rank)).toEqual([0, 1, 3, 4]);
    expect(tierOptions(CORE.effect, 3).map((o) => o.rank)).toEqual([0, 1, 2, 3, 4]);
  });

  it("R-V-18 R-V-17: each table weapon is stored with its row as a rank and its dice tags", () => {
    expect(V062.weapons).toHaveLength(V062_WEAPONS.length);
    const stored = (id: string) => V062.weapons.find((w) => w.id === id);
    // R-V-17 (§13 ruling 20) the unarmed weapon is marked so, for Martial combatant.
    expect(stored("unarmed")).toMatchObject({ rank: 1, ranges: ["contact"], tags: ["improvised", "unarmed"] });
    expect(stored("thrownObject")?.tags).toEqual(["improvised"]);
    expect(stored("smallPrimitive")).toMatchObject({ rank: 0, tags: [] });
    expect(stored("largeAdvanced")).toMatchObject({ rank: 2, tags: [] });
    expect(stored("antiVehicle")).toMatchObject({ rank: 2, ranges: ["short", "long"] });
    expect(stored("antiVehicle")?.tags).toEqual(["heavyFirepower", "slaughter"]);
    for (const w of V062_WEAPONS) expect(V062.weapons).toContainEqual(storedWeapon(w));
    expect(V062.weaponTags).toEqual(["improvised", "slaughter", "heavyFirepower", "unarmed"]);
  });

  it("R-V-17: Heavy Firepower is +1d and Improvised −1d, each a labelled line before the clamp", () => {
    const heavy = poolWith(weaponNamed("plasmaRifle"));
    expect(heavy.lines.map((l) => [l.id, l.dice, l.rule])).toEqual([["heavyFirepower", 1, "R-V-17"]]);
    expect(heavy.light).toBe(3);
    const fists = poolWith(weaponNamed("unarmed"));
    expect(fists.lines.map((l) => [l.id, l.dice])).toEqual([["improvised", -1]]);
    expect(fists.light).toBe(1);
  });

  it("R-V-17 R-V-10 (ruling): Martial combatant removes the −1d of a weapon marked Unarmed, and nothing else", () => {
    const trained = new Set<MechanicsFlag>(["martialCombatant"]);
    expect(ADVANCEMENTS.get("martialCombatant")?.flags).toEqual(["martialCombatant"]);
    const fists = weaponNamed("unarmed");
    expect(poolWith(fists, undefined, V062, trained).lines).toEqual([]);
    expect(poolWith(fists, undefined, V062, trained).light).toBe(2);
    expect(poolWith(fists).lines.map((l) => l.id)).toEqual(["improvised"]);
    // Another Improvised weapon keeps its −1d; an Unarmed one without Improvised has none to lose.
    expect(poolWith(weaponNamed("thrownObject"), undefined, V062, trained).lines.map((l) => l.id)).toEqual([
      "improvised",
    ]);
    expect(poolWith({ ...fists, tags: ["unarmed", "heavyFirepower"] }, undefined, V062, trained).raw).toBe(3);
    // Other rulesets have no Martial combatant: a switched world's flag and tag change nothing there.
    for (const ruleset of [CORE, LEGACY])
      expect(
        poolWith(fists, undefined, ruleset, trained).lines.map((l) => l.id),
        ruleset.id,
      ).toEqual(["improvised"]);
  });

  it("R-V-11 (ruling): ranges cost no dice, where Core's cost one", () => {
    const pistol = weaponNamed("pistol");
    expect(poolWith(pistol, "contact").lines).toEqual([]);
    const core = poolWith(pistol, "contact", CORE);
    expect(core.lines.map((l) => l.id)).toEqual(["outOfRange"]);
  });

  it("R-V-8 R-V-7: no Ego reset at will, no Grit roll on a new Advancement; Core keeps both", () => {
    expect(V062.egoReset).toEqual([]);
    expect(V062.panic).not.toBeNull();
    expect(V062.experience.gritReset).toBe(false);
    expect(CORE.experience.gritReset).toBe(true);
    expect(CORE.panic).toBeNull();
  });

  it("R-V-15: a Challenge's Effect of 12 or more is devastating and harmful; Core's table has no such band", () => {
    expect(challengeReading(V062, 11)).toEqual({ kind: "consequence", consequence: "devastating", harmful: false });
    expect(challengeReading(V062, 12)).toEqual({ kind: "consequence", consequence: "devastating", harmful: true });
    expect(challengeReading(CORE, 12)).toEqual({ kind: "consequence", consequence: "devastating", harmful: false });
  });
});

/**
 * The law of an Effect die's total once it shows `face` (R-RA-3): built level by level over totals (not by the
 * odds' chain tables), until the mass still exploding is below 1e-16.
 */
function dieTotals(face: number, threshold: number): [number, number][] {
  if (face < threshold) return [[face, 1]];
  const settled = new Map<number, number>();
  let exploding = new Map<number, number>([[face, 1]]);
  while ([...exploding.values()].reduce((a, b) => a + b, 0) > 1e-16) {
    const next = new Map<number, number>();
    for (const [sum, p] of exploding) {
      for (let f = 1; f <= 6; f++) {
        const into = f < threshold ? settled : next;
        into.set(sum + f, (into.get(sum + f) ?? 0) + p / 6);
      }
    }
    exploding = next;
  }
  return [...settled.entries()];
}

/** E[value | the Effect lands], enumerated: Precision the highest die, the Effect die the next (R-RA-1, R-RA-2). */
function enumerated(n: number, rank: TierRank, threshold: number): number {
  let landing = 0;
  let mean = 0;
  for (const faces of everyThrow(n)) {
    const sorted = [...faces].sort((a, b) => b - a);
    const precision = sorted[0] ?? 0;
    const effectFace = n === 1 ? precision : (sorted[1] ?? 0);
    const band: Band = precision <= 3 ? "fail" : precision <= 5 ? "partial" : "success";
    if (band === "fail") continue;
    const p = 1 / 6 ** n;
    landing += p;
    for (const [total, q] of dieTotals(effectFace, threshold)) {
      mean += p * q * V062.effect.value(total, rank, { partial: band === "partial" }).value;
    }
  }
  return mean / landing;
}

describe("v0.6.2 odds: the halved Effect on the dialog's figures and the forecast", () => {
  it.each([
    [1, 1, false],
    [2, 0, false],
    [2, 2, true],
    [3, 1, false],
    [4, 2, true],
  ] as const)(
    "R-V-12: %i dice at rank %i (Slaughter %s): the expected Effect when it lands equals the enumeration",
    (n, rank, slaughter) => {
      const odds = riskyActionOdds({
        light: n,
        dark: 0,
        ego: 3,
        slaughter,
        effect: { rule: V062.effect, rank },
      });
      expect(odds.effect.value?.expectedWhenLands).toBeCloseTo(enumerated(n, rank, slaughter ? 5 : 6), 9);
      const mass = odds.effect.value?.distribution.reduce((t, d) => t + d.p, 0) ?? 0;
      expect(mass).toBeCloseTo(1, 8);
    },
  );

  it("R-V-12: the forecast's partial band is the halved law, its success band the whole one", () => {
    const law = oneThrowAction(V062.effect, { light: 3, dark: 0, rank: 1 });
    const partial = law.effect.partial.below(400);
    const success = law.effect.success.below(400);
    // Per band, E[value] over the listed values against the enumeration split the same way.
    let partialMean = 0;
    let successMean = 0;
    let pPartial = 0;
    let pSuccess = 0;
    for (const faces of everyThrow(3)) {
      const [precision = 0, effectFace = 0] = [...faces].sort((a, b) => b - a);
      if (precision <= 3) continue;
      const isPartial = precision <= 5;
      for (const [total, q] of dieTotals(effectFace, 6)) {
        const v = V062.effect.value(total, 1, { partial: isPartial }).value * q * 6 ** -3;
        if (isPartial) partialMean += v;
        else successMean += v;
      }
      if (isPartial) pPartial += 6 ** -3;
      else pSuccess += 6 ** -3;
    }
    const meanOf = (mass: readonly number[]): number => mass.reduce((t, p, v) => t + p * v, 0);
    expect(law.band.partial).toBeCloseTo(pPartial, 12);
    expect(law.band.success).toBeCloseTo(pSuccess, 12);
    expect(meanOf(partial)).toBeCloseTo(partialMean, 10);
    expect(meanOf(success)).toBeCloseTo(successMean, 10);
  });
});
