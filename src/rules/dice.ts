/**
 * Dice faces are inputs: Foundry rolls the dice, the rules read the results. These helpers only
 * validate and read faces; nothing here calls a random number generator.
 */
import { assertInteger, RulesError } from "./errors.ts";

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

/** The highest face, or 0 for no dice; anything that is not a face (NaN, 4.000000001, "7") is refused. */
export function highest(faces: readonly number[]): number {
  let best = 0;
  for (const f of faces) if (assertFace(f) > best) best = f;
  return best;
}

/** The sum of whole numbers (dice, ratings); NaN, fractions, text and an inexact total are refused. */
export function sum(values: readonly number[]): number {
  let total = 0;
  for (const v of values) total += assertInteger(v, "A value", Number.NEGATIVE_INFINITY);
  return assertInteger(total, "A total", Number.NEGATIVE_INFINITY);
}
