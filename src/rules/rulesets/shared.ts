/**
 * Tables the two published rulesets share (R-CH-1 says "both rulesets" for the Challenge tiers).
 * A ruleset that differs simply brings its own table instead.
 */
import type { ChallengeTierDef } from "./types.ts";

/** R-CH-1 Trivial 5 · d/2, Dangerous 10 · 1d, Serious 20 · 2d, Formidable 30 · 3d, Exceptional 40+ · nd (n ≥ 4; 10n proposed). */
export const STANDARD_CHALLENGE_TIERS: readonly ChallengeTierDef[] = [
  { id: "trivial", labelKey: "TERRAN.ChallengeTier.trivial", disposition: 5, dice: 0, halved: true },
  { id: "dangerous", labelKey: "TERRAN.ChallengeTier.dangerous", disposition: 10, dice: 1, halved: false },
  { id: "serious", labelKey: "TERRAN.ChallengeTier.serious", disposition: 20, dice: 2, halved: false },
  { id: "formidable", labelKey: "TERRAN.ChallengeTier.formidable", disposition: 30, dice: 3, halved: false },
  {
    id: "exceptional",
    labelKey: "TERRAN.ChallengeTier.exceptional",
    disposition: 40,
    dice: 4,
    halved: false,
    scales: { dispositionPerN: 10, minN: 4 },
  },
];

/** The Core common advancement list (R-ADV-1); Degenesis adds Specialist (R-ADV-2). */
export const CORE_ADVANCEMENT_IDS = [
  "asceticism",
  "bodyguard",
  "brainwave",
  "couldBeWorse",
  "dangerSense",
  "developed",
  "dieHard",
  "eager",
  "elephantSkin",
  "etherCall",
  "fast",
  "marathon",
  "numberCruncher",
  "sensoryAcuity",
  "sleek",
  "unyielding",
  "whirlwind",
] as const;
