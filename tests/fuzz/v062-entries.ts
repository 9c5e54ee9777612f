/**
 * The fuzz's entries for v0.6.2's pure rules (R-V-4 … R-V-6, R-V-8, R-V-12, R-V-14 … R-V-17). Invariants: at
 * most one skill die, no skill twice; a Panic's Ego is a face and its state that face's row; Morale never
 * raises a tier; an Effect never below 0 nor a partial above the success; rows −1…+1; every law sums to 1.
 */
import fc from "fast-check";
import * as rules from "../../src/rules/index.ts";
import {
  V062,
  V062_CHALLENGE_TIERS,
  V062_CONSEQUENCES,
  V062_MORALE,
  V062_PANIC,
  V062_SKILLS,
  V062_WEAPONS,
} from "../../src/rules/rulesets/v062.ts";
import * as A from "./arbitraries.ts";
import { entry, type EntryPoint } from "./harness.ts";

const t = fc.tuple;
const MORALE: rules.MoraleTables = { tiers: V062_CHALLENGE_TIERS, rows: V062_MORALE };
const TIERED = { ...rules.CORE, challengeTiers: V062_CHALLENGE_TIERS };
const sumsToOne = (values: readonly number[], what: string): string | null => {
  const total = values.reduce((a, b) => a + b, 0);
  return Math.abs(total - 1) < 1e-9 && values.every((p) => p >= 0) ? null : `${what} sums to ${total}`;
};

const panicInput = fc.record({
  failed: fc.boolean(),
  lost: fc.boolean(),
  panickedThisScene: fc.boolean(),
  successAtCost: fc.boolean(),
  egoDice: fc.integer({ min: 0, max: 3 }),
  eager: fc.boolean(),
});

const tierStats = fc
  .tuple(fc.constantFrom(...V062_CHALLENGE_TIERS.map((d) => d.id)), fc.integer({ min: 4, max: 8 }))
  .map(([tier, n]) => rules.challengeStats(TIERED, tier, tier === "exceptional" ? n : undefined));

/** A Challenge at 0, its full Disposition, and its Morale throw (sometimes the wrong number of dice). */
const moraleArgs = tierStats.chain((stats) => {
  const n = stats.halved ? 1 : stats.dice;
  return t(
    fc.constant(stats),
    fc.integer({ min: 1, max: 60 }),
    fc.array(A.face, { minLength: Math.max(0, n - 1), maxLength: n + 1 }),
    A.chainFrom(6),
  ).map(([s, full, faces, [, chain]]): [rules.ChallengeStats, number, number[], number[]] => [
    s,
    full,
    faces,
    rules.highest(faces) === 6 ? chain : [],
  ]);
});

const S = V062_SKILLS;
const listedSkill = fc.constantFrom(...S.groups.flatMap((g) => g.skills.map((k) => k.id)), "nope", "");
const heldSkill: fc.Arbitrary<rules.HeldSkill> = fc.oneof(
  listedSkill,
  fc.record({
    group: fc.constantFrom(...S.groups.map((g) => g.id), "x"),
    name: fc.constantFrom("Opera", " opera ", " "),
  }),
);
const skills = fc.array(heldSkill, { maxLength: 5 });
const groupPair = fc.array(fc.constantFrom(...S.groups.map((g) => g.id), "x"), { maxLength: 3 });
const archetypeName = fc.constantFrom(...S.archetypes.map((a) => a.id), "Wanderer", " ");
/** R-V-6 every skill owed and none twice. */
const distinct = (list: readonly rules.HeldSkill[]): string | null =>
  new Set(list.map((k) => rules.heldSkillKey(S, k))).size === list.length ? null : "a skill twice";

const band = fc.constantFrom("fail" as const, "partial" as const, "success" as const);
const approach = fc.integer({ min: -2, max: 2 });
const rowWeapon: fc.Arbitrary<rules.RowWeaponDef | undefined> = fc.oneof(
  fc.constantFrom(...V062_WEAPONS, undefined),
  fc.record({
    id: fc.constantFrom("unarmed", "club"),
    labelKey: fc.constant("TERRAN.Weapon.club"),
    reach: fc.constantFrom("melee" as const, "ranged" as const),
    tags: fc.subarray([...rules.ROW_WEAPON_TAGS]),
  }),
);
const row = (a: number): string | null => (a >= -1 && a <= 1 ? null : `row ${a}`);

export const V062_ENTRIES: Readonly<Record<string, EntryPoint>> = {
  assertHeldSkill: entry((k: rules.HeldSkill) => rules.assertHeldSkill(S, k), t(heldSkill)),
  heldSkillGroup: entry((k: rules.HeldSkill) => rules.heldSkillGroup(S, k), t(heldSkill)),
  heldSkillKey: entry((k: rules.HeldSkill) => rules.heldSkillKey(S, k), t(heldSkill)),
  assertDistinctSkills: entry((l: rules.HeldSkill[]) => rules.assertDistinctSkills(S, l), t(skills), {
    check: distinct,
  }),
  assertTickedSkills: entry(
    (held: rules.HeldSkill[], ticked: rules.HeldSkill[]) => rules.assertTickedSkills(S, held, ticked),
    t(skills, skills),
  ),
  // R-V-5 at most one die.
  skillDie: entry((on: boolean, fits: rules.HeldSkill[]) => rules.skillDie(S, on, fits), t(fc.boolean(), skills), {
    check: (d) => (d === 0 || d === 1 ? null : `skill die ${d}`),
  }),
  extraSkillCount: entry((f: number) => rules.extraSkillCount(S, f), t(fc.integer({ min: 0, max: 7 })), {
    check: (n) => (n >= 1 && n <= 3 ? null : `${n} extra skills`),
  }),
  skillsOwed: entry((f: number, e: boolean) => rules.skillsOwed(S, f, e), t(A.face, fc.boolean())),
  archetypeGroups: entry(
    (a: string, g?: string[]) => rules.archetypeGroups(S, a, g),
    t(archetypeName, fc.option(groupPair, { nil: undefined })),
    { check: ([a, b]) => (a === b ? `${a} twice` : null) },
  ),
  // Returns nothing: the entry reports "allowed" when it does not throw.
  assertExpert: entry(
    (on: boolean, atCreation: boolean) => (rules.assertExpert(on, atCreation), "allowed"),
    t(fc.boolean(), fc.boolean()),
  ),
  assertCreationSkills: entry(
    (input: rules.CreationSkills) => rules.assertCreationSkills(S, input),
    t(
      fc.record(
        {
          skillsOn: fc.boolean(),
          archetype: archetypeName,
          groups: groupPair,
          firsts: fc.array(heldSkill, { minLength: 2, maxLength: 2 }),
          extraFace: A.face,
          more: fc.array(heldSkill, { maxLength: 3 }),
          expert: fc.option(fc.array(heldSkill, { minLength: 2, maxLength: 2 }), { nil: null }),
        },
        { requiredKeys: ["skillsOn", "archetype", "firsts", "extraFace", "more", "expert"] },
      ),
    ),
    { check: distinct },
  ),
  // R-V-6 done only when every skill owed is held.
  creationSkillsProgress: entry(
    (groups: [string, string], held: rules.HeldSkill[], face: number | null, expert: boolean) =>
      rules.creationSkillsProgress(S, groups, held, face, expert),
    t(
      t(fc.constantFrom(...S.groups.map((g) => g.id), "x"), fc.constantFrom(...S.groups.map((g) => g.id))),
      skills,
      fc.option(fc.integer({ min: 0, max: 7 }), { nil: null }),
      fc.boolean(),
    ),
    {
      check: (p) =>
        p.done && (p.extra === null || p.firsts.some((f) => f.skill === null) || p.more < p.extra + p.expert)
          ? "done with a skill owed"
          : null,
    },
  ),
  // R-V-4 one point, never above 4.
  addNoSkillsPoint: entry(
    rules.addNoSkillsPoint,
    t(fc.boolean(), A.attributes, fc.constantFrom(...rules.ATTRIBUTES, "luck" as rules.Attribute)),
    {
      check: (a) => (Object.values(a).every((v) => v >= 0 && v <= 4) ? null : "an attribute beyond 0–4"),
    },
  ),
  assertApproach: entry(rules.assertApproach, t(approach), { check: row }),
  // R-V-12 never below 0; a partial never above the success.
  approachEffect: entry(rules.approachEffect, t(fc.integer({ min: 0, max: 40 }), approach, band), {
    check: (v, [total, a, b]) =>
      v < 0
        ? `Effect ${v}`
        : b === "partial" && v > rules.approachEffect(total, a, "success")
          ? "partial > success"
          : null,
  }),
  // R-V-12 the rule the ruleset builds: never below 0, its lines add up to the value, a partial never above the whole.
  approachTiers: entry(
    (dieTotal: number, rank: rules.TierRank, tags: rules.EffectTags) => {
      const rule = rules.approachTiers(V062.effect.tiers);
      return { read: rule.value(dieTotal, rank, tags), whole: rule.value(dieTotal, rank, { ...tags, partial: false }) };
    },
    t(fc.integer({ min: 0, max: 40 }), A.rank, A.effectTagsArb),
    {
      check: ({ read, whole }) => {
        const sum = read.lines.reduce((total, line) => total + line.value, 0);
        if (read.value < 0 || read.value > whole.value) return `Effect ${read.value} against a whole ${whole.value}`;
        return read.dieTotal === 0 || sum === read.value ? null : `lines add up to ${sum}, not ${read.value}`;
      },
    },
  ),
  assertTiers: entry(rules.assertTiers, t(fc.constantFrom(V062.effect.tiers, rules.CORE.effect.tiers))),
  tierOptions: entry(
    (rule: rules.EffectRule, rank: number) => rules.tierOptions(rule, rank),
    t(
      A.ruleset.map((r) => r.effect),
      fc.integer({ min: -1, max: 5 }),
    ),
    {
      check: (options, [, rank]) => {
        const selected = options.filter((o) => o.selected);
        const labels = new Set(options.map((o) => o.labelKey));
        if (labels.size !== options.length) return "a label offered twice";
        if (Number.isInteger(rank) && rank >= 0 && rank <= 4)
          return selected.length === 1 && selected[0]?.rank === rank ? null : "the rank is not kept";
        return selected.length === 0 ? null : "an unknown rank selected";
      },
    },
  ),
  assertRowWeapon: entry(rules.assertRowWeapon, t(rowWeapon.filter((w) => w !== undefined))),
  weaponApproach: entry(rules.weaponApproach, t(rowWeapon), { check: row }),
  approachRow: entry(rules.approachRow, t(rowWeapon, fc.option(approach, { nil: undefined })), { check: row }),
  tagLightDice: entry(rules.tagLightDice, t(rowWeapon, fc.record({ martialCombatant: fc.boolean() }))),
  tagSlaughter: entry(rules.tagSlaughter, t(rowWeapon)),
  tagExplosionThreshold: entry(rules.tagExplosionThreshold, t(rowWeapon), {
    check: (th) => (th === 5 || th === 6 ? null : `threshold ${th}`),
  }),
  approachEffectOdds: entry(rules.approachEffectOdds, t(band, approach, fc.integer({ min: 1, max: 7 })), {
    fractional: true,
    check: (o) => sumsToOne([...o.distribution.map((p) => p.p), o.tailCut], "the Effect law"),
  }),
  explodingDieOdds: entry(rules.explodingDieOdds, t(fc.integer({ min: 1, max: 7 })), {
    fractional: true,
    check: (o) => sumsToOne([...o.distribution.map((p) => p.p), o.tailCut], "the die's law"),
  }),
  panicDice: entry(rules.panicDice, t(fc.record({ egoDice: fc.integer({ min: -1, max: 4 }), eager: fc.boolean() }))),
  panicRefusal: entry(rules.panicRefusal, t(panicInput)),
  // R-V-8 a hand-edited flag is no mark, never a throw.
  readPanicMark: entry(
    rules.readPanicMark,
    t(
      fc.oneof(
        fc.record({ state: fc.constantFrom("flight", "freeze", "fight", "sleep"), messageId: fc.string() }),
        fc.anything(),
      ),
    ),
    { check: (m) => (m === null || ["flight", "freeze", "fight"].includes(m.state) ? null : `a mark of ${m.state}`) },
  ),
  panicRow: entry((v: number) => rules.panicRow(V062_PANIC, v), t(fc.integer({ min: 0, max: 7 }))),
  // R-V-8 Ego and maximum one face, the state the row of that face.
  panic: entry((i: rules.PanicInput, f: number[]) => rules.panic(V062_PANIC, i, f), t(panicInput, A.faces(4)), {
    check: (r) =>
      r.ego < 1 || r.ego > 6
        ? `Ego ${r.ego} is not a face`
        : rules.panicRow(V062_PANIC, r.ego).state === r.state
          ? null
          : `state ${r.state} for ${r.ego}`,
  }),
  panicOdds: entry((n: number) => rules.panicOdds(V062_PANIC, n), t(fc.integer({ min: 0, max: 21 })), {
    fractional: true,
    check: (o) => sumsToOne(Object.values(o.states), "the Panic states") ?? sumsToOne(o.ego, "the Ego law"),
  }),
  consequenceBand: entry(
    (e: number) => rules.consequenceBand(V062_CONSEQUENCES, e),
    t(fc.integer({ min: 0, max: 40 })),
    {
      check: (b, [e]) => (b.harmful === e >= 12 ? null : `harmful ${String(b.harmful)} at ${e}`),
    },
  ),
  moraleRow: entry((v: number) => rules.moraleRow(V062_MORALE, v), t(fc.integer({ min: 0, max: 40 }))),
  lowerTier: entry(
    (tier: string) => rules.lowerTier(V062_CHALLENGE_TIERS, tier),
    t(fc.constantFrom("trivial", "serious", "exceptional", "extreme", "")),
  ),
  // R-V-16 a lower tier is lower; carrying on keeps the stored full Disposition.
  morale: entry(
    (...a: readonly [rules.ChallengeStats, number, number[], number[]]) => rules.morale(MORALE, ...a),
    moraleArgs,
    {
      check: (o, [stats, full]) => {
        const rank = (id: string): number => V062_CHALLENGE_TIERS.findIndex((d) => d.id === id);
        if (o.result === "lower" && rank(o.stats.tier) !== rank(stats.tier) - 1) return `lower to ${o.stats.tier}`;
        if (o.result === "carries-on" && o.disposition !== full) return `carries on at ${o.disposition}`;
        return null;
      },
    },
  ),
  moraleOdds: entry((s: rules.ChallengeStats) => rules.moraleOdds(MORALE, s), t(tierStats), {
    fractional: true,
    check: (o) => sumsToOne(Object.values(o), "the Morale law"),
  }),
};
