/**
 * The separate resolution (R-LEG-9, R-LEG-11): an attribute opens the Risky Action dialog
 * (./separate-dialog.ts), a weapon or tool rolls its Effect at once.
 */
import { requestTarget } from "../../chat/index.ts";
import { isLegacyAttribute } from "../../data/ratings.ts";
import { rollLegacyEffect } from "../../documents/legacy-actions.ts";
import { RulesError } from "../../rules/index.ts";
import type { ResolutionModel } from "./index.ts";
import { SeparateRollDialog } from "./separate-dialog.ts";

/** What the roll dialog can roll (a request for a Save…) goes to `combined`. */
export function separateResolution(combined: ResolutionModel): ResolutionModel {
  return {
    // The outcome first, then an Effect roll of its own.
    tour: "first-action-legacy",

    async roll(actor, what) {
      if (actor.items.get(what)) await rollLegacyEffect(actor, what);
      else if (isLegacyAttribute(what))
        await new SeparateRollDialog({ actor, attribute: what }).render({ force: true });
      else
        throw new RulesError("unknown-id", `"${what}" is not an attribute or a weapon of ${actor.name}.`, { id: what });
    },

    async answer(actor, subject, link) {
      // Its own attribute opens its dialog, preset; what the roll dialog can roll opens that one.
      if (!requestTarget(subject) && subject.kind === "attribute" && isLegacyAttribute(subject.attribute)) {
        await new SeparateRollDialog({ actor, attribute: subject.attribute, answers: link }).render({ force: true });
        return;
      }
      await combined.answer(actor, subject, link);
    },
  };
}
