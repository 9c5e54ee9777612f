/**
 * R-V-16 Morale: a sentient Challenge brought to 0 throws its own Dice and gives up, pushes on a tier lower,
 * or carries on at full Disposition.
 */
import { challengeEffect, type ChallengeStats } from "./challenge.ts";
import { assertInteger, RulesError } from "./errors.ts";
import type { ChallengeTierDef, MoraleResult, MoraleRow } from "./rulesets/types.ts";

export interface MoraleTables {
  readonly tiers: readonly ChallengeTierDef[];
  readonly rows: readonly MoraleRow[];
}

export type MoraleOutcome =
  | { readonly result: "gives-up"; readonly value: number }
  | { readonly result: "lower"; readonly value: number; readonly stats: ChallengeStats }
  | { readonly result: "carries-on"; readonly value: number; readonly disposition: number };

export function moraleRow(rows: readonly MoraleRow[], value: number): MoraleRow {
  const row = rows.find((r) => value >= r.min && (r.max === null || value <= r.max));
  if (!row) throw new RulesError("out-of-range", `A Morale of ${value} is not on the table.`, { value });
  return row;
}

/** R-V-16 (ruling) a tier is a row of the table: Exceptional of any n steps to Formidable; Trivial has none. */
export function lowerTier(tiers: readonly ChallengeTierDef[], tier: string): ChallengeStats | null {
  const index = tiers.findIndex((t) => t.id === tier);
  if (index < 0) throw new RulesError("unknown-id", `"${tier}" is not a Challenge tier.`, { id: tier });
  const def = tiers[index - 1];
  if (!def) return null;
  const n = def.scales?.minN ?? null;
  const disposition = def.scales ? def.scales.dispositionPerN * def.scales.minN : def.disposition;
  return { tier: def.id, disposition, dice: n ?? def.dice, halved: def.halved, n };
}

/** R-V-16 (ruling) where a 4–5 lands: Trivial, with no tier below, gives up. */
function resultOf(tables: MoraleTables, tier: string, value: number): MoraleResult {
  const result = moraleRow(tables.rows, value).result;
  return result === "lower" && lowerTier(tables.tiers, tier) === null ? "gives-up" : result;
}

/**
 * R-V-16 read as the Challenge's Effect (R-CH-2); `fullDisposition`: its stored maximum, a GM's hand-set value
 * included (ruling).
 */
export function morale(
  tables: MoraleTables,
  stats: ChallengeStats,
  fullDisposition: number,
  faces: readonly number[],
  chain: readonly number[],
): MoraleOutcome {
  const full = assertInteger(fullDisposition, "A Challenge's full Disposition", 1);
  const value = challengeEffect(stats, faces, chain).value;
  const result = resultOf(tables, stats.tier, value);
  if (result === "carries-on") return { result, value, disposition: full };
  const lower = result === "lower" ? lowerTier(tables.tiers, stats.tier) : null;
  return lower ? { result: "lower", value, stats: lower } : { result: "gives-up", value };
}

/** Past this many explosions the mass left is below 1e-30, so the sums are exact to a double. */
const EXPLOSION_DEPTH = 40;

/** R-V-16 exact: the kept face decides below 6; past it each explosion adds 6 or stops on 1–5. */
export function moraleOdds(tables: MoraleTables, stats: ChallengeStats): Readonly<Record<MoraleResult, number>> {
  const n = stats.halved ? 1 : stats.dice;
  if (!Number.isSafeInteger(n) || n < 1 || n > 100) {
    throw new RulesError("out-of-range", `Morale throws 1 to 100 dice (got ${n}).`, { value: n });
  }
  const kept = (k: number): number => (k ** n - (k - 1) ** n) / 6 ** n;
  const odds: Record<MoraleResult, number> = { "gives-up": 0, lower: 0, "carries-on": 0 };
  let sixes = 1 - (5 / 6) ** n;
  for (let m = 0; m <= EXPLOSION_DEPTH; m++) {
    for (let r = 1; r <= 5; r++) {
      const p = m === 0 ? kept(r) : sixes / 6;
      const total = 6 * m + r;
      odds[resultOf(tables, stats.tier, stats.halved ? Math.ceil(total / 2) : total)] += p;
    }
    if (m > 0) sixes /= 6;
  }
  return odds;
}
