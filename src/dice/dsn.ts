/**
 * Dice So Nice, when it is active: a colorset for each tone (users can still pick their own in Dice So
 * Nice's settings, which take precedence over a system's "default" colorsets). Dice rolled after a
 * message was created (the explosion chain confirmed from a card) are added to the message's rolls,
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
