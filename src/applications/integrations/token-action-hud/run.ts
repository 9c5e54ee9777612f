/**
 * The Token Action HUD's Foundry half: what it lists for an actor (./hud-actions.ts, from the actor's
 * data and the world's ruleset) and what a click does. A click calls the very entry point the sheet's
 * control calls, so the same dialog opens and the same refusals are explained: an attribute, a Save or
 * a weapon → `openRoll` (the sheet's roll buttons, the hotbar macros, `TerranEngine.roll`); a health
 * control → the health model's move (the sheet's Rest, Reset Ego, Legacy recovery and harm buttons);
 * the end of the scene → `TerranActor#endScene` (the sheet's End the scene); a Challenge's Effect →
 * `rollEffectAsked` (its sheet's Roll Effect, with Legacy's gang-up question); the Fortune die → its
 * chance asked, then `rollFortune` (what a `@Fortune[n]` link rolls).
 */
import { ChallengeData } from "../../../data/actor/challenge.ts";
import { TerranActor } from "../../../documents/actor.ts";
import { attempt } from "../../../prompts/notify.ts";
import { currentRuleset } from "../../../settings/settings.ts";
import { assertOwner, rollFortune } from "../../chat/roll-other.ts";
import { healthMoves } from "../../health/moves.ts";
import { openRoll } from "../../resolution/index.ts";
import { askNumber } from "../../sheets/ask-number.ts";
import { rollEffectAsked } from "../../sheets/challenge/challenge-roll.ts";
import { bySort } from "../../sheets/common.ts";
import { hudActions, hudCommand, type HudAction, type HudInput, type HudWeapon } from "./hud-actions.ts";

/** The character's weapons (and Legacy's tools) in the sheet's order. */
function weaponsOf(actor: TerranActor): HudWeapon[] {
  const weapons = [...actor.items]
    .filter((i) => i.type === "weapon")
    .map((i) => ({ id: i.id ?? "", name: i.name, img: i.img ?? "", sort: i.sort }));
  return bySort(weapons).map(({ id, name, img }) => ({ id, name, img }));
}

/** What ./hud-actions.ts needs of `actor`, or null for an actor the HUD offers nothing for. */
export function hudInputOf(actor: Actor.Implementation): HudInput | null {
  const system = actor.system;
  if (system instanceof ChallengeData) {
    const track = (t: { value: number; max: number }) => ({ value: t.value, max: t.max });
    return {
      kind: "challenge",
      disposition: track(system.disposition),
      facets: system.facets.map((f) => ({ name: f.name, disposition: track(f.disposition) })),
    };
  }
  if (!(actor instanceof TerranActor) || actor.type !== "character") return null;
  return {
    kind: "character",
    weapons: weaponsOf(actor),
    sceneEnds: actor.sceneToEnd,
    moves: healthMoves(currentRuleset()).map(({ id, labelKey }) => ({ id, labelKey })),
  };
}

/** The HUD's actions for `actor` under the world's ruleset (none for an actor it does not know). */
export function hudActionsOf(actor: Actor.Implementation): HudAction[] {
  const input = hudInputOf(actor);
  return input ? hudActions(currentRuleset(), input) : [];
}

/** R-FORT-1 the Fortune die: the chance is asked (1–6, 4+ proposed; closed: nothing is rolled). */
async function fortuneAsked(): Promise<void> {
  const chance = await askNumber("TERRAN.Hud.fortuneTitle", "TERRAN.Hud.fortunePrompt", { min: 1, max: 6, value: 4 });
  if (chance !== null) await rollFortune(chance);
}

/** A health control of the world's model, for its owner only (the sheet disables it for anyone else). */
async function runMove(actor: Actor.Implementation, id: string): Promise<void> {
  const move = healthMoves(currentRuleset()).find((m) => m.id === id);
  if (!move || !(actor instanceof TerranActor)) return;
  const allowed = await attempt(() => {
    assertOwner(actor);
    return true;
  });
  if (allowed) await move.run(actor);
}

/** R-ADV-1 / R-ADV-2 / R-SAY-1 the sheet's End the scene, for its owner only. */
async function endSceneOf(actor: Actor.Implementation): Promise<void> {
  if (!(actor instanceof TerranActor)) return;
  const allowed = await attempt(() => {
    assertOwner(actor);
    return true;
  });
  if (allowed) await actor.endScene();
}

/** Runs the action whose value was clicked (a value this system did not make does nothing). */
export async function runHudAction(actor: Actor.Implementation, value: string | null | undefined): Promise<void> {
  const command = hudCommand(value);
  if (!command) return;
  switch (command.kind) {
    case "roll":
      return openRoll(actor, command.what);
    case "move":
      return runMove(actor, command.move);
    case "endScene":
      return endSceneOf(actor);
    case "fortune":
      return fortuneAsked();
    case "effect":
      return rollEffectAsked(actor, command.facet);
    case "disposition":
      // Shown only: the Disposition is changed on the sheet or by applying Effects.
      return;
  }
}
