/**
 * Dice faces are inputs: Foundry rolls the dice, the rules read the results. These helpers only
 * validate and read faces; nothing here calls a random number generator.
 */
import { RulesError } from "./errors.ts";

/** A face of a six-sided die. */
export type Face = 1 | 2 | 3 | 4 | 5 | 6;

export const FACES: readonly Face[] = [1, 2, 3, 4, 5, 6];

export function isFace(value: number): value is Face {
  return Number.isInteger(value) && value >= 1 && value <= 6;
}

/** Throws a readable error unless `value` is a d6 face. */
export function assertFace(value: number, what = "A die"): Face {
  if (!isFace(value)) {
    throw new RulesError("bad-face", `${what} must show a whole number from 1 to 6 (got ${String(value)}).`, {
      what,
      value: String(value),
    });
  }
  return value;
}

export function assertFaces(values: readonly number[], what = "A die"): Face[] {
  return values.map((v, i) => assertFace(v, `${what} #${i + 1}`));
}

/** The highest face, or 0 for no dice. */
export function highest(faces: readonly number[]): number {
  let best = 0;
  for (const f of faces) if (f > best) best = f;
  return best;
}

export function sum(values: readonly number[]): number {
  let total = 0;
  for (const v of values) total += v;
  return total;
}
