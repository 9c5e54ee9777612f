/**
 * Dice So Nice, when it is active: a colorset for each tone (users can still pick their own in Dice So
 * Nice's settings, which take precedence over a system's "default" colorsets), and playback of dice
 * rolled after a message was created (the explosion chain confirmed from a card). Nothing here runs
 * or breaks when the module is absent.
 */
import { COLORSETS } from "./terran-roll.ts";

/** The small part of Dice So Nice's API the system uses (the module ships no types). */
export interface Dice3D {
  addColorset(colorset: Record<string, unknown>, mode?: "default" | "preferred"): unknown;
  showForRoll(roll: Roll, user?: User | null, synchronize?: boolean, whisper?: string[] | null, blind?: boolean): Promise<boolean>;
}

export function dice3d(): Dice3D | null {
  const module = game.modules?.get("dice-so-nice");
  if (!module?.active) return null;
  const api: unknown = Reflect.get(game, "dice3d");
  return isDice3D(api) ? api : null;
}

function isDice3D(value: unknown): value is Dice3D {
  return typeof value === "object" && value !== null && typeof Reflect.get(value, "showForRoll") === "function";
}

export function registerDiceSoNice(api: Dice3D): void {
  api.addColorset(
    {
      name: COLORSETS.light,
      description: "TERRAN.Dice.lightColorset",
      category: "Terran Engine",
      foreground: "#2b2620",
      background: "#f3ede0",
      outline: "#2b2620",
      edge: "#d9cfba",
      texture: "none",
      material: "plastic",
    },
    "default",
  );
  api.addColorset(
    {
      name: COLORSETS.dark,
      description: "TERRAN.Dice.darkColorset",
      category: "Terran Engine",
      foreground: "#efe9f5",
      background: "#26212b",
      outline: "#efe9f5",
      edge: "#3d3545",
      texture: "none",
      material: "plastic",
    },
    "default",
  );
}

/** Shows a roll made after its message (an explosion chain) in 3D, if Dice So Nice is active. */
export async function showDice(roll: Roll): Promise<void> {
  const api = dice3d();
  if (api) await api.showForRoll(roll, game.user, true);
}
