/** R-GRIT-1 … R-GRIT-3 Grit rolls. */
import { advancementGritReset, gritDiceCount, gritRoll, restGrit, type Track } from "../../rules/index.ts";
import { deriveCharacter } from "../../data/derived.ts";
import { assertAlive, assertDiceCount, changes, result, type CharacterState, type OperationResult } from "./types.ts";

export interface RestOptions {
  /** R-GRIT-2 */
  readonly poorNight?: boolean;
  /** R-GRIT-2 cancelled by *Asceticism*. */
  readonly poorFood?: boolean;
}

export interface GritOutcome {
  /** The sum with *Die Hard*. */
  readonly roll: number;
  readonly grit: Track;
}

/** R-GRIT-1 / R-GRIT-2 without options: the well-rested count (R-GRIT-3 and Sayonara use it). */
export function gritDiceFor(state: CharacterState, options: RestOptions = {}): number {
  assertAlive(state, "roll Grit");
  const { flags } = deriveCharacter(state.source, state.items);
  return gritDiceCount(state.source.grit.dice, {
    dieHard: flags.has("dieHard"),
    asceticism: flags.has("asceticism"),
    poorNight: options.poorNight ?? false,
    poorFood: options.poorFood ?? false,
  });
}

/** R-GRIT-1 `faces`: exactly `gritDiceFor(state, options)` dice. */
export function gritRollFor(
  state: CharacterState,
  faces: readonly number[],
  options: RestOptions,
  what: string,
): number {
  assertDiceCount(faces, gritDiceFor(state, options), what);
  return gritRoll(faces, deriveCharacter(state.source, state.items).flags.has("dieHard"));
}

/** R-GRIT-2 */
export function restOperation(
  state: CharacterState,
  faces: readonly number[],
  options: RestOptions = {},
): OperationResult<GritOutcome> {
  assertAlive(state, "rest");
  const roll = gritRollFor(state, faces, options, "Rest");
  const grit = restGrit(roll);
  const old = state.source.grit;
  return result(changes(["system.grit.value", old.value, grit.value], ["system.grit.max", old.max, grit.max]), {
    roll,
    grit,
  });
}

/** R-GRIT-3 (ruling, §8) */
export function advancementGritOperation(
  state: CharacterState,
  faces: readonly number[],
): OperationResult<GritOutcome> {
  assertAlive(state, "roll Grit");
  const roll = gritRollFor(state, faces, {}, "The advancement's Grit roll");
  const old = state.source.grit;
  const grit = advancementGritReset(old, roll);
  return result(changes(["system.grit.value", old.value, grit.value], ["system.grit.max", old.max, grit.max]), {
    roll,
    grit,
  });
}
