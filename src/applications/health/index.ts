/**
 * The health models on the clicking user's side: the questions asked before a Challenge card's Effect is
 * applied as harm (R-CH-4). `healthQuestions` is this layer's look-up of `ruleset.health.kind` for them.
 */
import type { HarmChoice } from "../../chat/index.ts";
import type { TerranActor } from "../../documents/actor.ts";
import type { Ruleset } from "../../rules/index.ts";
import { GRIT_QUESTIONS } from "./grit.ts";
import { HP_QUESTIONS } from "./hp.ts";

export interface HealthQuestions {
  /** On this screen, tagged with the model; null if a dialog was closed (nothing is applied). The step checks it. */
  readonly harmChoices: (actor: TerranActor, effect: number) => Promise<HarmChoice | null>;
  /** What one who may not choose sends. */
  readonly noChoice: HarmChoice;
}

const QUESTIONS: Readonly<Record<Ruleset["health"]["kind"], HealthQuestions>> = {
  grit: GRIT_QUESTIONS,
  hp: HP_QUESTIONS,
};

export function healthQuestions(ruleset: Ruleset): HealthQuestions {
  return QUESTIONS[ruleset.health.kind];
}
