/**
 * Dice So Nice, when active: a colorset per tone. Each term names its tone's colorset in `options.colorset`,
 * which Dice So Nice reads before the flavor and the player's appearance (DiceFactory.getAppearanceForDice,
 * 5.1.6), and every field is given. Dice added to a message later (an explosion chain) are animated by Dice So
 * Nice's own update hook: never call `showForRoll` (it animated the chain twice).
 */
import { COLORSETS } from "./terran-roll.ts";

/** The module ships no types. */
export interface Dice3D {
  addColorset(colorset: Record<string, unknown>, mode?: "default" | "preferred"): unknown;
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
      font: "Arial",
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
      font: "Arial",
    },
    "default",
  );
}
