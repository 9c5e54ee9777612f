/**
 * fast-check properties of the character rules: Ego spending, harm, advancement cost, Saves, the
 * Developed cap and the Grit roll. Each property is stated from RULES.md, not from the code.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ATTRIBUTES,
  GROUP_ATTRIBUTES,
  GROUPS,
  attributeTotal,
  deriveSaves,
  developableAttributes,
  developAttribute,
  type Attributes,
} from "../../src/rules/attributes.ts";
import { distributeCreationPoints } from "../../src/rules/creation.ts";
import { spendEgo } from "../../src/rules/ego.ts";
import { CORE } from "../../src/rules/rulesets/index.ts";
import { BODY_ARMOUR } from "../../src/rules/equipment.ts";
import { RulesError } from "../../src/rules/errors.ts";
import { gritRoll } from "../../src/rules/grit.ts";
import { applyHarm, armourValue, assessHarm, damageAfterArmour, type HarmTarget } from "../../src/rules/harm.ts";
import { WOUND_TRACKS } from "../../src/rules/wounds.ts";
import { advancementCost } from "../../src/rules/xp.ts";

const face = fc.integer({ min: 1, max: 6 });
const rating = fc.integer({ min: 0, max: 4 });
const attributesArb: fc.Arbitrary<Attributes> = fc.record({
  intuition: rating,
  reason: rating,
  finesse: rating,
  exertion: rating,
  attunement: rating,
  influence: rating,
});
const attributeArb = fc.constantFrom(...ATTRIBUTES);

const harmTargetArb: fc.Arbitrary<HarmTarget> = fc.record({
  grit: fc.integer({ min: 0, max: 20 }),
  wounds: fc.record({ stressed: fc.boolean(), broken: fc.boolean(), weary: fc.boolean() }),
  dead: fc.constant(false),
  armour: fc.record({ body: fc.constantFrom(...BODY_ARMOUR), shield: fc.boolean(), elephantSkin: fc.boolean() }),
});
const effectArb = fc.integer({ min: 0, max: 30 });

/**
 * Applies harm with valid choices: the shield is sacrificed only if carried; a wound track is picked
 * from the offered ones.
 */
function harmWithValidChoices(target: HarmTarget, effect: number, sacrifice: boolean, pick: number) {
  const sacrificeShield = sacrifice && target.armour.shield;
  const options = assessHarm(target, effect, { sacrificeShield }).woundOptions;
  const woundTrack = options.length > 0 ? options[pick % options.length] : undefined;
  return applyHarm(target, effect, { sacrificeShield, woundTrack });
}

describe("character properties", () => {
  it("R-EGO-2: Ego after a spend is never below 0 and equals the Ego at the throw less the dice ≤ it, floored", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 6 }), fc.array(face, { maxLength: 12 }), (ego, dark) => {
        const spend = spendEgo(CORE, dark, ego);
        const costly = dark.filter((f) => f <= ego).length;
        expect(spend.after).toBeGreaterThanOrEqual(0);
        expect(spend.cost).toBe(costly);
        expect(spend.after).toBe(Math.max(0, ego - costly));
        expect(spend.lost).toBe(spend.after === 0);
      }),
    );
  });

  it("R-EGO-2 R-SAY-1: during Sayonara Ego is never below 0 and only the 1s cost", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 6 }), fc.array(face, { maxLength: 12 }), (ego, dark) => {
        const spend = spendEgo(CORE, dark, ego, { sayonara: true });
        expect(spend.after).toBeGreaterThanOrEqual(0);
        expect(spend.after).toBe(Math.max(0, ego - dark.filter((f) => f === 1).length));
      }),
    );
  });

  it("R-HARM-1 R-HARM-3: damage is never negative and Grit never goes below 0 nor rises", () => {
    fc.assert(
      fc.property(harmTargetArb, effectArb, fc.boolean(), fc.nat(), (target, effect, sacrifice, pick) => {
        const armour = armourValue(target.armour).value;
        const damage = damageAfterArmour(effect, armour);
        expect(damage).toBeGreaterThanOrEqual(0);
        expect(damage).toBe(Math.max(0, effect - armour));
        const result = harmWithValidChoices(target, effect, sacrifice, pick);
        expect(result.assessment.damage).toBeGreaterThanOrEqual(0);
        expect(result.grit).toBeGreaterThanOrEqual(0);
        expect(result.grit).toBeLessThanOrEqual(target.grit);
        expect(result.grit).toBe(Math.max(0, target.grit - result.assessment.damage));
      }),
    );
  });

  it("R-HARM-3 R-HARM-5: harm never unmarks a wound and marks at most one", () => {
    fc.assert(
      fc.property(harmTargetArb, effectArb, fc.boolean(), fc.nat(), (target, effect, sacrifice, pick) => {
        const result = harmWithValidChoices(target, effect, sacrifice, pick);
        for (const track of WOUND_TRACKS) if (target.wounds[track]) expect(result.wounds[track]).toBe(true);
        const added = WOUND_TRACKS.filter((t) => result.wounds[t] && !target.wounds[t]);
        expect(added).toEqual(result.wound === null ? [] : [result.wound]);
      }),
    );
  });

  it("R-HARM-5: harm kills exactly when the character was Mortally Wounded and the damage is at least 1", () => {
    fc.assert(
      fc.property(harmTargetArb, effectArb, fc.boolean(), fc.nat(), (target, effect, sacrifice, pick) => {
        const result = harmWithValidChoices(target, effect, sacrifice, pick);
        const wasMortal = WOUND_TRACKS.every((t) => target.wounds[t]);
        expect(result.dead).toBe(wasMortal && result.assessment.damage >= 1);
      }),
    );
  });

  it("R-XP-2: the cost of the next advancement is 2 × held and strictly increasing", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (held) => {
        expect(advancementCost(held)).toBe(2 * held);
        expect(advancementCost(held + 1)).toBeGreaterThan(advancementCost(held));
      }),
    );
  });

  it("R-CHAR-3: every derived Save is 0–2 and counts the attributes of its group rated ≥ 1", () => {
    fc.assert(
      fc.property(attributesArb, (attributes) => {
        const saves = deriveSaves(attributes);
        for (const group of GROUPS) {
          expect(saves[group]).toBeGreaterThanOrEqual(0);
          expect(saves[group]).toBeLessThanOrEqual(2);
          expect(saves[group]).toBe(GROUP_ATTRIBUTES[group].filter((a) => attributes[a] >= 1).length);
        }
      }),
    );
  });

  it("R-CHAR-5: Developed either raises one attribute by 1 within the caps or is refused for the cap", () => {
    fc.assert(
      fc.property(attributesArb, attributeArb, (attributes, attribute) => {
        const atCap = attributes[attribute] >= 4 || attributeTotal(attributes) >= 10;
        if (atCap) {
          expect(() => developAttribute(attributes, attribute)).toThrow(RulesError);
          return;
        }
        const after = developAttribute(attributes, attribute);
        expect(after[attribute]).toBe(attributes[attribute] + 1);
        expect(after[attribute]).toBeLessThanOrEqual(4);
        expect(attributeTotal(after)).toBeLessThanOrEqual(10);
      }),
    );
  });

  it("R-CHAR-5 R-CHAR-4: Developed again and again from any creation result stops at a total of 10, no attribute past 4", () => {
    const creation = fc.record({ insight: face, prowess: face, resolve: face }).chain((roll) => {
      const points = (f: number): number => (f <= 3 ? 1 : f <= 5 ? 2 : 3);
      return fc
        .record({
          insight: fc.integer({ min: 0, max: points(roll.insight) }),
          prowess: fc.integer({ min: 0, max: points(roll.prowess) }),
          resolve: fc.integer({ min: 0, max: points(roll.resolve) }),
        })
        .map((first) =>
          distributeCreationPoints(roll, {
            intuition: first.insight,
            reason: points(roll.insight) - first.insight,
            finesse: first.prowess,
            exertion: points(roll.prowess) - first.prowess,
            attunement: first.resolve,
            influence: points(roll.resolve) - first.resolve,
          }),
        );
    });
    fc.assert(
      fc.property(creation, fc.array(fc.nat(), { minLength: 12, maxLength: 12 }), (start, picks) => {
        let attributes = start;
        for (const pick of picks) {
          const options = developableAttributes(attributes);
          const chosen = options[pick % Math.max(1, options.length)];
          if (chosen === undefined) break;
          attributes = developAttribute(attributes, chosen);
          for (const a of ATTRIBUTES) expect(attributes[a]).toBeLessThanOrEqual(4);
          expect(attributeTotal(attributes)).toBeLessThanOrEqual(10);
        }
        // A creation total is 3…9, so at most 7 raises reach 10; 12 are tried.
        expect(attributeTotal(attributes)).toBe(10);
        expect(developableAttributes(attributes)).toEqual([]);
      }),
    );
  });

  it("R-GRIT-1: a Grit roll keeps one of its dice (1–6); with Die Hard it sums n dice into n…6n", () => {
    fc.assert(
      fc.property(fc.array(face, { minLength: 1, maxLength: 8 }), (faces) => {
        const kept = gritRoll(faces);
        expect(kept).toBeGreaterThanOrEqual(1);
        expect(kept).toBeLessThanOrEqual(6);
        expect(faces).toContain(kept);
        expect(faces.every((f) => f <= kept)).toBe(true);
        const summed = gritRoll(faces, true);
        expect(summed).toBeGreaterThanOrEqual(faces.length);
        expect(summed).toBeLessThanOrEqual(6 * faces.length);
      }),
    );
  });
});
