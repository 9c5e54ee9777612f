/**
 * Legacy harm (docs/RULES.md §9.1): armour, Protected, HP, Critical → Mortal → dead, recovery.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { spendEgo } from "../../src/rules/ego.ts";
import type { ArmourState } from "../../src/rules/harm.ts";
import {
  applyHpHarm,
  assessHpHarm,
  hpWithinMax,
  hpWoundPenalty,
  protectedReduction,
  recoverHpWound,
  restHp,
  type HpHarmTarget,
  type HpWound,
} from "../../src/rules/hp.ts";
import { CORE, LEGACY } from "../../src/rules/rulesets/index.ts";

const noArmour: ArmourState = { body: "none", shield: false, elephantSkin: false };
const ratings = { strength: 1, agility: 2, insight: 0, charisma: 1 };
const at = (hp: number, wound: HpWound = "none", armour: ArmourState = noArmour): HpHarmTarget => ({
  hp,
  wound,
  dead: false,
  ratings,
  armour,
});

describe("Legacy harm", () => {
  it("R-LEG-6: damage = Effect − armour (Light 1, Heavy 2, Shield 1), floor 0; a sacrificed shield ignores the Effect", () => {
    expect(assessHpHarm(LEGACY, at(5, "none", { body: "light", shield: false, elephantSkin: false }), 3)).toMatchObject(
      { armour: 1, damage: 2, hpAfter: 3 },
    );
    expect(assessHpHarm(LEGACY, at(5, "none", { body: "heavy", shield: true, elephantSkin: false }), 3)).toMatchObject({
      armour: 3,
      damage: 0,
      hpAfter: 5,
    });
    expect(
      applyHpHarm(LEGACY, at(5, "none", { body: "none", shield: true, elephantSkin: false }), 9, {
        sacrificeShield: true,
      }),
    ).toMatchObject({ hp: 5, shieldDestroyed: true });
    expect(() => assessHpHarm(LEGACY, at(5), 3, { sacrificeShield: true })).toThrow(/no shield/);
    // Legacy has no Elephant skin: the flag is ignored.
    expect(assessHpHarm(LEGACY, at(5, "none", { body: "none", shield: false, elephantSkin: true }), 3).armour).toBe(0);
  });

  it("R-LEG-6: Protected's Dark Dice come off the damage after armour (floor 0)", () => {
    expect(
      assessHpHarm(LEGACY, at(5, "none", { body: "light", shield: false, elephantSkin: false }), 8, {
        protectedFaces: [2, 3],
      }),
    ).toMatchObject({
      damage: 2,
      protectedBy: 5,
    });
    expect(assessHpHarm(LEGACY, at(5), 4, { protectedFaces: [6] })).toMatchObject({
      damage: 0,
      protectedBy: 4,
      hpAfter: 5,
    });
  });

  it("R-LEG-6: Protected's damage is never negative and never more than without Protected; what it took off is the difference (property)", () => {
    const armours = fc.constantFrom<ArmourState>(
      noArmour,
      { body: "light", shield: false, elephantSkin: false },
      { body: "heavy", shield: true, elephantSkin: false },
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 }),
        armours,
        fc.integer({ min: 0, max: 40 }),
        fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 6 }),
        (hp, armour, effect, faces) => {
          const target = at(hp, "none", armour);
          const without = assessHpHarm(LEGACY, target, effect);
          const withDice = assessHpHarm(LEGACY, target, effect, { protectedFaces: faces });
          expect(withDice.damage).toBeGreaterThanOrEqual(0);
          expect(withDice.damage).toBeLessThanOrEqual(without.damage);
          expect(withDice.protectedBy).toBe(without.damage - withDice.damage);
          expect(withDice.hpAfter).toBeGreaterThanOrEqual(without.hpAfter);
          expect(protectedReduction(faces)).toBe(faces.reduce((a, f) => a + f, 0));
        },
      ),
    );
  });

  it("R-LEG-6 (ruling): Protected's dice cost Ego like every Dark Die, a die equal to the Ego included", () => {
    // v0.4.4 said "lower than"; the single v0.4.5 rule (≤ the Ego at the throw) stands.
    expect(spendEgo(LEGACY, [3, 4], 3)).toMatchObject({ costly: [true, false], cost: 1, after: 2 });
  });

  it("R-LEG-5: HP reaching 0 leaves the character Critically Wounded, −1d on every Light pool", () => {
    expect(applyHpHarm(LEGACY, at(3), 3)).toMatchObject({ hp: 0, wound: "critical", dead: false });
    expect(hpWoundPenalty(LEGACY, "critical")).toBe(1);
    expect(hpWoundPenalty(LEGACY, "none")).toBe(0);
  });

  it("R-LEG-5 (ruling): one harm moves one step at most: the overflow past 0 HP is lost", () => {
    expect(applyHpHarm(LEGACY, at(2), 40)).toMatchObject({ hp: 0, wound: "critical", dead: false, lost: null });
  });

  it("R-LEG-5 (ruling): damage 0 (armour took it all) is no further damage", () => {
    const critical = at(0, "critical", { body: "heavy", shield: false, elephantSkin: false });
    expect(applyHpHarm(LEGACY, critical, 2)).toMatchObject({ wound: "critical", dead: false });
  });

  it("R-LEG-5: further damage while Critical: Mortally Wounded, −2d, and −1 to an attribute of the player's choice for good", () => {
    expect(() => applyHpHarm(LEGACY, at(0, "critical"), 1)).toThrow(/Choose the attribute/);
    const result = applyHpHarm(LEGACY, at(0, "critical"), 1, { lostAttribute: "agility" });
    expect(result).toMatchObject({
      wound: "mortal",
      dead: false,
      lost: "agility",
      ratings: { ...ratings, agility: 1 },
    });
    expect(hpWoundPenalty(LEGACY, "mortal")).toBe(2);
    // An attribute at 0 has nothing to give.
    expect(() => applyHpHarm(LEGACY, at(0, "critical"), 1, { lostAttribute: "insight" })).toThrow(
      /cannot lose a point/,
    );
    // With one attribute above 0 it is taken without asking.
    const single = { ...at(0, "critical"), ratings: { strength: 0, agility: 0, insight: 2, charisma: 0 } };
    expect(applyHpHarm(LEGACY, single, 1)).toMatchObject({ lost: "insight", ratings: { insight: 1 } });
  });

  it("R-LEG-5 (ruling): harm at 0 HP costs one attribute point (the HP section), never the whole Effect off the attributes (the rules page)", () => {
    for (const effect of [1, 4, 12]) {
      const result = applyHpHarm(LEGACY, at(0, "critical"), effect, { lostAttribute: "agility" });
      expect(result).toMatchObject({ wound: "mortal", dead: false, hp: 0, ratings: { ...ratings, agility: 1 } });
    }
  });

  it("R-LEG-5 (ruling): a Mortal wound with every attribute at 0 cannot take its loss, and kills", () => {
    const empty = { ...at(0, "critical"), ratings: { strength: 0, agility: 0, insight: 0, charisma: 0 } };
    expect(applyHpHarm(LEGACY, empty, 1)).toMatchObject({ dead: true, lost: null });
  });

  it("R-LEG-5: further damage while Mortally Wounded kills; the dead take no more harm", () => {
    expect(applyHpHarm(LEGACY, at(0, "mortal"), 1)).toMatchObject({ dead: true });
    expect(() => assessHpHarm(LEGACY, { ...at(0, "mortal"), dead: true }, 1)).toThrow(/dead/);
    expect(() => assessHpHarm(LEGACY, at(3, "critical"), 1)).toThrow(/wounded character has 0 HP/);
    expect(() => assessHpHarm(CORE, at(3), 1)).toThrow(/no hit points/);
  });

  it("R-LEG-5: care and a week turn Mortal into Critical, another week heals Critical; R-LEG-4 then a night restores HP", () => {
    const mortal = { hp: 0, wound: "mortal" as const, dead: false };
    const critical = recoverHpWound(LEGACY, mortal);
    expect(critical.wound).toBe("critical");
    const healed = recoverHpWound(LEGACY, critical);
    expect(healed).toEqual({ hp: 0, wound: "none", dead: false });
    expect(() => recoverHpWound(LEGACY, healed)).toThrow(/no wound/);
    expect(() => restHp(LEGACY, critical, 5)).toThrow(/must heal/);
    expect(restHp(LEGACY, healed, 5)).toEqual({ hp: 5, wound: "none", dead: false });
  });

  it("R-LEG-4 (ruling): when the maximum drops, current HP come down to it", () => {
    expect(hpWithinMax({ hp: 6, wound: "none", dead: false }, 4).hp).toBe(4);
    expect(hpWithinMax({ hp: 2, wound: "none", dead: false }, 4).hp).toBe(2);
  });

  it("R-LEG-4 R-LEG-5: harm never raises HP, never skips a stage, and kills only the Mortally Wounded or the attribute-less (property)", () => {
    const order: HpWound[] = ["none", "critical", "mortal"];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 }),
        fc.constantFrom<HpWound>("none", "critical", "mortal"),
        fc.integer({ min: 0, max: 30 }),
        (hp, wound, effect) => {
          const target = at(wound === "none" ? hp : 0, wound);
          const r = applyHpHarm(LEGACY, target, effect, { lostAttribute: "agility" });
          expect(r.hp).toBeLessThanOrEqual(target.hp);
          const step = order.indexOf(r.wound) - order.indexOf(target.wound);
          expect(step === 0 || step === 1).toBe(true);
          if (r.dead) expect(target.wound).toBe("mortal");
        },
      ),
    );
  });
});
