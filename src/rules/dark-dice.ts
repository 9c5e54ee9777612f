/**
 * R-LEG-8 / R-EGO-2 what Dark Dice cost, read from the ruleset (`darkDice`, `ego.max`), and R-LEG-14
 * the montage's dearer dice and its shared cost.
 */
import { assertFaces } from "./dice.ts";
import { assertInteger, assertText, RulesError } from "./errors.ts";
import type { EgoSpend } from "./ego.ts";
import type { Ruleset } from "./rulesets/types.ts";

export interface DarkDiceOptions {
  /** R-LEG-14 a montage: each costly die costs `darkDice.montageCost` (2). */
  readonly montage?: boolean;
}

/** Ego lost per costly Dark Die: 1, or the montage's cost (refused where there is no montage). */
export function darkDieCost(ruleset: Ruleset, options: DarkDiceOptions = {}): number {
  if (!options.montage) return ruleset.darkDice.cost;
  if (ruleset.darkDice.montageCost === null) throw new RulesError("not-allowed", "This ruleset has no montage.");
  return ruleset.darkDice.montageCost;
}

/**
 * R-LEG-8 each Dark Die showing ≤ the Ego at the throw costs (all compare to that one value; above 6
 * every die costs); R-LEG-14 in a montage each costs 2. Ego never goes below 0; at 0 the character is
 * lost (R-LEG-7).
 */
export function spendDarkDice(
  ruleset: Ruleset,
  darkFaces: readonly number[],
  egoAtThrow: number,
  options: DarkDiceOptions = {},
): EgoSpend {
  const before = assertInteger(egoAtThrow, "Ego", 0, ruleset.ego.max);
  const each = darkDieCost(ruleset, options);
  const costly = assertFaces(darkFaces, "Dark die").map((f) => f <= before);
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
