/**
 * The Challenge forecast: how many Risky Actions a typical approach needs to bring a Challenge's
 * Disposition to 0 (R-RA-7), and the harm the Challenge deals back meanwhile (R-RA-6, R-RA-9, R-CH-2,
 * R-HARM-1). For the GM pitching a Challenge; shown on the Challenge sheet and by `npm run odds forecast`.
 *
 * Exact, nothing sampled: a Markov chain on the Disposition left. From d left, one action (its law
 * from forecast-action.ts) takes k off with the exact probability P(damage = k) for k < d, and
 * overcomes the Challenge with P(damage ≥ d) (what is left of the law: "this much or more" is one
 * absorbing outcome, so no explosion is ever cut for the expected values). Damage is the player's
 * Effect less the Challenge's armour that counts (R-CH-6 `challengeArmour`: 0 in Legacy, R-LEG-6, and 0 in
 * Core/Degenesis unless the house rule is on), as the operation applies it (documents/operations/challenge.ts).
 *
 * - Expected actions and expected strikes back solve the chain exactly (it only ever goes down or
 *   stays): E[d] = (1 + Σ_k P(k)·E[d − k]) / (1 − P(0)).
 * - P(overcome within n actions) runs the chain forward, n = 1, 2, …, until what is not yet overcome
 *   is below `FORECAST_TAIL` (1e-9) or n reaches `FORECAST_MAX_ACTIONS` (1000); what is left then is
 *   reported as `beyond`, never dropped. Only there, for a Disposition left above the "jump cut" (the
 *   least k with P(damage ≥ k) < `JUMP_EPSILON`, 1e-15: about 120 on a 6, more on 5+), a jump of the cut
 *   or more is counted as overcoming the Challenge, which can overstate P(within n) by at most
 *   n × 1e-15; a Disposition up to the cut (every standard tier) is exact to rounding.
 *
 * Rulings (the forecast's reading; nothing here changes the game):
 * - The approach is the same for every action: the pool does not shrink as wounds come or Ego goes
 *   (a "typical approach"); the default dice are chosen (R-RA-1, R-RA-2); no Whirlwind second hit,
 *   no Specialist rescue, no GM's "succeed, but worse".
 * - The Challenge strikes back when R-RA-6 says its Effect lands (Fail, or Success with a consequence),
 *   except, by R-RA-9, when the player's Effect goes first ("player-first": Fast, Nimble) and overcomes
 *   it in that very action. "player-last" and "gm" count every strike that lands.
 * - Harm back is the Challenge's Effect (R-CH-2) per strike; `expectedDamage` takes the character's
 *   armour off each strike (R-HARM-1). Grit, wounds and death (R-HARM-3…5) are not followed.
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
} from "./forecast-action.ts";
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
/** Jumps rarer than this in total are counted as overcoming, in the within-n table only (see above). */
export const JUMP_EPSILON = 1e-15;
/** The Disposition the forecast accepts (the Challenge sheet's own limit). */
export const FORECAST_MAX_DISPOSITION = 1000;

export interface ForecastChallenge {
  /** The Disposition left (R-RA-7), 0 … 1000. */
  readonly disposition: number;
  /**
   * The Challenge's armour that counts (challenge.ts `challengeArmour`), taken off each of
   * the player's Effects; default 0.
   */
  readonly armour?: number;
  /** R-CH-2 the law of the Challenge's Effect (forecast-action.ts `keptHighestLaw`). */
  readonly effect: MeanLaw;
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
  readonly harm: {
    /**
     * Exact expected number of times the Challenge's Effect lands before it is overcome (null:
     * without end, when `never`).
     */
    readonly expectedStrikes: number | null;
    /** P(it is overcome without ever striking back). */
    readonly pUnscathed: number;
    /** Exact mean of one Challenge Effect (R-CH-2). */
    readonly effectPerStrike: number;
    /** Exact mean of one strike after the character's armour (R-HARM-1). */
    readonly damagePerStrike: number;
    /** expectedStrikes × effectPerStrike: the expected total Effect dealt back (null: without end). */
    readonly expectedEffect: number | null;
    /** expectedStrikes × damagePerStrike: the expected total harm after armour (null: without end). */
    readonly expectedDamage: number | null;
    readonly order: EffectOrder;
    readonly characterArmour: number;
  };
}

/** Per band, the Disposition law of one action: P(band, damage = k) for k < limit, and the band's total. */
interface DamageLaw {
  readonly total: Readonly<Record<Band, number>>;
  readonly mass: Readonly<Record<Band, readonly number[]>>;
  /** `prefix[b][k]` = P(band, damage < k). */
  readonly prefix: Readonly<Record<Band, readonly number[]>>;
}

function damageLaw(law: ActionLaw, armour: number, limit: number): DamageLaw {
  const mass = {} as Record<Band, number[]>;
  const prefix = {} as Record<Band, number[]>;
  const total = {} as Record<Band, number>;
  for (const b of BANDS) {
    const values = law.effect[b].below(limit + armour);
    const m = new Array<number>(limit).fill(0);
    values.forEach((p, v) => {
      const k = Math.max(0, v - armour);
      if (k < limit) m[k] = (m[k] ?? 0) + p;
    });
    const pre = [0];
    m.forEach((p, k) => pre.push((pre[k] ?? 0) + p));
    mass[b] = m;
    prefix[b] = pre;
    total[b] = law.band[b];
  }
  return { total, mass, prefix };
}

/** P(band, damage ≥ k), never below 0 (a difference of sums). */
function atLeast(law: DamageLaw, b: Band, k: number): number {
  return Math.max(0, law.total[b] - (law.prefix[b][k] ?? law.total[b]));
}

/** P(damage = k) over the bands. */
function exactly(law: DamageLaw, k: number): number {
  return BANDS.reduce((t, b) => t + (law.mass[b][k] ?? 0), 0);
}

/** R-RA-6 / R-RA-9 does the Challenge strike back on band `b`, the action having overcome it or not. */
function strikes(b: Band, order: EffectOrder, overcome: boolean): boolean {
  return challengeStrikesBack(effectsThatLand(b), order, overcome);
}

/**
 * R-RA-6 / R-RA-9 the strikes back of one action from `d` left: by damage below `d` (kept), and overcoming it (over).
 */
function strikesFrom(dl: DamageLaw, order: EffectOrder, d: number): { kept: number[]; over: number } {
  const kept = new Array<number>(d).fill(0);
  let over = 0;
  for (const b of BANDS) {
    if (strikes(b, order, false)) for (let k = 0; k < d; k++) kept[k] = (kept[k] ?? 0) + (dl.mass[b][k] ?? 0);
    if (strikes(b, order, true)) over += atLeast(dl, b, d);
  }
  return { kept, over };
}

/**
 * Expected actions E, expected strikes S and P(never struck) Q, from 1 up to D left (index d): one
 * action's outcomes lead to d − k left, and staying (no Disposition off) loops back to d.
 */
function expectations(
  dl: DamageLaw,
  order: EffectOrder,
  D: number,
  stay: number,
): { E: number[]; S: number[]; Q: number[] } {
  const E = [0];
  const S = [0];
  const Q = [1];
  for (let d = 1; d <= D; d++) {
    const { kept, over } = strikesFrom(dl, order, d);
    let e = 1;
    let s = over;
    let q = 0;
    // Not struck and overcome in this action.
    for (const b of BANDS) if (!strikes(b, order, true)) q += atLeast(dl, b, d);
    for (let k = 1; k < d; k++) {
      const p = exactly(dl, k);
      if (p === 0) continue;
      e += p * (E[d - k] ?? 0);
      s += (kept[k] ?? 0) + p * (S[d - k] ?? 0);
      q += (p - (kept[k] ?? 0)) * (Q[d - k] ?? 0);
    }
    s += kept[0] ?? 0;
    const leave = 1 - stay;
    E[d] = e / leave;
    S[d] = s / leave;
    // Staying without being struck loops back to d; staying struck ends "unscathed".
    const stayUnstruck = stay - (kept[0] ?? 0);
    Q[d] = q / (1 - stayUnstruck);
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
 * The forecast of a Challenge with `challenge.disposition` left against the action law `law`
 * (forecast-action.ts: `oneThrowAction` for Core and Degenesis, `separateEffectAction` for a ruleset
 * whose Effect is a separate roll). Throws a RulesError for a Disposition outside 0–1000, a negative
 * armour, an unknown order or a law that does not add up.
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

  const dl = damageLaw(law, armour, Math.max(D, 1));
  const stay = exactly(dl, 0);
  const base: HarmBase = {
    effectPerStrike: challenge.effect.mean,
    damagePerStrike: meanAfterArmour(challenge.effect, characterArmour),
    order,
    characterArmour,
  };
  const perAction = { fail: law.band.fail, partial: law.band.partial, success: law.band.success, progress: 1 - stay };
  if (D === 0) return overcomeForecast(perAction, base);
  if (!(stay < 1 - 1e-15)) return neverForecast(D, dl, perAction, base);

  const { E, S, Q } = expectations(dl, order, D, stay);
  const { within, beyond } = withinTable(dl, D);
  const reach = (target: number): number | null => within.find((w) => w.p >= target - 1e-12)?.n ?? null;
  const expectedStrikes = S[D] ?? 0;
  const harm = {
    ...base,
    expectedStrikes,
    pUnscathed: Q[D] ?? 0,
    expectedEffect: expectedStrikes * base.effectPerStrike,
    expectedDamage: expectedStrikes * base.damagePerStrike,
  };
  return {
    disposition: D,
    never: false,
    expectedActions: E[D] ?? 0,
    within,
    beyond,
    tailEpsilon: FORECAST_TAIL,
    median: reach(0.5),
    n90: reach(0.9),
    perAction,
    harm,
  };
}

/** P(overcome within n), n = 1, 2, … (see the module comment for where it stops and the jump cut). */
function withinTable(dl: DamageLaw, D: number): { within: WithinPoint[]; beyond: number } {
  const law = Array.from({ length: D }, (_, k) => exactly(dl, k));
  // The jump cut: the least K with Σ_{K ≤ k < D} P(k) < JUMP_EPSILON (summed from the top).
  let cut = D;
  let upper = 0;
  while (cut > 1 && upper + (law[cut - 1] ?? 0) < JUMP_EPSILON) {
    upper += law[cut - 1] ?? 0;
    cut--;
  }
  const finishFrom = (d: number): number => BANDS.reduce((t, b) => t + atLeast(dl, b, Math.min(d, cut)), 0);
  const finish = Array.from({ length: D + 1 }, (_, d) => (d === 0 ? 1 : finishFrom(d)));

  let alive = new Array<number>(D + 1).fill(0);
  alive[D] = 1;
  let overcome = 0;
  const within: WithinPoint[] = [];
  let left = 1;
  for (let n = 1; n <= FORECAST_MAX_ACTIONS && left >= FORECAST_TAIL; n++) {
    const next = new Array<number>(D + 1).fill(0);
    for (let d = 1; d <= D; d++) {
      const m = alive[d] ?? 0;
      if (m === 0) continue;
      next[d] = (next[d] ?? 0) + m * (law[0] ?? 0);
      const top = Math.min(d, cut);
      for (let k = 1; k < top; k++) next[d - k] = (next[d - k] ?? 0) + m * (law[k] ?? 0);
      overcome += m * (finish[d] ?? 0);
    }
    alive = next;
    left = alive.reduce((t, p) => t + p, 0);
    within.push({ n, p: Math.min(1, overcome) });
  }
  return { within, beyond: Math.max(0, left) };
}

// ---------------------------------------------------------------------------------------------
// From the ruleset's data

/** R-CH-2 the law of a Challenge's (or a facet's) Effect: its dice, the highest kept, exploding on 6; d/2 halved. */
export function challengeEffectLaw(stats: { readonly dice: number; readonly halved: boolean }): MeanLaw {
  return keptHighestLaw({ dice: stats.dice, halved: stats.halved });
}

/**
 * The law of one Risky Action made with `approach`, as the ruleset resolves it (`ruleset.resolution`):
 * "combined" (Core, Degenesis: R-RA-1 … R-RA-5, the Effect die from the same throw, read through the
 * ruleset's tier rule) or "separate" (Legacy, R-LEG-9, R-LEG-11: the outcome from the throw, the Effect
 * a roll of the tool's dice that `approach.rank` reads as, an improvised tool being the lowest).
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
