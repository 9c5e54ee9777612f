/**
 * The HP model on the documents' side (R-CH-4, R-LEG-4 … R-LEG-6, R-LEG-8): `hpHarmOperation`, run once and
 * recorded on the card. Protected's dice are thrown here, on the client running the step, never taken from the
 * request (which says how many); only an owner chooses them (R-LEG-6 ruling, §10), and their Ego is spent in
 * the harm's update.
 */
import { choiceOfModel, recordHarm, type HpHarmEntry } from "../../chat/index.ts";
import { deriveRatings, LEGACY_ATTRIBUTES } from "../../data/ratings.ts";
import { assertFaces, RulesError } from "../../rules/index.ts";
import { currentDarkDiceMax } from "../../settings/settings.ts";
import {
  assertHpHarmOpen,
  holdsProtected,
  hpHarmOperation,
  hpProtectedOffer,
  type HpHarmOutcome,
} from "../operations/hp-harm.ts";
import { rollProtectedDice } from "../../prompts/protected-dice.ts";
import type { HarmStep, HealthModel } from "./index.ts";

export interface HpHealth extends HealthModel<HpHarmOutcome> {
  readonly kind: "hp";
  /** Run once by the step. */
  readonly operation: typeof hpHarmOperation;
}

export const HP_HEALTH: HpHealth = {
  kind: "hp",
  operation: hpHarmOperation,
  async applyFromCard({ request, asker, state, target, ruleset, effect, commit }: HarmStep) {
    const choice = choiceOfModel(request.choice, HP_HEALTH.kind);
    const character = target.characterState();
    const owner = target.testUserPermission(asker.user, "OWNER");
    const count = choice.protectedDice;
    if (count > 0) {
      if (!owner)
        throw new RulesError("not-allowed", `Only an owner of ${target.name} chooses Protected's dice.`, {
          reason: "protectedNotOwner",
        });
      if (!holdsProtected(character))
        throw new RulesError("not-allowed", `${target.name} does not hold Protected.`, { reason: "notProtected" });
      if (count > currentDarkDiceMax())
        throw new RulesError("not-allowed", "The request to apply is malformed (protectedDice).", {
          reason: "badRequest",
          field: "protectedDice",
        });
    }
    const named = choice.lostAttribute;
    const attribute = named === null ? undefined : LEGACY_ATTRIBUTES.find((a) => a === named);
    if (named !== null && attribute === undefined)
      throw new RulesError("not-allowed", "The request to apply is malformed (lostAttribute).", {
        reason: "badRequest",
        field: "lostAttribute",
      });
    const choices = { sacrificeShield: choice.sacrificeShield, ...(attribute ? { attribute } : {}) };
    // No die is thrown for a harm that cannot be made.
    if (count > 0) assertHpHarmOpen(character, ruleset, effect, choices);
    const thrown = await rollProtectedDice(count);
    const result = HP_HEALTH.operation(character, ruleset, effect, { ...choices, protectedFaces: thrown.faces });
    const harm = result.outcome;
    const ego = deriveRatings(character.source, character.items).ego.value;
    const entry: HpHarmEntry = {
      model: "hp",
      targetName: target.name,
      targetUuid: target.uuid,
      rulesetId: ruleset.id,
      effect,
      armour: harm.armour,
      shieldSacrificed: harm.shieldItemId !== null,
      protectedFaces: assertFaces(thrown.faces, "A Protected die"),
      protectedBy: harm.protected?.by ?? 0,
      protectedSkipped:
        !owner && hpProtectedOffer(character, effect, { sacrificeShield: choice.sacrificeShield }, ruleset).open,
      egoBefore: ego,
      egoAfter: harm.protected?.ego.after ?? ego,
      damage: harm.damage,
      hpBefore: harm.hp.before,
      hpAfter: harm.hp.after,
      wound: harm.wound,
      attributeLost: harm.attributeLost,
      dead: harm.dead,
      userId: asker.id,
    };
    return commit(recordHarm(state, asker, entry, state.version), result, thrown.roll ? [thrown.roll] : []);
  },
};
