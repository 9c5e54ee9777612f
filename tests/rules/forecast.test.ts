/**
 * Tests of the Challenge forecast (src/rules/forecast.ts, src/rules/forecast-action.ts).
 *
 * 1. One action, by full enumeration: every face vector of the pool, the default dice picked by the
 *    game's own `defaultSelection` / `resolve`, every explosion chain walked die by die, the Effect read
 *    by `playerEffect` (R-RA-1 … R-RA-6). Shares no helper with forecast-action.ts.
 * 2. Whole Challenges, by full enumeration of every action's dice for the first actions (P(within n)),
 *    with `reduceDisposition`, `damageAfterArmour` and `challengeStrikesBack` deciding each step.
 * 3. Closed forms where the chain has one step (Disposition 1), and E[T] = Σ P(T > n).
 * 4. A seeded simulation (mulberry32, in the test) of whole Challenges at large counts, within 5
 *    standard errors: expected actions, strikes back, harm, P(unscathed), P(within n).
 */
import { describe, expect, it } from "vitest";
import {
  applyEffectToFacet,
  CORE,
  challengeEffect,
  challengeEffectLaw,
  challengeForecast,
  challengeStrikesBack,
  challengeEffectOdds,
  damageAfterArmour,
  defaultSelection,
  effectRollOdds,
  DEGENESIS,
  explodes,
  explosionThreshold,
  FORECAST_TAIL,
  forecastActionLaw,
  explosionTotal,
  keptHighestLaw,
  LEGACY,
  makeFacet,
  precisionBand,
  toolFor,
  oneThrowAction,
  playerEffect,
  poolDice,
  reduceDisposition,
  resolve,
  riskyActionOdds,
  RulesError,
  separateEffectAction,
  type ActionLaw,
  type Band,
  type Recurrence,
  type ValueLaw,
  type EffectOrder,
  type EffectTags,
  type Face,
  type Ruleset,
  type TierRank,
} from "../../src/rules/index.ts";
import { mulberry32, rollD6 } from "../support/monte-carlo.ts";

const TOLERANCE = 1e-12;

interface Approach {
  readonly ruleset: Ruleset;
  readonly light: number;
  readonly dark: number;
  readonly rank: TierRank;
  readonly tags?: EffectTags;
  readonly slaughter?: boolean;
}

/** Every face vector of n dice (an odometer). */
function* faceVectors(n: number): Generator<Face[]> {
  const faces = new Array<number>(n).fill(1) as Face[];
  for (;;) {
    yield [...faces];
    let i = 0;
    while (i < n && faces[i] === 6) faces[i++] = 1;
    if (i === n) return;
    faces[i] = ((faces[i] ?? 0) + 1) as Face;
  }
}

/**
 * Every outcome of one action: the band, and the player's Effect (0 when it does not land), with its
 * probability. Explosion chains are walked die by die; a chain already worth `stopAt` or more whatever
 * comes next is cut there and reported as `stopAt` ("that much or more", which is all a Disposition
 * that small needs), so the walk is finite and exact.
 */
function enumerateAction(a: Approach, stopAt: number, visit: (band: Band, effect: number, p: number) => void): void {
  if (a.ruleset.resolution.kind === "separate") return enumerateSeparate(a, stopAt, visit);
  const n = a.light + a.dark;
  const threshold = explosionThreshold(a.slaughter ?? false);
  const vectors = Math.pow(6, n);
  for (const faces of faceVectors(n)) {
    const dice = poolDice(faces.slice(0, a.light), faces.slice(a.light));
    const selection = defaultSelection(dice);
    if (!selection) {
      visit("fail", 0, 1 / vectors);
      continue;
    }
    const r = resolve(dice, selection);
    if (!r.landing.player || r.effectFace === null) {
      visit(r.band, 0, 1 / vectors);
      continue;
    }
    const first = r.effectFace;
    const valueOf = (chain: readonly number[]): number =>
      playerEffect(a.ruleset, {
        first,
        chain,
        slaughter: a.slaughter ?? false,
        rank: a.rank,
        ...(a.tags ? { tags: a.tags } : {}),
      }).value;
    const walk = (chain: Face[], p: number): void => {
      if (!explodes(chain.at(-1) ?? first, threshold)) return visit(r.band, Math.min(stopAt, valueOf(chain)), p);
      // The next die shows at least 1 and the value never goes down as the total goes up.
      const least = a.ruleset.effect.value(first + chain.reduce((t, f) => t + f, 0) + 1, a.rank, a.tags).value;
      if (least >= stopAt) return visit(r.band, stopAt, p);
      for (let f = 1; f <= 6; f++) walk([...chain, f as Face], p / 6);
    };
    walk([], 1 / vectors);
  }
}

/**
 * R-LEG-9 R-LEG-11 Legacy's action, enumerated: the band from the highest die of the throw (an empty
 * pool fails); on a Success (4+) the tool's own dice thrown apart, the highest kept and its chain walked,
 * the total read by the ruleset's Effect rule (d/2 halves, a Normal tool two-handed +1).
 */
function enumerateSeparate(a: Approach, stopAt: number, visit: (band: Band, effect: number, p: number) => void): void {
  const n = a.light + a.dark;
  const tool = toolFor(a.ruleset.tools, a.rank, a.tags?.improvised ?? false);
  const value = (total: number): number => a.ruleset.effect.value(total, a.rank, a.tags).value;
  for (const faces of faceVectors(n)) {
    const p = 1 / Math.pow(6, n);
    const band: Band = n === 0 ? "fail" : precisionBand(Math.max(...faces));
    if (band === "fail") {
      visit(band, 0, p);
      continue;
    }
    for (const toolFaces of faceVectors(tool.dice)) {
      const kept = Math.max(...toolFaces);
      const walk = (chain: Face[], q: number): void => {
        if (!explodes(chain.at(-1) ?? kept, 6))
          return visit(band, Math.min(stopAt, value(explosionTotal(kept, chain, 6).total)), q);
        if (value(kept + chain.reduce((t, f) => t + f, 0) + 1) >= stopAt) return visit(band, stopAt, q);
        for (let f = 1; f <= 6; f++) walk([...chain, f as Face], q / 6);
      };
      walk([], p / Math.pow(6, tool.dice));
    }
  }
}

const CORE_ONE: Approach = { ruleset: CORE, light: 1, dark: 0, rank: 1 };
const CORE_GOOD: Approach = { ruleset: CORE, light: 2, dark: 1, rank: 2 };
const CORE_SLAUGHTER: Approach = { ruleset: CORE, light: 0, dark: 2, rank: 0, slaughter: true };
const CORE_BEST: Approach = { ruleset: CORE, light: 3, dark: 0, rank: 4, tags: { versatileTwoHanded: true } };
const DEGENESIS_STANDARD: Approach = { ruleset: DEGENESIS, light: 2, dark: 0, rank: 2 };
const DEGENESIS_IMPROVISED: Approach = { ruleset: DEGENESIS, light: 1, dark: 2, rank: 4, tags: { improvised: true } };
const LEGACY_LESSER: Approach = { ruleset: LEGACY, light: 2, dark: 0, rank: 0 };
const LEGACY_NORMAL_TWO_HANDED: Approach = {
  ruleset: LEGACY,
  light: 1,
  dark: 1,
  rank: 2,
  tags: { versatileTwoHanded: true },
};
const LEGACY_GREATER: Approach = { ruleset: LEGACY, light: 3, dark: 0, rank: 4 };
const LEGACY_IMPROVISED: Approach = { ruleset: LEGACY, light: 1, dark: 0, rank: 4, tags: { improvised: true } };

const APPROACHES: readonly (readonly [string, Approach])[] = [
  ["Core, 1 light, Mediocre", CORE_ONE],
  ["Core, 2 light 1 dark, Good", CORE_GOOD],
  ["Core, 0 light 2 dark, Bad, Slaughter", CORE_SLAUGHTER],
  ["Core, 3 light, Best, Versatile two-handed", CORE_BEST],
  ["Degenesis, 2 light, Standard", DEGENESIS_STANDARD],
  ["Degenesis, 1 light 2 dark, Extreme, improvised", DEGENESIS_IMPROVISED],
  ["Legacy, 2 light, Lesser tool (d/2)", LEGACY_LESSER],
  ["Legacy, 1 light 1 dark, Normal tool two-handed (1d+1)", LEGACY_NORMAL_TWO_HANDED],
  ["Legacy, 3 light, Greater tool (2d)", LEGACY_GREATER],
  ["Legacy, 1 light, an improvised Greater tool (read as Lesser)", LEGACY_IMPROVISED],
];

/** The last element of a list, or a test failure. */
function last<T>(list: readonly T[]): T {
  const item = list[list.length - 1];
  if (item === undefined) throw new Error("empty list");
  return item;
}

const lawOf = (a: Approach): ActionLaw =>
  forecastActionLaw(a.ruleset, {
    light: a.light,
    dark: a.dark,
    rank: a.rank,
    ...(a.tags ? { tags: a.tags } : {}),
    slaughter: a.slaughter ?? false,
  });

describe("forecast: one action's law, against full enumeration", () => {
  it.each(APPROACHES)(
    "R-RA-1 R-RA-2 R-RA-3 R-RA-6 %s: P(band, Effect = v) for every v below 25 (Legacy: R-LEG-9, R-LEG-11)",
    (_, a) => {
      const limit = 25;
      const expected: Record<Band, number[]> = {
        fail: new Array<number>(limit + 1).fill(0),
        partial: new Array<number>(limit + 1).fill(0),
        success: new Array<number>(limit + 1).fill(0),
      };
      enumerateAction(a, limit, (band, effect, p) => (expected[band][effect] = (expected[band][effect] ?? 0) + p));
      const law = lawOf(a);
      for (const band of ["fail", "partial", "success"] as const) {
        const got = law.effect[band].below(limit);
        got.forEach((p, v) => expect(p, `${band} ${v}`).toBeCloseTo(expected[band][v] ?? 0, 12));
        // What is at `limit` or above is the band's mass left over.
        const rest = law.band[band] - got.reduce((t, p) => t + p, 0);
        expect(rest, `${band} ≥ ${limit}`).toBeCloseTo(expected[band][limit] ?? 0, 12);
      }
    },
  );

  it("R-RA-6 R-POOL-5: the landing mass and the mean Effect agree with the roll dialog's odds (odds.ts, one-throw rulesets)", () => {
    for (const [, a] of APPROACHES.filter(([, x]) => x.ruleset.resolution.kind === "combined")) {
      const law = lawOf(a);
      const odds = riskyActionOdds({
        light: a.light,
        dark: a.dark,
        ego: 3,
        slaughter: a.slaughter ?? false,
        effect: { rule: a.ruleset.effect, rank: a.rank, ...(a.tags ? { tags: a.tags } : {}) },
      });
      expect(law.band.partial + law.band.success).toBeCloseTo(odds.effect.pLands, 12);
      expect(law.band.fail).toBeCloseTo(odds.outcome.fail, 12);
      // Mean Effect when it lands, summed far enough that the tail is below 1e-13.
      const values = [...law.effect.partial.below(400)].map(
        (p, v) => (p + (law.effect.success.below(400)[v] ?? 0)) * v,
      );
      const mean = values.reduce((t, x) => t + x, 0) / odds.effect.pLands;
      expect(mean).toBeCloseTo(odds.effect.value?.expectedWhenLands ?? Number.NaN, 8);
    }
  });

  it("R-POOL-5: an empty pool fails every time and never takes Disposition off", () => {
    const law = oneThrowAction(CORE.effect, { light: 0, dark: 0, rank: 4 });
    expect(law.band).toEqual({ fail: 1, partial: 0, success: 0 });
    const forecast = challengeForecast(law, {
      disposition: 10,
      effect: challengeEffectLaw({ dice: 1, halved: false }),
    });
    expect(forecast.never).toBe(true);
    expect(forecast.expectedActions).toBeNull();
    expect(forecast.harm.expectedStrikes).toBeNull();
    expect(forecast.harm.pUnscathed).toBe(0);
  });

  it("R-RA-2 (setting off): a lone die leaves no Effect, so a one-die approach never gets anywhere", () => {
    const law = oneThrowAction(CORE.effect, { light: 1, dark: 0, rank: 4, singleDieServesBoth: false });
    expect(law.effect.success.below(3)).toEqual([1 / 6, 0, 0]);
    expect(
      challengeForecast(law, { disposition: 5, effect: challengeEffectLaw({ dice: 0, halved: true }) }).never,
    ).toBe(true);
  });
});

describe("forecast: the Challenge's Effect (R-CH-2)", () => {
  /** Every kept face and chain, walked to `limit`; the value read by the game's `challengeEffect`. */
  function enumerateChallenge(dice: number, halved: boolean, limit: number): { below: number[]; mean: number } {
    const below = new Array<number>(limit + 1).fill(0);
    let mean = 0;
    const stats = { dice, halved };
    for (const faces of faceVectors(halved ? 1 : dice)) {
      const p0 = 1 / Math.pow(6, faces.length);
      const walk = (chain: Face[], p: number): void => {
        const last = chain.at(-1) ?? Math.max(...faces);
        if (last !== 6 || p < 1e-18) {
          const value =
            last === 6
              ? challengeEffect(stats, faces, [...chain, 1]).value
              : challengeEffect(stats, faces, chain).value; // a cut chain ends on a 1
          below[Math.min(limit, value)] = (below[Math.min(limit, value)] ?? 0) + p;
          mean += p * value;
          return;
        }
        for (let f = 1; f <= 6; f++) walk([...chain, f as Face], p / 6);
      };
      walk([], p0);
    }
    return { below, mean };
  }

  it.each([
    [0, true],
    [1, false],
    [2, false],
    [4, false],
  ] as const)("R-CH-2 %i dice (halved %s): law and exact mean against enumeration", (dice, halved) => {
    const law = challengeEffectLaw({ dice, halved });
    const e = enumerateChallenge(dice, halved, 30);
    law.below(30).forEach((p, v) => expect(p, String(v)).toBeCloseTo(e.below[v] ?? 0, 12));
    expect(law.mean).toBeCloseTo(e.mean, 10);
  });

  it("R-CH-2 a Challenge with no dice (and not d/2) has no Effect: 0 every time", () => {
    const law = challengeEffectLaw({ dice: 0, halved: false });
    expect(law.mean).toBe(0);
    expect(law.below(3)).toEqual([1, 0, 0]);
  });

  it("R-CH-2 closed forms: 1d means 3.5 + 4.2/6 = 4.2; d/2 means 2.4", () => {
    expect(challengeEffectLaw({ dice: 1, halved: false }).mean).toBeCloseTo(4.2, 12);
    expect(challengeEffectLaw({ dice: 0, halved: true }).mean).toBeCloseTo(2.4, 12);
    expect(keptHighestLaw({ dice: 1, halved: false, bonus: 1 }).mean).toBeCloseTo(5.2, 12);
  });
});

// ---------------------------------------------------------------------------------------------
// Whole Challenges

interface WalkOptions {
  readonly disposition: number;
  readonly armour: number;
  readonly order: EffectOrder;
}

/**
 * P(overcome within n) for n = 1 … depth, by enumerating every action's outcomes (the game's
 * functions decide each step).
 */
function enumerateWithin(a: Approach, options: WalkOptions, depth: number): number[] {
  const within = new Array<number>(depth + 1).fill(0);
  // "That much or more" for the largest Disposition left, plus the Challenge's armour. Equal outcomes
  // are merged first (fewer leaves, so less rounding in the sums).
  const merged = new Map<string, { band: Band; effect: number; p: number }>();
  enumerateAction(a, options.disposition + options.armour, (band, effect, p) => {
    const key = `${band}:${effect}`;
    const o = merged.get(key) ?? { band, effect, p: 0 };
    merged.set(key, { ...o, p: o.p + p });
  });
  const outcomes = [...merged.values()];
  const step = (left: number, n: number, p: number): void => {
    if (n > depth) return;
    for (const o of outcomes) {
      const damage = damageAfterArmour(o.effect, options.armour);
      const { value, overcome } = reduceDisposition(left, damage);
      if (overcome) for (let m = n; m <= depth; m++) within[m] = (within[m] ?? 0) + p * o.p;
      else step(value, n + 1, p * o.p);
    }
  };
  step(options.disposition, 1, 1);
  return within;
}

describe("forecast: whole Challenges against full enumeration", () => {
  it.each([
    ["Trivial 5, Core 1 light Mediocre", CORE_ONE, { disposition: 5, armour: 0, order: "gm" as const }],
    ["Trivial 5, Core 2+1 Good, armour 1", CORE_GOOD, { disposition: 5, armour: 1, order: "gm" as const }],
    [
      "Dangerous 10 left 7, Degenesis 2 light Standard",
      DEGENESIS_STANDARD,
      { disposition: 7, armour: 0, order: "player-first" as const },
    ],
    ["Core 0+2 Bad Slaughter, 6 left", CORE_SLAUGHTER, { disposition: 6, armour: 0, order: "gm" as const }],
    [
      "Legacy Trivial 5, 1+1 Normal two-handed, armour 1",
      LEGACY_NORMAL_TWO_HANDED,
      { disposition: 5, armour: 1, order: "gm" as const },
    ],
    [
      "Legacy 8 left, 2 light Lesser (d/2)",
      LEGACY_LESSER,
      { disposition: 8, armour: 0, order: "player-first" as const },
    ],
  ])("R-RA-7 %s: P(overcome within 1, 2, 3)", (_, a, options) => {
    const expected = enumerateWithin(a, options, 3);
    const forecast = challengeForecast(
      lawOf(a),
      {
        disposition: options.disposition,
        armour: options.armour,
        effect: challengeEffectLaw({ dice: 1, halved: false }),
      },
      { order: options.order },
    );
    for (let n = 1; n <= 3; n++)
      expect(forecast.within[n - 1]?.p, `within ${n}`).toBeCloseTo(expected[n] ?? Number.NaN, 12);
  });

  it("R-RA-6 R-RA-9 Disposition 1: the chain has one step, so every figure has a closed form", () => {
    const a = CORE_GOOD;
    const law = lawOf(a);
    const lands = law.band.partial + law.band.success; // every Effect that lands is ≥ 1 here (Good: +1e)
    const effect = challengeEffectLaw({ dice: 2, halved: false });
    const gm = challengeForecast(law, { disposition: 1, effect }, { order: "gm", characterArmour: 1 });
    expect(gm.expectedActions).toBeCloseTo(1 / lands, 12);
    // Every Fail strikes; the last action strikes too when it is a Success with a consequence.
    expect(gm.harm.expectedStrikes).toBeCloseTo(law.band.fail / lands + law.band.partial / lands, 12);
    expect(gm.harm.pUnscathed).toBeCloseTo(law.band.success, 12);
    expect(gm.harm.expectedEffect).toBeCloseTo((gm.harm.expectedStrikes ?? Number.NaN) * effect.mean, 12);
    // R-HARM-1: E[max(0, X − 1)] = E[X] − P(X ≥ 1) = E[X] − 1 (a Challenge's Effect is never 0).
    expect(gm.harm.damagePerStrike).toBeCloseTo(effect.mean - 1, 12);
    // R-RA-9 the player's Effect first: the overcoming action never strikes back.
    const first = challengeForecast(law, { disposition: 1, effect }, { order: "player-first" });
    expect(first.harm.expectedStrikes).toBeCloseTo(law.band.fail / lands, 12);
    expect(first.harm.pUnscathed).toBeCloseTo(lands, 12);
    // Geometric: P(within n) = 1 − (1 − p)^n.
    first.within.slice(0, 10).forEach(({ n, p }) => expect(p).toBeCloseTo(1 - Math.pow(1 - lands, n), 12));
  });

  it.each(APPROACHES)(
    "R-RA-7 %s against Serious 20: E[actions] = Σ P(not yet overcome after n), the list ends with a tail below 1e-9",
    (_, a) => {
      const f = challengeForecast(lawOf(a), {
        disposition: 20,
        effect: challengeEffectLaw({ dice: 2, halved: false }),
      });
      expect(f.never).toBe(false);
      expect(f.beyond).toBeLessThan(FORECAST_TAIL);
      const sum = 1 + f.within.reduce((t, w) => t + (1 - w.p), 0);
      expect(Math.abs(sum - (f.expectedActions ?? Number.NaN))).toBeLessThan(1e-6);
      // Cumulative, increasing, and the median / 90 % marks read off it.
      f.within.forEach((w, i) => expect(w.p).toBeGreaterThanOrEqual((f.within[i - 1]?.p ?? 0) - TOLERANCE));
      expect(f.within[(f.median ?? 0) - 1]?.p).toBeGreaterThanOrEqual(0.5 - TOLERANCE);
      expect(f.within[(f.median ?? 0) - 2]?.p ?? 0).toBeLessThan(0.5);
      expect(f.within[(f.n90 ?? 0) - 1]?.p).toBeGreaterThanOrEqual(0.9 - TOLERANCE);
    },
  );

  it("R-RA-7 a Challenge already at 0 needs no action; a Disposition over 1000 or a negative armour is refused", () => {
    const effect = challengeEffectLaw({ dice: 1, halved: false });
    const law = lawOf(CORE_ONE);
    expect(challengeForecast(law, { disposition: 0, effect })).toMatchObject({
      expectedActions: 0,
      within: [],
      harm: { expectedStrikes: 0, pUnscathed: 1 },
    });
    expect(() => challengeForecast(law, { disposition: 1001, effect })).toThrow(RulesError);
    expect(() => challengeForecast(law, { disposition: 10, armour: -1, effect })).toThrow(RulesError);
    expect(() => challengeForecast(law, { disposition: 2.5, effect })).toThrow(RulesError);
    expect(() => challengeForecast(law, { disposition: 10, effect }, { order: "sideways" as EffectOrder })).toThrow(
      RulesError,
    );
  });

  it("R-CH-1 an Exceptional Challenge of 1000 behind armour 4, a weak approach: the list stops at 1000 actions and says what is left", () => {
    const challenge = { disposition: 1000, armour: 4, effect: challengeEffectLaw({ dice: 10, halved: false }) };
    const f = challengeForecast(oneThrowAction(CORE.effect, { light: 1, dark: 0, rank: 0 }), challenge);
    expect(f.within).toHaveLength(1000);
    expect(f.beyond).toBeGreaterThan(FORECAST_TAIL);
    expect(last(f.within).p + f.beyond).toBeCloseTo(1, 9);
    expect(f.expectedActions).toBeGreaterThan(1000);
    // R-RA-7 (ruling) once compiled, a few frames at most (the chain read step by step took ~0.5 s here).
    const started = performance.now();
    challengeForecast(oneThrowAction(CORE.effect, { light: 1, dark: 0, rank: 0 }), challenge);
    expect(performance.now() - started).toBeLessThan(100);
  });
});

// ---------------------------------------------------------------------------------------------
// The chain followed directly: every value of the law, every Disposition left, nothing dropped

interface Direct {
  readonly E: number;
  readonly S: number;
  readonly Q: number;
  readonly within: number[];
}

/** The forecast's chain step by step, every d left and every jump (O(D²)), from the game's landing rules. */
function directChain(law: ActionLaw, D: number, order: EffectOrder, rows: number): Direct {
  const bands = ["fail", "partial", "success"] as const;
  const mass = Object.fromEntries(bands.map((b) => [b, law.effect[b].below(D)])) as Record<Band, readonly number[]>;
  const landing = { fail: [false, true], partial: [true, true], success: [true, false] } as const;
  const struck = (b: Band, overcome: boolean): boolean =>
    challengeStrikesBack({ player: landing[b][0], challenge: landing[b][1] }, order, overcome);
  const at = (b: Band, k: number): number => mass[b][k] ?? 0;
  const atLeastOf = (b: Band, d: number): number => law.band[b] - mass[b].slice(0, d).reduce((t, p) => t + p, 0);
  const E = [0];
  const S = [0];
  const Q = [1];
  for (let d = 1; d <= D; d++) {
    let [e, s, q, stay, stayFree] = [1, 0, 0, 0, 0];
    for (const b of bands) {
      stay += at(b, 0);
      if (!struck(b, false)) stayFree += at(b, 0);
      s += struck(b, true) ? atLeastOf(b, d) : 0;
      q += struck(b, true) ? 0 : atLeastOf(b, d);
      for (let k = 0; k < d; k++) {
        if (struck(b, false)) s += at(b, k);
        if (k === 0) continue;
        e += at(b, k) * (E[d - k] ?? 0);
        s += at(b, k) * (S[d - k] ?? 0);
        if (!struck(b, false)) q += at(b, k) * (Q[d - k] ?? 0);
      }
    }
    E.push(e / (1 - stay));
    S.push(s / (1 - stay));
    Q.push(q / (1 - stayFree));
  }
  const p = Array.from({ length: D }, (_, k) => bands.reduce((t, b) => t + at(b, k), 0));
  let alive = new Array<number>(D + 1).fill(0);
  alive[D] = 1;
  let overcome = 0;
  const within: number[] = [];
  for (let n = 1; n <= rows; n++) {
    const next = new Array<number>(D + 1).fill(0);
    for (let d = 1; d <= D; d++) {
      const m = alive[d] ?? 0;
      for (let k = 0; k < d; k++) next[d - k] = (next[d - k] ?? 0) + m * (p[k] ?? 0);
      overcome += m * bands.reduce((t, b) => t + atLeastOf(b, d), 0);
    }
    alive = next;
    within.push(overcome);
  }
  return { E: E[D] ?? 0, S: S[D] ?? 0, Q: Q[D] ?? 0, within };
}

/** The same law with no recurrence stated (or `recurrence` instead): the forecast reads it whole. */
function restated(law: ActionLaw, recurrence?: Recurrence): ActionLaw {
  const strip = (v: ValueLaw): ValueLaw => ({
    total: v.total,
    below: (l) => v.below(l),
    ...(recurrence ? { recurrence } : {}),
  });
  return {
    band: law.band,
    effect: { fail: strip(law.effect.fail), partial: strip(law.effect.partial), success: strip(law.effect.success) },
  };
}

describe("forecast: the R-RA-7 forecast ruling (how it is computed) against the chain followed directly", () => {
  it.each([
    ["Core 2+1 Good, Disposition 120", CORE_GOOD, 120, "gm" as const, 0],
    ["Core 0+2 Bad Slaughter, Disposition 90 behind armour 1", CORE_SLAUGHTER, 90, "player-first" as const, 1],
    ["Legacy 2 light Lesser (d/2), Disposition 80", LEGACY_LESSER, 80, "player-last" as const, 0],
    ["Degenesis 1+2 improvised Extreme, Disposition 100 behind armour 2", DEGENESIS_IMPROVISED, 100, "gm" as const, 2],
  ])(
    "R-RA-7 (ruling) %s: expectations, P(unscathed) and every listed P(within n) agree",
    (_, a, disposition, order, armour) => {
      const law = lawOf(a);
      const effect = challengeEffectLaw({ dice: 2, halved: false });
      const f = challengeForecast(law, { disposition, armour, effect }, { order });
      const reference = directChain(damageOnly(law, armour), disposition, order, f.within.length);
      expect(f.expectedActions ?? Number.NaN).toBeCloseTo(reference.E, 9);
      expect(f.harm.expectedStrikes ?? Number.NaN).toBeCloseTo(reference.S, 9);
      expect(f.harm.pUnscathed).toBeCloseTo(reference.Q, 12);
      f.within.forEach((w, i) => expect(w.p, `within ${w.n}`).toBeCloseTo(reference.within[i] ?? Number.NaN, 12));
    },
  );

  it("R-RA-7 (ruling) a law that states no recurrence, or a wrong one, is read whole: the same forecast", () => {
    const law = lawOf(CORE_GOOD);
    const challenge = { disposition: 60, armour: 1, effect: challengeEffectLaw({ dice: 1, halved: false }) };
    const f = challengeForecast(law, challenge);
    for (const other of [restated(law), restated(law, [[2, 0.5]])]) {
      const g = challengeForecast(other, challenge);
      expect(g.expectedActions ?? Number.NaN).toBeCloseTo(f.expectedActions ?? Number.NaN, 9);
      expect(g.harm.expectedStrikes ?? Number.NaN).toBeCloseTo(f.harm.expectedStrikes ?? Number.NaN, 9);
      expect(g.within).toHaveLength(f.within.length);
      g.within.forEach((w, i) => expect(w.p).toBeCloseTo(f.within[i]?.p ?? Number.NaN, 12));
    }
  });

  it("R-RA-3 each law states its explosion's recurrence: on 6, on 5+ with Slaughter, and halved for d/2", () => {
    expect(lawOf(CORE_GOOD).effect.success.recurrence).toEqual([[6, 1 / 6]]);
    expect(lawOf(CORE_SLAUGHTER).effect.success.recurrence).toEqual([
      [5, 1 / 6],
      [6, 1 / 6],
    ]);
    expect(lawOf(LEGACY_LESSER).effect.success.recurrence).toEqual([[3, 1 / 6]]);
    expect(challengeEffectLaw({ dice: 0, halved: true }).recurrence).toEqual([[3, 1 / 6]]);
    // The law's own values follow it past the first die: P(v) = P(v − 3) / 6 for d/2.
    const halved = lawOf(LEGACY_LESSER).effect.success.below(40);
    for (let v = 10; v < 40; v++) expect(halved[v]).toBeCloseTo((halved[v - 3] ?? 0) / 6, 15);
  });
});

/** The damage law of one action (the player's Effect less `armour`), as a law the reference reads. */
function damageOnly(law: ActionLaw, armour: number): ActionLaw {
  const shifted = (v: ValueLaw): ValueLaw => ({
    total: v.total,
    below: (l) => {
      const out = new Array<number>(l).fill(0);
      v.below(l + armour).forEach((p, x) => {
        const k = Math.max(0, x - armour);
        if (k < l) out[k] = (out[k] ?? 0) + p;
      });
      return out;
    },
  });
  return {
    band: law.band,
    effect: {
      fail: shifted(law.effect.fail),
      partial: shifted(law.effect.partial),
      success: shifted(law.effect.success),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Seeded simulation

interface Sample {
  readonly mean: number;
  readonly se: number;
}

function sample(xs: readonly number[]): Sample {
  const mean = xs.reduce((t, x) => t + x, 0) / xs.length;
  const variance = xs.reduce((t, x) => t + (x - mean) ** 2, 0) / (xs.length - 1);
  return { mean, se: Math.sqrt(variance / xs.length) };
}

/** One whole Challenge played with the game's functions and seeded dice: actions taken, strikes, harm after armour. */
function play(
  a: Approach,
  challenge: { tier: string; left: number; armour: number },
  options: { order: EffectOrder; characterArmour: number },
  d6: () => Face,
): { actions: number; strikes: number; damage: number } {
  let facets = [{ ...makeFacet(a.ruleset, "Foe", challenge.tier), value: challenge.left }];
  const threshold = explosionThreshold(a.slaughter ?? false);
  let actions = 0;
  let strikes = 0;
  let damage = 0;
  for (;;) {
    actions++;
    const dice = poolDice(
      Array.from({ length: a.light }, () => d6()),
      Array.from({ length: a.dark }, () => d6()),
    );
    const selection = defaultSelection(dice);
    let overcome = false;
    let landing = { player: false, challenge: true };
    if (selection) {
      const r = resolve(dice, selection);
      landing = r.landing;
      if (r.landing.player && r.effectFace !== null) {
        const chain: Face[] = [];
        while (explodes(chain.at(-1) ?? r.effectFace, threshold)) chain.push(d6());
        const effect = playerEffect(a.ruleset, {
          first: r.effectFace,
          chain,
          slaughter: a.slaughter ?? false,
          rank: a.rank,
          ...(a.tags ? { tags: a.tags } : {}),
        }).value;
        const applied = applyEffectToFacet(facets, 0, damageAfterArmour(effect, challenge.armour));
        facets = applied.facets;
        overcome = applied.overcome;
      }
    }
    if (challengeStrikesBack(landing, options.order, overcome)) {
      strikes++;
      const stats = facets[0] ?? makeFacet(a.ruleset, "Foe", challenge.tier);
      const faces = Array.from({ length: stats.halved ? 1 : stats.dice }, () => d6());
      const chain: Face[] = [];
      while (Math.max(...faces) === 6 && (chain.at(-1) ?? 6) === 6) chain.push(d6());
      damage += damageAfterArmour(challengeEffect(stats, faces, chain).value, options.characterArmour);
    }
    if (overcome) return { actions, strikes, damage };
  }
}

describe(
  "forecast: a seeded simulation of whole Challenges (50 000 to 100 000 plays each)",
  { timeout: 60_000 },
  () => {
    it.each([
      [
        "Serious 20, Core 2+1 Good, Challenge armour 1, character armour 1, GM's order",
        CORE_GOOD,
        { tier: "serious", left: 20, armour: 1 },
        { order: "gm" as const, characterArmour: 1 },
        50_000,
      ],
      [
        "Trivial 5, Degenesis 1+2 improvised Extreme, player first",
        DEGENESIS_IMPROVISED,
        { tier: "trivial", left: 5, armour: 0 },
        { order: "player-first" as const, characterArmour: 0 },
        100_000,
      ],
    ] as const)(
      "R-RA-6 R-RA-7 R-RA-9 R-CH-2 R-HARM-1 %s: every figure within 5 standard errors",
      (_, a, challenge, options, plays) => {
        const random = mulberry32(20261124);
        const d6 = (): Face => rollD6(random) as Face;
        const played = Array.from({ length: plays }, () => play(a, challenge, options, d6));
        const stats = makeFacet(a.ruleset, "Foe", challenge.tier);
        const f = challengeForecast(
          lawOf(a),
          { disposition: challenge.left, armour: challenge.armour, effect: challengeEffectLaw(stats) },
          options,
        );
        const within5 = (s: Sample, exact: number): void =>
          expect(Math.abs(s.mean - exact)).toBeLessThan(5 * s.se + 1e-9);
        within5(sample(played.map((p) => p.actions)), f.expectedActions ?? Number.NaN);
        within5(sample(played.map((p) => p.strikes)), f.harm.expectedStrikes ?? Number.NaN);
        within5(sample(played.map((p) => p.damage)), f.harm.expectedDamage ?? Number.NaN);
        within5(sample(played.map((p) => (p.strikes === 0 ? 1 : 0))), f.harm.pUnscathed);
        for (const w of f.within.slice(0, 6)) within5(sample(played.map((p) => (p.actions <= w.n ? 1 : 0))), w.p);
      },
    );
  },
);

describe("forecast: the Legacy laws agree with the Legacy odds (roll-odds.ts, written apart)", () => {
  it.each([
    [0, {}],
    [2, { versatileTwoHanded: true }],
    [4, {}],
    [4, { improvised: true }],
  ] as const)("R-RA-6 tool rank %i %j: P(Effect = v | the Effect lands) is effectRollOdds' law", (rank, tags) => {
    const law = forecastActionLaw(LEGACY, { light: 2, dark: 0, rank, tags });
    const odds = effectRollOdds(LEGACY, rank, tags);
    const lands = law.band.partial + law.band.success;
    const mine = law.effect.success.below(30).map((p, v) => (p + (law.effect.partial.below(30)[v] ?? 0)) / lands);
    for (const point of odds.distribution.filter((x) => x.total < 30))
      expect(mine[point.total], String(point.total)).toBeCloseTo(point.p, 12);
  });

  it.each(["trivial", "serious", "extreme"])(
    "R-CH-2 %s: the Challenge's Effect law and mean are challengeEffectOdds'",
    (tier) => {
      const odds = challengeEffectOdds(LEGACY, tier);
      const law = challengeEffectLaw(makeFacet(LEGACY, "Foe", tier));
      expect(law.mean).toBeCloseTo(odds.expected, 12);
      const mine = law.below(40);
      for (const point of odds.distribution.filter((x) => x.total < 40))
        expect(mine[point.total]).toBeCloseTo(point.p, 12);
    },
  );
});

describe("forecast: a law that does not add up is refused", () => {
  it("R-RA-1 bands that do not sum to 1 are a RulesError, not a silent forecast", () => {
    const good = oneThrowAction(CORE.effect, { light: 2, dark: 0, rank: 1 });
    const bad: ActionLaw = { ...good, band: { ...good.band, fail: good.band.fail + 0.1 } };
    expect(() =>
      challengeForecast(bad, { disposition: 5, effect: challengeEffectLaw({ dice: 1, halved: false }) }),
    ).toThrow(RulesError);
  });
});

describe("forecast: a separate Effect roll (the shape of Legacy's tools)", () => {
  it("R-RA-1 R-RA-6 the band comes from the throw and the Effect from its own law, independent of it", () => {
    const tool = keptHighestLaw({ dice: 1, halved: false, bonus: 1 });
    const law = separateEffectAction(2, 0, tool);
    expect(law.band.fail).toBeCloseTo(1 / 4, 12);
    expect(law.band.success).toBeCloseTo(1 - 25 / 36, 12);
    const effect = tool.below(10);
    law.effect.partial.below(10).forEach((p, v) => expect(p).toBeCloseTo(law.band.partial * (effect[v] ?? 0), 12));
    expect(law.effect.fail.below(3)).toEqual([law.band.fail, 0, 0]);
    // Against a Disposition of 2 every landing Effect (≥ 2) overcomes: geometric.
    const f = challengeForecast(law, { disposition: 2, effect: challengeEffectLaw({ dice: 1, halved: false }) });
    expect(f.expectedActions).toBeCloseTo(1 / (1 - law.band.fail), 12);
  });
});
