/**
 * A Risky Action's or Reaction's pool as a Foundry roll: Light and Dark Dice are separate terms flavoured
 * `light` and `dark`, and the options carry what the card needs to rebuild itself.
 */
import { RulesError } from "../rules/index.ts";

export const LIGHT = "light";
export const DARK = "dark";

/** Registered in dsn.ts; users may override. */
export const COLORSETS = { light: "terran-light", dark: "terran-dark" } as const;

export class TerranRoll extends Roll {
  /** `2d6[light] + 1d6[dark]`; no term for a tone with no dice. */
  static poolFormula(light: number, dark: number): string {
    const terms = [light > 0 ? `${light}d6[${LIGHT}]` : "", dark > 0 ? `${dark}d6[${DARK}]` : ""].filter(Boolean);
    if (terms.length === 0) throw new RulesError("no-dice", "There are no dice to roll: the pool is empty.");
    return terms.join(" + ");
  }

  /** Each term carries its tone's colorset. */
  static pool(light: number, dark: number, options: Record<string, unknown> = {}): TerranRoll {
    const roll = new TerranRoll(TerranRoll.poolFormula(light, dark), {}, options);
    for (const die of roll.dice) {
      const tone = die.flavor === DARK ? "dark" : "light";
      Object.assign(die.options, { colorset: COLORSETS[tone] });
    }
    return roll;
  }

  /** In order. */
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

/** R-RA-3 one d6 exploding from `threshold`. */
export function explosionFormula(threshold: number): string {
  return threshold >= 6 ? "1d6x" : `1d6x>=${threshold}`;
}
