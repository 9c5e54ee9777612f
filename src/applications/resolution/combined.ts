/**
 * The combined resolution (Core, Degenesis; R-RA-1 … R-RA-3): one throw gives the Precision die and the
 * Effect die, so every roll — an attribute, a group's Save, a weapon (its attribute by its ranges) — opens
 * the roll dialog, which rolls the Effect with it.
 */
import { requestTarget } from "../../chat/index.ts";
import { itemSnapshot } from "../../data/snapshot.ts";
import { isAttribute, isGroup, RulesError, weaponAttribute, type RollTarget } from "../../rules/index.ts";
import { currentRuleset } from "../../settings/settings.ts";
import { RollDialog } from "../dialogs/roll-dialog.ts";
import type { ResolutionModel } from "./index.ts";

export const COMBINED_RESOLUTION: ResolutionModel = {
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
