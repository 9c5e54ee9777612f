/**
 * R-EGO-1 … R-EGO-5 Ego: the roll, Dark Dice, being lost, the reset. What Dark Dice cost is one rule read from
 * the ruleset (R-EGO-2, R-LEG-8, R-SAY-1, R-LEG-14).
 */
import { assertFaces, highest, type Face } from "./dice.ts";
import { assertInteger, assertText, RulesError } from "./errors.ts";
import type { EgoResetRow, Ruleset } from "./rulesets/types.ts";
import { XP_PER_CONDITION } from "./xp.ts";

export const EGO_MAX = 6;
export const DEFAULT_EGO_DICE = 1;

export function assertEgo(value: number): number {
  return assertInteger(value, "Ego", 0, EGO_MAX);
}

/** R-EGO-1 (+1 with *Eager*). */
export function egoDiceCount(egoDice: number, eager: boolean): number {
  return assertInteger(egoDice, "Ego dice", 0) + (eager ? 1 : 0);
}

/** R-EGO-1 no dice: 0. */
export function egoRoll(faces: readonly number[]): number {
  return highest(assertFaces(faces, "Ego die"));
}

export interface EgoSpend {
  readonly before: number;
  readonly costly: readonly boolean[];
  readonly cost: number;
  readonly after: number;
  /** R-EGO-3 / R-LEG-7 */
  readonly lost: boolean;
}

export interface DarkDiceOptions {
  /** R-SAY-1 only a 1 costs (the caller knows whether this is the last scene). */
  readonly sayonara?: boolean;
  /** R-LEG-14 each costly die costs `darkDice.montageCost`; refused where there is no montage. */
  readonly montage?: boolean;
}

/** R-EGO-2 against the Ego at the throw. */
export function darkDieCosts(face: Face, egoAtThrow: number, sayonara = false): boolean {
  return sayonara ? face === 1 : face <= egoAtThrow;
}

/** R-EGO-2 / R-LEG-8 / R-LEG-14 */
export function darkDieCost(ruleset: Ruleset, options: DarkDiceOptions = {}): number {
  if (!options.montage) return ruleset.darkDice.cost;
  if (ruleset.darkDice.montageCost === null) throw new RulesError("not-allowed", "This ruleset has no montage.");
  return ruleset.darkDice.montageCost;
}

/**
 * What a throw's Dark Dice cost, in every ruleset (R-EGO-2, R-LEG-8, R-SAY-1, R-LEG-14); every die compares to
 * the Ego at the throw, Ego stops at 0 (R-EGO-3, R-LEG-7).
 */
export function spendEgo(
  ruleset: Ruleset,
  darkFaces: readonly number[],
  egoAtThrow: number,
  options: DarkDiceOptions = {},
): EgoSpend {
  const before = assertInteger(egoAtThrow, "Ego", 0, ruleset.ego.max);
  const each = darkDieCost(ruleset, options);
  // R-SAY-1 a ruleset without Sayonara never reads the flag.
  const sayonara = ruleset.sayonara !== null && (options.sayonara ?? false);
  const costly = assertFaces(darkFaces, "Dark die").map((f) => darkDieCosts(f, before, sayonara));
  const cost = costly.filter(Boolean).length * each;
  const after = Math.max(0, before - cost);
  return { before, costly, cost, after, lost: after === 0 };
}

export interface EgoShare {
  readonly id: string;
  readonly ego: number;
  readonly pays: number;
}

/**
 * R-LEG-14 (ruling) the montage's cost split as the players agree, none below 0; returns each payer's Ego
 * after.
 */
export function splitEgoCost(
  cost: number,
  shares: readonly EgoShare[],
): { readonly id: string; readonly ego: number }[] {
  assertInteger(cost, "The Ego cost", 0);
  let paid = 0;
  const after: { id: string; ego: number }[] = [];
  for (const share of shares) {
    const id = assertText(share.id, "A companion");
    if (after.some((a) => a.id === id)) throw new RulesError("bad-choice", `${id} is named twice.`, { id });
    const ego = assertInteger(share.ego, `${id}'s Ego`, 0);
    const pays = assertInteger(share.pays, `${id}'s share`, 0, ego);
    paid += pays;
    after.push({ id, ego: ego - pays });
  }
  if (paid !== cost) {
    throw new RulesError("bad-distribution", `The shares add up to ${paid} Ego; the montage costs ${cost}.`, {
      group: "ego",
      points: cost,
      placed: paid,
    });
  }
  return after;
}

/** R-EGO-3 */
export function isLost(ego: number): boolean {
  return assertEgo(ego) === 0;
}

export interface EgoReset {
  /** Value and maximum. */
  readonly ego: number;
  /** Null when no dice were thrown. */
  readonly row: EgoResetRow | null;
  /** R-XP-1 */
  readonly xp: number;
}

export function egoResetRow(ruleset: Ruleset, value: number): EgoResetRow {
  assertInteger(value, "An Ego reset", Number.NEGATIVE_INFINITY);
  const row = ruleset.egoReset.find((r) => value >= r.min && value <= r.max);
  if (!row) throw new RulesError("out-of-range", `An Ego reset of ${value} is not on the table.`, { value });
  return row;
}

/**
 * R-EGO-4 / R-EGO-5; (ruling) a reset with no dice sets Ego to 0 and gains nothing, like R-GRIT-1's 0 dice.
 */
export function resetEgo(ruleset: Ruleset, faces: readonly number[]): EgoReset {
  const ego = egoRoll(faces);
  if (ego === 0) return { ego, row: null, xp: 0 };
  return { ego, row: egoResetRow(ruleset, ego), xp: XP_PER_CONDITION };
}
