/**
 * A character's states on its tokens (rules/states.ts), both ways: a change to the character syncs core status
 * effects (`TerranActor.syncTokenStates`), and a HUD click (`Actor#toggleStatusEffect`) runs the sheet's own
 * operation with its refusals. Which states exist is the world's ruleset's, registered at setup.
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

/** `terran-…`; the others its rulesets show (Dead) are core's own. */
export const SYSTEM_STATUS_IDS = [
  ...new Set(RULESET_IDS.flatMap((id) => getRuleset(id).tokenStates.map((def) => def.id))),
].filter((id) => id.startsWith("terran-"));

/**
 * Characters' tokens only, in the ruleset's order; called again when the ruleset changes (core's "dead" stays).
 */
export function registerTokenStates(ruleset: Ruleset = currentRuleset()): void {
  const wanted = ruleset.tokenStates;
  removeStatusEffects(SYSTEM_STATUS_IDS);
  addStatusEffects(
    wanted.map((def) => ({ id: def.id, name: def.labelKey, img: def.img, hud: { actorTypes: ["character"] } })),
  );
}

/** With HP (Legacy) also the stages under `hitPoints` (R-LEG-5). */
export function stateFacts(source: CharacterSource): StateFacts {
  const stored = source.hitPoints;
  const stages = stored ? { critical: stored.critical, mortal: stored.mortal } : null;
  return { wounds: source.wounds, dead: source.dead, lost: source.lost, ...(stages ? { stages } : {}) };
}

function localize(key: string): string {
  return game.i18n?.localize(key) ?? key;
}

/**
 * `active` forced on or off, or a toggle when undefined. Returns what `toggleStatusEffect` promises (true on,
 * false off, undefined unchanged); the effect follows from the update.
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
      // R-EGO-3 / R-LEG-7 (ruling) a GM's correction (a player was refused above).
      return (await attempt(() =>
        actor.commitOperation(correctLostOperation(actor.characterState(), currentRuleset())),
      )) === null
        ? undefined
        : false;
    case "recoverStage":
      // R-LEG-5 the sheet's week of care, with its refusals.
      return (await recoverLegacy(actor, "week")) === null ? undefined : false;
  }
}
