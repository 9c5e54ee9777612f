/**
 * The resolution model of the world's ruleset: which dialog a roll opens and where its Effect is rolled.
 * Combined (Core, Degenesis; ./combined.ts): one throw gives Precision and the Effect, so an attribute,
 * a Save or a weapon opens the roll dialog (src/applications/dialogs/roll-dialog.ts). Separate (Legacy;
 * ./separate.ts): an attribute opens the Risky Action dialog (./separate-dialog.ts) and a weapon or tool
 * rolls its Effect apart (R-LEG-9, R-LEG-11). `resolutionModel` is the Foundry side's look-up of
 * `ruleset.resolution.kind`; the Challenge forecast's pure one is ./approach.ts.
 */
import type { AnswerLink, RequestSubject } from "../../chat/index.ts";
import { TerranActor } from "../../documents/actor.ts";
import { attempt } from "../../prompts/notify.ts";
import { RulesError, type Ruleset } from "../../rules/index.ts";
import { currentRuleset } from "../../settings/settings.ts";
import { COMBINED_RESOLUTION } from "./combined.ts";
import { SEPARATE_RESOLUTION } from "./separate.ts";
import type { TourId } from "../tours/steps.ts";

export interface ResolutionModel {
  /** Opens what rolling `what` opens for `actor` (its owner): an attribute id, `save:<group>`, or a weapon item's id. */
  readonly roll: (actor: TerranActor, what: string) => Promise<void>;
  /** Opens the roll that answers a GM's request (`subject`, not the Fortune die) for `actor`, preset to it. */
  readonly answer: (actor: TerranActor, subject: RequestSubject, link: AnswerLink) => Promise<void>;
  /** The first-action tour a world of this resolution offers (src/applications/tours/steps.ts). */
  readonly tour: Extract<TourId, "first-action" | "first-action-legacy">;
}

const MODELS: Readonly<Record<Ruleset["resolution"]["kind"], ResolutionModel>> = {
  combined: COMBINED_RESOLUTION,
  separate: SEPARATE_RESOLUTION,
};

/** The resolution model of `ruleset` (its data says which: `resolution.kind`). */
export function resolutionModel(ruleset: Ruleset): ResolutionModel {
  return MODELS[ruleset.resolution.kind];
}

/**
 * A roll asked for from the sheet, a roll link, a hotbar macro or the macro API: `what` is an attribute
 * id, `save:<group>`, or a weapon item's id. Only a character's owner rolls for it; a refusal is a
 * warning. The world's resolution model decides what opens: combined, the roll dialog; separate, the
 * Risky Action dialog for an attribute and the Effect roll for a weapon or tool (R-LEG-9, R-LEG-11).
 */
export async function openRoll(actor: Actor.Implementation, what: string): Promise<void> {
  await attempt(async () => {
    if (!(actor instanceof TerranActor)) throw new RulesError("not-allowed", "Only characters roll Risky Actions.");
    if (!actor.isOwner) {
      throw new RulesError("not-allowed", `You do not own ${actor.name}.`, { reason: "notActorOwner" });
    }
    // R-SAY-1 / R-LEG-15 a character who has left the story no longer rolls (their successor does).
    if (actor.type === "character" && (actor.characterState().source.departed ?? false))
      throw new RulesError("not-allowed", `${actor.name} has left the story.`, { reason: "departed" });
    await resolutionModel(currentRuleset()).roll(actor, what);
  });
}
