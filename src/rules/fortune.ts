/** R-FORT-1 the Fortune die: the GM sets the chance ("4+") and rolls 1d. */
import { assertFace } from "./dice.ts";
import { assertInteger } from "./errors.ts";

/** `chance`: the least face that succeeds ("1+" always does). */
export function fortune(face: number, chance: number): { success: boolean; face: number; chance: number } {
  const f = assertFace(face, "The Fortune die");
  const c = assertInteger(chance, "The Fortune chance", 1, 6);
  return { success: f >= c, face: f, chance: c };
}

/** R-FORT-1 */
export function fortuneProbability(chance: number): number {
  return (7 - assertInteger(chance, "The Fortune chance", 1, 6)) / 6;
}
