/**
 * R-LEG-10 gang-up and forks, R-LEG-14 the montage's complication: Challenge levels read from the
 * ruleset (`challengeTiers`, `gangUp`, `montage`).
 */
import { challengeStats, challengeTierDef, consequenceOf, type ChallengeStats, type Consequence } from "./challenge.ts";
import { assertInteger, RulesError } from "./errors.ts";
import type { ChallengeTierId, ComplicationBand, Ruleset } from "./rulesets/types.ts";

/**
 * R-LEG-10 several Challenges ganging up: +1 level for every two beyond the first. Past the last fixed
 * level the scaling one (Fantastical) takes one more die (and 10 Disposition) per further level
 * (ruling). `n` is the scaling level's own n when the base is it.
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

/** R-LEG-14 (ruling on the gaps) the band a Challenge's Effect falls in: 1–3, 4–5, 6–11, 12+. */
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

/** R-LEG-14 the Light Dice a montage's Challenge Effect takes off the pool: none, 1, 2, 3. */
export function montageComplication(ruleset: Ruleset, effect: number): number {
  return complicationBand(ruleset, effect).dice;
}

/** R-LEG-10 the Challenge a Challenge's Effect may fork into: Trivial, Dangerous, Serious, Formidable. */
export function forkLevel(ruleset: Ruleset, effect: number): ChallengeStats {
  return challengeStats(ruleset, complicationBand(ruleset, effect).fork);
}

/**
 * How a Challenge's Effect is read outside a montage, by the ruleset's own table: R-CH-3 a consequence
 * (annoying / troublesome / devastating) where the ruleset has none, or R-LEG-10 R-LEG-14 a fork (the
 * level of a new Challenge it may split into) and a complication (the Light Dice the next related
 * Risky Action loses) where it has the fork table.
 */
export type ChallengeReading =
  | { readonly kind: "consequence"; readonly consequence: Consequence }
  | { readonly kind: "fork"; readonly fork: ChallengeTierId; readonly complication: number };

/** R-CH-3 / R-LEG-10 R-LEG-14 a Challenge's Effect read the ruleset's way (see `ChallengeReading`). */
export function challengeReading(ruleset: Ruleset, effect: number): ChallengeReading {
  if (!ruleset.montage) return { kind: "consequence", consequence: consequenceOf(effect) };
  const band = complicationBand(ruleset, effect);
  return { kind: "fork", fork: challengeTierDef(ruleset, band.fork).id, complication: band.dice };
}

export interface MontagePool {
  /** Light Dice the Challenge's Effect takes off (R-LEG-14's table). */
  readonly complication: number;
  /** Light Dice thrown: the pool's count before the complication, minus it, clamped to 0…`lightMax`. */
  readonly light: number;
}

/**
 * R-LEG-14 the montage's pool: the Challenge's Effect is thrown first and its complication comes off
 * the Light Dice as the pool's lines add up (`raw`, unclamped, as R-LEG-9 counts them); the clamp to
 * 0…4 comes last, as every pool's does (R-LEG-3 ruling), so a pool of 6 losing 2 still throws 4.
 */
export function montagePool(ruleset: Ruleset, raw: number, effect: number): MontagePool {
  const count = assertInteger(raw, "Light Dice before the complication", -20, 20);
  const complication = montageComplication(ruleset, effect);
  const max = ruleset.resolution.lightMax;
  return { complication, light: Math.min(max, Math.max(0, count - complication)) };
}
