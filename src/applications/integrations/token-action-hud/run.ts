/**
 * Token Action HUD's Foundry half: the actor's list (./hud-actions.ts) from its sheet context as the current
 * user would see it, and a click, which says a closed control's reason or calls the very entry point the
 * sheet's control calls (`openRoll`, the health moves, `TerranActor#endScene`, `rollEffectAsked`,
 * `rollFortune`).
 */
import { ChallengeData } from "../../../data/actor/challenge.ts";
import { TerranActor } from "../../../documents/actor.ts";
import { attempt, sayWhyClosed } from "../../../prompts/notify.ts";
import { currentRuleset } from "../../../settings/settings.ts";
import { assertOwner, rollFortune } from "../../chat/roll-other.ts";
import { healthMoves } from "../../health/index.ts";
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

/** The HUD shows no rich text. */
const NO_TEXT = (): Promise<string> => Promise.resolve("");

/** The HUD's users are the actor's owners, for whom the sheet is editable (DocumentSheetV2#isEditable). */
async function characterInput(actor: TerranActor): Promise<HudInput | null> {
  const input = await characterSheetInput(actor, {
    editable: actor.isOwner,
    ui: defaultCharacterUi(),
    enrich: NO_TEXT,
  });
  const sheet = characterSheetContext(input);
  if (sheet.limited) return null;
  const rolls = new Map<string, ButtonView>();
  for (const roll of sheet.main.rolls) rolls.set(roll.what, roll);
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

/** Null for an actor the HUD offers nothing for. */
export async function hudInputOf(actor: Actor.Implementation): Promise<HudInput | null> {
  const system = actor.system;
  if (system instanceof ChallengeData) return challengeInput(actor, system);
  if (!(actor instanceof TerranActor) || actor.type !== "character") return null;
  return characterInput(actor);
}

/** None for an actor it does not know. */
export async function hudActionsOf(actor: Actor.Implementation): Promise<HudAction[]> {
  const input = await hudInputOf(actor);
  return input ? hudActions(currentRuleset(), input) : [];
}

/** R-FORT-1 the chance is asked (4+ proposed; closed: nothing is rolled). */
async function fortuneAsked(): Promise<void> {
  const chance = await askNumber("TERRAN.Hud.fortuneTitle", "TERRAN.Hud.fortunePrompt", { min: 1, max: 6, value: 4 });
  if (chance !== null) await rollFortune(chance);
}

/** The sheet's button's own move. */
async function runMove(actor: Actor.Implementation, id: string): Promise<void> {
  const move = healthMoves(currentRuleset()).find((m) => m.id === id);
  if (move && actor instanceof TerranActor) await move.run(actor);
}

/** R-ADV-1 / R-ADV-2 / R-SAY-1 */
async function endSceneOf(actor: Actor.Implementation): Promise<void> {
  if (actor instanceof TerranActor) await actor.endScene();
}

/**
 * The actor's controls are its owner's (as the macro API refuses them), and the list is built again from the
 * actor now, so a control the sheet closed since the HUD was drawn says why and runs nothing.
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

/** A value this system did not make does nothing. */
export async function runHudAction(actor: Actor.Implementation, value: string | null | undefined): Promise<void> {
  const command = hudCommand(value);
  // Shown only: changed on the sheet or by applying Effects.
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
