/**
 * The fuzz's entries for the ruleset-driven rules Legacy brought (docs/RULES.md §9): ratings, HP
 * harm, the skill pool, the Effect roll, Dark Dice, experience, gang-up and the montage, and their
 * exact odds. Each runs on every ruleset, so the shapes a ruleset lacks are refused (RulesError), never
 * broken. Invariants: ratings stay 0–4, HP never rise under harm, Light Dice 0–4, Ego 0…Ego before,
 * probabilities 0–1.
 */
import fc from "fast-check";
import * as rules from "../../src/rules/index.ts";
import { CORE, DEGENESIS, LEGACY, type Ruleset } from "../../src/rules/index.ts";
import * as A from "./arbitraries.ts";
import { entry, type EntryPoint } from "./harness.ts";

const t = fc.tuple;
const between = (v: number, min: number, max: number, what: string): string | null =>
  v >= min && v <= max ? null : `${what} ${v} is outside ${min}–${max}`;
const anyRuleset = fc.constantFrom<Ruleset>(LEGACY, CORE, DEGENESIS);
const legacyAttribute = fc.constantFrom("strength", "agility", "insight", "charisma");
const anyAttribute = fc.oneof(legacyAttribute, A.attribute, fc.constantFrom("", "__proto__"));
const skill = fc.constantFrom("violence", "exploration", "social", "survival", "vocational");
const ratings = fc.record({ strength: A.rating, agility: A.rating, insight: A.rating, charisma: A.rating });
const skills = fc.record({
  violence: A.rating,
  exploration: A.rating,
  social: A.rating,
  survival: A.rating,
  vocational: A.rating,
});
const wound = fc.constantFrom<rules.HpWound>("none", "critical", "mortal");
const hpState = t(fc.integer({ min: 0, max: 12 }), wound, fc.boolean()).map(([hp, w, dead]) => ({
  hp: w === "none" ? hp : 0,
  wound: w,
  dead,
}));
const hpTarget = t(hpState, ratings, A.armourState).map(([s, r, armour]) => ({ ...s, ratings: r, armour }));
const wholeRatings = (r: Readonly<Record<string, number>>): string | null =>
  Object.values(r).every((v) => Number.isInteger(v) && v >= 0 && v <= 4) ? null : `ratings ${JSON.stringify(r)}`;
const modifier = fc.record({
  id: fc.constantFrom("a", "b"),
  dice: fc.integer({ min: -2, max: 2 }),
  label: fc.constant("TERRAN.Mod.sniper"),
  appliesTo: fc.array(
    fc.oneof(
      fc.constant("any"),
      legacyAttribute,
      skill.map((s) => `skill:${s}`),
    ),
    { maxLength: 3 },
  ),
  situational: fc.boolean(),
});
const skillPoolInput = t(anyRuleset, legacyAttribute, fc.option(skill, { nil: null }), ratings, skills, wound).chain(
  ([ruleset, attribute, sk, r, s, w]) =>
    fc.record(
      {
        ruleset: fc.constant(ruleset),
        attribute: fc.constant(attribute),
        skill: fc.constant(sk),
        ratings: fc.constant(r),
        skills: fc.constant(s),
        wound: fc.constant(w),
        position: fc.integer({ min: -3, max: 3 }),
        improvised: fc.boolean(),
        heavyArmour: fc.boolean(),
        hinderedByHeavyArmour: fc.boolean(),
        complication: fc.integer({ min: 0, max: 3 }),
        modifiers: fc.array(modifier, { maxLength: 3 }),
        ticked: fc.subarray(["a", "b"]).map((x) => new Set(x)),
        dark: fc.integer({ min: 0, max: 6 }),
      },
      { requiredKeys: ["ruleset", "attribute", "skill", "ratings", "skills", "wound", "dark"] },
    ),
);
/** An Effect roll's valid dice: as many faces as the tool throws, and a complete chain after a 6. */
const effectRollInput = t(A.rank, A.effectTagsArb, fc.integer({ min: 0, max: 2 })).chain(([rank, tags, extra]) => {
  const dice = rules.effectDiceFor(LEGACY, rank, tags, extra).dice;
  return t(fc.array(A.face, { minLength: dice, maxLength: dice }), A.chainFrom(6)).map(([faces, [, chain]]) => ({
    rank,
    tags,
    extra,
    faces,
    chain: rules.highest(faces) === 6 ? chain : [],
  }));
});
const xpFaces = fc.array(A.face, { minLength: 1, maxLength: 8 });
const legacyTier = fc.constantFrom(
  "trivial",
  "dangerous",
  "serious",
  "formidable",
  "extreme",
  "fantastical",
  "exceptional",
);

/** A creation value is one of the scheme's table values, from 0 to its attribute maximum. */
export function creationValueCheck(value: unknown, scheme: rules.AttributeScheme): string | null {
  const values = scheme.creation.bands.map((b) => b.value);
  if (typeof value !== "number" || !values.includes(value))
    return `a creation value ${String(value)} is not on the table (${values.join(", ")})`;
  return between(value, 0, scheme.max, "a creation value");
}

export const LEGACY_ENTRIES: Readonly<Record<string, EntryPoint>> = {
  attributeIds: entry(rules.attributeIds, t(anyRuleset)),
  skillIds: entry(rules.skillIds, t(anyRuleset)),
  assertAttributeOf: entry(rules.assertAttributeOf, t(anyRuleset, anyAttribute)),
  assertSkillOf: entry(rules.assertSkillOf, t(anyRuleset, fc.oneof(skill, fc.constant("__proto__")))),
  assertRatingsOf: entry(rules.assertRatingsOf, t(anyRuleset, ratings)),
  assertSkillRatings: entry(rules.assertSkillRatings, t(anyRuleset, skills)),
  // R-LEG-2 / R-CHAR-4 a creation roll reads a value of its own table, within the scheme's range. (The
  // check once fixed 0–3, the shipped tables' span: a hostile table valuing a 6 at 4, within its max of 4,
  // was read rightly and broke the check, seed 433673300; tests/fuzz/fuzz.test.ts keeps that input.)
  creationValue: entry(
    rules.creationValue,
    t(
      anyRuleset.map((r) => r.attributes),
      fc.array(A.face, { minLength: 1, maxLength: 2 }),
    ),
    {
      check: (v, [scheme]) => creationValueCheck(v, scheme),
    },
  ),
  rollRatings: entry(
    rules.rollRatings,
    t(anyRuleset, fc.dictionary(legacyAttribute, fc.array(A.face, { minLength: 2, maxLength: 2 }))),
    { check: wholeRatings },
  ),
  assertSkillSpread: entry(rules.assertSkillSpread, t(anyRuleset, skills)),
  withoutSkills: entry(rules.withoutSkills, t(anyRuleset)),
  withoutSkillsBonus: entry(rules.withoutSkillsBonus, t(anyRuleset, ratings, anyAttribute), { check: wholeRatings }),
  raiseAttributeOf: entry(rules.raiseAttributeOf, t(anyRuleset, ratings, anyAttribute), { check: wholeRatings }),
  losableAttributes: entry(rules.losableAttributes, t(anyRuleset, ratings)),
  loseAttribute: entry(rules.loseAttribute, t(anyRuleset, ratings, anyAttribute, fc.integer({ min: 0, max: 2 })), {
    check: wholeRatings,
  }),
  // R-LEG-4 HP max ≥ 2 + Advancements.
  hpMax: entry(rules.hpMax, t(anyRuleset, ratings, fc.integer({ min: 0, max: 20 }), fc.boolean()), {
    check: (hp, [, , adv]) => between(hp, 2 + adv, 12 + 2 * adv, "HP max"),
  }),
  egoMax: entry(rules.egoMax, t(anyRuleset, ratings, fc.boolean()), { check: (e) => between(e, 1, 10, "Ego max") }),
  hpWoundPenalty: entry(rules.hpWoundPenalty, t(anyRuleset, wound), {
    check: (p) => between(p, 0, 2, "the wound penalty"),
  }),
  assertHpState: entry(rules.assertHpState, t(hpState)),
  protectedReduction: entry(rules.protectedReduction, t(fc.array(A.face, { maxLength: 4 }))),
  // R-LEG-5 harm never raises HP; only a Mortal wound (or no attribute left) kills.
  assessHpHarm: entry(
    rules.assessHpHarm,
    t(
      anyRuleset,
      hpTarget,
      fc.integer({ min: 0, max: 30 }),
      fc.record(
        { sacrificeShield: fc.boolean(), protectedFaces: fc.array(A.face, { maxLength: 3 }) },
        { requiredKeys: [] },
      ),
    ),
    {
      check: (h) => between(h.hpAfter, 0, h.hpBefore, "HP") ?? between(h.damage, 0, h.effect, "damage"),
    },
  ),
  applyHpHarm: entry(
    rules.applyHpHarm,
    t(
      anyRuleset,
      hpTarget,
      fc.integer({ min: 0, max: 30 }),
      fc.record(
        { lostAttribute: legacyAttribute, protectedFaces: fc.array(A.face, { maxLength: 3 }) },
        { requiredKeys: [] },
      ),
    ),
    {
      check: (r, [, target]) => between(r.hp, 0, target.hp, "HP") ?? wholeRatings(r.ratings),
    },
  ),
  recoverHpWound: entry(rules.recoverHpWound, t(anyRuleset, hpState)),
  restHp: entry(rules.restHp, t(anyRuleset, hpState, fc.integer({ min: 0, max: 12 }))),
  skillModifierApplies: entry(
    rules.skillModifierApplies,
    t(modifier, legacyAttribute, fc.option(skill, { nil: null })),
  ),
  skillPoolLines: entry(rules.skillPoolLines, t(skillPoolInput)),
  // R-LEG-9 Light Dice 0–4.
  buildSkillPool: entry(rules.buildSkillPool, t(skillPoolInput), {
    check: (p) => between(p.light, 0, 4, "Light Dice"),
  }),
  // R-LEG-11 the tool's dice plus exactly the extra asked (the function takes 0–6 extra, so up to 8 dice;
  // a bound of 5 was the fuzz's own, and a hostile extra of 4–6 broke it: seed 214489898).
  effectDiceFor: entry(rules.effectDiceFor, t(anyRuleset, A.rank, A.effectTagsArb, fc.integer({ min: 0, max: 3 })), {
    check: (d, [, , , extra]) =>
      d.dice === d.tool.dice + (extra ?? 0) && d.dice >= 1
        ? null
        : `Effect dice ${d.dice} for a tool of ${d.tool.dice} and ${String(extra)} extra`,
  }),
  // R-LEG-11 an Effect roll lands at least 1 (a die total ≥ 1, halved up).
  effectRoll: entry((input: rules.EffectRollInput) => rules.effectRoll(LEGACY, input), t(effectRollInput), {
    check: (e) => (e.value >= 1 ? null : `Effect ${e.value}`),
  }),
  multiAttackHits: entry(rules.multiAttackHits, t(fc.array(A.face, { maxLength: 8 }))),
  darkDieCost: entry(rules.darkDieCost, t(anyRuleset, fc.record({ montage: fc.boolean() }, { requiredKeys: [] }))),
  splitEgoCost: entry(
    rules.splitEgoCost,
    t(
      fc.integer({ min: 0, max: 8 }),
      fc.array(
        fc.record({
          id: fc.constantFrom("Ana", "Bo", "__proto__"),
          ego: fc.integer({ min: 0, max: 6 }),
          pays: fc.integer({ min: 0, max: 6 }),
        }),
        { maxLength: 3 },
      ),
    ),
  ),
  sessionXp: entry(rules.sessionXp, t(anyRuleset, fc.record({ egoLost: fc.integer({ min: 0, max: 30 }) }))),
  countsEgoLost: entry(rules.countsEgoLost, t(anyRuleset)),
  conditionXpFor: entry(rules.conditionXpFor, t(anyRuleset, fc.boolean())),
  advancementTarget: entry(
    rules.advancementTarget,
    t(anyRuleset, fc.integer({ min: 0, max: 10 }), fc.integer({ min: 0, max: 30 })),
  ),
  rollForAdvancement: entry(
    rules.rollForAdvancement,
    t(anyRuleset, xpFaces, fc.integer({ min: 0, max: 10 }), fc.integer({ min: 0, max: 40 })),
    { check: (r, [, , xp]) => between(r.xpAfter, 0, xp, "XP") },
  ),
  skillTarget: entry(rules.skillTarget, t(anyRuleset, A.rating)),
  developSkill: entry(rules.developSkill, t(anyRuleset, xpFaces, fc.integer({ min: 0, max: 10 }), A.rating), {
    check: (r) => between(r.rating, 0, 4, "a skill"),
  }),
  gangUp: entry(
    rules.gangUp,
    t(
      anyRuleset,
      legacyTier,
      fc.integer({ min: 1, max: 12 }),
      fc.option(fc.integer({ min: 5, max: 9 }), { nil: undefined }),
    ),
  ),
  complicationBand: entry(rules.complicationBand, t(anyRuleset, fc.integer({ min: 0, max: 40 }))),
  montageComplication: entry(rules.montageComplication, t(anyRuleset, fc.integer({ min: 0, max: 40 })), {
    check: (d) => between(d, 0, 3, "a complication"),
  }),
  // R-LEG-14 the montage's Light Dice stay 0–4 whatever the pool and the Challenge's Effect.
  montagePool: entry(
    rules.montagePool,
    t(anyRuleset, fc.integer({ min: -6, max: 10 }), fc.integer({ min: 0, max: 40 })),
    { check: (p) => between(p.light, 0, 4, "Light Dice") ?? between(p.complication, 0, 3, "a complication") },
  ),
  forkLevel: entry(rules.forkLevel, t(anyRuleset, fc.integer({ min: 0, max: 40 }))),
  challengeReading: entry(rules.challengeReading, t(anyRuleset, fc.integer({ min: 0, max: 40 }))),
  conditionOf: entry(
    rules.conditionOf,
    t(anyRuleset, fc.constantFrom("obsessiveFocus", "estranged", "slow", "__proto__", "stigma")),
  ),
  skillFocusModifiers: entry(rules.skillFocusModifiers, t(anyRuleset, skill, t(skill, skill, skill))),
  hpWithinMax: entry(rules.hpWithinMax, t(hpState, fc.integer({ min: 0, max: 12 })), {
    check: (s, [, max]) => between(s.hp, 0, max, "HP"),
  }),
  // R-LEG-9 … R-LEG-14 exact odds: probabilities 0–1, the expected Ego lost 0…Ego.
  outcomeOdds: entry(rules.outcomeOdds, t(fc.integer({ min: 0, max: 30 })), {
    fractional: true,
    check: (o) => between(o.fail + o.partial + o.success, 1 - 1e-9, 1 + 1e-9, "the bands' sum"),
  }),
  egoLossOdds: entry(
    rules.egoLossOdds,
    t(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 10 }), fc.constantFrom(1, 2), fc.boolean()),
    {
      fractional: true,
      check: (e, [, ego]) =>
        between(e.expectedLoss, 0, ego + 1e-9, "expected Ego lost") ?? between(e.pZero, 0, 1, "P(0)"),
    },
  ),
  separateRiskyOdds: entry(
    rules.separateRiskyOdds,
    t(
      anyRuleset,
      fc.record(
        {
          light: A.rating,
          dark: fc.integer({ min: 0, max: 30 }),
          ego: fc.integer({ min: 0, max: 10 }),
          montage: fc.boolean(),
        },
        { requiredKeys: ["light", "dark", "ego"] },
      ),
    ),
    {
      fractional: true,
      check: (o) => between(o.pEffect, 0, 1, "P(Effect)"),
    },
  ),
  keptExplodingOdds: entry(
    rules.keptExplodingOdds,
    t(fc.record({ dice: fc.integer({ min: 1, max: 8 }), halved: fc.boolean(), bonus: fc.integer({ min: 0, max: 2 }) })),
    {
      fractional: true,
      check: (o) => between(o.tailCut, 0, o.tailEpsilon, "the tail cut"),
    },
  ),
  effectRollOdds: entry(rules.effectRollOdds, t(anyRuleset, A.rank, A.effectTagsArb, fc.integer({ min: 0, max: 2 })), {
    fractional: true,
    check: (o) => (o.expected >= 1 ? null : `expected ${o.expected}`),
  }),
  sumAtLeastOdds: entry(rules.sumAtLeastOdds, t(fc.integer({ min: 1, max: 30 }), fc.integer({ min: -5, max: 200 })), {
    fractional: true,
    check: (o) => between(o.p, 0, 1, "P(sum ≥ target)"),
  }),
  challengeEffectOdds: entry(
    rules.challengeEffectOdds,
    t(anyRuleset, legacyTier, fc.option(fc.integer({ min: 4, max: 8 }), { nil: undefined })),
    { fractional: true },
  ),
  montageOdds: entry(
    rules.montageOdds,
    t(
      anyRuleset,
      fc.record({
        light: fc.integer({ min: -2, max: 7 }),
        dark: fc.integer({ min: 0, max: 6 }),
        ego: fc.integer({ min: 0, max: 10 }),
        tier: legacyTier,
      }),
    ),
    {
      fractional: true,
      check: (o) =>
        between(
          o.complication.reduce((s, c) => s + c.p, 0),
          1 - 1e-9,
          1 + 1e-9,
          "the complications' sum",
        ),
    },
  ),
};
