/**
 * R-EGO-1 … R-EGO-5 Ego: the Ego roll, spending Ego on Dark Dice, being lost, and resetting Ego
 * (Core: gain a Condition; Degenesis: Primer spores). What Dark Dice cost is one rule read from the
 * ruleset (`darkDice`, `ego.max`): R-EGO-2 and R-LEG-8, R-SAY-1's cheaper dice, R-LEG-14 the montage's
 * dearer dice and its shared cost.
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
  /** R-EGO-3 / R-LEG-7 the character is lost (Ego 0). */
  readonly lost: boolean;
}

export interface DarkDiceOptions {
  /** R-SAY-1 the character plays their last scene: only a 1 costs (the caller knows whether there is one). */
  readonly sayonara?: boolean;
  /** R-LEG-14 a montage: each costly die costs `darkDice.montageCost` (refused where there is no montage). */
  readonly montage?: boolean;
}

/** R-EGO-2 does a Dark die showing `face` cost Ego, given the Ego when the dice were thrown? */
export function darkDieCosts(face: Face, egoAtThrow: number, sayonara = false): boolean {
  return sayonara ? face === 1 : face <= egoAtThrow;
}

/** R-EGO-2 / R-LEG-8 Ego lost per costly Dark die: `darkDice.cost`, or R-LEG-14 the montage's cost. */
export function darkDieCost(ruleset: Ruleset, options: DarkDiceOptions = {}): number {
  if (!options.montage) return ruleset.darkDice.cost;
  if (ruleset.darkDice.montageCost === null) throw new RulesError("not-allowed", "This ruleset has no montage.");
  return ruleset.darkDice.montageCost;
}

/**
 * What a throw's Dark Dice cost in Ego, in every ruleset. R-EGO-2 / R-LEG-8 each Dark die showing ≤ the
 * Ego the character had when the dice were thrown costs (all compare to that one value, at most the
 * ruleset's `ego.max`; in Legacy, above 6 every die costs) `darkDice.cost`; R-SAY-1 during Sayonara only
 * a 1 costs; R-LEG-14 in a montage each costs `darkDice.montageCost` (2). Ego never goes below 0; at 0
 * the character is lost (R-EGO-3, R-LEG-7).
 */
export function spendEgo(
  ruleset: Ruleset,
  darkFaces: readonly number[],
  egoAtThrow: number,
  options: DarkDiceOptions = {},
): EgoSpend {
  const before = assertInteger(egoAtThrow, "Ego", 0, ruleset.ego.max);
  const each = darkDieCost(ruleset, options);
  // R-SAY-1 a ruleset without Sayonara (Legacy) never reads the flag.
  const sayonara = ruleset.sayonara !== null && (options.sayonara ?? false);
  const costly = assertFaces(darkFaces, "Dark die").map((f) => darkDieCosts(f, before, sayonara));
  const cost = costly.filter(Boolean).length * each;
  const after = Math.max(0, before - cost);
  return { before, costly, cost, after, lost: after === 0 };
}

export interface EgoShare {
  readonly id: string;
  /** The companion's Ego now. */
  readonly ego: number;
  /** What they pay. */
  readonly pays: number;
}

/**
 * R-LEG-14 (ruling) companions pool their Ego: the montage's cost is split as the players agree, each
 * paying from their own Ego (none below 0), the shares adding up to the whole cost. Returns each
 * payer's Ego after, in order.
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
