/**
 * The health model of the world's ruleset on the clicking user's side: the questions asked before a
 * Challenge card's Effect is applied as harm (R-CH-4) — Grit and the wound tracks (./grit.ts) or hit
 * points (./hp.ts). The step they feed is src/documents/health/; the card's record src/chat/health/;
 * the character sheet's health part is picked by ./sheet.ts (pure, so the sheet's context builder
 * needs no Foundry). `healthQuestions` is this layer's look-up of `ruleset.health.kind` for the questions.
 */
import type { ApplyHarmRequest } from "../../relay/queries.ts";
import type { TerranActor } from "../../documents/actor.ts";
import type { Ruleset } from "../../rules/index.ts";
import { GRIT_QUESTIONS } from "./grit.ts";
import { HP_QUESTIONS } from "./hp.ts";

/** The answers that travel with the request to harm (the step checks every one). */
export type HarmAnswers = Pick<ApplyHarmRequest, "sacrificeShield" | "woundTrack" | "protectedDice" | "lostAttribute">;

export interface HealthQuestions {
  /**
   * Asks this user, on this screen, what the harm of `effect` on `actor` needs; null if a dialog was
   * closed (nothing is applied).
   */
  readonly harmChoices: (actor: TerranActor, effect: number) => Promise<HarmAnswers | null>;
}

const QUESTIONS: Readonly<Record<Ruleset["health"]["kind"], HealthQuestions>> = {
  grit: GRIT_QUESTIONS,
  hp: HP_QUESTIONS,
};

/** The questions of `ruleset`'s health model (its data says which: `health.kind`). */
export function healthQuestions(ruleset: Ruleset): HealthQuestions {
  return QUESTIONS[ruleset.health.kind];
}
