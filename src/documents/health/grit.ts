/**
 * The Grit model on the documents' side (R-CH-4, R-HARM-1 … R-HARM-5): `applyHarmOperation`, recorded on the
 * card.
 */
import { choiceOfModel, recordHarm, type GritHarmEntry } from "../../chat/index.ts";
import { applyHarmOperation, type HarmOutcome } from "../operations/harm.ts";
import type { HarmStep, HealthModel } from "./index.ts";

export interface GritHealth extends HealthModel<HarmOutcome> {
  readonly kind: "grit";
  /** Run once by the step. */
  readonly operation: typeof applyHarmOperation;
}

export const GRIT_HEALTH: GritHealth = {
  kind: "grit",
  operation: applyHarmOperation,
  applyFromCard({ request, asker, state, target, effect, commit }: HarmStep) {
    const choice = choiceOfModel(request.choice, GRIT_HEALTH.kind);
    const character = target.characterState();
    const choices = {
      sacrificeShield: choice.sacrificeShield,
      ...(choice.woundTrack ? { woundTrack: choice.woundTrack } : {}),
    };
    const result = GRIT_HEALTH.operation(character, effect, choices);
    const harm = result.outcome;
    const entry: GritHarmEntry = {
      model: "grit",
      targetName: target.name,
      targetUuid: target.uuid,
      effect,
      armour: harm.assessment.armour,
      damage: harm.assessment.damage,
      shieldSacrificed: harm.shieldDestroyed,
      gritBefore: character.source.grit.value,
      gritAfter: harm.grit,
      wound: harm.wound,
      mortallyWounded: harm.mortallyWounded,
      dead: harm.dead,
      userId: asker.id,
    };
    return commit(recordHarm(state, asker, entry, state.version), result);
  },
};
