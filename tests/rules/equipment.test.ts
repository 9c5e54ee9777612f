import { describe, expect, it } from "vitest";
import {
  ARMOUR_VALUE,
  effectTags,
  isCloseRange,
  isWeaponTag,
  WEAPON_TAGS,
  weaponAttribute,
} from "../../src/rules/equipment.ts";
import { explosionThreshold } from "../../src/rules/explosion.ts";
import { effectOrder } from "../../src/rules/resolution.ts";
import { CORE, DEGENESIS, LEGACY } from "../../src/rules/rulesets/index.ts";

const row = (ruleset: typeof CORE, id: string) => {
  const w = ruleset.weapons.find((x) => x.id === id);
  if (!w) throw new Error(`no weapon ${id}`);
  return [ruleset.effect.tiers[w.rank]?.value, w.ranges, w.tags];
};

describe("equipment", () => {
  it.each([
    ["knife", 0, ["contact"], ["nimble"]],
    ["staff", 0, ["contact"], []],
    ["primitiveBow", 1, ["short"], ["unhandy"]],
    ["shortSword", 1, ["contact"], ["versatile"]],
    ["longSword", 2, ["contact"], ["versatile"]],
    ["huntingRifle", 3, ["short", "long"], []],
  ] as const)("R-EQ-1: Core %s is %i e, ranges %o, tags %o", (id, modifier, ranges, tags) => {
    expect(row(CORE, id)).toEqual([modifier, ranges, tags]);
  });

  it.each([
    ["knife", 2, ["contact"], ["nimble"]],
    ["staff", 2, ["contact", "reach"], []],
    ["primitiveBow", 3, ["nearby"], ["unhandy"]],
    ["shortSword", 3, ["contact"], ["versatile"]],
    ["longSword", 4, ["contact"], ["versatile"]],
    ["huntingRifle", 5, ["nearby", "farAway"], []],
  ] as const)("R-EQ-2: Degenesis %s is a %i e floor, ranges %o, tags %o", (id, floor, ranges, tags) => {
    expect(row(DEGENESIS, id)).toEqual([floor, ranges, tags]);
  });

  it("R-EQ-1 R-EQ-2: a weapon's rank means the same tier in both rulesets", () => {
    for (const weapon of CORE.weapons) {
      expect(DEGENESIS.weapons.find((w) => w.id === weapon.id)?.rank).toBe(weapon.rank);
    }
    expect(CORE.ranges.map((r) => r.id)).toEqual(["contact", "reach", "short", "long"]);
  });

  it("R-EQ-3: the engine's tags and what each does", () => {
    expect(WEAPON_TAGS).toEqual([
      "versatile",
      "nimble",
      "slaughter",
      "improvised",
      "unhandy",
      "heavyFirepower",
      "unarmed",
    ]);
    for (const ruleset of [CORE, DEGENESIS, LEGACY]) {
      expect(ruleset.weaponTags).toEqual(["versatile", "nimble", "slaughter", "improvised", "unhandy"]);
    }
    expect(isWeaponTag("slaughter")).toBe(true);
    expect(isWeaponTag("serrated")).toBe(false);
    const axe = {
      rank: 4,
      ranges: ["contact"],
      tags: ["slaughter", "versatile", "serrated"],
      twoHanded: false,
    } as const;
    expect(effectTags(axe)).toEqual({ versatileTwoHanded: false, improvised: false });
    expect(effectTags({ ...axe, twoHanded: true })).toEqual({ versatileTwoHanded: true, improvised: false });
    expect(explosionThreshold(axe.tags.includes("slaughter"))).toBe(5);
    expect(effectOrder({ nimble: true })).toBe("player-first");
    expect(isCloseRange(CORE, "reach")).toBe(true);
    expect(isCloseRange(CORE, "short")).toBe(false);
  });

  it("R-EQ-1 R-EQ-2: a weapon usable at a close range rolls Exertion, any other Finesse; unknown ranges are ignored", () => {
    expect(weaponAttribute(CORE, ["contact"])).toBe("exertion");
    expect(weaponAttribute(CORE, ["short", "reach"])).toBe("exertion");
    expect(weaponAttribute(CORE, ["short", "long"])).toBe("finesse");
    expect(weaponAttribute(CORE, [])).toBe("finesse");
    expect(weaponAttribute(CORE, ["moon"])).toBe("finesse");
    expect(weaponAttribute(DEGENESIS, ["contact"])).toBe("exertion");
  });

  it("R-EQ-4: armour values: Light 1, Heavy 2, Shield 1", () => {
    expect(ARMOUR_VALUE).toEqual({ none: 0, light: 1, heavy: 2, shield: 1 });
  });
});
