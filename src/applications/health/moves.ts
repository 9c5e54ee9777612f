/**
 * A health model's controls, as Token Action HUD lists them: each runs what the sheet's button runs
 * (sheets/character/character-actions.ts) and names that button, so the HUD offers it as the sheet does.
 */
import type { TerranActor } from "../../documents/actor.ts";
import type { CharacterFullView } from "../sheets/character/character-views.ts";
import type { ButtonView } from "../sheets/common.ts";

export interface HealthMove {
  /** Names the action: the HUD remembers a player's choices by it. */
  readonly id: string;
  readonly labelKey: string;
  readonly run: (actor: TerranActor) => Promise<unknown>;
  /** Null when the sheet draws none. */
  readonly button: (sheet: CharacterFullView) => ButtonView | null;
}

/** The button the sheet's health part draws for move `id`. */
export const drawn =
  (id: string) =>
  (sheet: CharacterFullView): ButtonView | null =>
    sheet.main.moves[id] ?? null;
