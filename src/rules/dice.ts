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

/**
 * The longest list a stored card may hold: no real roll comes near it (at most 100 Dark Dice by the world
 * setting; a chain of 100 explosions has odds below 10^-47). Anything longer is a damaged card (docs/RULES.md §8).
 */
export const STORED_LIST_MAX = 100;

/** `values` is a list of at most `max` entries, checked before any entry is read. */
export function assertListUpTo<T>(values: readonly T[], max: number, what: string): readonly T[] {
  const raw: unknown = values;
  if (!Array.isArray(raw)) throw new RulesError("bad-choice", `${what} must be a list.`, { what });
  if (raw.length > max)
    throw new RulesError("bad-choice", `${what}: ${raw.length} entries, more than a real roll makes (${max}).`, {
      what,
      count: raw.length,
      max,
    });
  return values;
}

/** A stored list of faces: bounded first (`STORED_LIST_MAX`), then each face checked. */
export function assertStoredFaces(values: readonly number[], what: string): Face[] {
  return assertFaces(assertListUpTo(values, STORED_LIST_MAX, what), what);
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
