/**
 * R-RA-7 / R-CH-5 the player's Effect against a Challenge or one facet. Every path that applies an Effect comes
 * here, so only here is the armour asked of the rules (R-CH-6, R-LEG-6).
 */
import {
  challengeArmour,
  damageAfterArmour,
  reduceDisposition,
  RulesError,
  type ChallengeArmourRule,
} from "../../rules/index.ts";
import type { ChallengeSource, FacetSource } from "../../data/source.ts";

/** Its facets array is written whole. */
export interface ChallengeUpdate {
  readonly system?: { readonly disposition?: { readonly value: number }; readonly facets?: FacetSource[] };
}

export interface ChallengeEffectResult {
  readonly update: ChallengeUpdate;
  readonly outcome: ChallengeEffectOutcome;
}

export interface ChallengeEffectOutcome {
  /** Null: the Challenge's own Disposition. */
  readonly facet: number | null;
  readonly effect: number;
  /** R-CH-6 0 without the house rule, and always in Legacy. */
  readonly armour: number;
  readonly applied: number;
  readonly before: number;
  readonly after: number;
  /** R-RA-7 */
  readonly overcome: boolean;
}

export function applyEffectToChallengeOperation(
  challenge: ChallengeSource,
  facet: number | null,
  effect: number,
  armourRule: ChallengeArmourRule,
): ChallengeEffectResult {
  const armour = challengeArmour(armourRule, challenge.armour);
  const applied = damageAfterArmour(effect, armour);
  if (facet === null) {
    const before = challenge.disposition.value;
    const { value, overcome } = reduceDisposition(before, applied);
    const update: ChallengeUpdate = value === before ? {} : { system: { disposition: { value } } };
    return { update, outcome: { facet, effect, armour, applied, before, after: value, overcome } };
  }
  const target = challenge.facets[facet];
  if (!target) throw new RulesError("bad-selection", `This Challenge has no facet #${facet + 1}.`, { index: facet });
  const before = target.disposition.value;
  const { value, overcome } = reduceDisposition(before, applied);
  // An array field is written whole.
  const facets = challenge.facets.map((f, i) => (i === facet ? { ...f, disposition: { ...f.disposition, value } } : f));
  const update: ChallengeUpdate = value === before ? {} : { system: { facets } };
  return { update, outcome: { facet, effect, armour, applied, before, after: value, overcome } };
}
