/**
 * The resolution model of the world's ruleset: which dialog a roll opens and where its Effect is rolled.
 * Combined (Core, Degenesis; here, R-RA-1 … R-RA-3): one throw gives the Precision die and the Effect
 * die, so every roll — an attribute, a group's Save, a weapon (its attribute by its ranges) — opens the
 * roll dialog (src/applications/dialogs/roll-dialog.ts), which rolls the Effect with it. Separate
 * (Legacy; ./separate.ts): an attribute opens the Risky Action dialog (./separate-dialog.ts) and a
 * weapon or tool rolls its Effect apart (R-LEG-9, R-LEG-11); what the roll dialog can roll it hands to
 * the combined model. `resolutionModel` is the Foundry side's look-up of `ruleset.resolution.kind`; the
 * Challenge forecast's pure one is ./approach.ts.
 */
import { requestTarget, type AnswerLink, type RequestSubject } from "../../chat/index.ts";
import { itemSnapshot } from "../../data/snapshot.ts";
import { TerranActor } from "../../documents/actor.ts";
import { attempt } from "../../prompts/notify.ts";
import { isAttribute, isGroup, RulesError, weaponAttribute, type RollTarget, type Ruleset } from "../../rules/index.ts";
import { currentRuleset } from "../../settings/settings.ts";
import { RollDialog } from "../dialogs/roll-dialog.ts";
import { separateResolution } from "./separate.ts";
import type { TourId } from "../tours/steps.ts";

export interface ResolutionModel {
  /**
   * Opens what rolling `what` opens for `actor` (its owner): an attribute id, `save:<group>`, or a weapon item's id.
   */
  readonly roll: (actor: TerranActor, what: string) => Promise<void>;
  /** Opens the roll that answers a GM's request (`subject`, not the Fortune die) for `actor`, preset to it. */
  readonly answer: (actor: TerranActor, subject: RequestSubject, link: AnswerLink) => Promise<void>;
  /** The first-action tour a world of this resolution offers (src/applications/tours/steps.ts). */
  readonly tour: Extract<TourId, "first-action" | "first-action-legacy">;
}

/** The combined resolution: everything opens the roll dialog. */
const COMBINED_RESOLUTION: ResolutionModel = {
  // The tour of one throw: Precision and Effect picked on the card, confirmed, applied.
  tour: "first-action",

  async roll(actor, what) {
    const item = actor.items.get(what);
    const snapshot = item ? itemSnapshot(item) : null;
    const weaponSystem = snapshot?.type === "weapon" ? snapshot.system : null;
    const group = what.startsWith("save:") ? what.slice(5) : "";
    let target: RollTarget;
    if (isAttribute(what)) target = { kind: "attribute", attribute: what };
    else if (isGroup(group)) target = { kind: "save", group };
    else if (item && weaponSystem)
      target = { kind: "attribute", attribute: weaponAttribute(currentRuleset(), weaponSystem.ranges) };
    else
      throw new RulesError("unknown-id", `"${what}" is not an attribute, a save or a weapon of ${actor.name}.`, {
        id: what,
      });
    const weapon = snapshot && weaponSystem ? { id: snapshot.id, name: snapshot.name, system: weaponSystem } : null;
    await new RollDialog({ actor, target, weapon }).render({ force: true });
  },

  async answer(actor, subject, link) {
    const target = requestTarget(subject);
    if (!target)
      throw new RulesError("unknown-id", "The roll dialog cannot roll this yet.", {
        id: subject.kind === "attribute" ? subject.attribute : "",
      });
    await new RollDialog({ actor, target, weapon: null, answers: link }).render({ force: true });
  },
};

const MODELS: Readonly<Record<Ruleset["resolution"]["kind"], ResolutionModel>> = {
  combined: COMBINED_RESOLUTION,
  separate: separateResolution(COMBINED_RESOLUTION),
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
