/**
 * The fuzz's entries for the Challenge forecast (src/rules/forecast.ts, forecast-action.ts), on every
 * ruleset (Core and Degenesis one throw, Legacy a separate Effect roll). Laws are called and read
 * (`below`), so what a law gives is judged, not only that it was built. Invariants: probabilities in
 * 0–1, a law's listed mass never above its total, P(within n) rising, expected figures ≥ 0 or null
 * (never overcome); hostile numbers anywhere are refused with a RulesError. R-V-16 with Morale counted: the
 * same, at least one Morale roll expected, and never fewer actions or strikes than without it.
 */
import fc from "fast-check";
import * as rules from "../../src/rules/index.ts";
import { CORE, DEGENESIS, LEGACY, V062, type ActionLaw, type Ruleset, type ValueLaw } from "../../src/rules/index.ts";
import * as A from "./arbitraries.ts";
import { entry, type EntryPoint } from "./harness.ts";

const t = fc.tuple;
const anyRuleset = fc.constantFrom<Ruleset>(CORE, DEGENESIS, LEGACY);
const limit = fc.integer({ min: 0, max: 60 });
const light = fc.integer({ min: 0, max: 4 });
const dark = fc.integer({ min: 0, max: 4 });
const approach = t(light, dark, A.rank, A.effectTagsArb, fc.boolean(), fc.boolean()).map(
  ([l, d, rank, tags, slaughter, singleDieServesBoth]) => ({
    light: l,
    dark: d,
    rank,
    tags,
    slaughter,
    singleDieServesBoth,
  }),
);
const challengeDice = t(fc.integer({ min: 0, max: 6 }), fc.boolean()).map(([dice, halved]) => ({ dice, halved }));
const order = fc.constantFrom<rules.EffectOrder>("gm", "player-first", "player-last");

const MORALE_TABLES = { tiers: V062.challengeTiers, rows: V062.morale ?? [] };
/** R-V-16 a v0.6.2 track: its tier (Exceptional with n dice), its full Disposition and what is left of it. */
const moraleTrack = t(
  fc.constantFrom(...V062.challengeTiers.map((d) => d.id)),
  fc.integer({ min: 4, max: 8 }),
  fc.integer({ min: 1, max: 40 }),
  fc.integer({ min: 0, max: 40 }),
).map(([tier, n, full, left]) => {
  const stats = { ...rules.challengeStats(V062, tier, tier === "exceptional" ? n : undefined), disposition: full };
  return { stats, left: Math.min(left, full) };
});

/** R-RA-7 P(within n) rises, stays 0–1, and the list plus what is left adds up to 1; expectations ≥ 0 or null. */
function forecastBad(f: rules.Forecast): string | null {
  if (f.within.some((w, i) => w.p < (f.within[i - 1]?.p ?? 0) - 1e-12 || w.p > 1))
    return "P(within n) falls or passes 1";
  const last = f.within.at(-1);
  if (last && Math.abs(last.p + f.beyond - 1) > 1e-9) return `the list and the rest add up to ${last.p + f.beyond}`;
  if (f.expectedActions !== null && f.expectedActions < 0) return `expected actions ${f.expectedActions}`;
  return f.harm.pUnscathed >= 0 && f.harm.pUnscathed <= 1 + 1e-12 ? null : `P(unscathed) ${f.harm.pUnscathed}`;
}

/** R-V-16 Morale adds runs: never fewer actions or strikes, never more often unscathed, a roll at each 0. */
function moraleBad(counted: rules.Forecast, plain: rules.Forecast): string | null {
  const more = (a: number | null, b: number | null) => a === null || b === null || a >= b * (1 - 1e-9) - 1e-12;
  if (!more(counted.expectedActions, plain.expectedActions)) return "fewer actions with Morale";
  if (!more(counted.harm.expectedStrikes, plain.harm.expectedStrikes)) return "fewer strikes with Morale";
  if (counted.harm.pUnscathed > plain.harm.pUnscathed + 1e-12) return "more often unscathed with Morale";
  const rolls = counted.morale?.expectedRolls;
  if (plain.disposition > 0 && !plain.never && !(rolls !== undefined && rolls >= 1 - 1e-12)) return `rolls ${rolls}`;
  return null;
}

/** A law's listed mass is a probability and never more than its total. */
function lawMass(law: ValueLaw, n = 30): string | null {
  const listed = law.below(n);
  if (listed.some((p) => !(p >= 0 && p <= 1 + 1e-12))) return `a mass outside 0–1: ${listed.join(",")}`;
  const sum = listed.reduce((s, p) => s + p, 0);
  return sum <= law.total + 1e-9 ? null : `listed ${sum} > total ${law.total}`;
}

function actionLawBad(law: ActionLaw): string | null {
  const sum = law.band.fail + law.band.partial + law.band.success;
  if (Math.abs(sum - 1) > 1e-9) return `bands sum to ${sum}`;
  return lawMass(law.effect.fail) ?? lawMass(law.effect.partial) ?? lawMass(law.effect.success);
}

export const FORECAST_ENTRIES: Readonly<Record<string, EntryPoint>> = {
  chainMass: entry(rules.chainMass, t(A.threshold, limit), {
    fractional: true,
    check: (m) => (m.every((p) => p >= 0 && p <= 1) ? null : "a mass outside 0–1"),
  }),
  chainMean: entry(rules.chainMean, t(A.threshold), {
    fractional: true,
    check: (m) => (m >= 3.5 ? null : `mean ${m}`),
  }),
  precisionEffectLaw: entry(rules.precisionEffectLaw, t(fc.integer({ min: 0, max: 12 }), fc.boolean()), {
    fractional: true,
    check: (j) => {
      const sum = j.flat().reduce((s, p) => s + p, 0);
      return Math.abs(sum - 1) < 1e-9 ? null : `the joint law sums to ${sum}`;
    },
  }),
  oneThrowAction: entry(
    (rule: rules.EffectRule, a: rules.OneThrowApproach, n: number) =>
      rules.oneThrowAction(rule, a).effect.partial.below(n),
    t(fc.constantFrom(CORE.effect, DEGENESIS.effect), approach, limit),
    {
      fractional: true,
    },
  ),
  separateEffectAction: entry(
    (l: number, d: number, dice: number, n: number) => {
      const law = rules.separateEffectAction(l, d, rules.keptHighestLaw({ dice, halved: false }));
      return actionLawBad(law) ?? law.effect.success.below(n);
    },
    t(light, dark, fc.integer({ min: 1, max: 4 }), limit),
    { fractional: true, check: (r) => (typeof r === "string" ? r : null) },
  ),
  rolledEffectLaw: entry(
    (dice: number, threshold: number, rank: rules.TierRank, tags: rules.EffectTags, n: number) =>
      rules.rolledEffectLaw(LEGACY.effect, dice, threshold, rank, tags).below(n),
    t(fc.integer({ min: 1, max: 4 }), A.threshold, A.rank, A.effectTagsArb, limit),
    {
      fractional: true,
    },
  ),
  keptHighestLaw: entry(
    (dice: number, halved: boolean, bonus: number) => rules.keptHighestLaw({ dice, halved, bonus }),
    t(fc.integer({ min: 0, max: 8 }), fc.boolean(), fc.integer({ min: 0, max: 3 })),
    {
      fractional: true,
      check: (law) => lawMass(law) ?? (law.mean >= 0 ? null : `mean ${law.mean}`),
    },
  ),
  meanAfterArmour: entry(
    (dice: number, halved: boolean, armour: number) =>
      rules.meanAfterArmour(rules.keptHighestLaw({ dice, halved }), armour),
    t(fc.integer({ min: 0, max: 6 }), fc.boolean(), fc.integer({ min: 0, max: 10 })),
    {
      fractional: true,
      check: (m) => (m >= 0 ? null : `mean ${m}`),
    },
  ),
  assertValueLaw: entry(
    (dice: number) => rules.assertValueLaw(rules.keptHighestLaw({ dice, halved: false })).total,
    t(fc.integer({ min: 0, max: 6 })),
    { fractional: true },
  ),
  assertMeanLaw: entry(
    (dice: number) => rules.assertMeanLaw(rules.keptHighestLaw({ dice, halved: false })).mean,
    t(fc.integer({ min: 0, max: 6 })),
    { fractional: true },
  ),
  assertActionLaw: entry(
    (a: rules.OneThrowApproach) => actionLawBad(rules.assertActionLaw(rules.forecastActionLaw(CORE, a))),
    t(approach),
    { check: (r) => r },
  ),
  challengeEffectLaw: entry(
    (stats: { dice: number; halved: boolean }) => rules.challengeEffectLaw(stats),
    t(challengeDice),
    { fractional: true, check: (law) => lawMass(law) },
  ),
  forecastActionLaw: entry(
    (r: Ruleset, a: rules.OneThrowApproach) => actionLawBad(rules.forecastActionLaw(r, a)),
    t(anyRuleset, approach),
    { check: (r) => r },
  ),
  // R-RA-7 P(within n) rises, stays 0–1, and the list plus what is left adds up to 1; expectations ≥ 0 or null.
  challengeForecast: entry(
    (
      r: Ruleset,
      a: rules.OneThrowApproach,
      c: { disposition: number; armour: number; dice: number; halved: boolean },
      o: rules.EffectOrder,
      characterArmour: number,
    ) =>
      rules.challengeForecast(
        rules.forecastActionLaw(r, a),
        { disposition: c.disposition, armour: c.armour, effect: rules.challengeEffectLaw(c) },
        { order: o, characterArmour },
      ),
    t(
      anyRuleset,
      approach,
      t(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 3 }), challengeDice).map(
        ([disposition, armour, d]) => ({ disposition, armour, ...d }),
      ),
      order,
      fc.integer({ min: 0, max: 3 }),
    ),
    { fractional: true, check: forecastBad },
  ),
  // R-V-16 the forecast of a sentient v0.6.2 track, Morale counted at every 0.
  challengeForecastMorale: entry(
    (
      a: rules.OneThrowApproach,
      track: { stats: rules.ChallengeStats; left: number },
      o: rules.EffectOrder,
      characterArmour: number,
    ) => {
      const law = rules.forecastActionLaw(V062, a);
      const challenge = { disposition: track.left, effect: rules.challengeEffectLaw(track.stats) };
      const options = { order: o, characterArmour };
      const counted = rules.challengeForecast(
        law,
        { ...challenge, morale: { tables: MORALE_TABLES, stats: track.stats } },
        options,
      );
      return { counted, plain: rules.challengeForecast(law, challenge, options) };
    },
    t(approach, moraleTrack, order, fc.integer({ min: 0, max: 3 })),
    { fractional: true, check: ({ counted, plain }) => forecastBad(counted) ?? moraleBad(counted, plain) },
  ),
};
