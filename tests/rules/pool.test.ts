import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { buildPool, clampLight, DEFAULT_DARK_MAX, poolBase } from "../../src/rules/pool.ts";
import type { DiceModifier } from "../../src/rules/mechanics.ts";
import { DEGENESIS } from "../../src/rules/rulesets/index.ts";
import { RulesError } from "../../src/rules/errors.ts";
import { attrs, poolInput } from "./fixtures.ts";

const knife = { rank: 1, ranges: ["contact"], tags: ["nimble"], twoHanded: false } as const;
const bow = { rank: 2, ranges: ["short"], tags: ["unhandy"], twoHanded: false } as const;
const pipe = { rank: 0, ranges: ["contact"], tags: ["improvised"], twoHanded: false } as const;

describe("pool building", () => {
  it("R-POOL-1: the base is the attribute's rating for a Risky Action", () => {
    const pool = buildPool(poolInput({ attributes: attrs({ finesse: 3 }) }));
    expect(pool.base).toBe(3);
    expect(pool.light).toBe(3);
    expect(pool.baseLabel).toBe("TERRAN.Attribute.finesse");
  });

  it("R-POOL-1 R-RA-8: a Reaction's base is the group's derived Save (0–2)", () => {
    const a = attrs({ attunement: 3, influence: 0, intuition: 1, reason: 4 });
    expect(poolBase(a, { kind: "save", group: "resolve" })).toBe(1);
    expect(poolBase(a, { kind: "save", group: "insight" })).toBe(2);
    expect(poolBase(a, { kind: "save", group: "prowess" })).toBe(0);
    const pool = buildPool(poolInput({ attributes: a, target: { kind: "save", group: "insight" } }));
    expect(pool.light).toBe(2);
    expect(pool.baseLabel).toBe("TERRAN.Save.insight");
  });

  it("R-POOL-2: the GM's position modifier is a visible line", () => {
    const pool = buildPool(poolInput({ position: -2 }));
    expect(pool.lines).toEqual([{ id: "position", label: "TERRAN.Pool.position", dice: -2, rule: "R-POOL-2" }]);
    expect(pool.light).toBe(0);
    expect(pool.raw).toBe(0);
  });

  it("R-POOL-2 R-HARM-4: a wound of the roll's group costs −1d, other groups' wounds do not", () => {
    const broken = { stressed: false, broken: true, weary: false };
    expect(buildPool(poolInput({ wounds: broken })).lines.map((l) => l.label)).toEqual(["TERRAN.Wound.broken"]);
    expect(buildPool(poolInput({ wounds: broken })).light).toBe(1);
    const onReason = buildPool(
      poolInput({
        wounds: broken,
        target: { kind: "attribute", attribute: "reason" },
        attributes: attrs({ reason: 2 }),
      }),
    );
    expect(onReason.lines).toEqual([]);
    expect(buildPool(poolInput({ wounds: broken }, ["ignoreBroken"])).lines).toEqual([]);
  });

  it("R-POOL-2 R-EQ-3: Improvised −1d, Unhandy −1d at close range, outside the weapon's ranges −1d", () => {
    expect(buildPool(poolInput({ weapon: pipe, range: "contact" })).lines.map((l) => l.id)).toEqual(["improvised"]);
    expect(buildPool(poolInput({ weapon: bow, range: "contact" })).lines.map((l) => l.id)).toEqual([
      "unhandy",
      "outOfRange",
    ]);
    expect(buildPool(poolInput({ weapon: bow, range: "short" })).lines).toEqual([]);
    expect(buildPool(poolInput({ weapon: knife, range: "long" })).lines.map((l) => l.id)).toEqual(["outOfRange"]);
    expect(buildPool(poolInput({ weapon: knife })).lines).toEqual([]);
  });

  it("R-POOL-2 R-EQ-2: ranges come from the ruleset (Degenesis Reach is close, Nearby is not)", () => {
    const staff = { rank: 1, ranges: ["contact", "reach"], tags: ["unhandy"], twoHanded: true } as const;
    expect(buildPool(poolInput({ ruleset: DEGENESIS, weapon: staff, range: "reach" })).lines.map((l) => l.id)).toEqual([
      "unhandy",
    ]);
    expect(buildPool(poolInput({ ruleset: DEGENESIS, weapon: staff, range: "nearby" })).lines.map((l) => l.id)).toEqual(
      ["outOfRange"],
    );
    expect(() => buildPool(poolInput({ ruleset: DEGENESIS, weapon: staff, range: "short" }))).toThrow(/not a range/);
  });

  it("R-POOL-2 R-EQ-4: Heavy armour costs −1d only on the actions it hinders", () => {
    expect(buildPool(poolInput({ heavyArmour: true, hinderedByHeavyArmour: true })).lines.map((l) => l.id)).toEqual([
      "heavyArmour",
    ]);
    expect(buildPool(poolInput({ heavyArmour: true, hinderedByHeavyArmour: false })).lines).toEqual([]);
    expect(buildPool(poolInput({ heavyArmour: false, hinderedByHeavyArmour: true })).lines).toEqual([]);
  });

  it("R-POOL-2 R-ADV-1: Danger sense gives +1d on the Insight save only", () => {
    const a = attrs({ intuition: 1, reason: 1, finesse: 2 });
    const insight = buildPool(
      poolInput({ attributes: a, target: { kind: "save", group: "insight" } }, ["dangerSense"]),
    );
    expect(insight.lines.map((l) => [l.id, l.dice])).toEqual([["dangerSense", 1]]);
    expect(insight.light).toBe(3);
    expect(
      buildPool(poolInput({ attributes: a, target: { kind: "save", group: "prowess" } }, ["dangerSense"])).lines,
    ).toEqual([]);
    expect(
      buildPool(poolInput({ attributes: a, target: { kind: "attribute", attribute: "intuition" } }, ["dangerSense"]))
        .lines,
    ).toEqual([]);
  });

  it("R-POOL-2: situational modifiers count only when ticked and when they apply to the roll", () => {
    const modifiers: DiceModifier[] = [
      { id: "sleek", dice: 1, label: "TERRAN.Mod.sleek", appliesTo: ["any"], situational: true },
      { id: "fear", dice: -1, label: "Spiders nearby", appliesTo: ["finesse", "exertion"], situational: true },
      { id: "mind", dice: 1, label: "Calm mind", appliesTo: ["save:resolve"], situational: false },
      { id: "always", dice: -1, label: "Old injury", appliesTo: ["finesse"], situational: false },
    ];
    const none = buildPool(poolInput({ modifiers }));
    expect(none.lines.map((l) => l.label)).toEqual(["Old injury"]);
    const ticked = buildPool(poolInput({ modifiers, ticked: new Set(["sleek", "fear", "mind"]) }));
    expect(ticked.lines.map((l) => [l.label, l.dice])).toEqual([
      ["TERRAN.Mod.sleek", 1],
      ["Spiders nearby", -1],
      ["Old injury", -1],
    ]);
    expect(ticked.light).toBe(1);
  });

  it("R-POOL-2: a modifier of zero dice or of an unknown scope is refused with a readable message", () => {
    const zero: DiceModifier = { id: "z", dice: 0, label: "Nothing", appliesTo: ["any"], situational: false };
    expect(() => buildPool(poolInput({ modifiers: [zero] }))).toThrow(/changes no dice/);
    const bad = { id: "b", dice: 1, label: "Bad", appliesTo: ["luck"], situational: false } as unknown as DiceModifier;
    expect(() => buildPool(poolInput({ modifiers: [bad] }))).toThrow(/not an attribute, a save or "any"/);
  });

  it.each([
    [6, 4, "max"],
    [4, 4, null],
    [0, 0, null],
    [-3, 0, "min"],
  ] as const)("R-POOL-3: raw %i Light Dice clamp to %i (%s)", (raw, light, clamp) => {
    expect(clampLight(raw, false)).toEqual({ light, clamp });
  });

  it("R-POOL-3: the clamp happens after all modifiers and is explained", () => {
    const pool = buildPool(poolInput({ attributes: attrs({ finesse: 4 }), position: 2 }));
    expect(pool.raw).toBe(6);
    expect(pool.light).toBe(4);
    expect(pool.clamp).toBe("max");
    const low = buildPool(poolInput({ attributes: attrs({ finesse: 1 }), position: -1, weapon: pipe }));
    expect(low.raw).toBe(-1);
    expect(low.light).toBe(0);
    expect(low.clamp).toBe("min");
  });

  it("R-POOL-3 R-HARM-5: a Mortally Wounded character gathers no Light Dice, and may still add Dark Dice", () => {
    const mortal = { stressed: true, broken: true, weary: true };
    const pool = buildPool(poolInput({ wounds: mortal, attributes: attrs({ finesse: 4 }), dark: 2 }));
    expect(pool.light).toBe(0);
    expect(pool.clamp).toBe("mortal");
    expect(pool.dark).toBe(2);
    expect(pool.empty).toBe(false);
  });

  it("R-POOL-4: any number of Dark Dice ≥ 0; the dialog's maximum (default 10) is enforced when given", () => {
    expect(DEFAULT_DARK_MAX).toBe(10);
    expect(buildPool(poolInput({ dark: 25 })).dark).toBe(25);
    expect(buildPool(poolInput({ dark: 10, darkMax: 10 })).dark).toBe(10);
    expect(() => buildPool(poolInput({ dark: 11, darkMax: 10 }))).toThrow(RulesError);
    expect(() => buildPool(poolInput({ dark: -1 }))).toThrow(/Dark Dice must be/);
    expect(() => buildPool(poolInput({ dark: 1.5 }))).toThrow(/whole number/);
  });

  it("R-POOL-5: no Light and no Dark Dice is an empty pool", () => {
    expect(buildPool(poolInput({ attributes: attrs(), dark: 0 })).empty).toBe(true);
    expect(buildPool(poolInput({ attributes: attrs(), dark: 1 })).empty).toBe(false);
  });

  it("R-POOL-1: a rating outside 0–4 or not whole is refused, not coerced", () => {
    expect(() => buildPool(poolInput({ attributes: attrs({ finesse: 5 }) }))).toThrow(/between 0 and 4/);
    expect(() => buildPool(poolInput({ attributes: attrs({ finesse: 2.5 }) }))).toThrow(/whole number/);
    expect(() => buildPool(poolInput({ position: 0.5 }))).toThrow(/whole number/);
  });

  it("R-POOL-3: property — Light Dice are always 0–4 whatever the ratings, wounds and modifiers", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: -10, max: 10 }),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        fc.integer({ min: 0, max: 20 }),
        (rating, position, stressed, broken, weary, dark) => {
          const pool = buildPool(
            poolInput({
              attributes: attrs({ finesse: rating }),
              position,
              wounds: { stressed, broken, weary },
              dark,
              weapon: pipe,
            }),
          );
          expect(pool.light).toBeGreaterThanOrEqual(0);
          expect(pool.light).toBeLessThanOrEqual(4);
          expect(pool.dark).toBe(dark);
          expect(pool.raw).toBe(rating + pool.lines.reduce((t, l) => t + l.dice, 0));
          if (stressed && broken && weary) expect(pool.light).toBe(0);
        },
      ),
    );
  });
});
