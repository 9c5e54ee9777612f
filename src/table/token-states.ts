/**
 * A character's states on its tokens (the states and their rules: src/rules/states.ts).
 * Both ways:
 * - the sheet (or harm, a Malaise, an Ego spend…) changes the character → the client that made the
 *   change adds and removes core status effects (`TerranActor.syncTokenStates`), which every token of
 *   the actor shows;
 * - a click on a state in the token HUD (core calls `Actor#toggleStatusEffect`) → the character's own
 *   operation (`toggleTokenState`): a wound track is marked or recovered exactly as the sheet does it,
 *   with its refusals (Legacy's Critical and Mortal: the sheet's week of care); a state that follows
 *   other values, or comes from harm, says why it cannot be clicked.
 * Which states exist is the world's ruleset's (`Ruleset.tokenStates`), registered at setup.
 */
import { addStatusEffects, removeStatusEffects } from "../compat/generation.ts";
import { getRuleset, RULESET_IDS, type Ruleset } from "../rules/index.ts";
import { stateActive, stateToggle, worseStageMarked, type StateFacts, type TokenStateDef } from "../rules/states.ts";
import type { CharacterSource } from "../data/source.ts";
import { currentRuleset } from "../settings/settings.ts";
import type { TerranActor } from "../documents/actor.ts";
import { characterState } from "../documents/state.ts";
import { attempt } from "../prompts/notify.ts";
import { correctLostOperation, markDeadOperation } from "../documents/operations/gm.ts";
import { recoverLegacy } from "../documents/legacy-actions.ts";

/** The status ids the system names (`terran-…`); the others its rulesets show (Dead) are core's own. */
export const SYSTEM_STATUS_IDS = [
  ...new Set(RULESET_IDS.flatMap((id) => getRuleset(id).tokenStates.map((def) => def.id))),
].filter((id) => id.startsWith("terran-"));

/**
 * The world's ruleset's states as core status effects, offered in the HUD of characters' tokens only, in
 * the ruleset's order. Called at setup and again when the ruleset changes: the system's statuses are
 * taken out and the ruleset's put back (core's own "dead", which every ruleset shows, stays as it is).
 */
export function registerTokenStates(ruleset: Ruleset = currentRuleset()): void {
  const wanted = ruleset.tokenStates;
  removeStatusEffects(SYSTEM_STATUS_IDS);
  addStatusEffects(
    wanted.map((def) => ({ id: def.id, name: def.labelKey, img: def.img, hud: { actorTypes: ["character"] } })),
  );
}

/**
 * What the states are read from in a character's stored data: the wound tracks, `dead` and `lost`, and
 * with HP (Legacy) the wound stages its data keeps beside Core's (`legacy.wounds`: critical, mortal).
 */
export function stateFacts(source: CharacterSource): StateFacts {
  const stages = source.legacy?.wounds;
  return { wounds: source.wounds, dead: source.dead, lost: source.lost, ...(stages ? { stages } : {}) };
}

function localize(key: string): string {
  return game.i18n?.localize(key) ?? key;
}

/**
 * A HUD click on `def` (`active` forced on or off, or a toggle when undefined): runs the sheet's
 * operation, or warns with the reason. Returns what Foundry's `toggleStatusEffect` promises for a change
 * (true: now on, false: now off) and undefined when nothing changed; the status effect itself follows
 * from the update (`syncTokenStates`).
 */
export async function toggleTokenState(
  actor: TerranActor,
  def: TokenStateDef,
  active: boolean | undefined,
): Promise<boolean | undefined> {
  const state = characterState(actor);
  if (!state) return undefined;
  const facts = stateFacts(state.source);
  const now = stateActive(def, facts);
  const wanted = active ?? !now;
  const toggle = stateToggle(
    def,
    now,
    wanted,
    { isGM: game.user?.isGM ?? false },
    worseStageMarked(currentRuleset(), def, facts),
  );
  switch (toggle.kind) {
    case "none":
      return undefined;
    case "refuse":
      ui.notifications?.warn(localize(toggle.reasonKey));
      return undefined;
    case "markWound":
      return (await actor.markWound(toggle.track)) === null ? undefined : true;
    case "recoverWound":
      return (await actor.recoverWound(toggle.track)) === null ? undefined : false;
    case "revive":
      return (await actor.revive()) === null ? undefined : false;
    case "markDead":
      return (await attempt(() => actor.commitOperation(markDeadOperation(actor.characterState())))) === null
        ? undefined
        : true;
    case "correctLost":
      // R-EGO-3 R-LEG-7 (ruling) a GM's correction of a mistaken Lost (a player was refused above).
      return (await attempt(() =>
        actor.commitOperation(correctLostOperation(actor.characterState(), currentRuleset())),
      )) === null
        ? undefined
        : false;
    case "recoverStage":
      // R-LEG-5 the sheet's week of care (its refusals: an owner only, a dead character does not recover).
      return (await recoverLegacy(actor, "week")) === null ? undefined : false;
  }
}
