/**
 * Legacy Risky Actions, Effects, Challenges, experience and the montage (docs/RULES.md §9.2, §9.3).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { getAdvancement } from "../../src/rules/advancements.ts";
import { challengeEffect, challengeStats, makeFacet } from "../../src/rules/challenge.ts";
import { conditionOf, getCondition } from "../../src/rules/conditions.ts";
import { darkDieCost, spendEgo, splitEgoCost } from "../../src/rules/ego.ts";
import { effectDiceFor, effectRoll, multiAttackHits } from "../../src/rules/effect-roll.ts";
import {
  advancementTarget,
  conditionXpFor,
  developSkill,
  rollForAdvancement,
  sessionXp,
  countsEgoLost,
  skillTarget,
} from "../../src/rules/experience.ts";
import { fortune } from "../../src/rules/fortune.ts";
import { assertDiceModifier, isModifierScope, modifierApplies, type DiceModifier } from "../../src/rules/mechanics.ts";
import { challengeReading, forkLevel, gangUp, montageComplication, montagePool } from "../../src/rules/montage.ts";
import { effectsThatLand, precisionBand } from "../../src/rules/resolution.ts";
import { CORE, DEGENESIS, LEGACY } from "../../src/rules/rulesets/index.ts";
import { buildSkillPool, skillFocusModifiers, type SkillPoolInput } from "../../src/rules/skill-pool.ts";
import { successorAdvancements } from "../../src/rules/sayonara.ts";

const ratings = { strength: 1, agility: 2, insight: 0, charisma: 1 };
const skills = { violence: 2, exploration: 1, social: 1, survival: 0, vocational: 0 };
const pool = (over: Partial<SkillPoolInput> = {}): SkillPoolInput => ({
  ruleset: LEGACY,
  attribute: "agility",
  skill: "violence",
  ratings,
  skills,
  wound: "none",
  dark: 0,
  ...over,
});

describe("Legacy Risky Actions", () => {
  it("R-LEG-9: Light Dice = attribute + skill ± the GM's die, clamped to 0–4; the outcome is the highest die", () => {
    expect(buildSkillPool(pool())).toMatchObject({ base: 2, raw: 4, light: 4, clamp: null, empty: false });
    expect(buildSkillPool(pool({ position: 1 }))).toMatchObject({ raw: 5, light: 4, clamp: "max" });
    expect(buildSkillPool(pool({ attribute: "insight", skill: null, position: -1 }))).toMatchObject({
      raw: -1,
      light: 0,
      clamp: "min",
      empty: true,
    });
    expect(buildSkillPool(pool({ attribute: "insight", skill: null, dark: 2 }))).toMatchObject({
      light: 0,
      dark: 2,
      empty: false,
    });
    expect(precisionBand(Math.max(2, 5, 3))).toBe("partial");
    expect(effectsThatLand("fail")).toEqual({ player: false, challenge: true });
    expect(() => buildSkillPool(pool({ attribute: "finesse" }))).toThrow(/not an attribute of this ruleset/);
    expect(() => buildSkillPool({ ...pool(), ruleset: CORE })).toThrow(/R-POOL-1/);
  });

  it("R-LEG-3 (ruling): one skill per roll, added before the GM's die and penalties; the clamp comes last", () => {
    const lines = buildSkillPool(pool({ position: 1, wound: "critical" })).lines;
    expect(lines.map((l) => [l.label, l.dice, l.rule])).toEqual([
      ["TERRAN.Skill.violence", 2, "R-LEG-3"],
      ["TERRAN.Pool.position", 1, "R-LEG-9"],
      ["TERRAN.Wound.critical", -1, "R-LEG-5"],
    ]);
    expect(buildSkillPool(pool({ position: 1, wound: "critical" })).light).toBe(4);
  });

  it("R-LEG-5 R-LEG-6 R-LEG-11: wounds (−1d, −2d), Heavy armour when it hinders, an improvised tool: −1d each", () => {
    expect(buildSkillPool(pool({ wound: "mortal" })).light).toBe(2);
    expect(buildSkillPool(pool({ heavyArmour: true, hinderedByHeavyArmour: true })).light).toBe(3);
    expect(buildSkillPool(pool({ heavyArmour: true, hinderedByHeavyArmour: false })).light).toBe(4);
    expect(buildSkillPool(pool({ improvised: true, skill: null })).light).toBe(1);
  });

  it("R-LEG-16: Obsessive Focus is +1d to one skill's rolls and −1d to three others' (situational dice, no rating moves)", () => {
    const focus = [
      { id: "focus+", dice: 1, label: "+", appliesTo: ["skill:violence"], situational: false },
      {
        id: "focus-",
        dice: -1,
        label: "−",
        appliesTo: ["skill:social", "skill:survival", "skill:vocational"],
        situational: false,
      },
    ];
    expect(buildSkillPool(pool({ skill: "violence", attribute: "strength", modifiers: focus })).light).toBe(4);
    expect(buildSkillPool(pool({ skill: "social", attribute: "strength", modifiers: focus })).light).toBe(1);
    expect(buildSkillPool(pool({ skill: "exploration", attribute: "strength", modifiers: focus })).light).toBe(2);
    expect(() =>
      buildSkillPool(
        pool({ modifiers: [{ id: "x", dice: 1, label: "x", appliesTo: ["save:insight"], situational: false }] }),
      ),
    ).toThrow(/not an attribute, a skill/);
    expect(getCondition("estranged")).toBeTruthy();
    expect(LEGACY.conditions).toEqual(CORE.conditions);
  });

  it("R-LEG-16: Legacy reads Obsessive Focus as skill dice chosen when taken and Estranged as Ego max −1; Core keeps its readings", () => {
    expect(conditionOf(LEGACY, "obsessiveFocus").flags).toEqual(["skillFocus"]);
    expect(conditionOf(LEGACY, "estranged").flags).toEqual(["egoMaxDown"]);
    expect(conditionOf(CORE, "obsessiveFocus").flags).toEqual(["attributeShift"]);
    expect(conditionOf(LEGACY, "slow").flags).toEqual(["effectLast"]);
    expect(() => conditionOf(LEGACY, "stigma")).toThrow(/no condition called/);
    const focus = skillFocusModifiers(LEGACY, "survival", ["social", "violence", "vocational"]);
    expect(buildSkillPool(pool({ attribute: "strength", skill: "survival", modifiers: focus })).light).toBe(2);
    expect(buildSkillPool(pool({ attribute: "strength", skill: "violence", modifiers: focus })).light).toBe(2);
    expect(() => skillFocusModifiers(LEGACY, "survival", ["survival", "violence", "vocational"])).toThrow(
      /four different skills/,
    );
    expect(() => skillFocusModifiers(CORE, "survival", ["social", "violence", "vocational"])).toThrow(/no skills/);
  });

  it("R-LEG-16: a modifier may be scoped to a Legacy skill (`skill:<id>`); Core's rolls never match one, and the dice stored are the rules' own", () => {
    expect(isModifierScope("skill:survival")).toBe(true);
    expect(isModifierScope("skill:piloting")).toBe(false);
    expect(isModifierScope("skill:")).toBe(false);
    const focus = skillFocusModifiers(LEGACY, "survival", ["social", "violence", "vocational"]);
    for (const m of focus) expect(() => assertDiceModifier(m as DiceModifier)).not.toThrow();
    const up = focus[0] as DiceModifier;
    expect(modifierApplies(up, { kind: "attribute", attribute: "reason" })).toBe(false);
    expect(modifierApplies(up, { kind: "save", group: "insight" })).toBe(false);
  });

  it("R-LEG-9: Light Dice always end 0–4 whatever the modifiers (property)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("strength", "agility", "insight", "charisma"),
        fc.constantFrom(null, "violence", "social"),
        fc.integer({ min: -6, max: 6 }),
        fc.constantFrom("none" as const, "critical" as const, "mortal" as const),
        fc.boolean(),
        (attribute, skill, position, wound, improvised) => {
          const p = buildSkillPool(pool({ attribute, skill, position, wound, improvised }));
          expect(p.light).toBeGreaterThanOrEqual(0);
          expect(p.light).toBeLessThanOrEqual(4);
        },
      ),
    );
  });

  it("R-LEG-8: a Dark Die at or below the Ego at the throw costs 1; above 6 every one costs; floor 0", () => {
    expect(spendEgo(LEGACY, [2, 5, 3], 3)).toMatchObject({
      costly: [true, false, true],
      cost: 2,
      after: 1,
      lost: false,
    });
    expect(spendEgo(LEGACY, [6, 6], 8)).toMatchObject({ cost: 2, after: 6 });
    expect(spendEgo(LEGACY, [1, 1, 1], 2)).toMatchObject({ after: 0, lost: true });
    expect(() => spendEgo(CORE, [1], 7)).toThrow(/between 0 and 6/);
    expect(spendEgo(CORE, [1, 6], 3).cost).toBe(1);
  });
});

describe("Legacy Effects and Challenges", () => {
  it("R-LEG-11: Lesser d/2, Normal 1d (+1 two-handed), Greater 2d; highest kept, exploding on 6", () => {
    expect(effectDiceFor(LEGACY, 1)).toMatchObject({ dice: 1, halved: true, tool: { id: "lesser" } });
    expect(effectDiceFor(LEGACY, 2)).toMatchObject({ dice: 1, halved: false, tool: { id: "normal" } });
    expect(effectDiceFor(LEGACY, 4)).toMatchObject({ dice: 2, tool: { id: "greater", twoHands: true } });
    expect(effectRoll(LEGACY, { rank: 2, faces: [4], chain: [] }).value).toBe(4);
    expect(effectRoll(LEGACY, { rank: 2, tags: { versatileTwoHanded: true }, faces: [4], chain: [] }).value).toBe(5);
    expect(effectRoll(LEGACY, { rank: 4, faces: [2, 6], chain: [6, 3] })).toMatchObject({ kept: 6, value: 15 });
    expect(() => effectRoll(LEGACY, { rank: 4, faces: [6], chain: [1] })).toThrow(/throws 2 dice; 1 were given/);
    expect(() => effectRoll(LEGACY, { rank: 2, faces: [6], chain: [] })).toThrow(/incomplete/);
    expect(() => effectDiceFor(CORE, 2)).toThrow(/Risky Action's own throw/);
  });

  it("R-LEG-11 (ruling): an improvised tool is Lesser; every Normal weapon is Versatile; +1d to the Effect is one more die, highest kept, still halved", () => {
    expect(effectDiceFor(LEGACY, 4, { improvised: true }).tool.id).toBe("lesser");
    for (const w of LEGACY.weapons) {
      const tool = effectDiceFor(LEGACY, w.rank).tool.id;
      expect(w.tags.includes("versatile")).toBe(tool === "normal");
      expect(w.twoHands === true).toBe(tool === "greater");
    }
    expect(effectDiceFor(LEGACY, 1, {}, 1)).toMatchObject({ dice: 2, halved: true });
    expect(effectRoll(LEGACY, { rank: 1, extra: 1, faces: [5, 2], chain: [] }).value).toBe(3);
    // Greater tools get no two-handed +1 (they need both hands anyway).
    expect(effectRoll(LEGACY, { rank: 4, tags: { versatileTwoHanded: true }, faces: [3, 1], chain: [] }).value).toBe(3);
    // A Core weapon switched to Legacy keeps its meaning: knife Lesser, swords Normal, hunting rifle Greater.
    expect(CORE.weapons.map((w) => effectDiceFor(LEGACY, w.rank).tool.id)).toEqual([
      "lesser",
      "lesser",
      "normal",
      "normal",
      "normal",
      "greater",
    ]);
  });

  it("R-LEG-10 (ruling): d/2 is one exploding die, halved and rounded up", () => {
    expect(effectRoll(LEGACY, { rank: 1, faces: [5], chain: [] }).value).toBe(3);
    expect(effectRoll(LEGACY, { rank: 1, faces: [6], chain: [1] }).value).toBe(4);
    expect(effectRoll(LEGACY, { rank: 1, faces: [1], chain: [] }).value).toBe(1);
    expect(challengeEffect(challengeStats(LEGACY, "trivial"), [6], [6, 2]).value).toBe(7);
  });

  it("R-LEG-10: Trivial 5 · d/2, Dangerous 10 · 1d, Serious 20 · 2d, Formidable 30 · 3d, Extreme 40 · 4d, Fantastical 10n · nd", () => {
    expect(LEGACY.challengeTiers.map((t) => [t.id, t.disposition, t.dice, t.halved])).toEqual([
      ["trivial", 5, 0, true],
      ["dangerous", 10, 1, false],
      ["serious", 20, 2, false],
      ["formidable", 30, 3, false],
      ["extreme", 40, 4, false],
      ["fantastical", 50, 5, false],
    ]);
    expect(challengeStats(LEGACY, "fantastical", 7)).toEqual({
      tier: "fantastical",
      disposition: 70,
      dice: 7,
      halved: false,
      n: 7,
    });
    expect(makeFacet(LEGACY, "Talk", "trivial")).toMatchObject({ disposition: 5, value: 5 });
  });

  it("R-LEG-10 (ruling): Fantastical starts at n = 5 and its Disposition is exactly 10n; Exceptional reads as Extreme and back", () => {
    expect(() => challengeStats(LEGACY, "fantastical", 4)).toThrow(/between 5 and 100/);
    expect(() => challengeStats(LEGACY, "fantastical", 6, 65)).toThrow(/Disposition of 60, not 65/);
    expect(challengeStats(LEGACY, "fantastical", 6, 60).disposition).toBe(60);
    expect(challengeStats(LEGACY, "exceptional")).toMatchObject({ tier: "extreme", disposition: 40, dice: 4 });
    expect(challengeStats(CORE, "fantastical", 6)).toMatchObject({ tier: "exceptional", disposition: 60, dice: 6 });
    expect(challengeStats(DEGENESIS, "extreme")).toMatchObject({ tier: "exceptional", dice: 4 });
  });

  it("R-LEG-10 (ruling): a level of another ruleset keeps its dice and takes this ruleset's Disposition", () => {
    // A Core Exceptional of 6 dice (Disposition 48) in a Legacy world: Fantastical n = 6, 60.
    expect(challengeStats(LEGACY, "exceptional", 6, 48)).toEqual({
      tier: "fantastical",
      disposition: 60,
      dice: 6,
      halved: false,
      n: 6,
    });
    expect(challengeStats(LEGACY, "exceptional", 4, 48)).toMatchObject({ tier: "extreme", disposition: 40, dice: 4 });
    expect(challengeStats(CORE, "fantastical", 5, 50)).toMatchObject({ tier: "exceptional", disposition: 50, dice: 5 });
    expect(challengeStats(CORE, "extreme", undefined, 40)).toMatchObject({
      tier: "exceptional",
      disposition: 40,
      dice: 4,
    });
  });

  it("R-LEG-10: gang-up raises the level by one for every two Challenges beyond the first; past Extreme, Fantastical grows", () => {
    expect(gangUp(LEGACY, "dangerous", 1).tier).toBe("dangerous");
    expect(gangUp(LEGACY, "dangerous", 2).tier).toBe("dangerous");
    expect(gangUp(LEGACY, "dangerous", 3).tier).toBe("serious");
    expect(gangUp(LEGACY, "dangerous", 5).tier).toBe("formidable");
    expect(gangUp(LEGACY, "formidable", 5)).toMatchObject({ tier: "fantastical", n: 5, disposition: 50 });
    expect(gangUp(LEGACY, "fantastical", 3, 6)).toMatchObject({ n: 7, disposition: 70 });
    expect(() => gangUp(CORE, "dangerous", 3)).toThrow(/no gang-up/);
    expect(() => gangUp(LEGACY, "dangerous", 0)).toThrow(/between 1 and 100/);
  });

  it("R-LEG-10: a Challenge's Effect forks 1–3 Trivial, 4–5 Dangerous, 6–11 Serious, 12+ Formidable", () => {
    expect([1, 3, 4, 5, 7, 11, 13, 40].map((e) => forkLevel(LEGACY, e).tier)).toEqual([
      "trivial",
      "trivial",
      "dangerous",
      "dangerous",
      "serious",
      "serious",
      "formidable",
      "formidable",
    ]);
  });

  it("R-LEG-10 R-LEG-14: outside a montage a Legacy Challenge's Effect reads as a fork and a complication, never as Core's consequence", () => {
    expect([3, 5, 6, 9, 12, 13].map((e) => challengeReading(LEGACY, e))).toEqual([
      { kind: "fork", fork: "trivial", complication: 0 },
      { kind: "fork", fork: "dangerous", complication: 1 },
      { kind: "fork", fork: "serious", complication: 2 },
      { kind: "fork", fork: "serious", complication: 2 },
      { kind: "fork", fork: "formidable", complication: 3 },
      { kind: "fork", fork: "formidable", complication: 3 },
    ]);
    // R-CH-3 a ruleset without the fork table reads the same Effects as consequences.
    expect([3, 5, 12].map((e) => challengeReading(CORE, e))).toEqual([
      { kind: "consequence", consequence: "annoying", harmful: false },
      { kind: "consequence", consequence: "troublesome", harmful: false },
      { kind: "consequence", consequence: "devastating", harmful: false },
    ]);
    expect(challengeReading(DEGENESIS, 4)).toEqual({ kind: "consequence", consequence: "troublesome", harmful: false });
    expect(() => challengeReading(LEGACY, 0)).toThrow(/at least 1/);
  });

  it("R-LEG-15: Multi-attack: one more hit per Dark Die showing 6", () => {
    expect(multiAttackHits([6, 2, 6])).toBe(2);
    expect(multiAttackHits([])).toBe(0);
    expect(getAdvancement("multiAttack").flags).toEqual(["multiAttack"]);
  });

  it("R-LEG-15: the Legacy list: Extra Attribute raises a rating, Tough adds HP, Sneak attack and Sniper are situational +1d, Retire halves (rounded up)", () => {
    expect(LEGACY.advancements).toEqual([
      "extraAttribute",
      "protected",
      "sensoryAcuity",
      "sneakAttack",
      "sniper",
      "rally",
      "multiAttack",
      "tough",
      "curse",
      "retire",
      "fast",
    ]);
    expect(getAdvancement("extraAttribute")).toMatchObject({ flags: ["developed"], repeatable: true });
    expect(getAdvancement("tough").flags).toEqual(["tough"]);
    expect(getAdvancement("protected").flags).toEqual(["protected"]);
    expect(getAdvancement("sneakAttack").dice[0]).toMatchObject({ dice: 1, situational: true });
    expect(getAdvancement("sniper").dice[0]).toMatchObject({ dice: 1, situational: true });
    expect(getAdvancement("fast").flags).toEqual(["effectFirst"]);
    expect(successorAdvancements(5)).toBe(3);
  });

  it("R-LEG-17: the Fortune die and the order of Effects are Core's", () => {
    expect(fortune(4, 4).success).toBe(true);
    expect(getCondition("slow").flags).toEqual(["effectLast"]);
  });
});

describe("Legacy experience and montage", () => {
  it("R-LEG-12: one XP per Ego lost in the session, none for a Condition; Core keeps +2 per session and +1 per Condition", () => {
    expect(sessionXp(LEGACY, { egoLost: 3 })).toBe(3);
    expect(sessionXp(LEGACY, { egoLost: 0 })).toBe(0);
    expect(sessionXp(CORE, { egoLost: 3 })).toBe(2);
    expect(conditionXpFor(LEGACY, false)).toBe(0);
    expect(conditionXpFor(CORE, false)).toBe(1);
    expect(conditionXpFor(CORE, true)).toBe(0);
  });

  it("R-LEG-12 / R-XP-1: the Ego lost is counted where the session pays per Ego lost (Legacy), not where it is flat", () => {
    expect(countsEgoLost(LEGACY)).toBe(true);
    expect(countsEgoLost(CORE)).toBe(false);
    expect(countsEgoLost(DEGENESIS)).toBe(false);
  });

  it("R-LEG-13: the advancement roll: one die per XP, a sum ≥ Ego max + HP max gains an Advancement", () => {
    const target = advancementTarget(LEGACY, 3, 5);
    expect(target).toBe(8);
    expect(rollForAdvancement(LEGACY, [3, 5], 4, target)).toEqual({
      spent: 2,
      sum: 8,
      target: 8,
      success: true,
      xpAfter: 2,
    });
    expect(() => rollForAdvancement(LEGACY, [6, 6, 6], 2, target)).toThrow(/need 3 XP; only 2/);
    expect(() => advancementTarget(CORE, 3, 5)).toThrow(/costs XP/);
  });

  it("R-LEG-13 (ruling): the XP are spent whether the roll makes the target or not, and at least one die is thrown", () => {
    expect(rollForAdvancement(LEGACY, [1, 2], 2, 8)).toMatchObject({ success: false, spent: 2, xpAfter: 0 });
    expect(() => rollForAdvancement(LEGACY, [], 2, 8)).toThrow(/at least one XP/);
    expect(developSkill(LEGACY, [1], 1, 0)).toMatchObject({ success: true, rating: 1, xpAfter: 0 });
    expect(() => developSkill(LEGACY, [6, 6, 6], 3, 4)).toThrow(/already at 4/);
  });

  it("R-LEG-13: skill development: a sum ≥ 3 × the rating raises it by 1", () => {
    expect(skillTarget(LEGACY, 2)).toBe(6);
    expect(developSkill(LEGACY, [2, 3], 5, 2)).toMatchObject({ success: false, rating: 2, xpAfter: 3 });
    expect(developSkill(LEGACY, [2, 4], 5, 2)).toMatchObject({ success: true, rating: 3 });
    expect(() => skillTarget(CORE, 1)).toThrow(/no skills/);
  });

  it("R-LEG-14: the montage's complication: 1–3 none, 4–5 −1d, 7–11 −2d, 13+ −3d; Dark Dice cost 2 each", () => {
    expect([1, 3, 4, 5, 7, 11, 13, 30].map((e) => montageComplication(LEGACY, e))).toEqual([0, 0, 1, 1, 2, 2, 3, 3]);
    expect(darkDieCost(LEGACY, { montage: true })).toBe(2);
    expect(spendEgo(LEGACY, [1, 5, 2], 3, { montage: true })).toMatchObject({ cost: 4, after: 0, lost: true });
    expect(buildSkillPool(pool({ complication: 2 })).light).toBe(2);
    expect(() => montageComplication(CORE, 4)).toThrow(/no montage/);
    expect(() => darkDieCost(CORE, { montage: true })).toThrow(/no montage/);
  });

  it("R-LEG-14: the montage's pool: the complication comes off the pool's count before the clamp to 0–4", () => {
    expect(montagePool(LEGACY, 3, 2)).toEqual({ complication: 0, light: 3 });
    expect(montagePool(LEGACY, 3, 5)).toEqual({ complication: 1, light: 2 });
    // Six dice on the lines lose two and still throw four; one die losing three throws none.
    expect(montagePool(LEGACY, 6, 8)).toEqual({ complication: 2, light: 4 });
    expect(montagePool(LEGACY, 1, 14)).toEqual({ complication: 3, light: 0 });
    expect(() => montagePool(CORE, 3, 4)).toThrow(/no montage/);
  });

  it("R-LEG-14 (ruling): the table's gaps follow the author's simulation (6 → −2d, 12 → −3d); −3d is the most", () => {
    expect(montageComplication(LEGACY, 6)).toBe(2);
    expect(montageComplication(LEGACY, 12)).toBe(3);
    expect(montageComplication(LEGACY, 99)).toBe(3);
  });

  it("R-LEG-14 (ruling): companions pay any part of the montage's Ego cost from their own Ego, the shares adding up to the cost", () => {
    expect(
      splitEgoCost(4, [
        { id: "Ana", ego: 3, pays: 1 },
        { id: "Bo", ego: 5, pays: 3 },
      ]),
    ).toEqual([
      { id: "Ana", ego: 2 },
      { id: "Bo", ego: 2 },
    ]);
    expect(() => splitEgoCost(4, [{ id: "Ana", ego: 3, pays: 1 }])).toThrow(/add up to 1 Ego; the montage costs 4/);
    expect(() => splitEgoCost(2, [{ id: "Ana", ego: 1, pays: 2 }])).toThrow(/between 0 and 1/);
    expect(() =>
      splitEgoCost(2, [
        { id: "Ana", ego: 3, pays: 1 },
        { id: "Ana", ego: 3, pays: 1 },
      ]),
    ).toThrow(/named twice/);
  });

  it("R-LEG-12 (ruling): Ego refilled by a Condition is not counted back and gives no XP", () => {
    expect(LEGACY.experience.perCondition).toBe(0);
    // Lost 3, refilled, lost 2 more: 5 XP (the refill takes nothing off).
    expect(sessionXp(LEGACY, { egoLost: 3 + 2 })).toBe(5);
  });
});
