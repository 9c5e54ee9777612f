/**
 * R-EGO-1 … R-EGO-5 Ego: the Ego roll, spending Ego on Dark Dice, being lost, and resetting Ego
 * (Core: gain a Condition; Degenesis: Primer spores). R-SAY-1's cheaper Dark Dice are here too.
 */
import { assertFaces, highest, type Face } from "./dice.ts";
import { assertInteger, RulesError } from "./errors.ts";
import type { EgoResetRow, Ruleset } from "./rulesets/types.ts";
import { XP_PER_CONDITION } from "./xp.ts";

export const EGO_MAX = 6;
export const DEFAULT_EGO_DICE = 1;

export function assertEgo(value: number): number {
  return assertInteger(value, "Ego", 0, EGO_MAX);
}

/** R-EGO-1 how many dice an Ego roll throws: the character's Ego dice, +1 with *Eager*. */
export function egoDiceCount(egoDice: number, eager: boolean): number {
  return assertInteger(egoDice, "Ego dice", 0) + (eager ? 1 : 0);
}

/** R-EGO-1 an Ego roll keeps the highest die (with or without *Eager*); no dice → 0. */
export function egoRoll(faces: readonly number[]): number {
  return highest(assertFaces(faces, "Ego die"));
}

export interface EgoSpend {
  readonly before: number;
  /** One entry per Dark die: does it cost Ego? */
  readonly costly: readonly boolean[];
  readonly cost: number;
  readonly after: number;
  /** R-EGO-3 the character is lost (Ego 0). */
  readonly lost: boolean;
}

/** R-EGO-2 does a Dark die showing `face` cost Ego, given the Ego when the dice were thrown? */
export function darkDieCosts(face: Face, egoAtThrow: number, sayonara = false): boolean {
  return sayonara ? face === 1 : face <= egoAtThrow;
}

/**
 * R-EGO-2 each Dark die showing ≤ the Ego the character had when the dice were thrown costs 1 Ego
 * (all compare to that same value); Ego never goes below 0. R-SAY-1 during Sayonara only a 1 costs.
 */
export function spendEgo(darkFaces: readonly number[], egoAtThrow: number, sayonara = false): EgoSpend {
  const before = assertEgo(egoAtThrow);
  const costly = assertFaces(darkFaces, "Dark die").map((f) => darkDieCosts(f, before, sayonara));
  const cost = costly.filter(Boolean).length;
  const after = Math.max(0, before - cost);
  return { before, costly, cost, after, lost: after === 0 };
}

/** R-EGO-3 at Ego 0 the character is lost. */
export function isLost(ego: number): boolean {
  return assertEgo(ego) === 0;
}

export interface EgoReset {
  /** New value and maximum. */
  readonly ego: number;
  /** The table's row; null when no dice were thrown (nothing is gained). */
  readonly row: EgoResetRow | null;
  /** R-XP-1 the Condition (or Stigma, or mutation) gained brings +1 XP. */
  readonly xp: number;
}

/** The row of a ruleset's Ego reset table for a rolled value. */
export function egoResetRow(ruleset: Ruleset, value: number): EgoResetRow {
  assertInteger(value, "An Ego reset", Number.NEGATIVE_INFINITY);
  const row = ruleset.egoReset.find((r) => value >= r.min && value <= r.max);
  if (!row) throw new RulesError("out-of-range", `An Ego reset of ${value} is not on the table.`, { value });
  return row;
}

/**
 * R-EGO-4 (Core) / R-EGO-5 (Degenesis) reset Ego: the highest die becomes value and maximum, and the
 * ruleset's table says what is gained (a Condition; a Stigma or a mutation), worth +1 XP (R-XP-1:
 * stigmas and mutations are Conditions too). Ruling: a reset with no dice (a Malaise took the last
 * Ego die, no *Eager*) sets Ego to 0, like R-GRIT-1's 0 dice, and gains nothing.
 */
export function resetEgo(ruleset: Ruleset, faces: readonly number[]): EgoReset {
  const ego = egoRoll(faces);
  if (ego === 0) return { ego, row: null, xp: 0 };
  return { ego, row: egoResetRow(ruleset, ego), xp: XP_PER_CONDITION };
}
