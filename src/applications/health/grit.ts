/**
 * The Grit model on the clicking user's side: its questions (R-HARM-2, R-HARM-3), the shield and the wound
 * track when more than one is open; its moves, rest and the Ego reset.
 */
import { CharacterData } from "../../data/actor/character.ts";
import type { TerranActor } from "../../documents/actor.ts";
import { chooseOne, confirm } from "../../prompts/notify.ts";
import { assessHarmOperation } from "../../documents/operations/harm.ts";
import { NO_GRIT_CHOICE } from "../../chat/index.ts";
import type { Ruleset } from "../../rules/index.ts";
import { restAsked } from "../sheets/character/character-actions.ts";
import type { HealthApp, HealthQuestions } from "./index.ts";
import { drawn, type HealthMove } from "./moves.ts";

const QUESTIONS: HealthQuestions = {
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

/** R-V-8 a ruleset with no reset table has no reset at will. */
const moves = (ruleset: Ruleset): readonly HealthMove[] => [
  { id: "rest", labelKey: "TERRAN.Sheet.Grit.rest", run: restAsked, button: drawn("rest") },
  ...(ruleset.egoReset.length === 0
    ? []
    : [
        {
          id: "resetEgo",
          labelKey: `TERRAN.Sheet.Ego.reset.${ruleset.id}`,
          run: (actor: TerranActor) => actor.resetEgo(),
          button: drawn("resetEgo"),
        },
      ]),
];

export const GRIT_HEALTH: HealthApp = { questions: QUESTIONS, moves };
