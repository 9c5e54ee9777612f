/** R-LEG-10 gang-up and forks, R-LEG-14 the montage's complication, read from the ruleset. */
import {
  challengeStats,
  challengeTierDef,
  consequenceBand,
  type ChallengeStats,
  type Consequence,
} from "./challenge.ts";
import { assertInteger, RulesError } from "./errors.ts";
import type { ChallengeTierId, ComplicationBand, Ruleset } from "./rulesets/types.ts";

/**
 * R-LEG-10; (ruling) past the last fixed level the scaling one takes one more die per level. `n`: the base's
 * own n when it scales.
 */
export function gangUp(ruleset: Ruleset, tier: string, count: number, n?: number): ChallengeStats {
  const rule = ruleset.gangUp;
  if (!rule) throw new RulesError("not-allowed", "This ruleset has no gang-up rule.");
  const def = challengeTierDef(ruleset, tier);
  const many = assertInteger(count, "The number of Challenges", 1, 100);
  const steps = Math.floor((many - 1) / rule.perExtra);
  const tiers = ruleset.challengeTiers;
  const at = tiers.findIndex((t) => t.id === def.id);
  const scalingAt = tiers.findIndex((t) => t.scales !== undefined);
  const scaling = tiers[scalingAt];
  if (def.scales) return challengeStats(ruleset, def.id, (n ?? def.scales.minN) + steps);
  const target = at + steps;
  if (scaling && target >= scalingAt) {
    return challengeStats(ruleset, scaling.id, (scaling.scales?.minN ?? 0) + (target - scalingAt));
  }
  const reached = tiers[Math.min(target, tiers.length - 1)] ?? def;
  return challengeStats(ruleset, reached.id);
}

function bands(ruleset: Ruleset): readonly ComplicationBand[] {
  if (!ruleset.montage) throw new RulesError("not-allowed", "This ruleset has no montage.");
  return ruleset.montage.complications;
}

/** R-LEG-14 (ruling on the gaps) */
export function complicationBand(ruleset: Ruleset, effect: number): ComplicationBand {
  const e = assertInteger(effect, "A Challenge Effect", 1);
  const band = bands(ruleset).find((b) => e >= b.min && (b.max === null || e <= b.max));
  if (!band)
    throw new RulesError("out-of-range", `A Challenge Effect of ${e} is not on the table.`, {
      what: "A Challenge Effect",
      value: e,
    });
  return band;
}

/** R-LEG-14 */
export function montageComplication(ruleset: Ruleset, effect: number): number {
  return complicationBand(ruleset, effect).dice;
}

/** R-LEG-10 */
export function forkLevel(ruleset: Ruleset, effect: number): ChallengeStats {
  return challengeStats(ruleset, complicationBand(ruleset, effect).fork);
}

/**
 * A Challenge's Effect outside a montage: R-CH-3 a consequence, or (with the fork table) R-LEG-10 / R-LEG-14
 * the level it may fork into and the Light Dice the next related roll loses.
 */
export type ChallengeReading =
  /** `harmful` R-V-15: also taken as harm. */
  | { readonly kind: "consequence"; readonly consequence: Consequence; readonly harmful: boolean }
  | { readonly kind: "fork"; readonly fork: ChallengeTierId; readonly complication: number };

/** R-CH-3 / R-LEG-10 / R-LEG-14 */
export function challengeReading(ruleset: Ruleset, effect: number): ChallengeReading {
  if (!ruleset.montage) {
    const band = consequenceBand(ruleset.consequences, effect);
    return { kind: "consequence", consequence: band.consequence, harmful: band.harmful };
  }
  const band = complicationBand(ruleset, effect);
  return { kind: "fork", fork: challengeTierDef(ruleset, band.fork).id, complication: band.dice };
}

export interface MontagePool {
  /** R-LEG-14 */
  readonly complication: number;
  /** The pool's count before the complication, minus it, clamped. */
  readonly light: number;
}

/**
 * R-LEG-14 (R-LEG-3 ruling) the complication comes off the unclamped count and the clamp comes last, so 6 − 2
 * still throws 4.
 */
export function montagePool(ruleset: Ruleset, raw: number, effect: number): MontagePool {
  const count = assertInteger(raw, "Light Dice before the complication", -20, 20);
  const complication = montageComplication(ruleset, effect);
  const max = ruleset.resolution.lightMax;
  return { complication, light: Math.min(max, Math.max(0, count - complication)) };
}
