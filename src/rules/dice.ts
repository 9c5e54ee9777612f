/** Dice faces are inputs: Foundry rolls, the rules read and check the faces. */
import { assertInteger, RulesError } from "./errors.ts";

export type Face = 1 | 2 | 3 | 4 | 5 | 6;

export const FACES: readonly Face[] = [1, 2, 3, 4, 5, 6];

export function isFace(value: number): value is Face {
  return Number.isInteger(value) && value >= 1 && value <= 6;
}

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

/** The longest list a stored card may hold; longer is a damaged card (docs/RULES.md §8). */
export const STORED_LIST_MAX = 100;

/** Checked before any entry is read. */
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

/** Bounded first, then each face checked. */
export function assertStoredFaces(values: readonly number[], what: string): Face[] {
  return assertFaces(assertListUpTo(values, STORED_LIST_MAX, what), what);
}

/** 0 for no dice; a non-face (NaN, 4.000000001, "7") is refused. */
export function highest(faces: readonly number[]): number {
  let best = 0;
  for (const f of faces) if (assertFace(f) > best) best = f;
  return best;
}

/** NaN, fractions, text and an inexact total are refused. */
export function sum(values: readonly number[]): number {
  let total = 0;
  for (const v of values) total += assertInteger(v, "A value", Number.NEGATIVE_INFINITY);
  return assertInteger(total, "A total", Number.NEGATIVE_INFINITY);
}
