/**
 * The Grit model's questions (R-HARM-2, R-HARM-3): the shield, and the wound track when more than one is open.
 */
import { CharacterData } from "../../data/actor/character.ts";
import type { TerranActor } from "../../documents/actor.ts";
import { chooseOne, confirm } from "../../prompts/notify.ts";
import { assessHarmOperation } from "../../documents/operations/harm.ts";
import { NO_GRIT_CHOICE } from "../../chat/index.ts";
import type { HealthQuestions } from "./index.ts";

export const GRIT_QUESTIONS: HealthQuestions = {
  noChoice: NO_GRIT_CHOICE,
  /** R-HARM-2 / R-HARM-3 null if a dialog was closed. */
  async harmChoices(actor: TerranActor, effect: number) {
    const derived = actor.system instanceof CharacterData ? actor.system.derived : null;
    const sacrificeShield = derived?.armour.shield
      ? await confirm("TERRAN.Card.shieldTitle", "TERRAN.Card.shieldPrompt")
      : false;
    const assessment = assessHarmOperation(actor.characterState(), effect, { sacrificeShield });
    const open = assessment.marksWound ? assessment.woundOptions : [];
    if (open.length <= 1) return { model: "grit", sacrificeShield, woundTrack: open[0] ?? null };
    const picked = await chooseOne(
      "TERRAN.Harm.chooseWoundTitle",
      "TERRAN.Harm.chooseWound",
      open.map((t) => ({ value: t, label: `TERRAN.Wound.${t}` })),
    );
    const woundTrack = open.find((t) => t === picked);
    return woundTrack ? { model: "grit", sacrificeShield, woundTrack } : null;
  },
};
