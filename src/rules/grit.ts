/**
 * R-GRIT-1 … R-GRIT-3 Grit: the Grit roll, rest, and the reset that comes with an advancement.
 */
import { assertFaces, highest, sum } from "./dice.ts";
import { assertInteger } from "./errors.ts";

export const DEFAULT_GRIT_DICE = 1;

export interface GritRollOptions {
  /** R-GRIT-1 *Die Hard*: +1d and sum all dice. */
  readonly dieHard?: boolean;
  /** R-GRIT-2 the night's sleep was poor: −1d (Asceticism does not help). */
  readonly poorNight?: boolean;
  /** R-GRIT-2 the character went poorly fed: −1d… */
  readonly poorFood?: boolean;
  /** …unless *Asceticism* cancels it (the food's −1d only). */
  readonly asceticism?: boolean;
}

/**
 * R-GRIT-2 (ruling) the −1d of a night that was not "well fed and rested": one die, whether the sleep,
 * the food or both were poor (the SRD names a single −1d). *Asceticism* cancels only the food's part,
 * so a poor night still costs its die.
 */
function restPenalty(options: GritRollOptions): number {
  return options.poorNight || (options.poorFood && !options.asceticism) ? 1 : 0;
}

/**
 * R-GRIT-1 / R-GRIT-2 how many dice a Grit roll throws: the character's Grit dice, +1 with Die Hard,
 * −1 after a poor night or poor food (the food's not with Asceticism), never below 0. Ruling: Die
 * Hard applies to every Grit roll, the advancement reset of R-GRIT-3 included.
 */
export function gritDiceCount(gritDice: number, options: GritRollOptions = {}): number {
  const base = assertInteger(gritDice, "Grit dice", 0);
  const poor = restPenalty(options);
  return Math.max(0, base + (options.dieHard ? 1 : 0) - poor);
}

/** R-GRIT-1 keep the highest die; with Die Hard, sum them all; no dice → 0. */
export function gritRoll(faces: readonly number[], dieHard = false): number {
  const checked = assertFaces(faces, "Grit die");
  return dieHard ? sum(checked) : highest(checked);
}

/** A current value and its maximum (Grit; Ego too). */
export interface Track {
  readonly value: number;
  readonly max: number;
}

export type GritTrack = Track;

/** A stored track: value and maximum whole numbers, 0 or more (`max` bounds the value when given). */
export function assertTrack(track: Track, what: string, max = Number.POSITIVE_INFINITY): Track {
  assertInteger(track.value, `${what}'s value`, 0, max);
  assertInteger(track.max, `${what}'s maximum`, 0, max);
  return track;
}

/** R-GRIT-2 after a night's rest both value and maximum become the roll. */
export function restGrit(roll: number): GritTrack {
  assertInteger(roll, "A Grit roll", 0);
  return { value: roll, max: roll };
}

/**
 * R-GRIT-3 (ruling) when an advancement is gained Grit becomes the higher of the current Grit and
 * the roll, and the maximum the higher of the current maximum and that value: a roll never lowers
 * either.
 */
export function advancementGritReset(grit: GritTrack, roll: number): GritTrack {
  assertTrack(grit, "Grit");
  assertInteger(roll, "A Grit roll", 0);
  const value = Math.max(grit.value, roll);
  return { value, max: Math.max(grit.max, value) };
}
