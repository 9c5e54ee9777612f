/**
 * The resolution model of the world's ruleset: which dialog a roll opens and where its Effect is rolled.
 * Combined (R-RA-1 … R-RA-3): every roll opens the roll dialog. Separate (./separate.ts). `resolutionModel` is
 * the Foundry side's look-up of `ruleset.resolution.kind` (the forecast's: ./approach.ts).
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
  /** For its owner: an attribute id, `save:<group>`, or a weapon item's id. */
  readonly roll: (actor: TerranActor, what: string) => Promise<void>;
  /** Preset to `subject` (not the Fortune die). */
  readonly answer: (actor: TerranActor, subject: RequestSubject, link: AnswerLink) => Promise<void>;
  /** See applications/tours/steps.ts. */
  readonly tour: Extract<TourId, "first-action" | "first-action-legacy">;
}

const COMBINED_RESOLUTION: ResolutionModel = {
  // Precision and Effect picked on the card, confirmed, applied.
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

export function resolutionModel(ruleset: Ruleset): ResolutionModel {
  return MODELS[ruleset.resolution.kind];
}

/**
 * From the sheet, a roll link, a macro or the API; only a character's owner rolls, and a refusal is a warning.
 */
export async function openRoll(actor: Actor.Implementation, what: string): Promise<void> {
  await attempt(async () => {
    if (!(actor instanceof TerranActor)) throw new RulesError("not-allowed", "Only characters roll Risky Actions.");
    if (!actor.isOwner) {
      throw new RulesError("not-allowed", `You do not own ${actor.name}.`, { reason: "notActorOwner" });
    }
    // R-SAY-1 / R-LEG-15 their successor rolls instead.
    if (actor.type === "character" && (actor.characterState().source.departed ?? false))
      throw new RulesError("not-allowed", `${actor.name} has left the story.`, { reason: "departed" });
    await resolutionModel(currentRuleset()).roll(actor, what);
  });
}
