/**
 * Dice So Nice, when it is active: a colorset for each tone. Each Light and Dark die term names its tone's
 * colorset in `options.colorset` (TerranRoll.pool), which Dice So Nice reads before anything else: before
 * the term's flavor (`light`/`dark`, which it would also take as a colorset or a damage type of that name)
 * and before the player's own appearance (DiceFactory.getAppearanceForDice in Dice So Nice 5.1.6; the same
 * order in older and newer versions). So the tones look as set here whatever other colorsets or damage
 * types a table has. Every field of the colorset is given, so none falls back to the player's colours. Dice rolled
 * after a message was created (the explosion chain confirmed from a card) are added to the message's rolls,
 * which Dice So Nice's own update hook animates once, for those who may see it: the system never calls
 * `showForRoll` itself (that animated the chain twice). Nothing here runs or breaks when the module is
 * absent.
 */
import { COLORSETS } from "./terran-roll.ts";

/** The small part of Dice So Nice's API the system uses (the module ships no types). */
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
