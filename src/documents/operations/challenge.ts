/**
 * R-RA-7 / R-CH-5 the player's Effect against a Challenge: its own Disposition (facet null) or one of
 * its facets'. The Challenge's optional armour is subtracted first (R-HARM-1 read for Challenges).
 */
import { damageAfterArmour, reduceDisposition, RulesError } from "../../rules/index.ts";
import type { ChallengeSource, FacetSource } from "../../data/source.ts";

/** A Challenge's update: its Disposition, or its facets array written whole. */
export interface ChallengeUpdate {
  readonly system?: { readonly disposition?: { readonly value: number }; readonly facets?: FacetSource[] };
}

export interface ChallengeEffectResult {
  readonly update: ChallengeUpdate;
  readonly outcome: ChallengeEffectOutcome;
}

export interface ChallengeEffectOutcome {
  /** The facet's index, or null for the Challenge's own Disposition. */
  readonly facet: number | null;
  readonly effect: number;
  readonly armour: number;
  /** The Effect after armour. */
  readonly applied: number;
  readonly before: number;
  readonly after: number;
  /** R-RA-7 the Disposition reached 0. */
  readonly overcome: boolean;
}

export function applyEffectToChallengeOperation(
  challenge: ChallengeSource,
  facet: number | null,
  effect: number,
): ChallengeEffectResult {
  const applied = damageAfterArmour(effect, challenge.armour);
  if (facet === null) {
    const before = challenge.disposition.value;
    const { value, overcome } = reduceDisposition(before, applied);
    const update: ChallengeUpdate = value === before ? {} : { system: { disposition: { value } } };
    return { update, outcome: { facet, effect, armour: challenge.armour, applied, before, after: value, overcome } };
  }
  const target = challenge.facets[facet];
  if (!target) throw new RulesError("bad-selection", `This Challenge has no facet #${facet + 1}.`, { index: facet });
  const before = target.disposition.value;
  const { value, overcome } = reduceDisposition(before, applied);
  // An array field is written whole: the facets with the one changed.
  const facets = challenge.facets.map((f, i) => (i === facet ? { ...f, disposition: { ...f.disposition, value } } : f));
  const update: ChallengeUpdate = value === before ? {} : { system: { facets } };
  return { update, outcome: { facet, effect, armour: challenge.armour, applied, before, after: value, overcome } };
}
