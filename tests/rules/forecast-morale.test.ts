/**
 * R-V-16 Morale in the Challenge forecast (src/rules/forecast.ts, forecast-morale.ts), checked against a
 * Markov chain written apart: its states are (tier, Disposition left), its Morale odds come from every throw
 * of the dice (two dice deep past a kept 6 settle every band), and its figures from a linear solve and a
 * step-by-step walk of the state law, not from runs joined by convolution.
 */
import { describe, expect, it } from "vitest";
import {
  challengeEffectLaw,
  challengeForecast,
  challengeStats,
  forecastActionLaw,
  V062,
  type ActionLaw,
  type EffectOrder,
  type ForecastMorale,
  type ValueLaw,
} from "../../src/rules/index.ts";

// ---------------------------------------------------------------------------------------------
// The test's own tables and dice

/** R-V-14 as the book prints it: tier, Disposition, Dice (0 with d/2). */
const TIERS = [
  { id: "trivial", disposition: 1, dice: 0, halved: true },
  { id: "dangerous", disposition: 5, dice: 1, halved: false },
  { id: "serious", disposition: 10, dice: 2, halved: false },
  { id: "formidable", disposition: 15, dice: 3, halved: false },
] as const;

interface Tier {
  readonly id: string;
  readonly disposition: number;
  readonly dice: number;
  readonly halved: boolean;
}

/** Every throw of `n` d6 (as lists of faces). */
function throws(n: number): number[][] {
  let all: number[][] = [[]];
  for (let i = 0; i < n; i++) all = all.flatMap((t) => [1, 2, 3, 4, 5, 6].map((f) => [...t, f]));
  return all;
}

/** R-V-16 by enumeration: P(gives up), P(lower), P(carries on) for a tier's Dice; Trivial's 4–5 gives up. */
function moraleByDice(tier: Tier): { g: number; l: number; c: number } {
  const n = tier.halved ? 1 : tier.dice;
  const odds = { g: 0, l: 0, c: 0 };
  const band = (v: number, p: number) => {
    if (v <= 3 || (v <= 5 && tier.id === "trivial")) odds.g += p;
    else if (v <= 5) odds.l += p;
    else odds.c += p;
  };
  for (const t of throws(n)) {
    const p = 1 / 6 ** n;
    const high = Math.max(...t);
    const read = (total: number) => (tier.halved ? Math.ceil(total / 2) : total);
    if (high < 6) band(read(high), p);
    // A kept 6 explodes: its next die of 1–5 ends the chain; a second 6 puts any reading at 7 or more.
    else for (let f = 1; f <= 6; f++) band(f < 6 ? read(6 + f) : 7, p / 6);
  }
  return odds;
}

/** R-CH-2 mean of a tier's Effect: the kept face, a 6 adding a chain of mean 4.2; d/2 summed over its chains. */
function meanEffect(tier: Tier): number {
  if (tier.halved) {
    let mean = 0;
    for (let m = 0; m < 60; m++) for (let r = 1; r <= 5; r++) mean += (1 / 6) ** (m + 1) * Math.ceil((6 * m + r) / 2);
    return mean;
  }
  const n = tier.dice;
  let mean = 0;
  for (let f = 1; f <= 6; f++) mean += ((f / 6) ** n - ((f - 1) / 6) ** n) * (f < 6 ? f : 6 + 4.2);
  return mean;
}

// ---------------------------------------------------------------------------------------------
// The chain

/** One action's outcomes: P(band, damage k) for k = 0 … limit − 1, and P(band, damage ≥ limit) at `limit`. */
function outcomes(law: ActionLaw, limit: number): { band: "fail" | "partial" | "success"; k: number; p: number }[] {
  const out: { band: "fail" | "partial" | "success"; k: number; p: number }[] = [];
  for (const band of ["fail", "partial", "success"] as const) {
    const listed = law.effect[band].below(limit);
    listed.forEach((p, k) => out.push({ band, k, p }));
    out.push({ band, k: limit, p: law.band[band] - listed.reduce((a, b) => a + b, 0) });
  }
  return out;
}

interface Chain {
  readonly states: { readonly tier: number; readonly d: number }[];
  /** Transitions from each state: to a state (index) or to "end" (gave up), the strike, and Morale rolled. */
  readonly moves: {
    readonly to: number | "end";
    readonly p: number;
    readonly strike: boolean;
    readonly roll: boolean;
  }[][];
  readonly start: number;
}

/** The chain over (tier index in `path`, Disposition left), the track starting at `left` of tier 0. */
function buildChain(law: ActionLaw, path: readonly Tier[], full0: number, left: number, order: EffectOrder): Chain {
  const fulls = path.map((t, i) => (i === 0 ? full0 : t.disposition));
  const states: { tier: number; d: number }[] = [];
  const index = new Map<string, number>();
  path.forEach((_, i) => {
    for (let d = 1; d <= Math.max(fulls[i] ?? 0, i === 0 ? left : 0); d++) {
      index.set(`${i}:${d}`, states.length);
      states.push({ tier: i, d });
    }
  });
  const odds = path.map(moraleByDice);
  const top = Math.max(...fulls, left);
  const outs = outcomes(law, top);
  const moves = states.map(({ tier, d }) => {
    const list: Chain["moves"][number] = [];
    for (const o of outs) {
      const after = d - o.k;
      const lands = o.band !== "success";
      if (after > 0) {
        list.push({ to: index.get(`${tier}:${after}`) ?? -1, p: o.p, strike: lands, roll: false });
        continue;
      }
      // R-RA-9 an action that overcomes it with the player's Effect first is not struck back.
      const strike = lands && !(order === "player-first" && o.band === "partial");
      const m = odds[tier] ?? { g: 1, l: 0, c: 0 };
      const lower = tier + 1 < path.length ? m.l : 0;
      list.push({ to: "end", p: o.p * (m.g + (tier + 1 < path.length ? 0 : m.l)), strike, roll: true });
      if (lower > 0)
        list.push({ to: index.get(`${tier + 1}:${fulls[tier + 1]}`) ?? -1, p: o.p * lower, strike, roll: true });
      list.push({ to: index.get(`${tier}:${fulls[tier]}`) ?? -1, p: o.p * m.c, strike, roll: true });
    }
    return list;
  });
  return { states, moves, start: index.get(`0:${left}`) ?? -1 };
}

/** Solves (I − P) x = r over the chain's states by Gaussian elimination with partial pivoting. */
function solve(
  chain: Chain,
  reward: (s: number) => number,
  keep: (m: Chain["moves"][number][number]) => boolean,
): number[] {
  const n = chain.states.length;
  const a = Array.from({ length: n }, (_, i) => {
    const row = new Array<number>(n + 1).fill(0);
    row[i] = 1;
    for (const m of chain.moves[i] ?? []) if (m.to !== "end" && keep(m)) row[m.to] = (row[m.to] ?? 0) - m.p;
    row[n] = reward(i);
    return row;
  });
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(a[r]?.[c] ?? 0) > Math.abs(a[pivot]?.[c] ?? 0)) pivot = r;
    [a[c], a[pivot]] = [a[pivot] ?? [], a[c] ?? []];
    const row = a[c] ?? [];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const other = a[r] ?? [];
      const f = (other[c] ?? 0) / (row[c] ?? 1);
      if (f !== 0) for (let k = c; k <= n; k++) other[k] = (other[k] ?? 0) - f * (row[k] ?? 0);
    }
  }
  return a.map((row, i) => (row[n] ?? 0) / (row[i] ?? 1));
}

interface Figures {
  actions: number;
  strikes: number;
  effect: number;
  unscathed: number;
  rolls: number;
  within: number[];
}

function chainFigures(chain: Chain, path: readonly Tier[], steps: number): Figures {
  const mu = path.map(meanEffect);
  const sum = (s: number, f: (m: Chain["moves"][number][number]) => number) =>
    (chain.moves[s] ?? []).reduce((t, m) => t + f(m), 0);
  const all = () => true;
  const actions = solve(chain, () => 1, all);
  const strikes = solve(chain, (s) => sum(s, (m) => (m.strike ? m.p : 0)), all);
  const effect = solve(chain, (s) => sum(s, (m) => (m.strike ? m.p : 0)) * (mu[chain.states[s]?.tier ?? 0] ?? 0), all);
  const rolls = solve(chain, (s) => sum(s, (m) => (m.roll ? m.p : 0)), all);
  // P(never struck): only the moves without a strike carry it on; giving up unstruck ends it at 1.
  const unscathed = solve(
    chain,
    (s) => sum(s, (m) => (m.to === "end" && !m.strike ? m.p : 0)),
    (m) => !m.strike,
  );
  let law: number[] = chain.states.map((_, i) => (i === chain.start ? 1 : 0));
  let ended = 0;
  const within: number[] = [];
  for (let n = 1; n <= steps; n++) {
    const next = law.map(() => 0);
    law.forEach((p, s) => {
      for (const m of chain.moves[s] ?? []) {
        if (m.to === "end") ended += p * m.p;
        else next[m.to] = (next[m.to] ?? 0) + p * m.p;
      }
    });
    law = next;
    within.push(ended);
  }
  const at = (list: number[]) => list[chain.start] ?? Number.NaN;
  return {
    actions: at(actions),
    strikes: at(strikes),
    effect: at(effect),
    unscathed: at(unscathed),
    rolls: at(rolls),
    within,
  };
}

// ---------------------------------------------------------------------------------------------

/** A law written by hand: finite, no recurrence. Fail 1/2 (nothing off), partial 1/3 (1 or 3), success 1/6 (2 or 4). */
function finite(total: number, masses: Record<number, number>): ValueLaw {
  return {
    total,
    below: (limit) => Array.from({ length: limit }, (_, v) => masses[v] ?? 0),
  };
}
const HAND: ActionLaw = {
  band: { fail: 1 / 2, partial: 1 / 3, success: 1 / 6 },
  effect: {
    fail: finite(1 / 2, { 0: 1 / 2 }),
    partial: finite(1 / 3, { 1: 1 / 6, 3: 1 / 6 }),
    success: finite(1 / 6, { 2: 1 / 12, 4: 1 / 12 }),
  },
};

const TABLES = { tiers: V062.challengeTiers, rows: V062.morale ?? [] };
const morale = (tier: string, full: number, n?: number): ForecastMorale => ({
  tables: TABLES,
  stats: { ...challengeStats(V062, tier, n, n === undefined ? undefined : full), disposition: full },
});
const path = (from: string): Tier[] => TIERS.slice(0, TIERS.findIndex((t) => t.id === from) + 1).reverse();

/** Within `tolerance` of the expected value, relative to it past 1 (the solve's rounding grows with the figure). */
function expectClose(actual: number | null | undefined, expected: number, what: string, tolerance = 1e-11): void {
  expect(Math.abs((actual ?? Number.NaN) - expected), what).toBeLessThanOrEqual(
    tolerance * Math.max(1, Math.abs(expected)),
  );
}

describe("R-V-16 the forecast counts Morale (against a Markov chain over tier and Disposition)", () => {
  it.each([
    ["Serious 10 at full, the GM's order", "serious", 10, 10, "gm" as const],
    ["Serious 10 with 4 left, the player's Effect first", "serious", 10, 4, "player-first" as const],
    ["Formidable 15 at full, the player's Effect last", "formidable", 15, 15, "player-last" as const],
    ["Dangerous 5, a GM's hand-set full of 7, 3 left", "dangerous", 7, 3, "gm" as const],
  ])("R-V-16 %s: every figure and P(within n ≤ 60) as the chain's", (_, tier, full, left, order) => {
    const chainPath = path(tier);
    const expected = chainFigures(buildChain(HAND, chainPath, full, left, order), chainPath, 60);
    const effect = challengeEffectLaw(challengeStats(V062, tier));
    const f = challengeForecast(HAND, { disposition: left, effect, morale: morale(tier, full) }, { order });
    expectClose(f.expectedActions, expected.actions, "actions");
    expectClose(f.harm.expectedStrikes, expected.strikes, "strikes");
    expectClose(f.harm.expectedEffect, expected.effect, "Effect dealt back");
    expectClose(f.harm.pUnscathed, expected.unscathed, "unscathed");
    expectClose(f.morale?.expectedRolls, expected.rolls, "Morale rolls");
    expected.within.forEach((p, i) => expectClose(f.within[i]?.p, p, `within ${i + 1}`));
    expect(f.beyond).toBeLessThan(1e-9);
  });

  it("R-V-16 with v0.6.2's own law (2 Light Dice, Baseline): a Serious 10 against the chain", () => {
    const law = forecastActionLaw(V062, { light: 2, dark: 0, rank: 1 });
    const chainPath = path("serious");
    const expected = chainFigures(buildChain(law, chainPath, 10, 10, "gm"), chainPath, 40);
    const effect = challengeEffectLaw(challengeStats(V062, "serious"));
    const f = challengeForecast(law, { disposition: 10, effect, morale: morale("serious", 10) });
    expectClose(f.expectedActions, expected.actions, "actions");
    expectClose(f.harm.expectedEffect, expected.effect, "Effect dealt back");
    expectClose(f.harm.pUnscathed, expected.unscathed, "unscathed");
    expected.within.forEach((p, i) => expectClose(f.within[i]?.p, p, `within ${i + 1}`));
  });

  it("R-V-16 (ruling) Trivial's d/2 gives up 17/18 (its 4–5 too) and carries on 1/18: 18/17 rolls, 18/17 runs", () => {
    // Read as bands, d/2 is 1–3 5/6, 4–5 1/9, 6+ 1/18; with no tier below, its 4–5 gives up.
    const bands = moraleByDice({ ...TIERS[0], id: "any halved" });
    [bands.g, bands.l, bands.c].forEach((p, i) => expectClose(p, [5 / 6, 1 / 9, 1 / 18][i] ?? 0, "band", 1e-15));
    const trivial = moraleByDice(TIERS[0]);
    [trivial.g, trivial.l, trivial.c].forEach((p, i) => expectClose(p, [17 / 18, 0, 1 / 18][i] ?? 0, "Trivial", 1e-15));
    const effect = challengeEffectLaw({ dice: 0, halved: true });
    const plain = challengeForecast(HAND, { disposition: 1, effect });
    const f = challengeForecast(HAND, { disposition: 1, effect, morale: morale("trivial", 1) });
    expectClose(f.morale?.expectedRolls, 18 / 17, "rolls", 1e-14);
    expectClose(f.expectedActions, ((plain.expectedActions ?? 0) * 18) / 17, "actions", 1e-13);
    // One run to 0 takes a geometric number of actions (P(progress) = 1/2): it has given up within n with
    // P = Σ over runs r ≤ n of (17/18)(1/18)^(r−1) · P(r runs take ≤ n actions).
    const runsWithin = (r: number, n: number) => {
      // P(a sum of r geometric(1/2) lengths ≤ n) = P(at least r successes in n trials).
      let p = 0;
      for (let k = r; k <= n; k++) p += binomial(n, k) / 2 ** n;
      return p;
    };
    for (let n = 1; n <= 12; n++) {
      let p = 0;
      for (let r = 1; r <= n; r++) p += (17 / 18) * (1 / 18) ** (r - 1) * runsWithin(r, n);
      expectClose(f.within[n - 1]?.p, p, `within ${n}`, 1e-13);
    }
  });

  it("R-V-16 (ruling) Exceptional 5d at 25 carries on at its own 25 with 5 dice; its lower tier is Formidable 15 · 3d", () => {
    const exceptional: Tier = { id: "exceptional", disposition: 25, dice: 5, halved: false };
    const chainPath = [exceptional, ...path("formidable")];
    const expected = chainFigures(buildChain(HAND, chainPath, 25, 25, "gm"), chainPath, 30);
    const effect = challengeEffectLaw({ dice: 5, halved: false });
    const f = challengeForecast(HAND, { disposition: 25, effect, morale: morale("exceptional", 25, 5) });
    expectClose(f.expectedActions, expected.actions, "actions");
    expectClose(f.harm.expectedEffect, expected.effect, "Effect dealt back");
    expectClose(f.morale?.expectedRolls, expected.rolls, "rolls");
    expected.within.forEach((p, i) => expectClose(f.within[i]?.p, p, `within ${i + 1}`));
  });

  it("R-V-16 Morale counted takes longer and strikes more than the same Challenge without it; without it nothing changes", () => {
    const effect = challengeEffectLaw(challengeStats(V062, "serious"));
    const plain = challengeForecast(HAND, { disposition: 10, effect });
    const counted = challengeForecast(HAND, { disposition: 10, effect, morale: morale("serious", 10) });
    expect(counted.expectedActions).toBeGreaterThan(plain.expectedActions ?? Infinity);
    expect(counted.harm.expectedStrikes).toBeGreaterThan(plain.harm.expectedStrikes ?? Infinity);
    expect(plain.morale).toBeUndefined();
    // A track already at 0 is the sheet's Morale button's, not the forecast's: 0 actions either way.
    expect(challengeForecast(HAND, { disposition: 0, effect, morale: morale("serious", 10) }).expectedActions).toBe(0);
  });
});

function binomial(n: number, k: number): number {
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
  return c;
}
