/**
 * R-CH-2 the Challenge's "Roll Effect" control, shared by its sheet and the Token Action HUD: R-LEG-10
 * where Challenges gang up (Legacy), the GM first says how many (1: this one alone; closed: nothing is
 * rolled), then the Effect is rolled for the Challenge (`facet` null) or one facet.
 */
import { currentRuleset } from "../../../settings/settings.ts";
import { rollChallengeEffect } from "../../chat/roll-other.ts";
import { askNumber } from "../ask-number.ts";

/** Asks how many gang up when the ruleset has that rule, then rolls the Effect (refusals are warnings). */
export async function rollEffectAsked(actor: Actor.Implementation, facet: number | null): Promise<void> {
  let gangUp = 1;
  if (currentRuleset().gangUp) {
    const answer = await askNumber("TERRAN.Sheet.Challenge.gangTitle", "TERRAN.Sheet.Challenge.gangPrompt", {
      min: 1,
      max: 100,
      value: 1,
    });
    if (answer === null) return;
    gangUp = answer;
  }
  await rollChallengeEffect(actor, facet, gangUp);
}
