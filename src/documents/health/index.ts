/**
 * The health model of the world's ruleset on the documents' side: the GM's step that takes a Challenge
 * card's Effect as harm on one character (R-CH-4), with the model's pure operation. Grit and the wound
 * tracks (./grit.ts, R-HARM-1 … R-HARM-5) or hit points (./hp.ts, R-LEG-4 … R-LEG-6). The card's record
 * of each is src/chat/health/; the questions asked of the clicking user and the sheet's part are
 * src/applications/health/. `healthModel` is this layer's one look-up of `ruleset.health.kind`.
 */
import type { ChallengeCardState } from "../../chat/index.ts";
import type { ApplyHarmRequest } from "../../relay/queries.ts";
import type { Ruleset } from "../../rules/index.ts";
import type { TerranActor } from "../actor.ts";
import type { AppliedSummary, Asker } from "../../relay/card-changes.ts";
import type { HarmOutcome } from "../operations/harm.ts";
import type { HpHarmOutcome } from "../operations/hp-harm.ts";
import type { OperationResult } from "../operations/types.ts";
import { GRIT_HEALTH } from "./grit.ts";
import { HP_HEALTH } from "./hp.ts";

/**
 * One request to harm, as the GM's step (src/relay/card-changes.ts `applyHarmFromCard`) hands it to
 * the model once the shared checks passed: the card exists at the request's version, the asker may ask,
 * the target is a character the card has not harmed.
 */
export interface HarmStep {
  readonly request: ApplyHarmRequest;
  readonly asker: Asker;
  readonly state: ChallengeCardState;
  readonly target: TerranActor;
  readonly ruleset: Ruleset;
  /** The card's Effect (never the request's). */
  readonly effect: number;
  /**
   * Writes the card with the harm recorded (`next`) and the change on the target, once (card-changes.ts
   * `harmOnce`); `rolls` thrown in the step (R-LEG-6 Protected's Dark Dice) join the card's rolls in the
   * same update, which Dice So Nice animates.
   */
  readonly commit: <T>(
    next: ChallengeCardState,
    result: OperationResult<T>,
    rolls?: readonly Roll[],
  ) => Promise<AppliedSummary<T>>;
}

/** A health model's part of the GM's step. */
export interface HealthModel<Outcome> {
  readonly kind: Ruleset["health"]["kind"];
  /** R-CH-4 the card's Effect as harm on `step.target`, with the choices its owner made, recorded on the card. */
  applyFromCard(step: HarmStep): Promise<AppliedSummary<Outcome>>;
}

export type HarmFromCardOutcome = HarmOutcome | HpHarmOutcome;

const MODELS: Readonly<Record<Ruleset["health"]["kind"], HealthModel<HarmFromCardOutcome>>> = {
  grit: GRIT_HEALTH,
  hp: HP_HEALTH,
};

/** The health model of `ruleset` (its data says which: `health.kind`). */
export function healthModel(ruleset: Ruleset): HealthModel<HarmFromCardOutcome> {
  return MODELS[ruleset.health.kind];
}
