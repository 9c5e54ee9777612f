/** R-GRIT-1 … R-GRIT-3 Grit: the roll, rest, and the reset with an advancement. */
import { assertFaces, highest, sum } from "./dice.ts";
import { assertInteger } from "./errors.ts";

export const DEFAULT_GRIT_DICE = 1;

export interface GritRollOptions {
  /** R-GRIT-1 */
  readonly dieHard?: boolean;
  /** R-GRIT-2 (Asceticism does not help). */
  readonly poorNight?: boolean;
  /** R-GRIT-2 … */
  readonly poorFood?: boolean;
  /** … unless *Asceticism* cancels it. */
  readonly asceticism?: boolean;
}

/**
 * R-GRIT-2 (ruling) one −1d whether sleep, food or both were poor; Asceticism cancels the food's part only.
 */
function restPenalty(options: GritRollOptions): number {
  return options.poorNight || (options.poorFood && !options.asceticism) ? 1 : 0;
}

/** R-GRIT-1 / R-GRIT-2, never below 0; (ruling) Die Hard applies to every Grit roll, R-GRIT-3's included. */
export function gritDiceCount(gritDice: number, options: GritRollOptions = {}): number {
  const base = assertInteger(gritDice, "Grit dice", 0);
  const poor = restPenalty(options);
  return Math.max(0, base + (options.dieHard ? 1 : 0) - poor);
}

/** R-GRIT-1 no dice: 0. */
export function gritRoll(faces: readonly number[], dieHard = false): number {
  const checked = assertFaces(faces, "Grit die");
  return dieHard ? sum(checked) : highest(checked);
}

/** Grit; Ego too. */
export interface Track {
  readonly value: number;
  readonly max: number;
}

export type GritTrack = Track;

/** `max` bounds the value when given. */
export function assertTrack(track: Track, what: string, max = Number.POSITIVE_INFINITY): Track {
  assertInteger(track.value, `${what}'s value`, 0, max);
  assertInteger(track.max, `${what}'s maximum`, 0, max);
  return track;
}

/** R-GRIT-2 */
export function restGrit(roll: number): GritTrack {
  assertInteger(roll, "A Grit roll", 0);
  return { value: roll, max: roll };
}

/** R-GRIT-3 (ruling) a roll never lowers value or maximum. */
export function advancementGritReset(grit: GritTrack, roll: number): GritTrack {
  assertTrack(grit, "Grit");
  assertInteger(roll, "A Grit roll", 0);
  const value = Math.max(grit.value, roll);
  return { value, max: Math.max(grit.max, value) };
}
