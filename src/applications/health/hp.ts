/**
 * The HP model on the clicking user's side. Its questions (R-LEG-5, R-LEG-6): the shield; Protected's dice
 * when this user owns the character (the step throws them); which attribute should the harm be Mortal,
 * asked before the dice may yet stop it. Its moves: the recoveries, the Ego refill and Harm.
 */
import type { TerranActor } from "../../documents/actor.ts";
import { confirm } from "../../prompts/notify.ts";
import { askLostAttribute, recoverLegacy, refillLegacyEgo } from "../../documents/legacy-actions.ts";
import { carriedShield } from "../../documents/operations/harm.ts";
import { assessHpHarmOperation, hpProtectedOffer } from "../../documents/operations/hp-harm.ts";
import { askProtectedDice } from "../../prompts/protected-dice.ts";
import { currentRuleset } from "../../settings/settings.ts";
import { NO_HP_CHOICE } from "../../chat/index.ts";
import { harmAsked } from "../sheets/character/character-actions.ts";
import type { HealthApp, HealthQuestions } from "./index.ts";
import { drawn, type HealthMove } from "./moves.ts";

const QUESTIONS: HealthQuestions = {
  noChoice: NO_HP_CHOICE,
  /** R-LEG-5 / R-LEG-6 null if a dialog was closed. */
  async harmChoices(actor: TerranActor, effect: number) {
    const state = actor.characterState();
    const stopsSomething = assessHpHarmOperation(state, effect, {}, currentRuleset()).damage > 0;
    const sacrificeShield =
      carriedShield(state.items) && stopsSomething
        ? await confirm("TERRAN.Card.shieldTitle", "TERRAN.Card.shieldPrompt")
        : false;
    const offer = hpProtectedOffer(state, effect, { sacrificeShield }, currentRuleset());
    let protectedDice = 0;
    if (offer.open && actor.isOwner) {
      const count = await askProtectedDice({ name: actor.name, damage: offer.damage, ego: offer.ego });
      if (count === null) return null;
      protectedDice = count;
    }
    const assessed = assessHpHarmOperation(state, effect, { sacrificeShield }, currentRuleset());
    if (!assessed.asksAttribute) return { model: "hp", sacrificeShield, protectedDice, lostAttribute: null };
    const lostAttribute = await askLostAttribute(assessed.choosable, protectedDice > 0);
    return lostAttribute ? { model: "hp", sacrificeShield, protectedDice, lostAttribute } : null;
  },
};

const MOVES: readonly HealthMove[] = [
  {
    id: "night",
    labelKey: "TERRAN.Sheet.Legacy.night",
    run: (actor) => recoverLegacy(actor, "night"),
    button: drawn("night"),
  },
  {
    id: "week",
    labelKey: "TERRAN.Sheet.Legacy.week",
    run: (actor) => recoverLegacy(actor, "week"),
    button: drawn("week"),
  },
  {
    id: "refill",
    labelKey: "TERRAN.Sheet.Legacy.refill",
    run: refillLegacyEgo,
    button: drawn("refill"),
  },
  {
    id: "harm",
    labelKey: "TERRAN.Sheet.Legacy.harm",
    run: harmAsked,
    button: drawn("harm"),
  },
];

export const HP_HEALTH: HealthApp = { questions: QUESTIONS, moves: () => MOVES };
