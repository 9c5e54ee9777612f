/** R-RA-7 / R-CH-5 a player's Effect applied to a Challenge actor, as one update. */
import { ChallengeData } from "../data/actor/challenge.ts";
import { RulesError } from "../rules/index.ts";
import { currentChallengeArmourRule } from "../settings/settings.ts";
import { applyEffectToChallengeOperation, type ChallengeEffectOutcome } from "./operations/challenge.ts";

export async function applyEffectToChallenge(
  actor: Actor.Implementation,
  facet: number | null,
  effect: number,
): Promise<ChallengeEffectOutcome> {
  const system = actor.system;
  if (!(system instanceof ChallengeData)) {
    throw new RulesError("not-allowed", `${actor.name} is not a Challenge.`, { name: actor.name });
  }
  const { update, outcome } = applyEffectToChallengeOperation(
    system.toObject(),
    facet,
    effect,
    currentChallengeArmourRule(),
  );
  if (Object.keys(update).length > 0) await actor.update(update);
  return outcome;
}
