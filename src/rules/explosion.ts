/**
 * R-RA-3 the chosen Effect die explodes (6, or 5+ with *Slaughter*, R-EQ-3). Foundry rolls the chain; here it
 * is an input that must be exactly as long as the rule demands. R-CH-2 reads it for a Challenge's Effect.
 */
import { assertFace, sum, type Face } from "./dice.ts";
import { RulesError } from "./errors.ts";

export const EXPLODE_ON = 6;
export const EXPLODE_ON_SLAUGHTER = 5;

/** R-RA-3, R-EQ-3 */
export function explosionThreshold(slaughter: boolean): Face {
  return slaughter ? EXPLODE_ON_SLAUGHTER : EXPLODE_ON;
}

/** R-RA-3 */
export function explodes(face: number, threshold: number): boolean {
  return face >= threshold;
}

/** Whether the last die exploded; throws when the chain goes on after a die that did not. */
export function chainNeedsMore(first: number, chain: readonly number[], threshold: number): boolean {
  const dice = [first, ...chain];
  dice.forEach((f, i) => assertFace(f, i === 0 ? "The Effect die" : `Explosion die #${i}`));
  for (let i = 0; i < dice.length - 1; i++) {
    if (!explodes(dice[i] ?? 0, threshold)) {
      throw new RulesError(
        "bad-chain",
        `The explosion chain goes on after a ${dice[i]}, which does not explode (needs ${threshold}+).`,
        { at: i, threshold },
      );
    }
  }
  return explodes(dice[dice.length - 1] ?? 0, threshold);
}

export interface ExplosionResult {
  /** The Effect die, then each explosion die. */
  readonly dice: readonly Face[];
  readonly total: number;
  readonly exploded: boolean;
}

/** R-RA-3 throws if the chain is too short or too long. */
export function explosionTotal(first: number, chain: readonly number[], threshold: number): ExplosionResult {
  if (chainNeedsMore(first, chain, threshold)) {
    throw new RulesError(
      "bad-chain",
      `The explosion chain is incomplete: its last die exploded (${threshold}+), roll another.`,
      {
        threshold,
      },
    );
  }
  const dice = [first, ...chain].map((f) => assertFace(f));
  return { dice, total: sum(dice), exploded: chain.length > 0 };
}
