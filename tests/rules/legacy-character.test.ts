/**
 * Legacy characters (docs/RULES.md §9.1): attributes, the creation roll, skills, HP and Ego maxima,
 * Extra Attribute, and the ruleset's shape as data.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RulesError } from "../../src/rules/errors.ts";
import {
  assertRatingsOf,
  assertSkillSpread,
  attributeIds,
  creationValue,
  egoMax,
  hpMax,
  raiseAttributeOf,
  rollRatings,
  skillIds,
  withoutSkills,
  withoutSkillsBonus,
} from "../../src/rules/ratings.ts";
import { CORE, DEGENESIS, LEGACY, getRuleset } from "../../src/rules/rulesets/index.ts";

const hero = { strength: 1, agility: 2, insight: 0, charisma: 1 };

describe("Legacy characters", () => {
  it("R-LEG-1: four attributes (Strength, Agility, Insight, Charisma) rated 0–4, no groups, no Saves, no total cap", () => {
    expect(attributeIds(LEGACY)).toEqual(["strength", "agility", "insight", "charisma"]);
    expect(LEGACY.attributes.groups).toEqual([]);
    expect(LEGACY.attributes.saves).toBeNull();
    expect(LEGACY.attributes.totalCap).toBeNull();
    expect(assertRatingsOf(LEGACY, { strength: 4, agility: 4, insight: 4, charisma: 4 })).toBeTruthy();
    expect(() => assertRatingsOf(LEGACY, { ...hero, agility: 5 })).toThrow(/between 0 and 4/);
    expect(() => assertRatingsOf(LEGACY, { strength: 1, agility: 1, insight: 1 })).toThrow(/charisma/);
    expect(() => assertRatingsOf(LEGACY, { ...hero, insight: 0.5 })).toThrow(RulesError);
    expect(getRuleset("legacy")).toBe(LEGACY);
  });

  it("R-LEG-1 (ruling): a rating stops at 4, where the Light pool stops; Extra Attribute is refused there", () => {
    expect(raiseAttributeOf(LEGACY, { ...hero, agility: 3 }, "agility").agility).toBe(4);
    expect(() => raiseAttributeOf(LEGACY, { ...hero, agility: 4 }, "agility")).toThrow(/already at 4/);
    // No total cap in Legacy: four ratings of 3 may still rise.
    expect(raiseAttributeOf(LEGACY, { strength: 3, agility: 3, insight: 3, charisma: 3 }, "insight").insight).toBe(4);
    expect(() => raiseAttributeOf(LEGACY, hero, "finesse")).toThrow(/not an attribute of this ruleset/);
  });

  it.each([
    [[1, 3], 0],
    [[3, 2], 0],
    [[4, 1], 1],
    [[2, 5], 1],
    [[6, 1], 2],
    [[6, 6], 2],
  ])("R-LEG-2: the creation roll %j keeps the higher die and gives %i", (faces, value) => {
    expect(creationValue(LEGACY.attributes, faces)).toBe(value);
  });

  it("R-LEG-2: one roll of 2d per attribute; a roll of another size is refused", () => {
    expect(rollRatings(LEGACY, { strength: [6, 2], agility: [4, 4], insight: [1, 2], charisma: [5, 3] })).toEqual({
      strength: 2,
      agility: 1,
      insight: 0,
      charisma: 1,
    });
    expect(() => rollRatings(LEGACY, { strength: [6], agility: [4, 4], insight: [1, 2], charisma: [5, 3] })).toThrow(
      /throws 2 dice; 1 were given/,
    );
    expect(() => rollRatings(CORE, {})).toThrow(/per group/);
    // Core's table read as data is R-CHAR-4's: 1d, 1–3 → 1, 4–5 → 2, 6 → 3.
    expect([1, 4, 6].map((f) => creationValue(CORE.attributes, [f]))).toEqual([1, 2, 3]);
  });

  it("R-LEG-2 R-CHAR-4: a table value past the scheme's maximum, or a scheme without a whole maximum, is refused", () => {
    const bands = [{ min: 1, max: 6, value: 5 }] as const;
    expect(() =>
      creationValue({ ...LEGACY.attributes, creation: { ...LEGACY.attributes.creation, bands } }, [2, 6]),
    ).toThrow(/between 0 and 4/);
    const noMax = { ...LEGACY.attributes, max: undefined as unknown as number };
    expect(() => creationValue(noMax, [2, 6])).toThrow(/maximum must be a whole number/);
  });

  it("R-LEG-2: the creation roll's law over the 36 throws is P(0) = 9/36 = 1/4, P(1) = 16/36 = 4/9, P(2) = 11/36 (enumerated)", () => {
    const counts = [0, 0, 0];
    for (let a = 1; a <= 6; a++) {
      for (let b = 1; b <= 6; b++) {
        const v = creationValue(LEGACY.attributes, [a, b]);
        counts[v] = (counts[v] ?? 0) + 1;
      }
    }
    expect(counts).toEqual([9, 16, 11]);
  });

  it("R-LEG-3: five skills, 4 points spread at creation in any split, each 0–4", () => {
    expect(skillIds(LEGACY)).toEqual(["violence", "exploration", "social", "survival", "vocational"]);
    expect(
      assertSkillSpread(LEGACY, { violence: 2, exploration: 1, social: 1, survival: 0, vocational: 0 }),
    ).toBeTruthy();
    expect(
      assertSkillSpread(LEGACY, { violence: 4, exploration: 0, social: 0, survival: 0, vocational: 0 }),
    ).toBeTruthy();
    expect(() =>
      assertSkillSpread(LEGACY, { violence: 2, exploration: 1, social: 0, survival: 0, vocational: 0 }),
    ).toThrow(/4 points to place; 3 were placed/);
    expect(() => assertSkillSpread(CORE, {})).toThrow(/no skills/);
    expect(CORE.skills).toBeNull();
  });

  it("R-LEG-3: without skills one attribute takes +1 (within 0–4)", () => {
    expect(withoutSkillsBonus(LEGACY, hero, "insight")).toEqual({ ...hero, insight: 1 });
    expect(() => withoutSkillsBonus(LEGACY, { ...hero, agility: 4 }, "agility")).toThrow(/already at 4/);
  });

  it("R-LEG-3 (setting): a game without skills is the ruleset with no skill scheme, its creation bonus kept; Core has no such game", () => {
    const bare = withoutSkills(LEGACY);
    expect(bare.skills).toBeNull();
    expect(bare.creationBonus).toBe(1);
    expect(bare.id).toBe("legacy");
    expect(LEGACY.skills).not.toBeNull(); // the ruleset itself is untouched
    expect(withoutSkillsBonus(bare, hero, "charisma")).toEqual({ ...hero, charisma: 2 });
    expect(() => assertSkillSpread(bare, {})).toThrow(/no skills/);
    // A ruleset without skills is played as it is (R-V-5's setting is the same world setting).
    expect(withoutSkills(CORE)).toBe(CORE);
    // Taken twice, the same game.
    expect(withoutSkills(bare)).toEqual(bare);
  });

  it("R-LEG-4: HP max = Strength + Agility + 2, +1 per Advancement, +1 more per Advancement with Tough", () => {
    expect(hpMax(LEGACY, hero, 0)).toBe(5);
    expect(hpMax(LEGACY, hero, 3)).toBe(8);
    expect(hpMax(LEGACY, hero, 3, true)).toBe(11);
    expect(() => hpMax(CORE, hero, 0)).toThrow(/no hit points/);
  });

  it("R-LEG-4 (ruling): the maximum follows the current ratings (a Mortal wound's lost Strength lowers it)", () => {
    expect(hpMax(LEGACY, { ...hero, strength: 0 }, 1)).toBe(hpMax(LEGACY, hero, 1) - 1);
  });

  it("R-LEG-7: Ego max = Insight + Charisma + 2; Estranged −1", () => {
    expect(egoMax(LEGACY, hero)).toBe(3);
    expect(egoMax(LEGACY, hero, true)).toBe(2);
    expect(egoMax(LEGACY, { strength: 0, agility: 0, insight: 4, charisma: 4 })).toBe(LEGACY.ego.max);
    expect(() => egoMax(DEGENESIS, hero)).toThrow(/rolls its Ego/);
  });

  it('R-LEG-7 (ruling): the seed\'s "Insight and Empathy" is Insight and Charisma; Strength and Agility never move Ego max', () => {
    const none = { strength: 0, agility: 0, insight: 0, charisma: 0 };
    expect(egoMax(LEGACY, none)).toBe(2);
    expect(egoMax(LEGACY, { ...none, insight: 1 })).toBe(3);
    expect(egoMax(LEGACY, { ...none, charisma: 1 })).toBe(3);
    expect(egoMax(LEGACY, { ...none, insight: 1, charisma: 2 })).toBe(5);
    expect(egoMax(LEGACY, { ...none, strength: 4, agility: 4 })).toBe(2);
  });

  it("R-LEG-4 R-LEG-7: HP max and Ego max are never below 2 and 1 and grow with every rating (property)", () => {
    const rating = fc.integer({ min: 0, max: 4 });
    fc.assert(
      fc.property(
        fc.record({ strength: rating, agility: rating, insight: rating, charisma: rating }),
        fc.integer({ min: 0, max: 20 }),
        fc.boolean(),
        (r, adv, tough) => {
          const hp = hpMax(LEGACY, r, adv, tough);
          expect(hp).toBeGreaterThanOrEqual(2 + adv);
          expect(egoMax(LEGACY, r, true)).toBeGreaterThanOrEqual(1);
          for (const id of ["strength", "agility"] as const) {
            if (r[id] < 4) expect(hpMax(LEGACY, raiseAttributeOf(LEGACY, r, id), adv, tough)).toBe(hp + 1);
          }
        },
      ),
    );
  });

  it("R-LEG-17: Legacy shares Core's archetypes and has no Grit, Saves, Sayonara or Slaughter", () => {
    expect(LEGACY.archetype).toEqual(CORE.archetype);
    expect(LEGACY.health.kind).toBe("hp");
    expect(LEGACY.sayonara).toBeNull();
    expect(LEGACY.resolution).toEqual({ kind: "separate", lightMax: 4, explodeOn: 6 });
    expect(LEGACY.egoReset).toEqual([]);
  });
});
