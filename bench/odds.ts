/**
 * Bench of the exact odds (src/rules/odds.ts): time per call over every state the roll dialog can
 * show, and the time of one Monte Carlo estimate of the same numbers for comparison; then the
 * Challenge forecast's time per call, and its slowest case.
 */
import { DEFAULT_TIER_RANK, TIER_RANKS, type TierRank } from "../src/rules/effect.ts";
import { challengeEffectLaw, challengeForecast, forecastActionLaw } from "../src/rules/forecast.ts";
import { riskyActionOdds, type OddsInput } from "../src/rules/odds.ts";
import { CORE } from "../src/rules/rulesets/index.ts";
import { monteCarloOdds } from "../tests/support/monte-carlo.ts";
import { median, ms, p99, type BenchReport } from "./stats.ts";

const WARM_UP_PASSES = 3;
const PASSES = 20;
const MC_TRIALS = 100_000;
const MEDIAN_TARGET_MS = 0.5;
const P99_TARGET_MS = 2;
const SPEED_UP_TARGET = 100;

/** The Effect the dialog shows beside the die odds: Core, Mediocre (the no-weapon default). */
const EFFECT = { rule: CORE.effect, rank: DEFAULT_TIER_RANK };

/** Every dialog state: light 0–4 × dark 0–10 (the default maximum) × Ego 0–6 × Slaughter on/off. */
function dialogStates(): OddsInput[] {
  const states: OddsInput[] = [];
  for (let light = 0; light <= 4; light++)
    for (let dark = 0; dark <= 10; dark++)
      for (let ego = 0; ego <= 6; ego++)
        for (const slaughter of [false, true]) states.push({ light, dark, ego, slaughter, effect: EFFECT });
  return states;
}

export function benchOdds(): BenchReport {
  const states = dialogStates();
  let checksum = 0; // consumed below so no call can be optimised away
  for (let pass = 0; pass < WARM_UP_PASSES; pass++) {
    for (const state of states) checksum += riskyActionOdds(state).effect.expected;
  }
  const times: number[] = [];
  for (let pass = 0; pass < PASSES; pass++) {
    for (const state of states) {
      const start = performance.now();
      const odds = riskyActionOdds(state);
      times.push(performance.now() - start);
      checksum += odds.effect.expected;
    }
  }
  const exactMedian = median(times);
  const exactP99 = p99(times);

  const typical: OddsInput = { light: 3, dark: 2, ego: 4, effect: EFFECT };
  checksum += monteCarloOdds(typical, 1_000, 7).effect.expected.mean; // warm the simulator up too
  const mcStart = performance.now();
  const mc = monteCarloOdds(typical, MC_TRIALS, 42);
  const mcTime = performance.now() - mcStart;
  checksum += mc.effect.expected.mean;
  const speedUp = mcTime / exactMedian;
  const exact = riskyActionOdds(typical);

  return {
    name: "odds - exact Risky Action odds (src/rules/odds.ts)",
    notes: [
      `${states.length} dialog states (light 0-4 x dark 0-10 x Ego 0-6 x Slaughter on/off, with the Core Mediocre Effect value),`,
      `${PASSES} timed passes after ${WARM_UP_PASSES} warm-up passes: ${times.length} calls, each timed with performance.now().`,
      `Monte Carlo: one ${MC_TRIALS.toLocaleString("en")}-trial estimate of the same numbers for light 3, dark 2, Ego 4: ${ms(mcTime)}`,
      `  (exact expected Effect ${exact.effect.expected.toFixed(4)} vs estimate ${mc.effect.expected.mean.toFixed(4)} ± ${mc.effect.expected.standardError.toFixed(4)}).`,
      `checksum ${checksum.toFixed(3)}`,
    ],
    checks: [
      {
        label: "median time per call",
        value: ms(exactMedian),
        target: `<= ${MEDIAN_TARGET_MS} ms`,
        pass: exactMedian <= MEDIAN_TARGET_MS,
      },
      {
        label: "p99 time per call",
        value: ms(exactP99),
        target: `<= ${P99_TARGET_MS} ms`,
        pass: exactP99 <= P99_TARGET_MS,
      },
      {
        label: "Monte Carlo time / median exact time",
        value: `${Math.round(speedUp).toLocaleString("en")}x`,
        target: `>= ${SPEED_UP_TARGET}x`,
        pass: speedUp >= SPEED_UP_TARGET,
      },
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// The Challenge forecast (src/rules/forecast.ts): what the GM's panel and `npm run odds forecast` compute.

const FORECAST_MEDIAN_TARGET_MS = 1;
const FORECAST_P99_TARGET_MS = 20;
const FORECAST_WORST_TARGET_MS = 1500;

/** Every standard tier (Exceptional n = 4 and n = 10) × light 0–4 × dark 0–2 × Core rank 0–4. */
function forecastStates(): {
  disposition: number;
  dice: number;
  halved: boolean;
  light: number;
  dark: number;
  rank: TierRank;
}[] {
  const states = [];
  for (const [disposition, dice, halved] of [
    [5, 0, true],
    [10, 1, false],
    [20, 2, false],
    [30, 3, false],
    [40, 4, false],
    [100, 10, false],
  ] as const)
    for (let light = 0; light <= 4; light++)
      for (let dark = 0; dark <= 2; dark++)
        for (const rank of TIER_RANKS) states.push({ disposition, dice, halved, light, dark, rank });
  return states;
}

export function benchForecast(): BenchReport {
  const states = forecastStates();
  let checksum = 0;
  const run = (s: (typeof states)[number]): number =>
    challengeForecast(forecastActionLaw(CORE, { light: s.light, dark: s.dark, rank: s.rank }), {
      disposition: s.disposition,
      effect: challengeEffectLaw(s),
    }).harm.pUnscathed;
  for (const state of states) checksum += run(state); // warm up
  const times: number[] = [];
  for (let pass = 0; pass < 5; pass++) {
    for (const state of states) {
      const start = performance.now();
      checksum += run(state);
      times.push(performance.now() - start);
    }
  }
  // The slowest the sheet accepts: Disposition 1000 behind armour 4, one Light Die at the Bad tier
  // (over 1000 actions expected, so the P(within n) list runs to its 1000-action cap).
  const worstStart = performance.now();
  const worst = challengeForecast(forecastActionLaw(CORE, { light: 1, dark: 0, rank: 0 }), {
    disposition: 1000,
    armour: 4,
    effect: challengeEffectLaw({ dice: 10, halved: false }),
  });
  const worstTime = performance.now() - worstStart;
  checksum += worst.expectedActions ?? 0;
  return {
    name: "forecast - the exact Challenge forecast (src/rules/forecast.ts)",
    notes: [
      `${states.length} states (Trivial, Dangerous, Serious, Formidable, Exceptional n 4 and n 10 x light 0-4 x dark 0-2 x Core rank 0-4), 5 timed passes.`,
      `Worst case: Disposition 1000, armour 4, 1 Light Die at Bad: ${worst.within.length} rows, ${(worst.expectedActions ?? Number.NaN).toFixed(0)} actions expected.`,
      `checksum ${checksum.toFixed(3)}`,
    ],
    checks: [
      {
        label: "median time per forecast",
        value: ms(median(times)),
        target: `<= ${FORECAST_MEDIAN_TARGET_MS} ms`,
        pass: median(times) <= FORECAST_MEDIAN_TARGET_MS,
      },
      {
        label: "p99 time per forecast",
        value: ms(p99(times)),
        target: `<= ${FORECAST_P99_TARGET_MS} ms`,
        pass: p99(times) <= FORECAST_P99_TARGET_MS,
      },
      {
        label: "worst case (Disposition 1000, 1000 rows)",
        value: ms(worstTime),
        target: `<= ${FORECAST_WORST_TARGET_MS} ms`,
        pass: worstTime <= FORECAST_WORST_TARGET_MS,
      },
    ],
  };
}
