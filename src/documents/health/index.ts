/**
 * The health models on the documents' side: the GM's step that takes a Challenge card's Effect as harm
 * (R-CH-4), by Grit (./grit.ts) or hit points (./hp.ts). `healthModel` is this layer's one look-up of
 * `ruleset.health.kind`.
 */
import { choiceOfModel, type ChallengeCardState, type HarmChoice } from "../../chat/index.ts";
import type { ApplyHarmRequest } from "../../relay/queries.ts";
import type { Ruleset } from "../../rules/index.ts";
import type { TerranActor } from "../actor.ts";
import type { AppliedSummary, Asker } from "../../relay/card-changes.ts";
import type { HarmOutcome } from "../operations/harm.ts";
import type { HpHarmOutcome } from "../operations/hp-harm.ts";
import type { OperationResult } from "../operations/types.ts";
import { GRIT_HEALTH } from "./grit.ts";
import { HP_HEALTH } from "./hp.ts";

/** What relay/card-changes.ts `applyHarmFromCard` hands the model once the shared checks passed. */
export interface HarmStep {
  readonly request: ApplyHarmRequest;
  readonly asker: Asker;
  readonly state: ChallengeCardState;
  readonly target: TerranActor;
  readonly ruleset: Ruleset;
  /** Never the request's. */
  readonly effect: number;
  /**
   * Writes the card (`next`) and the target once (`harmOnce`); `rolls` (R-LEG-6 Protected's dice) join the
   * card's rolls in the same update, which Dice So Nice animates.
   */
  readonly commit: <T>(
    next: ChallengeCardState,
    result: OperationResult<T>,
    rolls?: readonly Roll[],
  ) => Promise<AppliedSummary<T>>;
}

export interface HealthModel<Outcome> {
  readonly kind: Ruleset["health"]["kind"];
  /** R-CH-4 with the owner's choices, recorded on the card. */
  applyFromCard(step: HarmStep): Promise<AppliedSummary<Outcome>>;
}

export type HarmFromCardOutcome = HarmOutcome | HpHarmOutcome;

const MODELS: Readonly<Record<Ruleset["health"]["kind"], HealthModel<HarmFromCardOutcome>>> = {
  grit: GRIT_HEALTH,
  hp: HP_HEALTH,
};

export function healthModel(ruleset: Ruleset): HealthModel<HarmFromCardOutcome> {
  return MODELS[ruleset.health.kind];
}

/** R-CH-4 a request's choice tagged with another model than the world's is refused. */
export function assertWorldChoice(ruleset: Ruleset, choice: HarmChoice): void {
  choiceOfModel(choice, healthModel(ruleset).kind);
}
