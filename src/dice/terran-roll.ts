/**
 * TerranRoll: a Risky Action's (or Reaction's) pool as a Foundry roll. Light and Dark Dice are
 * separate terms flavoured `light` and `dark`, so Foundry's RNG, roll modes and Dice So Nice handle
 * them, and the chat card can tell them apart. The roll's options carry what the card needs to
 * rebuild itself: the actor, the attribute or save, the modifier breakdown, the weapon, the Ego at
 * the throw, the ruleset and the chosen dice.
 */
import { RulesError } from "../rules/index.ts";

export const LIGHT = "light";
export const DARK = "dark";

/** The Dice So Nice colorsets of each tone (registered in dsn.ts; users may override). */
export const COLORSETS = { light: "terran-light", dark: "terran-dark" } as const;

export class TerranRoll extends Roll {
  /** The formula of a pool: `2d6[light] + 1d6[dark]`; no term for a tone with no dice. */
  static poolFormula(light: number, dark: number): string {
    const terms = [light > 0 ? `${light}d6[${LIGHT}]` : "", dark > 0 ? `${dark}d6[${DARK}]` : ""].filter(Boolean);
    if (terms.length === 0) throw new RulesError("no-dice", "There are no dice to roll: the pool is empty.");
    return terms.join(" + ");
  }

  /** A pool roll; each term carries its tone's colorset for Dice So Nice. */
  static pool(light: number, dark: number, options: Record<string, unknown> = {}): TerranRoll {
    const roll = new TerranRoll(TerranRoll.poolFormula(light, dark), {}, options);
    for (const die of roll.dice) {
      const tone = die.flavor === DARK ? "dark" : "light";
      Object.assign(die.options, { colorset: COLORSETS[tone] });
    }
    return roll;
  }

  /** The faces of the dice flavoured `tone`, in order. */
  faces(tone: typeof LIGHT | typeof DARK): number[] {
    return this.dice
      .filter((d) => d.flavor === tone)
      .flatMap((d) => d.results.filter((r) => r.active).map((r) => r.result));
  }

  get lightFaces(): number[] {
    return this.faces(LIGHT);
  }

  get darkFaces(): number[] {
    return this.faces(DARK);
  }
}

/** An explosion chain (R-RA-3): one d6 that keeps exploding from `threshold` (6, or 5 with Slaughter). */
export function explosionFormula(threshold: number): string {
  return threshold >= 6 ? "1d6x" : `1d6x>=${threshold}`;
}
