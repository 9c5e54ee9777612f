/**
 * Bench of a forged card's refusal: a card whose flags hold 10^6 dice (or a chain of 10^6 explosions) is
 * refused by its kind's check before any entry is read, on every client at every render (docs/RULES.md §8).
 */
import { CARD_CHECKS, createChallengeCard, createRiskyCard, type RiskyCardState } from "../src/chat/index.ts";
import { RulesError } from "../src/rules/index.ts";
import { median, ms, type BenchReport } from "./stats.ts";

const PASSES = 200;
const TARGET_MS = 1;

function risky(): RiskyCardState {
  return createRiskyCard({
    rollerId: "player1",
    actorUuid: "Actor.abc",
    actorName: "Mira",
    rulesetId: "core",
    target: { kind: "attribute", attribute: "finesse" },
    reaction: false,
    light: [6, 3],
    dark: [],
    pool: {
      base: 2,
      baseLabel: "TERRAN.Attribute.finesse",
      lines: [],
      raw: 2,
      light: 2,
      dark: 0,
      clamp: null,
      empty: false,
    },
    egoBefore: 4,
    sayonara: false,
    singleDieServesBoth: true,
    weapon: null,
    rank: 1,
    combat: false,
    flags: { whirlwind: false, specialist: false, fast: false, slow: false },
  });
}

/** The median time one check takes to refuse `state`; throws if it does not refuse it. */
function refusal(check: (state: never) => unknown, state: unknown): number {
  const samples: number[] = [];
  for (let i = 0; i < PASSES; i++) {
    const start = performance.now();
    try {
      check(state as never);
      throw new Error("a card of 10^6 dice was read");
    } catch (error) {
      if (!(error instanceof RulesError)) throw error;
    }
    samples.push(performance.now() - start);
  }
  return median(samples);
}

export function benchRefusal(): BenchReport {
  const million = Array.from({ length: 1e6 }, () => 1);
  const challenge = createChallengeCard({
    rollerId: "gm",
    challengeUuid: "Actor.c",
    challengeName: "Vault",
    facetName: "",
    stats: { dice: 1, halved: false },
    faces: [3],
    chain: [],
  });
  const cases: [string, (state: never) => unknown, unknown][] = [
    ["Risky card, 10^6 Dark Dice", CARD_CHECKS.risky, { ...risky(), dark: million }],
    ["Risky card, chain of 10^6", CARD_CHECKS.risky, { ...risky(), effect: { chain: [...million.map(() => 6), 1] } }],
    [
      "Challenge card, 10^6 dice",
      CARD_CHECKS.challenge,
      { ...challenge, stats: { dice: 1e6, halved: false }, faces: million },
    ],
  ];
  return {
    name: "Forged card refusal (kind's check, median of 200)",
    notes: ["A stored list longer than STORED_LIST_MAX is refused before any entry is read."],
    checks: cases.map(([label, check, state]) => {
      const value = refusal(check, state);
      return { label, value: ms(value), target: `< ${TARGET_MS} ms`, pass: value < TARGET_MS };
    }),
  };
}
