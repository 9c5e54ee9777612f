/**
 * R-CH-1 … R-CH-6 Challenges: tiers, their Effect, consequences, facets, armour under a house rule (R-CH-4's
 * harm is harm.ts).
 */
import { assertFaces, highest } from "./dice.ts";
import { assertInteger, assertText, RulesError } from "./errors.ts";
import { EXPLODE_ON, explosionTotal, type ExplosionResult } from "./explosion.ts";
import { reduceDisposition } from "./resolution.ts";
import { STANDARD_CONSEQUENCES } from "./rulesets/shared.ts";
import type { ChallengeTierDef, ChallengeTierId, Consequence, ConsequenceBand, Ruleset } from "./rulesets/types.ts";

export type { Consequence };

export interface ChallengeStats {
  readonly tier: ChallengeTierId;
  readonly disposition: number;
  /** 0 with `halved`: d/2. */
  readonly dice: number;
  readonly halved: boolean;
  /** A scaling tier's n, else null. */
  readonly n: number | null;
}

export function challengeTierDef(ruleset: Ruleset, tier: string): ChallengeTierDef {
  const own = ruleset.challengeTiers.find((t) => t.id === tier);
  // Another ruleset's level (a world that switched) reads as this ruleset's alias of it.
  const alias = own
    ? undefined
    : Object.hasOwn(ruleset.tierAliases, tier)
      ? ruleset.tierAliases[tier as ChallengeTierId]
      : undefined;
  const def = own ?? ruleset.challengeTiers.find((t) => t.id === alias);
  if (!def) throw new RulesError("unknown-id", `"${tier}" is not a Challenge tier.`, { id: tier });
  return def;
}

/** R-CH-1 a scaling tier (Exceptional). */
export interface ChallengeScale {
  readonly minN: number;
  /** `dispositionPerN × minN` (40). */
  readonly minDisposition: number;
  /** The Disposition proposed for n dice is `dispositionPerN × n`. */
  readonly dispositionPerN: number;
}

/** R-CH-1 null for a tier with one Disposition and one number of dice. */
export function challengeScale(ruleset: Ruleset, tier: string): ChallengeScale | null {
  const scales = challengeTierDef(ruleset, tier).scales;
  return scales
    ? {
        minN: scales.minN,
        minDisposition: scales.dispositionPerN * scales.minN,
        dispositionPerN: scales.dispositionPerN,
      }
    : null;
}

/**
 * R-CH-1 (ruling: "40+ / 4d+" are two floors) a scaling tier takes n ≥ `minN` and any Disposition from its
 * least; the others have one Disposition, and another is refused.
 */
export function challengeStats(ruleset: Ruleset, tier: string, n?: number, disposition?: number): ChallengeStats {
  if (!ruleset.challengeTiers.some((t) => t.id === tier)) return foreignLevelStats(ruleset, tier, n);
  const def = challengeTierDef(ruleset, tier);
  const scale = challengeScale(ruleset, tier);
  if (!scale) {
    if (disposition !== undefined && disposition !== def.disposition) {
      throw new RulesError(
        "out-of-range",
        `A ${def.id} Challenge has a Disposition of ${def.disposition}, not ${disposition}.`,
        {
          what: "A Challenge's Disposition",
          value: disposition,
        },
      );
    }
    return { tier: def.id, disposition: def.disposition, dice: def.dice, halved: def.halved, n: null };
  }
  const size = assertInteger(
    n ?? scale.minN,
    `${def.id === "exceptional" ? "Exceptional" : "The level"}'s n`,
    scale.minN,
    100,
  );
  const proposed = scale.dispositionPerN * size;
  // R-LEG-10 (ruling) exactly 10n.
  if (def.scales?.tied && disposition !== undefined && disposition !== proposed) {
    throw new RulesError(
      "out-of-range",
      `A ${def.id} Challenge of ${size} dice has a Disposition of ${proposed}, not ${disposition}.`,
      {
        what: "A Challenge's Disposition",
        value: disposition,
      },
    );
  }
  const value =
    disposition === undefined
      ? proposed
      : assertInteger(disposition, "An Exceptional Disposition", scale.minDisposition);
  return { tier: def.id, disposition: value, dice: size, halved: false, n: size };
}

/**
 * R-LEG-10 (ruling) another ruleset's level read through `tierAliases`: its dice kept, its Disposition this
 * ruleset's for them; the stored record is not changed.
 */
function foreignLevelStats(ruleset: Ruleset, tier: string, n?: number): ChallengeStats {
  const def = challengeTierDef(ruleset, tier);
  const scaling = ruleset.challengeTiers.find((t) => t.scales !== undefined);
  const dice = n === undefined ? undefined : assertInteger(n, "The level's n", 1, 100);
  if (
    scaling?.scales &&
    dice !== undefined &&
    (def.scales !== undefined || dice > def.dice) &&
    dice >= scaling.scales.minN
  ) {
    return challengeStats(ruleset, scaling.id, dice);
  }
  return challengeStats(ruleset, def.id, def.scales?.minN);
}

export interface ChallengeEffect {
  readonly explosion: ExplosionResult;
  /** Halved and rounded up for d/2. */
  readonly value: number;
  readonly halved: boolean;
}

/** R-CH-2 (d/2 is one exploding d6 halved up); `chain`: the explosion dice after the kept one. */
export function challengeEffect(
  stats: Pick<ChallengeStats, "dice" | "halved">,
  faces: readonly number[],
  chain: readonly number[],
): ChallengeEffect {
  const expected = stats.halved ? 1 : stats.dice;
  if (faces.length !== expected) {
    throw new RulesError(
      "no-dice",
      `This Challenge throws ${expected} ${expected === 1 ? "die" : "dice"}; ${faces.length} were given.`,
      {
        expected,
        given: faces.length,
      },
    );
  }
  const kept = highest(assertFaces(faces, "Challenge die"));
  const explosion = explosionTotal(kept, chain, EXPLODE_ON);
  const value = stats.halved ? Math.ceil(explosion.total / 2) : explosion.total;
  return { explosion, value, halved: stats.halved };
}

/** R-CH-3, R-V-15 the band an Effect of at least 1 falls in. */
export function consequenceBand(bands: readonly ConsequenceBand[], effect: number): ConsequenceBand {
  const e = assertInteger(effect, "A Challenge Effect", 1);
  const band = bands.find((b) => e >= b.min && (b.max === null || e <= b.max));
  if (!band) throw new RulesError("out-of-range", `A Challenge Effect of ${e} is not on the table.`, { value: e });
  return band;
}

/** R-CH-3 */
export function consequenceOf(effect: number): Consequence {
  return consequenceBand(STANDARD_CONSEQUENCES, effect).consequence;
}

/** R-CH-5 */
export interface Facet extends ChallengeStats {
  readonly name: string;
  readonly value: number;
}

/** R-CH-5 at full Disposition. */
export function makeFacet(ruleset: Ruleset, name: string, tier: string, n?: number, disposition?: number): Facet {
  assertText(name, "A facet's name");
  const stats = challengeStats(ruleset, tier, n, disposition);
  return { ...stats, name, value: stats.disposition };
}

/** R-RA-7 / R-CH-5 */
export function applyEffectToFacet(
  facets: readonly Facet[],
  index: number,
  effect: number,
): { facets: Facet[]; overcome: boolean } {
  facets.forEach(assertFacet);
  const facet = facets[index];
  if (!facet) throw new RulesError("bad-selection", `There is no facet #${index + 1}.`, { index });
  const { value } = reduceDisposition(facet.value, effect);
  const next = facets.map((f, i) => (i === index ? { ...f, value } : f));
  return { facets: next, overcome: isOvercome(next) };
}

/** R-CH-5 whole numbers (no NaN passes through). */
export function assertFacet(facet: Facet): Facet {
  assertText(facet.name, "A facet's name");
  assertText(facet.tier, "A facet's tier");
  assertInteger(facet.disposition, "A facet's Disposition", 0);
  assertInteger(facet.value, "A facet's Disposition left", 0);
  assertInteger(facet.dice, "A facet's dice", 0);
  if (facet.n !== null) assertInteger(facet.n, "A facet's n", 0);
  return facet;
}

/** R-CH-5 (ruling) overcome when any facet reaches 0. */
export function isOvercome(facets: readonly Facet[]): boolean {
  return facets.some((f) => f.value === 0);
}

/** R-CH-6 */
export interface ChallengeArmourRule {
  readonly ruleset: Ruleset;
  /** Core, Degenesis only. */
  readonly houseRule: boolean;
}

/** R-CH-6 (house rule) / R-LEG-6: the one place every path (Apply, the forecast, the sheet) asks. */
export function challengeArmour(rule: ChallengeArmourRule, stored: number): number {
  const armour = assertInteger(stored, "The Challenge's armour", 0);
  return challengeArmourShown(rule) ? armour : 0;
}

/** R-CH-6 */
export function challengeArmourShown(rule: ChallengeArmourRule): boolean {
  return rule.ruleset.challengeArmour === "houseRule" && rule.houseRule;
}
