/**
 * The fuzz's table of the rules engine's entry points: every function `src/rules/index.ts` exports,
 * and the rulesets' Effect methods. `assertCovered` fails loudly when the index exports a function
 * this table does not name, so a new entry point cannot be forgotten.
 */
import fc from "fast-check";
import * as rules from "../../src/rules/index.ts";
import {
  ATTRIBUTE_TOTAL_CAP,
  ATTRIBUTES,
  CONDITIONS,
  CORE,
  V062,
  DEGENESIS,
  GROUPS,
  LEGACY,
  LIGHT_MAX,
  MECHANICS_FLAGS,
  WOUND_TRACKS,
  type Attributes,
  type EffectRule,
  type Ruleset,
} from "../../src/rules/index.ts";
import * as A from "./arbitraries.ts";
import { entry, type EntryPoint } from "./harness.ts";
import { FORECAST_ENTRIES } from "./forecast-entries.ts";
import { LEGACY_ENTRIES } from "./legacy-entries.ts";
import { LUCK_RULE_ENTRIES } from "./luck-ledger-entries.ts";
import { V062_ENTRIES } from "./v062-entries.ts";

export { entry };

const t = fc.tuple;
const between = (v: number, min: number, max: number, what: string): string | null =>
  v >= min && v <= max ? null : `${what} ${v} is outside ${min}–${max}`;
const sixWholeRatings = (a: Attributes): string | null => {
  const keys = Object.keys(a).sort().join(",");
  if (keys !== [...ATTRIBUTES].sort().join(",")) return `attributes have keys ${keys}`;
  for (const x of ATTRIBUTES) if (!Number.isInteger(a[x]) || a[x] < 0 || a[x] > 4) return `${x} is ${a[x]}`;
  return null;
};
const threeTracks = (w: object): string | null =>
  Object.keys(w).sort().join(",") === [...WOUND_TRACKS].sort().join(",")
    ? null
    : `wounds have keys ${Object.keys(w).join(",")}`;
const anyString = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.constantFrom("", "intuition", "insight", "stressed", "any", "save:insight", "core"),
);
const chainArgs = A.threshold.chain((th) =>
  t(A.chainFrom(th), fc.constant(th)).map(([[first, chain], thr]): [number, number[], number] => [first, chain, thr]),
);
const resolvedArgs = A.diceAndSelection.chain(([dice, selection]) =>
  t(
    fc.constant(dice),
    fc.constant(selection),
    fc.record({ reaction: fc.boolean(), gmAllowsEffect: fc.boolean(), specialist: fc.boolean() }),
    A.selectionSettings,
  ),
);
const tierTable = fc.constantFrom(CORE.effect.tiers, DEGENESIS.effect.tiers);

/** R-RA-4/R-RA-5 an Effect rule's value is never below its own minimum (the floor). */
function aboveFloor(rule: EffectRule, value: number, rank: rules.TierRank, tags?: rules.EffectTags): string | null {
  const floor = rule.minimum(rank, tags);
  return value >= floor ? null : `Effect ${value} is below the floor ${floor}`;
}

const effectRuleEntries = (name: string, r: Ruleset): Record<string, EntryPoint> => ({
  [`${name}.effect.value`]: entry(
    (dieTotal: number, rank: rules.TierRank, tags?: rules.EffectTags) => r.effect.value(dieTotal, rank, tags),
    t(fc.integer({ min: 0, max: 40 }), A.rank, A.effectTagsArb),
    { check: (res, [, rank, tags]) => aboveFloor(r.effect, res.value, rank, tags) },
  ),
  [`${name}.effect.minimum`]: entry(
    (rank: rules.TierRank, tags?: rules.EffectTags) => r.effect.minimum(rank, tags),
    t(A.rank, A.effectTagsArb),
    {
      check: (m) => between(m, 0, 10, "the floor"),
    },
  ),
});

/** Functions the index exports that are not entry points (with why). */
const advancementKey = fc.oneof(
  fc.constantFrom(...DEGENESIS.advancements, ...Object.values(DEGENESIS.cults).flat()),
  anyString,
);

export const NOT_ENTRY_POINTS: Readonly<Record<string, string>> = {
  RulesError: "the error class itself: every entry point is checked to throw only it",
};

export const RULES_ENTRIES: Readonly<Record<string, EntryPoint>> = {
  assertInteger: entry(
    rules.assertInteger,
    t(
      fc.integer({ min: -10, max: 10 }),
      fc.constant("X"),
      fc.integer({ min: -5, max: 0 }),
      fc.integer({ min: 0, max: 10 }),
    ),
    {
      check: (v, [, , min, max]) =>
        Number.isInteger(v) ? between(v, min, max ?? Number.POSITIVE_INFINITY, "the value") : "not whole",
    },
  ),
  assertId: entry((value: unknown) => rules.assertId(value, ["a", "b"], "an id"), t(anyString), {
    check: (v) => (v === "a" || v === "b" ? null : `accepted ${v}`),
  }),
  assertText: entry(rules.assertText, t(anyString, fc.constant("A name"))),
  assertAttribute: entry(rules.assertAttribute, t(A.attribute), {
    check: (v) => (ATTRIBUTES.includes(v) ? null : `accepted ${v}`),
  }),
  assertGroup: entry(rules.assertGroup, t(A.group), { check: (v) => (GROUPS.includes(v) ? null : `accepted ${v}`) }),
  assertTrack: entry(rules.assertTrack, t(A.gritTrack, fc.constant("Grit"))),
  assertFacet: entry(
    rules.assertFacet,
    A.facets.map((f) => [f[0] ?? f[1]] as [rules.Facet]),
  ),
  assertFace: entry(rules.assertFace, t(fc.integer({ min: 0, max: 7 })), { check: (f) => between(f, 1, 6, "face") }),
  assertFaces: entry(rules.assertFaces, t(fc.array(fc.integer({ min: 0, max: 7 }), { maxLength: 5 }))),
  // A stored list longer than a real roll makes is refused, whatever its entries.
  assertListUpTo: entry(
    (values: readonly unknown[]) => rules.assertListUpTo(values, 4, "A list").length,
    t(fc.array(fc.anything(), { maxLength: 8 })),
    { check: (n) => (n <= 4 ? null : `accepted ${n} entries over 4`) },
  ),
  assertStoredFaces: entry(
    (values: readonly number[]) => rules.assertStoredFaces(values, "A die").length,
    t(fc.array(fc.integer({ min: 0, max: 7 }), { maxLength: 110 })),
    { check: (n) => (n <= rules.STORED_LIST_MAX ? null : `accepted ${n} faces`) },
  ),
  highest: entry(rules.highest, t(A.faces()), {
    check: (h) => (Number.isInteger(h) ? between(h, 0, 6, "highest") : `highest ${String(h)}`),
  }),
  isFace: entry(rules.isFace, t(fc.integer({ min: -1, max: 8 }))),
  sum: entry(rules.sum, t(fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 6 })), {
    check: (s) => (typeof s === "number" ? null : `sum is ${typeof s}`),
  }),
  assertAttributes: entry(rules.assertAttributes, t(A.attributes), { check: sixWholeRatings }),
  assertRating: entry(rules.assertRating, t(fc.integer({ min: -1, max: 5 }))),
  // R-CHAR-5 an accepted change keeps the six together at 10 or less.
  assertRatingChange: entry(rules.assertRatingChange, t(A.attributes, A.attribute, fc.integer({ min: -1, max: 5 })), {
    check: (v, [a, attribute]) => {
      const next = { ...a, [attribute]: v };
      const bad = sixWholeRatings(next);
      if (bad) return `accepted with ${bad}`;
      const total = ATTRIBUTES.reduce((s, x) => s + next[x], 0);
      return total <= ATTRIBUTE_TOTAL_CAP ? null : `total ${total} escapes ${ATTRIBUTE_TOTAL_CAP}`;
    },
  }),
  attributeTotal: entry(rules.attributeTotal, t(A.attributes), { check: (v) => between(v, 0, 24, "total") }),
  deriveSaves: entry(rules.deriveSaves, t(A.attributes), {
    check: (s) => GROUPS.map((g) => between(s[g], 0, 2, g)).find((x) => x) ?? null,
  }),
  developAttribute: entry(rules.developAttribute, t(A.attributes, A.attribute), {
    check: (a) =>
      sixWholeRatings(a) ??
      between(
        ATTRIBUTES.reduce((s, x) => s + a[x], 0),
        0,
        ATTRIBUTE_TOTAL_CAP,
        "total",
      ),
  }),
  developableAttributes: entry(rules.developableAttributes, t(A.attributes), {
    check: (l) => (l.every((x) => ATTRIBUTES.includes(x)) ? null : "unknown attribute"),
  }),
  groupOf: entry(rules.groupOf, t(A.attribute), { check: (g) => (GROUPS.includes(g) ? null : `group ${String(g)}`) }),
  isAttribute: entry(rules.isAttribute, t(anyString)),
  isGroup: entry(rules.isGroup, t(anyString)),
  saveRating: entry(rules.saveRating, t(A.attributes, A.group), { check: (v) => between(v, 0, 2, "Save") }),
  totalWith: entry(rules.totalWith, t(A.attributes, A.attribute, A.rating), {
    check: (v) => between(v, 0, 24, "total"),
  }),
  // R-COND-1 Obsessive Focus: a taken shift keeps 0–4 and the total ≤ 10; an undo too, whatever the ratings now.
  applyAttributeShift: entry(rules.applyAttributeShift, t(A.attributes, A.attributeShift), {
    check: (a) =>
      sixWholeRatings(a) ??
      between(
        ATTRIBUTES.reduce((s, x) => s + a[x], 0),
        0,
        ATTRIBUTE_TOTAL_CAP,
        "total",
      ),
    hostileArgs: t(A.attributes, A.hostileShift),
  }),
  undoAttributeShift: entry(rules.undoAttributeShift, t(A.attributes, A.attributeShift), {
    check: (u) =>
      sixWholeRatings(u.attributes) ??
      between(
        ATTRIBUTES.reduce((s, x) => s + u.attributes[x], 0),
        0,
        ATTRIBUTE_TOTAL_CAP,
        "total",
      ),
    hostileArgs: t(A.attributes, A.hostileShift),
  }),
  attributeShiftRefusal: entry(rules.attributeShiftRefusal, t(A.attributes, A.attributeShift), {
    hostileArgs: t(A.attributes, A.hostileShift),
  }),
  isCompleteShift: entry(rules.isCompleteShift, t(A.storedShift), { hostileArgs: t(A.hostileShift) }),
  shiftChoices: entry(rules.shiftChoices, t(A.attributes), {
    check: (c) =>
      c.raise.every((x) => ATTRIBUTES.includes(x)) && c.lower.every((x) => ATTRIBUTES.includes(x))
        ? null
        : "unknown attribute",
  }),
  creationPoints: entry(rules.creationPoints, t(fc.integer({ min: 0, max: 7 })), {
    check: (v) => between(v, 1, 3, "points"),
  }),
  distributeCreationPoints: entry(
    rules.distributeCreationPoints,
    t(
      fc.record({ insight: A.face, prowess: A.face, resolve: A.face }),
      fc.record(
        {
          intuition: A.rating,
          reason: A.rating,
          finesse: A.rating,
          exertion: A.rating,
          attunement: A.rating,
          influence: A.rating,
        },
        { requiredKeys: [] },
      ),
    ),
    { check: sixWholeRatings },
  ),
  isMortallyWounded: entry(rules.isMortallyWounded, t(A.wounds)),
  isWoundTrack: entry(rules.isWoundTrack, t(anyString)),
  markWound: entry(rules.markWound, t(A.wounds, A.track), { check: threeTracks }),
  recoverWound: entry(rules.recoverWound, t(A.wounds, A.track), { check: threeTracks }),
  unmarkedTracks: entry(rules.unmarkedTracks, t(A.wounds)),
  woundPenaltyTrack: entry(
    rules.woundPenaltyTrack,
    t(A.wounds, A.group, fc.record({ ignoreBroken: fc.boolean(), ignoreWeary: fc.boolean() })),
  ),
  assertDiceModifier: entry(rules.assertDiceModifier, t(A.diceModifier)),
  collectFlags: entry(
    rules.collectFlags,
    t(fc.array(fc.record({ flags: fc.subarray([...MECHANICS_FLAGS]) }), { maxLength: 3 })),
  ),
  isMechanicsFlag: entry(rules.isMechanicsFlag, t(anyString)),
  isModifierScope: entry(rules.isModifierScope, t(anyString)),
  modifierApplies: entry(rules.modifierApplies, t(A.diceModifier, A.rollTarget)),
  activationResult: entry(rules.activationResult, t(fc.constantFrom(...rules.ADVANCEMENTS.values()), A.band)),
  // R-ADV-1 / R-ADV-2 activated advancements (src/rules/activation.ts).
  isActivatedAdvancement: entry(rules.isActivatedAdvancement, t(anyString)),
  activationDice: entry(
    rules.activationDice,
    t(
      fc.constantFrom(...rules.ACTIVATED_ADVANCEMENTS),
      fc.record({ ruleset: A.ruleset, attributes: A.attributes, wounds: A.wounds, flags: A.flags }),
    ),
    {
      check: (n) => between(n, 0, LIGHT_MAX, "activation dice"),
    },
  ),
  activationOutcome: entry(
    rules.activationOutcome,
    t(fc.constantFrom(...rules.ACTIVATED_ADVANCEMENTS), fc.string({ minLength: 1, maxLength: 8 }), A.faces(4)),
    {
      check: (o, [, , faces]) =>
        (faces.length === 0 && o.band !== "fail" ? "an empty roll succeeded" : null) ??
        (o.sceneEffect && rules.readSceneEffects([o.sceneEffect]).length !== 1
          ? "its own scene effect does not read back"
          : null),
    },
  ),
  addSceneEffect: entry(rules.addSceneEffect, t(A.sceneEffects, A.sceneEffect), {
    check: (list) =>
      new Set(list.map((e) => e.advancement)).size === list.length ? null : "two effects of one advancement",
  }),
  endSceneEffects: entry(rules.endSceneEffects, t(A.sceneEffects, fc.option(anyString, { nil: undefined })), {
    // Ending one effect early keeps the activation used (ruling): nothing is dropped, only emptied.
    check: (after, [before, advancement]) =>
      advancement === undefined
        ? after.length === 0
          ? null
          : "the scene ended but effects remain"
        : after.length === rules.readSceneEffects(before).length
          ? null
          : "ending one effect early dropped its record",
  }),
  activationRefusal: entry(
    rules.activationRefusal,
    t(A.sceneEffects, fc.constantFrom(...rules.ACTIVATED_ADVANCEMENTS)),
    {
      check: (refusal, [effects, id]) =>
        (refusal === null) === !rules.readSceneEffects(effects).some((e) => e.advancement === id)
          ? null
          : "a refusal that does not match the scene",
    },
  ),
  suitDepleted: entry(rules.suitDepleted, t(A.sceneEffects), {
    check: (depleted, [effects]) =>
      depleted === rules.readSceneEffects(effects).some((e) => e.kind === "depleted") ? null : "depleted read wrong",
  }),
  sceneModifiers: entry(rules.sceneModifiers, t(A.sceneEffects), {
    check: (mods) => (mods.every((m) => m.situational) ? null : "a scene bonus that always applies"),
  }),
  readSceneEffects: entry(rules.readSceneEffects, t(fc.oneof(A.sceneEffects, fc.anything())), {
    hostileArgs: t(
      fc.array(
        fc.oneof(
          fc.anything(),
          A.sceneEffect.map((e) => ({ ...e, modifier: { ...e.modifier, dice: Number.NaN } })),
        ),
        { maxLength: 4 },
      ),
    ),
    check: (list) =>
      new Set(list.map((e) => e.advancement)).size === list.length ? null : "two effects of one advancement",
  }),
  teslaBacklashDue: entry(rules.teslaBacklashDue, t(A.band, fc.boolean())),
  // R-ADV-2 Tesla: two dice, the highest kept and its chain (R-CH-2).
  teslaBacklash: entry(
    rules.teslaBacklash,
    t(A.chainFrom(6), A.face).map(([[first, chain], other]): [number[], number[]] => [
      [Math.min(other, first), first],
      chain,
    ]),
    { check: (e) => (e.value >= 1 ? null : `Effect ${e.value}`) },
  ),
  advancementRefusal: entry(rules.advancementRefusal, t(A.ruleset, A.advancementOwner, A.advancementId)),
  getAdvancement: entry(rules.getAdvancement, t(A.advancementId)),
  getCondition: entry(rules.getCondition, t(fc.constantFrom(...CONDITIONS.keys()))),
  assertRange: entry(
    rules.assertRange,
    A.ruleset.chain((r) => t(fc.constant(r), fc.constantFrom(...r.ranges.map((x) => x.id), "farAway", "long"))),
  ),
  effectTags: entry(rules.effectTags, t(fc.option(A.weaponFor(CORE), { nil: undefined }))),
  hasTag: entry(
    rules.hasTag,
    t(fc.option(A.weaponFor(CORE), { nil: undefined }), fc.constantFrom(...rules.WEAPON_TAGS)),
  ),
  isCloseRange: entry(
    rules.isCloseRange,
    A.ruleset.chain((r) => t(fc.constant(r), fc.constantFrom(...r.ranges.map((x) => x.id)))),
  ),
  isWeaponTag: entry(rules.isWeaponTag, t(anyString)),
  weaponAttribute: entry(
    rules.weaponAttribute,
    t(A.ruleset, fc.subarray(["contact", "reach", "short", "long", "nearby", "farAway"])),
  ),
  // R-POOL-3 Light Dice 0–4, R-POOL-4 Dark Dice within the dialog's maximum, R-POOL-5 empty ⇔ no dice.
  buildPool: entry(rules.buildPool, t(A.poolInput), {
    check: (p, [input]) =>
      between(p.light, 0, LIGHT_MAX, "Light Dice") ??
      between(p.dark, 0, input.darkMax ?? Number.POSITIVE_INFINITY, "Dark Dice") ??
      (p.empty === (p.light + p.dark === 0) ? null : "empty disagrees with the dice"),
  }),
  // R-CHAR-3 / R-V-3 a Save's name is one of the ruleset's own keys.
  saveLabelKey: entry(rules.saveLabelKey, t(A.ruleset, A.group), {
    check: (key, [ruleset]) =>
      ruleset.attributes.groups.some((g) => g.saveLabelKey === key) || key.startsWith("TERRAN.Save.")
        ? null
        : `label ${key}`,
  }),
  assertPool: entry(
    (input: rules.PoolInput) => {
      const pool = rules.buildPool(input);
      return rules.assertPool(pool, pool.light, pool.dark);
    },
    t(A.poolInput),
    { check: (p) => between(p.light, 0, LIGHT_MAX, "Light Dice") },
  ),
  clampLight: entry(rules.clampLight, t(fc.integer({ min: -10, max: 15 }), fc.boolean()), {
    check: (c) => between(c.light, 0, LIGHT_MAX, "Light Dice"),
  }),
  poolBase: entry(rules.poolBase, t(A.attributes, A.rollTarget), { check: (v) => between(v, 0, 4, "base") }),
  poolLines: entry(rules.poolLines, t(A.poolInput)),
  targetGroup: entry(rules.targetGroup, t(A.rollTarget), {
    check: (g) => (GROUPS.includes(g) ? null : `group ${String(g)}`),
  }),
  challengeStrikesBack: entry(
    rules.challengeStrikesBack,
    t(
      fc.record({ player: fc.boolean(), challenge: fc.boolean() }),
      fc.constantFrom("player-first" as const, "player-last" as const, "gm" as const),
      fc.boolean(),
    ),
  ),
  defaultSecondHit: entry(rules.defaultSecondHit, A.diceAndSelection),
  defaultSelection: entry(rules.defaultSelection, t(fc.array(A.poolDie, { maxLength: 8 }), A.selectionSettings)),
  effectOrder: entry(
    rules.effectOrder,
    t(fc.record({ fast: fc.boolean(), nimble: fc.boolean(), slow: fc.boolean() }, { requiredKeys: [] })),
  ),
  effectsThatLand: entry(rules.effectsThatLand, t(A.band)),
  poolDice: entry(rules.poolDice, t(A.faces(4), A.faces(8))),
  precisionBand: entry(rules.precisionBand, t(A.face)),
  reduceDisposition: entry(
    rules.reduceDisposition,
    t(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 40 })),
    {
      check: (r, [d]) => between(r.value, 0, d, "Disposition"),
    },
  ),
  resolve: entry(rules.resolve, resolvedArgs),
  secondHitAvailable: entry(
    rules.secondHitAvailable,
    resolvedArgs.chain(([dice, selection, options, settings]) => {
      let resolution: rules.Resolution;
      try {
        resolution = rules.resolve(dice, selection, options, settings);
      } catch {
        resolution = rules.resolve(dice, { precision: 0, effect: null }, options, settings);
      }
      return t(
        fc.constant(dice),
        fc.constant(selection),
        fc.constant(resolution),
        fc.record({ whirlwind: fc.boolean(), combat: fc.boolean() }),
      );
    }),
  ),
  validateSecondHit: entry(
    rules.validateSecondHit,
    A.diceAndSelection.chain(([d, s]) => t(fc.constant(d), fc.constant(s), fc.integer({ min: 0, max: d.length - 1 }))),
  ),
  validateSelection: entry(
    rules.validateSelection,
    A.diceAndSelection.chain(([d, s]) => t(fc.constant(d), fc.constant(s), A.selectionSettings)),
  ),
  chainNeedsMore: entry(rules.chainNeedsMore, chainArgs),
  explodes: entry(rules.explodes, t(A.face, A.threshold)),
  explosionThreshold: entry(rules.explosionThreshold, t(fc.boolean())),
  explosionTotal: entry(rules.explosionTotal, chainArgs, { check: (r) => (r.total >= 1 ? null : `total ${r.total}`) }),
  asTierRank: entry(rules.asTierRank, t(fc.integer({ min: -1, max: 5 }))),
  // The tier builders are checked through the rules they build (a NaN bonus would surface there).
  floorTiers: entry(
    (
      tiers: readonly rules.EffectTier[],
      versatile: number,
      improvisedRank: rules.TierRank,
      dieTotal: number,
      rank: rules.TierRank,
      tags: rules.EffectTags,
    ) => {
      const rule = rules.floorTiers(tiers, versatile, improvisedRank);
      return { value: rule.value(dieTotal, rank, tags), minimum: rule.minimum(rank, tags) };
    },
    t(tierTable, fc.integer({ min: 0, max: 2 }), A.rank, fc.integer({ min: 0, max: 30 }), A.rank, A.effectTagsArb),
    { check: (r) => (r.value.value >= r.minimum ? null : `Effect ${r.value.value} below the floor ${r.minimum}`) },
  ),
  modifierTiers: entry(
    (
      tiers: readonly rules.EffectTier[],
      versatile: number,
      improvisedRank: rules.TierRank,
      dieTotal: number,
      rank: rules.TierRank,
      tags: rules.EffectTags,
    ) => {
      const rule = rules.modifierTiers(tiers, versatile, improvisedRank);
      return { value: rule.value(dieTotal, rank, tags), minimum: rule.minimum(rank, tags) };
    },
    t(tierTable, fc.integer({ min: 0, max: 2 }), A.rank, fc.integer({ min: 0, max: 30 }), A.rank, A.effectTagsArb),
    { check: (r) => (r.value.value >= r.minimum ? null : `Effect ${r.value.value} below the floor ${r.minimum}`) },
  ),
  playerEffect: entry(
    rules.playerEffect,
    t(A.ruleset, fc.boolean(), A.rank, A.effectTagsArb, fc.boolean()).chain(
      ([r, slaughter, rank, tags, specialistRescue]) =>
        A.chainFrom(slaughter ? 5 : 6).map(
          ([first, chain]) => [r, { first, chain, slaughter, rank, tags, specialistRescue }] as const,
        ),
    ),
    { check: (e, [r, input]) => aboveFloor(r.effect, e.value, e.rank, input.tags) },
  ),
  assertEgo: entry(rules.assertEgo, t(fc.integer({ min: -1, max: 7 }))),
  darkDieCosts: entry(rules.darkDieCosts, t(A.face as fc.Arbitrary<rules.Face>, A.ego, fc.boolean())),
  egoDiceCount: entry(rules.egoDiceCount, t(fc.integer({ min: 0, max: 4 }), fc.boolean())),
  egoResetRow: entry(rules.egoResetRow, t(A.ruleset, A.face), { check: (row) => (row.min <= row.max ? null : "row") }),
  egoRoll: entry(rules.egoRoll, t(A.faces(3)), { check: (v) => between(v, 0, 6, "Ego") }),
  isLost: entry(rules.isLost, t(A.ego)),
  resetEgo: entry(rules.resetEgo, t(A.ruleset, A.faces(3)), { check: (r) => between(r.ego, 0, 6, "Ego") }),
  // R-EGO-2 / R-LEG-8 Ego never below 0, never above what it was nor the ruleset's most (R-SAY-1, R-LEG-14 options).
  spendEgo: entry(
    rules.spendEgo,
    t(
      A.ruleset,
      A.faces(10),
      fc.integer({ min: 0, max: 10 }),
      fc.record({ sayonara: fc.boolean(), montage: fc.boolean() }, { requiredKeys: [] }),
    ),
    {
      check: (s, [r]) => between(s.after, 0, s.before, "Ego after") ?? between(s.before, 0, r.ego.max, "Ego"),
    },
  ),
  advancementGritReset: entry(rules.advancementGritReset, t(A.gritTrack, A.small), {
    check: (g, [old, roll]) =>
      g.max >= old.max && g.value === Math.max(old.value, roll) && g.value <= g.max
        ? null
        : "R-GRIT-3 the maximum fell, or the value is not the higher of value and roll",
  }),
  gritDiceCount: entry(
    rules.gritDiceCount,
    t(
      fc.integer({ min: 0, max: 4 }),
      fc.record(
        { dieHard: fc.boolean(), poorNight: fc.boolean(), poorFood: fc.boolean(), asceticism: fc.boolean() },
        { requiredKeys: [] },
      ),
    ),
    {
      check: (n, [dice]) => between(n, 0, dice + 1, "dice"),
    },
  ),
  // R-GRIT-1: the highest die, or with Die Hard the sum — at most 6 per die thrown, however many there are.
  gritRoll: entry(rules.gritRoll, t(A.faces(4), fc.boolean()), {
    check: (v, [faces]) => between(v, 0, 6 * (faces as readonly number[]).length, "Grit"),
  }),
  restGrit: entry(rules.restGrit, t(A.small), { check: (g) => (g.value === g.max ? null : "value ≠ max") }),
  applyHarm: entry(
    rules.applyHarm,
    t(
      A.harmTarget,
      fc.integer({ min: 0, max: 20 }),
      fc.record({ sacrificeShield: fc.boolean(), woundTrack: A.track }, { requiredKeys: [] }),
    ),
    { check: (r, [target]) => between(r.grit, 0, target.grit, "Grit") ?? threeTracks(r.wounds) },
  ),
  armourValue: entry(rules.armourValue, t(A.armourState), {
    check: (a) => (a.value >= 0 ? null : `armour ${a.value}`),
  }),
  assessHarm: entry(
    rules.assessHarm,
    t(
      A.harmTarget,
      fc.integer({ min: 0, max: 20 }),
      fc.record({ sacrificeShield: fc.boolean() }, { requiredKeys: [] }),
    ),
    {
      check: (h) => between(h.gritAfter, 0, h.gritBefore, "Grit"),
    },
  ),
  damageAfterArmour: entry(
    rules.damageAfterArmour,
    t(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 5 })),
    { check: (d, [e]) => between(d, 0, e, "damage") },
  ),
  applyMalaise: entry(rules.applyMalaise, t(A.malaiseTarget, A.malaise, fc.option(A.attribute, { nil: undefined })), {
    check: (r, [target]) =>
      sixWholeRatings(r.attributes) ??
      between(r.gritDice, 0, target.gritDice, "Grit dice") ??
      between(r.egoDice, 0, target.egoDice, "Ego dice"),
  }),
  malaiseFor: entry(rules.malaiseFor, t(A.face)),
  malaiseOptions: entry(rules.malaiseOptions, t(A.attributes, A.group), {
    check: (l) => (l.every((x) => ATTRIBUTES.includes(x)) ? null : "unknown attribute"),
  }),
  advancementCost: entry(rules.advancementCost, t(fc.integer({ min: 0, max: 30 }))),
  conditionXp: entry(rules.conditionXp, t(fc.boolean())),
  spendXpForAdvancement: entry(
    rules.spendXpForAdvancement,
    t(fc.integer({ min: 0, max: 80 }), fc.integer({ min: 0, max: 30 })),
    { check: (x, [xp]) => between(x, 0, xp, "XP") },
  ),
  sayonaraTrack: entry(rules.sayonaraTrack, t(A.ruleset, A.gritTrack, A.small), {
    check: (tr) => (tr.value >= 0 && tr.max >= 0 ? null : "negative track"),
  }),
  successorAdvancements: entry(rules.successorAdvancements, t(fc.integer({ min: 0, max: 30 }))),
  fortune: entry(rules.fortune, t(A.face, fc.integer({ min: 1, max: 6 }))),
  fortuneProbability: entry(rules.fortuneProbability, t(fc.integer({ min: 0, max: 7 })), {
    fractional: true,
    check: (p) => between(p, 0, 1, "probability"),
  }),
  // R-LUCK-2 the chi-square tail and the fairness test: a probability, falling with the statistic; a
  // verdict only from 30 dice.
  chiSquareSurvival: entry(
    rules.chiSquareSurvival,
    t(
      fc.oneof(fc.double({ min: 0, max: 2000, noNaN: true }), fc.integer({ min: 0, max: 60 })),
      fc.integer({ min: 1, max: 30 }),
    ),
    { fractional: true, check: (p) => between(p, 0, 1, "probability") },
  ),
  diceFairness: entry(
    rules.diceFairness,
    t(
      fc.array(fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 10 ** 9 })), {
        minLength: 6,
        maxLength: 6,
      }),
    ),
    {
      fractional: true,
      check: (r, [faces]) => {
        const dice = faces.reduce((s, n) => s + n, 0);
        if (r.dice !== dice) return `counted ${r.dice} dice of ${dice}`;
        if (r.statistic < 0) return `a negative statistic ${r.statistic}`;
        if ((r.p === null) !== dice < rules.FAIR_MIN_DICE) return `p ${String(r.p)} with ${dice} dice`;
        if (r.p !== null && (r.p < 0 || r.p > 1)) return `p ${r.p}`;
        const unusual = r.p !== null && r.p < rules.FAIR_ALPHA;
        return (r.verdict === "unusual") === unusual ? null : `verdict ${r.verdict} with p ${String(r.p)}`;
      },
    },
  ),
  applyEffectToFacet: entry(
    rules.applyEffectToFacet,
    A.facets.chain((f) => t(fc.constant(f), fc.integer({ min: 0, max: f.length }), fc.integer({ min: 0, max: 30 }))),
  ),
  challengeEffect: entry(
    rules.challengeEffect,
    fc
      .record({ dice: fc.integer({ min: 0, max: 6 }), halved: fc.boolean() })
      .chain((stats) =>
        t(
          fc.constant(stats),
          fc.array(A.face, { minLength: stats.halved ? 1 : stats.dice, maxLength: stats.halved ? 1 : stats.dice }),
          A.chainFrom(6),
        ).map(([s, dice, [, chain]]) => [s, dice, rules.highest(dice) === 6 ? chain : []] as const),
      ),
    { check: (e) => (e.value >= 1 ? null : `Effect ${e.value}`) },
  ),
  // R-CH-1 (ruling) Exceptional: n ≥ 4 dice and any Disposition ≥ 40; the other tiers keep their one Disposition.
  challengeStats: entry(
    rules.challengeStats,
    t(
      A.ruleset,
      A.challengeTier,
      fc.option(fc.integer({ min: 4, max: 12 }), { nil: undefined }),
      fc.option(fc.integer({ min: 0, max: 200 }), { nil: undefined }),
    ),
    {
      check: (s, [r]) => {
        const least = r.challengeTiers.find((d) => d.id === "exceptional")?.disposition ?? 0;
        return s.tier !== "exceptional" || (s.disposition >= least && s.dice >= 4)
          ? null
          : `Exceptional ${s.disposition} / ${s.dice}d`;
      },
    },
  ),
  challengeScale: entry(rules.challengeScale, t(A.ruleset, A.challengeTier), {
    check: (s) =>
      s === null || s.minDisposition === s.dispositionPerN * s.minN
        ? null
        : "the least Disposition is not per-n × least n",
  }),
  challengeTierDef: entry(rules.challengeTierDef, t(A.ruleset, A.challengeTier)),
  challengeArmour: entry(
    rules.challengeArmour,
    t(fc.record({ ruleset: A.ruleset, houseRule: fc.boolean() }), fc.integer({ min: -2, max: 12 })),
    {
      // R-CH-6 / R-LEG-6 never negative, never more than stored, and 0 in Legacy or with the house rule off.
      check: (armour, [rule, stored]) =>
        armour < 0 || armour > stored
          ? `armour ${armour} from ${stored}`
          : armour > 0 && !(rule.houseRule && rule.ruleset.challengeArmour === "houseRule")
            ? `armour ${armour} counted without the house rule`
            : null,
    },
  ),
  challengeArmourShown: entry(
    rules.challengeArmourShown,
    t(fc.record({ ruleset: A.ruleset, houseRule: fc.boolean() })),
    { check: (shown, [rule]) => (shown && rule.ruleset.id === "legacy" ? "armour shown in Legacy" : null) },
  ),
  consequenceOf: entry(rules.consequenceOf, t(fc.integer({ min: 0, max: 30 }))),
  isOvercome: entry(rules.isOvercome, t(A.facets)),
  makeFacet: entry(
    rules.makeFacet,
    t(
      A.ruleset,
      fc.constantFrom("Brute", ""),
      A.challengeTier,
      fc.option(fc.integer({ min: 4, max: 12 }), { nil: undefined }),
      fc.option(fc.integer({ min: 0, max: 200 }), { nil: undefined }),
    ),
    { check: (f) => (f.value === f.disposition ? null : "a new facet is not at full Disposition") },
  ),
  pHighestAtMost: entry(rules.pHighestAtMost, t(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 40 })), {
    fractional: true,
    check: (p) => between(p, 0, 1, "probability"),
  }),
  // R-EGO-2 the expected Ego lost is between 0 and the Ego at the throw.
  riskyActionOdds: entry(
    rules.riskyActionOdds,
    t(A.oddsInput, fc.option(t(A.ruleset, A.rank, A.effectTagsArb), { nil: undefined })).map(
      ([input, effect]) =>
        [effect ? { ...input, effect: { rule: effect[0].effect, rank: effect[1], tags: effect[2] } } : input] as const,
    ),
    {
      fractional: true,
      check: (o, [input]) =>
        between(o.ego.expectedLoss, 0, input.ego, "expected Ego lost") ?? between(o.outcome.fail, 0, 1, "P(fail)"),
    },
  ),
  // The risk advisor (src/rules/advice.ts): one row per Dark Dice count, its figures probabilities.
  adviceRows: entry(
    rules.adviceRows,
    t(
      fc.integer({ min: -2, max: 12 }),
      A.oddsInput.map((input) => (dark: number) => rules.riskyActionOdds({ ...input, dark })),
      fc.constant(rules.combinedAdviceFigures),
    ),
    {
      fractional: true,
      check: (rows, [max]) =>
        rows.length !== max + 1
          ? `${rows.length} rows for a maximum of ${max}`
          : (rows
              .map((r) => between(r.figures.atLeastPartial, r.figures.success - 1e-12, 1, "P(4+)"))
              .find((e) => e !== null) ?? null),
    },
  ),
  combinedAdviceFigures: entry(
    rules.combinedAdviceFigures,
    t(A.oddsInput.map((input) => rules.riskyActionOdds(input))),
    { fractional: true, check: (f) => between(f.egoZero, 0, 1, "P(Ego 0)") ?? between(f.success, 0, 1, "P(6)") },
  ),
  separateAdviceFigures: entry(
    rules.separateAdviceFigures,
    t(
      fc
        .record({ light: A.rating, dark: fc.integer({ min: 0, max: 30 }), ego: fc.integer({ min: 0, max: 10 }) })
        .map((input) => rules.separateRiskyOdds(LEGACY, input)),
    ),
    { fractional: true, check: (f) => between(f.effect, 0, 1, "P(Effect roll)") },
  ),
  getRuleset: entry(rules.getRuleset, t(A.rulesetId)),
  isRulesetId: entry(rules.isRulesetId, t(anyString)),
  // R-ADV-1 R-ADV-2 an engine advancement is read from its cult's list, else Core's, else Degenesis' own.
  engineAdvancementOrigin: entry(rules.engineAdvancementOrigin, t(advancementKey, A.ruleset), {
    check: ({ source, cult }, [key, ruleset]) => {
      if (source === "cult") return ruleset.cults[cult]?.includes(key) ? null : `${key} read as cult ${cult}`;
      if (cult !== "") return `a cult ${cult} named with source ${source}`;
      if (source === "core") return CORE.advancements.includes(key) ? null : `${key} read as Core's`;
      return source === "degenesis" ? null : `source ${source}`;
    },
  }),
  isEngineAdvancement: entry(rules.isEngineAdvancement, t(advancementKey), {
    check: (is, [key]) => {
      const named = [CORE, DEGENESIS].some(
        (r) => r.advancements.includes(key) || Object.values(r.cults).flat().includes(key),
      );
      return is === named ? null : `${key}: ${String(is)}`;
    },
  }),
  ...effectRuleEntries("CORE", CORE),
  ...effectRuleEntries("DEGENESIS", DEGENESIS),
  ...effectRuleEntries("LEGACY", LEGACY),
  ...effectRuleEntries("V062", V062),
  ...LEGACY_ENTRIES,
  ...FORECAST_ENTRIES,
  ...LUCK_RULE_ENTRIES,
  ...V062_ENTRIES,
  // R-LEG-11 every rank reads as one of Legacy's tools; an improvised one as the lowest.
  toolFor: entry(rules.toolFor, t(fc.constant(LEGACY.tools), A.rank, fc.boolean()), {
    check: (tool, [, rank, improvised]) =>
      (improvised ? tool.id === "lesser" : tool.ranks.includes(rank)) ? null : `rank ${rank} read as ${tool.id}`,
  }),
  toolTiers: entry(rules.toolTiers, t(fc.constant(LEGACY.effect.tiers), fc.constant(LEGACY.tools)), {
    check: (rule) => (rule.kind === "tool" ? null : `kind ${rule.kind}`),
  }),
};

/** Fails loudly when `module` exports a function that `table` does not cover (nor `excused` excuses). */
export function assertCovered(
  what: string,
  module: Record<string, unknown>,
  table: Readonly<Record<string, unknown>>,
  excused: Readonly<Record<string, string>> = {},
): void {
  const missing = Object.entries(module)
    .filter(([name, value]) => typeof value === "function" && !(name in table) && !(name in excused))
    .map(([name]) => name);
  if (missing.length > 0) {
    throw new Error(
      `${what} exports ${missing.join(", ")}, which the fuzz table does not cover: add them to tests/fuzz/.`,
    );
  }
}

assertCovered("src/rules/index.ts", rules, RULES_ENTRIES, NOT_ENTRY_POINTS);
