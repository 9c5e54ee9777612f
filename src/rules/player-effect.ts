/**
 * R-RA-3 … R-RA-5 the player's Effect: the chain, then the tier and tags; R-ADV-2 Specialist's rescued Fail.
 */
import { type EffectTags, type EffectValue, type TierRank } from "./effect.ts";
import { assertInteger } from "./errors.ts";
import { explosionThreshold, explosionTotal, type ExplosionResult } from "./explosion.ts";
import type { Ruleset } from "./rulesets/types.ts";

/** R-ADV-2 (Reduced / Mediocre). */
export const SPECIALIST_RANK: TierRank = 1;

export interface PlayerEffectInput {
  /** The Effect die's face; `chain` the explosion dice after it. */
  readonly first: number;
  readonly chain: readonly number[];
  readonly slaughter: boolean;
  readonly rank: TierRank;
  readonly tags?: EffectTags;
  readonly specialistRescue?: boolean;
}

export interface PlayerEffect extends EffectValue {
  readonly explosion: ExplosionResult;
  readonly rank: TierRank;
}

export function playerEffect(ruleset: Ruleset, input: PlayerEffectInput): PlayerEffect {
  const explosion = explosionTotal(input.first, input.chain, explosionThreshold(input.slaughter));
  const asked = assertInteger(input.rank, "An Effect tier", 0, 4) as TierRank;
  const rank = input.specialistRescue ? (Math.min(asked, SPECIALIST_RANK) as TierRank) : asked;
  return { ...ruleset.effect.value(explosion.total, rank, input.tags), explosion, rank };
}
