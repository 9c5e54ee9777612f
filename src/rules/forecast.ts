/**
 * The Challenge forecast for the GM pitching a Challenge: how many Risky Actions bring its Disposition
 * to 0 and the harm it deals back meanwhile, exactly, by a Markov chain on the Disposition left. How it
 * is computed and what it assumes: the R-RA-7 forecast ruling, docs/RULES.md §8.
 */
import { assertInteger, RulesError } from "./errors.ts";
import { toolFor } from "./effect.ts";
import {
  assertActionLaw,
  assertMeanLaw,
  keptHighestLaw,
  meanAfterArmour,
  oneThrowAction,
  rolledEffectLaw,
  separateEffectAction,
  type ActionLaw,
  type MeanLaw,
  type OneThrowApproach,
  type Recurrence,
} from "./forecast-action.ts";
import { convolveAt, convolveSpan, recurrentKernel, wholeKernel, type Kernel, type Span } from "./forecast-kernel.ts";
import { afterZero, givenUpWithin, moraleSteps, type ForecastMorale, type MoraleStep } from "./forecast-morale.ts";
import type { Ruleset } from "./rulesets/types.ts";
import {
  BANDS,
  challengeStrikesBack,
  EFFECT_ORDERS,
  effectsThatLand,
  type Band,
  type EffectOrder,
} from "./resolution.ts";

/** P(overcome within n) is listed until what is left is below this. */
export const FORECAST_TAIL = 1e-9;
/** …or until this many actions. */
export const FORECAST_MAX_ACTIONS = 1000;
/** Jumps rarer than this in total are counted as overcoming, in the within-n table only (R-RA-7). */
export const JUMP_EPSILON = 1e-15;
/** The within-n table drops less than this at each end of each step (R-RA-7). */
export const FORECAST_DROPPED = 1e-18;
/** The Disposition the forecast accepts (the Challenge sheet's own limit). */
export const FORECAST_MAX_DISPOSITION = 1000;
/** R-V-16 each run between two 0s is listed until what is left is below this (their sum is then below 1e-9). */
export const MORALE_RUN_TAIL = 1e-15;

export type { ForecastMorale } from "./forecast-morale.ts";

export interface ForecastChallenge {
  /** The Disposition left (R-RA-7), 0 … 1000. */
  readonly disposition: number;
  /** R-CH-6 the Challenge's armour that counts (`challengeArmour`), off each Effect; default 0. */
  readonly armour?: number;
  /** R-CH-2 the law of the Challenge's Effect (forecast-action.ts `keptHighestLaw`). */
  readonly effect: MeanLaw;
  /** R-V-16 where the GM says it has Morale: rolled at every 0 it reaches, once per 0 (§13's forecast ruling). */
  readonly morale?: ForecastMorale;
}

export interface ForecastOptions {
  /** R-RA-9 whose Effect goes first; default "gm" (every strike that lands counts). */
  readonly order?: EffectOrder;
  /** The character's armour against the Challenge's Effect (R-HARM-1, R-HARM-2), default 0. */
  readonly characterArmour?: number;
}

export interface WithinPoint {
  /** Actions taken. */
  readonly n: number;
  /** P(the Challenge is overcome within n actions). */
  readonly p: number;
}

export interface Forecast {
  readonly disposition: number;
  /** No action can ever take Disposition off (an empty pool, an Effect always eaten by armour…). */
  readonly never: boolean;
  /** Exact expected number of actions (null when `never`: there is no finite one; 0 when already overcome). */
  readonly expectedActions: number | null;
  /** P(overcome within n) for n = 1 … `within.length`, cumulative. */
  readonly within: readonly WithinPoint[];
  /**
   * P(not overcome within the last n listed): below `FORECAST_TAIL` unless the list stopped at `FORECAST_MAX_ACTIONS`.
   */
  readonly beyond: number;
  readonly tailEpsilon: typeof FORECAST_TAIL;
  /** The least n with P(within n) ≥ 1/2, and ≥ 9/10 (null when not reached in the list). */
  readonly median: number | null;
  readonly n90: number | null;
  /** One action from full Disposition: the bands and P(it takes any Disposition off). */
  readonly perAction: {
    readonly fail: number;
    readonly partial: number;
    readonly success: number;
    readonly progress: number;
  };
  /** R-V-16 present when Morale was counted: the expected number of Morale rolls before it gives up. */
  readonly morale?: { readonly expectedRolls: number };
  readonly harm: {
    /** Exact expected number of times the Challenge's Effect lands before it is overcome (null when `never`). */
    readonly expectedStrikes: number | null;
    /** P(it is overcome without ever striking back). */
    readonly pUnscathed: number;
    /** Exact mean of one Challenge Effect (R-CH-2), at its tier now. */
    readonly effectPerStrike: number;
    /** Exact mean of one strike after the character's armour (R-HARM-1), at its tier now. */
    readonly damagePerStrike: number;
    /**
     * The expected total Effect dealt back (null: without end): expectedStrikes × effectPerStrike, or with
     * Morale each strike at the tier it is struck from.
     */
    readonly expectedEffect: number | null;
    /** The same after armour (null: without end). */
    readonly expectedDamage: number | null;
    readonly order: EffectOrder;
    readonly characterArmour: number;
  };
}

/** Per band, the Disposition law of one action: P(band, damage = k) for k < limit, and the band's total. */
interface DamageLaw {
  readonly total: Readonly<Record<Band, number>>;
  readonly mass: Readonly<Record<Band, Float64Array>>;
  /** `prefix[b][k]` = P(band, damage < k), k = 0 … limit. */
  readonly prefix: Readonly<Record<Band, Float64Array>>;
  /** The recurrence the bands' laws share (their dice's explosion); none when they differ (R-V-12 halves one). */
  readonly recurrence: Recurrence | undefined;
}

function damageLaw(law: ActionLaw, armour: number, limit: number): DamageLaw {
  const mass = {} as Record<Band, Float64Array>;
  const prefix = {} as Record<Band, Float64Array>;
  const total = {} as Record<Band, number>;
  for (const b of BANDS) {
    const values = law.effect[b].below(limit + armour);
    const m = new Float64Array(limit);
    values.forEach((p, v) => {
      const k = Math.max(0, v - armour);
      if (k < limit) m[k] = (m[k] ?? 0) + p;
    });
    const pre = new Float64Array(limit + 1);
    for (let k = 0; k < limit; k++) pre[k + 1] = (pre[k] ?? 0) + (m[k] ?? 0);
    mass[b] = m;
    prefix[b] = pre;
    total[b] = law.band[b];
  }
  const stated = BANDS.map((b) => law.effect[b].recurrence).filter((r) => r !== undefined);
  const first = stated[0];
  const shared = first && stated.every((r) => JSON.stringify(r) === JSON.stringify(first));
  const recurrence = shared ? first : undefined;
  return { total, mass, prefix, recurrence };
}

/** P(band, damage ≥ k), never below 0 (a difference of sums). */
function atLeast(law: DamageLaw, b: Band, k: number): number {
  return Math.max(0, law.total[b] - (law.prefix[b][k] ?? law.total[b]));
}

/** The damage masses of the bands `which` keeps, summed (k < limit). */
function massOf(law: DamageLaw, which: (b: Band) => boolean): Float64Array {
  const out = new Float64Array(law.mass.fail.length);
  for (const b of BANDS) if (which(b)) law.mass[b].forEach((p, k) => (out[k] = (out[k] ?? 0) + p));
  return out;
}

/** R-RA-6 / R-RA-9 does the Challenge strike back on band `b`, the action having overcome it or not. */
function strikes(b: Band, order: EffectOrder, overcome: boolean): boolean {
  return challengeStrikesBack(effectsThatLand(b), order, overcome);
}

/** A mass with nothing at 0 (the loop back to the same Disposition is taken out of every sum). */
function withoutZero(mass: Float64Array): Float64Array {
  const out = mass.slice();
  out[0] = 0;
  return out;
}

/** The law as the expectations convolve it: exact, as A/B when its recurrence holds, else whole. */
function exactKernel(law: DamageLaw, mass: Float64Array): Kernel {
  return recurrentKernel(mass, law.recurrence, mass.length) ?? wholeKernel(mass);
}

/** Expected actions E, strikes S and P(never struck) Q of a run to 0, from each d left (index d ≤ D). */
interface RunExpectations {
  readonly E: Float64Array;
  readonly S: Float64Array;
  readonly Q: Float64Array;
}

/**
 * Expected actions E, expected strikes S and P(never struck) Q, from 1 up to D left (index d): one
 * action's outcomes lead to d − k left, and staying (no Disposition off) loops back to d.
 */
function expectations(dl: DamageLaw, order: EffectOrder, D: number, stay: number): RunExpectations {
  const kept = massOf(dl, (b) => strikes(b, order, false));
  const free = massOf(dl, (b) => !strikes(b, order, false));
  const moves = exactKernel(dl, withoutZero(massOf(dl, () => true)));
  const freeMoves = exactKernel(dl, withoutZero(free));
  // Index 0 is 0 in every list: a sum over k < d never reads the Challenge overcome exactly.
  const lists = (): Float64Array => new Float64Array(D + 1);
  const [E, S, Q, cE, cS, cQ] = [lists(), lists(), lists(), lists(), lists(), lists()];
  const leave = 1 - stay;
  let keptBelow = 0;
  for (let d = 1; d <= D; d++) {
    keptBelow += kept[d - 1] ?? 0;
    let over = 0;
    let overFree = 0;
    for (const b of BANDS) {
      if (strikes(b, order, true)) over += atLeast(dl, b, d);
      else overFree += atLeast(dl, b, d);
    }
    cE[d] = convolveAt(moves, E, cE, d);
    E[d] = (1 + (cE[d] ?? 0)) / leave;
    cS[d] = convolveAt(moves, S, cS, d);
    S[d] = (over + keptBelow + (cS[d] ?? 0)) / leave;
    // Staying without being struck loops back to d; staying struck ends "unscathed".
    cQ[d] = convolveAt(freeMoves, Q, cQ, d);
    Q[d] = (overFree + (cQ[d] ?? 0)) / (1 - (free[0] ?? 0));
  }
  return { E, S, Q };
}

/** What every forecast's harm carries whatever the count: the Effect and damage per strike, the order, the armour. */
type HarmBase = Pick<Forecast["harm"], "effectPerStrike" | "damagePerStrike" | "order" | "characterArmour">;

/** The forecast of a Challenge already overcome (no Disposition left). */
function overcomeForecast(perAction: Forecast["perAction"], base: HarmBase): Forecast {
  const harm = { ...base, expectedStrikes: 0, pUnscathed: 1, expectedEffect: 0, expectedDamage: 0 };
  return {
    disposition: 0,
    never: false,
    expectedActions: 0,
    within: [],
    beyond: 0,
    tailEpsilon: FORECAST_TAIL,
    median: 0,
    n90: 0,
    perAction,
    harm,
  };
}

/** R-POOL-5 and friends: no action ever takes any Disposition off; struck at every action, or never. */
function neverForecast(D: number, dl: DamageLaw, perAction: Forecast["perAction"], base: HarmBase): Forecast {
  const struck = BANDS.reduce((t, b) => t + (strikes(b, base.order, false) ? dl.total[b] : 0), 0) > 0;
  const harm = {
    ...base,
    expectedStrikes: struck ? null : 0,
    pUnscathed: struck ? 0 : 1,
    expectedEffect: struck ? null : 0,
    expectedDamage: struck && base.damagePerStrike > 0 ? null : 0,
  };
  return {
    disposition: D,
    never: true,
    expectedActions: null,
    within: [],
    beyond: 1,
    tailEpsilon: FORECAST_TAIL,
    median: null,
    n90: null,
    perAction,
    harm,
  };
}

/**
 * The forecast of a Challenge against the action law `law` (`forecastActionLaw`). Throws a RulesError for
 * a Disposition outside 0–1000, a negative armour, an unknown order or a law that does not add up.
 */
export function challengeForecast(
  law: ActionLaw,
  challenge: ForecastChallenge,
  options: ForecastOptions = {},
): Forecast {
  assertActionLaw(law);
  assertMeanLaw(challenge.effect);
  const D = assertInteger(challenge.disposition, "The Disposition left", 0, FORECAST_MAX_DISPOSITION);
  const armour = assertInteger(challenge.armour ?? 0, "The Challenge's armour", 0, 100);
  const characterArmour = assertInteger(options.characterArmour ?? 0, "The character's armour", 0, 100);
  const order = options.order ?? "gm";
  if (!EFFECT_ORDERS.includes(order))
    throw new RulesError("unknown-id", `"${String(order)}" is not an order of Effects.`, { id: String(order) });

  const steps = challenge.morale ? moraleSteps(challenge.morale) : null;
  const top = Math.max(D, 1, ...(steps ?? []).map((s) => s.full));
  const dl = damageLaw(law, armour, top);
  const stay = BANDS.reduce((t, b) => t + (dl.mass[b][0] ?? 0), 0);
  const base: HarmBase = {
    effectPerStrike: challenge.effect.mean,
    damagePerStrike: meanAfterArmour(challenge.effect, characterArmour),
    order,
    characterArmour,
  };
  const perAction = { fail: law.band.fail, partial: law.band.partial, success: law.band.success, progress: 1 - stay };
  if (D === 0) return overcomeForecast(perAction, base);
  if (!(stay < 1 - 1e-15)) return neverForecast(D, dl, perAction, base);

  const run = expectations(dl, order, top, stay);
  const counted = steps
    ? withMorale(steps, run, { law, armour, D, stay, base })
    : withoutMorale(run, withinTable(dl, D, stay), D, base);
  const { within, beyond, expectedActions, harm } = counted;
  const reach = (target: number): number | null => within.find((w) => w.p >= target - 1e-12)?.n ?? null;
  return {
    ...(counted.morale ? { morale: counted.morale } : {}),
    disposition: D,
    never: false,
    expectedActions,
    within,
    beyond,
    tailEpsilon: FORECAST_TAIL,
    median: reach(0.5),
    n90: reach(0.9),
    perAction,
    harm,
  };
}

/** What a forecast counts once it has its runs: the list, the expectations, the harm (and Morale's rolls). */
interface Counted {
  readonly within: WithinPoint[];
  readonly beyond: number;
  readonly expectedActions: number;
  readonly harm: Forecast["harm"];
  readonly morale?: { readonly expectedRolls: number };
}

/** R-RA-7 one run to 0 is the whole forecast. */
function withoutMorale(
  run: RunExpectations,
  list: { within: WithinPoint[]; beyond: number },
  D: number,
  base: HarmBase,
): Counted {
  const expectedStrikes = run.S[D] ?? 0;
  const harm = {
    ...base,
    expectedStrikes,
    pUnscathed: run.Q[D] ?? 0,
    expectedEffect: expectedStrikes * base.effectPerStrike,
    expectedDamage: expectedStrikes * base.damagePerStrike,
  };
  return { ...list, expectedActions: run.E[D] ?? 0, harm };
}

interface MoraleInputs {
  readonly law: ActionLaw;
  readonly armour: number;
  readonly D: number;
  readonly stay: number;
  readonly base: HarmBase;
}

/** R-V-16 the first run, then what follows each 0 (forecast-morale.ts): exact expectations, the list joined. */
function withMorale(steps: readonly MoraleStep[], run: RunExpectations, m: MoraleInputs): Counted {
  const at = (list: Float64Array) => (d: number) => list[d] ?? 0;
  const after = afterZero(
    steps,
    { actions: at(run.E), strikes: at(run.S), unscathed: at(run.Q) },
    m.base.characterArmour,
  );
  const first = run.S[m.D] ?? 0;
  const lengths = runLengths(m.law, m.armour, m.stay);
  const p = givenUpWithin(
    steps,
    lengths(m.D),
    steps.map((s) => lengths(s.full)),
    FORECAST_TAIL,
  );
  const within = p.map((q, i) => ({ n: i + 1, p: q }));
  const harm = {
    ...m.base,
    expectedStrikes: first + after.strikes,
    pUnscathed: (run.Q[m.D] ?? 0) * after.unscathed,
    expectedEffect: first * m.base.effectPerStrike + after.effect,
    expectedDamage: first * m.base.damagePerStrike + after.damage,
  };
  const expectedActions = (run.E[m.D] ?? 0) + after.actions;
  return {
    within,
    beyond: Math.max(0, 1 - (p.at(-1) ?? 0)),
    expectedActions,
    harm,
    morale: { expectedRolls: after.rolls },
  };
}

/** P(a run to 0 from d takes exactly n actions), n = 0 … FORECAST_MAX_ACTIONS, each d computed once. */
function runLengths(law: ActionLaw, armour: number, stay: number): (d: number) => Float64Array {
  const known = new Map<number, Float64Array>();
  return (d) => {
    const cached = known.get(d);
    if (cached) return cached;
    const { within } = withinTable(damageLaw(law, armour, d), d, stay, MORALE_RUN_TAIL);
    const mass = new Float64Array(FORECAST_MAX_ACTIONS + 1);
    within.forEach((w, i) => (mass[w.n] = Math.max(0, w.p - (within[i - 1]?.p ?? 0))));
    known.set(d, mass);
    return mass;
  };
}

/** The least K with Σ_{K ≤ k < D} P(damage = k) < JUMP_EPSILON (summed from the top): the jump cut. */
function jumpCut(law: Float64Array): number {
  let cut = law.length;
  let upper = 0;
  while (cut > 1 && upper + (law[cut - 1] ?? 0) < JUMP_EPSILON) {
    upper += law[cut - 1] ?? 0;
    cut--;
  }
  return cut;
}

/** After m actions that took Disposition off: P(overcome by then) and P(not yet), m = 0 … the last followed. */
interface JumpCounts {
  readonly over: number[];
  readonly left: number[];
}

/**
 * The walk of the actions that take something off (their damage law `y`, k ≥ 1): the law of what they
 * took, below D, after each one, until what is not yet overcome is below `FORECAST_DROPPED`.
 */
function jumpCounts(y: Float64Array, recurrence: Recurrence | undefined, D: number): JumpCounts {
  const cut = jumpCut(y);
  const kernel = recurrentKernel(y, recurrence, cut) ?? wholeKernel(y, cut);
  // P(one jump ends it from s left): every jump of D − s or more, and (no recurrence) of the cut or more.
  const ends = new Float64Array(D + 1);
  const reach = kernel.lags.length > 0 ? D : cut;
  let below = 0;
  for (let x = 1; x <= D; x++) {
    if (x <= reach) below += y[x - 1] ?? 0;
    ends[x] = Math.max(0, 1 - below);
  }
  let law = new Float64Array(D);
  law[0] = 1;
  let span: Span = { from: 0, to: 1 };
  let next = new Float64Array(D);
  const over = [0];
  const left = [1];
  for (let m = 1; m <= Math.min(D, FORECAST_MAX_ACTIONS); m++) {
    let ended = 0;
    for (let s = span.from; s < span.to; s++) ended += (law[s] ?? 0) * (ends[D - s] ?? 0);
    span = convolveSpan(kernel, law, span, next, FORECAST_DROPPED);
    [law, next] = [next, law];
    over.push((over[m - 1] ?? 0) + ended);
    let stillLeft = 0;
    for (let s = span.from; s < span.to; s++) stillLeft += law[s] ?? 0;
    left.push(stillLeft);
    if (stillLeft < FORECAST_DROPPED) break;
  }
  return { over, left };
}

/** The span [lo, hi) of `values` less each end's run summing below FORECAST_DROPPED (set to 0). */
function trimmed(values: Float64Array, lo: number, hi: number): [number, number] {
  for (let below = 0; lo < hi && below + (values[lo] ?? 0) < FORECAST_DROPPED; lo++) {
    below += values[lo] ?? 0;
    values[lo] = 0;
  }
  for (let above = 0; hi > lo && above + (values[hi - 1] ?? 0) < FORECAST_DROPPED; hi--) {
    above += values[hi - 1] ?? 0;
    values[hi - 1] = 0;
  }
  return [lo, hi];
}

/**
 * P(overcome within n), n = 1, 2, …: of n actions, m take Disposition off (a binomial, P = 1 − stay),
 * and what those m took decides.
 */
function withinTable(
  dl: DamageLaw,
  D: number,
  stay: number,
  tail: number = FORECAST_TAIL,
): { within: WithinPoint[]; beyond: number } {
  const move = 1 - stay;
  const y = withoutZero(massOf(dl, () => true)).map((p) => p / move);
  const { over, left } = jumpCounts(y, dl.recurrence, D);
  const last = over.length - 1;
  // counts[m] = P(m of the n actions took some off), m in [lo, hi); `more`: more than `last` did.
  const counts = new Float64Array(last + 1);
  counts[0] = 1;
  let [lo, hi, more] = [0, 1, 0];
  const within: WithinPoint[] = [];
  let stillLeft = 1;
  for (let n = 1; n <= FORECAST_MAX_ACTIONS && stillLeft >= tail; n++) {
    if (hi > last) more += (counts[last] ?? 0) * move;
    hi = Math.min(hi, last);
    for (let m = hi; m >= lo; m--) counts[m] = (counts[m] ?? 0) * stay + (counts[m - 1] ?? 0) * move;
    hi++;
    let overcome = more * ((over[last] ?? 0) + (left[last] ?? 0));
    stillLeft = 0;
    for (let m = lo; m < hi; m++) {
      overcome += (counts[m] ?? 0) * (over[m] ?? 0);
      stillLeft += (counts[m] ?? 0) * (left[m] ?? 0);
    }
    within.push({ n, p: Math.min(1, overcome) });
    [lo, hi] = trimmed(counts, lo, hi);
  }
  return { within, beyond: Math.max(0, stillLeft) };
}

// ---------------------------------------------------------------------------------------------
// From the ruleset's data

/** R-CH-2 the law of a Challenge's (or a facet's) Effect: its dice, the highest kept, exploding on 6; d/2 halved. */
export function challengeEffectLaw(stats: { readonly dice: number; readonly halved: boolean }): MeanLaw {
  return keptHighestLaw({ dice: stats.dice, halved: stats.halved });
}

/**
 * The law of one Risky Action made with `approach`, by `ruleset.resolution`: "combined" (R-RA-1 … R-RA-5,
 * the Effect die from the same throw) or "separate" (R-LEG-9, R-LEG-11, the Effect a roll of the tool
 * `approach.rank` names, improvised the lowest).
 */
export function forecastActionLaw(ruleset: Ruleset, approach: OneThrowApproach): ActionLaw {
  const resolution = ruleset.resolution;
  switch (resolution.kind) {
    case "combined":
      return oneThrowAction(
        ruleset.effect,
        approach,
        approach.slaughter ? resolution.slaughterOn : resolution.explodeOn,
      );
    case "separate": {
      const tool = toolFor(ruleset.tools, approach.rank, approach.tags?.improvised ?? false);
      const effect = rolledEffectLaw(ruleset.effect, tool.dice, resolution.explodeOn, approach.rank, approach.tags);
      return separateEffectAction(approach.light, approach.dark, effect);
    }
  }
}
