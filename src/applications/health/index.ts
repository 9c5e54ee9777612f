/**
 * The health models on the clicking user's side: the questions asked before a Challenge card's Effect is
 * applied as harm (R-CH-4), and the model's moves. This layer's look-up of `ruleset.health.kind` for them
 * (the sheet's part, pure, is sheet.ts's).
 */
import type { HarmChoice } from "../../chat/index.ts";
import type { TerranActor } from "../../documents/actor.ts";
import type { Ruleset } from "../../rules/index.ts";
import { GRIT_HEALTH } from "./grit.ts";
import { HP_HEALTH } from "./hp.ts";
import type { HealthMove } from "./moves.ts";

export interface HealthQuestions {
  /** On this screen, tagged with the model; null if a dialog was closed (nothing is applied). The step checks it. */
  readonly harmChoices: (actor: TerranActor, effect: number) => Promise<HarmChoice | null>;
  /** What one who may not choose sends. */
  readonly noChoice: HarmChoice;
}

/** One model's entry: its questions and its moves. */
export interface HealthApp {
  readonly questions: HealthQuestions;
  /** In the sheet's order. */
  readonly moves: (ruleset: Ruleset) => readonly HealthMove[];
}

const MODELS: Readonly<Record<Ruleset["health"]["kind"], HealthApp>> = {
  grit: GRIT_HEALTH,
  hp: HP_HEALTH,
};

export function healthQuestions(ruleset: Ruleset): HealthQuestions {
  return MODELS[ruleset.health.kind].questions;
}

/** In the sheet's order. */
export function healthMoves(ruleset: Ruleset): readonly HealthMove[] {
  return MODELS[ruleset.health.kind].moves(ruleset);
}
