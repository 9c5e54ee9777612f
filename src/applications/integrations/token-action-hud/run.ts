/**
 * The Token Action HUD's Foundry half: what it lists for an actor (./hud-actions.ts, from the world's
 * ruleset and the actor's sheet context as the current user would see it, so each control is offered
 * where the sheet draws it and closed where, and why, the sheet closes it) and what a click does. A
 * click on a control closed now says the sheet's reason and runs nothing; otherwise it calls the very
 * entry point the sheet's control calls, so the same dialog opens and the same refusals are explained:
 * an attribute, a Save or a weapon → `openRoll` (the sheet's roll buttons, the hotbar macros,
 * `TerranEngine.roll`); a health control → the health model's move (the sheet's Rest, Reset Ego, Legacy
 * recovery and harm buttons); the end of the scene → `TerranActor#endScene` (the sheet's End the
 * scene); a Challenge's Effect → `rollEffectAsked` (its sheet's Roll Effect, with Legacy's gang-up
 * question); the GM's Fortune die → its chance asked, then `rollFortune` (what a `@Fortune[n]` link rolls).
 */
import { ChallengeData } from "../../../data/actor/challenge.ts";
import { TerranActor } from "../../../documents/actor.ts";
import { attempt, sayWhyClosed } from "../../../prompts/notify.ts";
import { currentRuleset } from "../../../settings/settings.ts";
import { assertOwner, rollFortune } from "../../chat/roll-other.ts";
import { healthMoves } from "../../health/moves.ts";
import { openRoll } from "../../resolution/index.ts";
import { askNumber } from "../../sheets/ask-number.ts";
import { challengeSheetContext } from "../../sheets/challenge/challenge-context.ts";
import { challengeSheetInput } from "../../sheets/challenge/challenge-input.ts";
import { rollEffectAsked } from "../../sheets/challenge/challenge-roll.ts";
import { characterSheetContext } from "../../sheets/character/character-context.ts";
import { characterSheetInput } from "../../sheets/character/character-input.ts";
import type { ButtonView } from "../../sheets/common.ts";
import { defaultCharacterUi } from "../../sheets/inputs.ts";
import { hudActions, hudCommand, type HudAction, type HudInput } from "./hud-actions.ts";

/** The HUD shows no rich text: nothing is enriched for it. */
const NO_TEXT = (): Promise<string> => Promise.resolve("");

/**
 * A character's sheet context as the current user would see it, and from it the HUD's input: every roll,
 * health control and End the scene the sheet draws, each with the sheet's own button (enabled, or
 * disabled with its reason). The HUD is shown to the actor's owners (a GM owns every actor), for whom
 * the sheet is editable (DocumentSheetV2#isEditable: an owner, outside a locked compendium).
 */
async function characterInput(actor: TerranActor): Promise<HudInput | null> {
  const input = await characterSheetInput(actor, {
    editable: actor.isOwner,
    ui: defaultCharacterUi(),
    enrich: NO_TEXT,
  });
  const sheet = characterSheetContext(input);
  if (sheet.limited) return null;
  const rolls = new Map<string, ButtonView>();
  for (const group of sheet.groups) {
    for (const attribute of group.attributes) rolls.set(attribute.roll.what, attribute.roll);
    rolls.set(group.save.roll.what, group.save.roll);
  }
  for (const attribute of sheet.legacy?.attributes ?? []) rolls.set(attribute.roll.what, attribute.roll);
  return {
    kind: "character",
    rolls,
    weapons: sheet.lists.weapons.rows.flatMap((row) =>
      row.roll ? [{ id: row.id, name: row.name, img: row.img, roll: row.roll }] : [],
    ),
    endScene: sheet.scene?.endScene ?? null,
    moves: healthMoves(currentRuleset()).map((m) => ({ id: m.id, labelKey: m.labelKey, button: m.button(sheet) })),
    gm: game.user?.isGM ?? false,
  };
}

/**
 * A Challenge's sheet context as the current user would see it, and from it the HUD's input (Roll Effect per facet).
 */
async function challengeInput(actor: Actor.Implementation, system: ChallengeData): Promise<HudInput | null> {
  const sheet = challengeSheetContext(
    await challengeSheetInput(actor, system, { editable: actor.isOwner, enrich: NO_TEXT }),
  );
  if (sheet.limited) return null;
  const [main, ...facets] = sheet.facets;
  if (!main) return null;
  const track = (t: { value: number; max: number }) => ({ value: t.value, max: t.max });
  return {
    kind: "challenge",
    disposition: track(main.disposition),
    roll: main.roll,
    facets: facets.map((f) => ({ name: f.name, disposition: track(f.disposition), roll: f.roll })),
  };
}

/** What ./hud-actions.ts needs of `actor`, or null for an actor the HUD offers nothing for. */
export async function hudInputOf(actor: Actor.Implementation): Promise<HudInput | null> {
  const system = actor.system;
  if (system instanceof ChallengeData) return challengeInput(actor, system);
  if (!(actor instanceof TerranActor) || actor.type !== "character") return null;
  return characterInput(actor);
}

/** The HUD's actions for `actor` under the world's ruleset (none for an actor it does not know). */
export async function hudActionsOf(actor: Actor.Implementation): Promise<HudAction[]> {
  const input = await hudInputOf(actor);
  return input ? hudActions(currentRuleset(), input) : [];
}

/** R-FORT-1 the Fortune die: the chance is asked (1–6, 4+ proposed; closed: nothing is rolled). */
async function fortuneAsked(): Promise<void> {
  const chance = await askNumber("TERRAN.Hud.fortuneTitle", "TERRAN.Hud.fortunePrompt", { min: 1, max: 6, value: 4 });
  if (chance !== null) await rollFortune(chance);
}

/** A health control of the world's model (the sheet's button's own move). */
async function runMove(actor: Actor.Implementation, id: string): Promise<void> {
  const move = healthMoves(currentRuleset()).find((m) => m.id === id);
  if (move && actor instanceof TerranActor) await move.run(actor);
}

/** R-ADV-1 / R-ADV-2 / R-SAY-1 the sheet's End the scene. */
async function endSceneOf(actor: Actor.Implementation): Promise<void> {
  if (actor instanceof TerranActor) await actor.endScene();
}

/**
 * May this click go on? The actor's own controls are its owner's (refused as the macro API refuses them);
 * then the action must still be offered (a Fortune die left on a HUD built for a GM is not a player's) and
 * open: the list is built again from the actor as it is now, so a control the sheet closed since the HUD
 * was drawn (greyed or not) says the sheet's reason and runs nothing.
 */
async function stillOpen(actor: Actor.Implementation, value: string, ownersOnly: boolean): Promise<boolean> {
  if (ownersOnly) {
    const owned = await attempt(() => {
      assertOwner(actor);
      return true;
    });
    if (!owned) return false;
  }
  const action = (await hudActionsOf(actor)).find((a) => a.id === value);
  if (!action) return false;
  sayWhyClosed(action.refusal ?? null);
  return action.refusal === undefined;
}

/** Runs the action whose value was clicked (a value this system did not make does nothing). */
export async function runHudAction(actor: Actor.Implementation, value: string | null | undefined): Promise<void> {
  const command = hudCommand(value);
  // The Disposition is shown only: it is changed on the sheet or by applying Effects.
  if (!command || !value || command.kind === "disposition") return;
  if (!(await stillOpen(actor, value, command.kind !== "fortune"))) return;
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
  }
}
