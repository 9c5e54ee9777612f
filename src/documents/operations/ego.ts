/**
 * R-EGO-1 … R-EGO-5 and R-SAY-1's cheaper Dark Dice: spending Ego, being lost, resetting Ego.
 */
import {
  egoDiceCount,
  isLost,
  resetEgo,
  spendEgo,
  RulesError,
  type EgoResetRow,
  type EgoSpend,
  type Ruleset,
} from "../../rules/index.ts";
import { deriveCharacter } from "../../data/derived.ts";
import { assertAlive, assertDiceCount, changes, result, type CharacterState, type OperationResult } from "./types.ts";

/** R-EGO-3 a lost character's last scene is narrative: no more Ego is spent or reset. */
function assertNotLost(state: CharacterState, action: string): void {
  if (state.source.lost) {
    throw new RulesError("not-allowed", `The character is lost (Ego 0); they cannot ${action}.`, {
      action,
      reason: "lost",
    });
  }
}

/**
 * R-EGO-2 / R-EGO-3 / R-SAY-1 the Dark Dice of a roll cost Ego: each face ≤ the current Ego (only a
 * 1 during Sayonara, `source.sayonara`) costs 1, floor 0; at 0 the character is lost. Call it right
 * after the throw: the current Ego is the Ego "when the dice were thrown".
 */
export function spendEgoOperation(state: CharacterState, darkFaces: readonly number[]): OperationResult<EgoSpend> {
  assertAlive(state, "spend Ego");
  assertNotLost(state, "spend Ego");
  const spend = spendEgo(darkFaces, state.source.ego.value, state.source.sayonara);
  const update = changes(
    ["system.ego.value", state.source.ego.value, spend.after],
    ["system.lost", state.source.lost, spend.lost],
  );
  return result(update, spend);
}

/** R-EGO-1 how many dice an Ego roll throws: the Ego dice, +1 with *Eager*. */
export function egoDiceFor(state: CharacterState): number {
  assertAlive(state, "roll Ego");
  const { flags } = deriveCharacter(state.source, state.items);
  return egoDiceCount(state.source.ego.dice, flags.has("eager"));
}

export interface EgoResetOutcome {
  /** The roll: the new value and maximum. */
  readonly ego: number;
  /** The table row: what the player must gain now (a Condition; a Stigma or a mutation). Null with no dice. */
  readonly row: EgoResetRow | null;
  /** R-EGO-3 the reset left Ego at 0 (no Ego dice left): the character is lost. */
  readonly lost: boolean;
}

/**
 * R-EGO-4 (Core) / R-EGO-5 (Degenesis) reset Ego: value and maximum become the roll (`faces`, as many
 * as `egoDiceFor`); the outcome's table row says what the player gains.
 *
 * Ruling: no XP is given here. The +1 XP of R-XP-1 comes once, when the Condition (Stigma, mutation)
 * item is added to the character — `conditionAddedOperation` — so a Condition added by hand and one
 * gained by a reset are paid the same, and never twice.
 * Ruling: a reset with no dice (a Malaise took the last Ego die, no *Eager*) sets Ego to 0 (the rules'
 * ruling) and so the character is lost (R-EGO-3); the UI should warn when `egoDiceFor` is 0.
 * A lost character cannot reset ("not-allowed").
 */
export function resetEgoOperation(
  state: CharacterState,
  faces: readonly number[],
  ruleset: Ruleset,
): OperationResult<EgoResetOutcome> {
  assertAlive(state, "reset Ego");
  assertNotLost(state, "reset Ego");
  assertDiceCount(faces, egoDiceFor(state), "The Ego reset");
  const reset = resetEgo(ruleset, faces);
  const lost = isLost(reset.ego);
  const { ego } = state.source;
  const update = changes(
    ["system.ego.value", ego.value, reset.ego],
    ["system.ego.max", ego.max, reset.ego],
    ["system.lost", state.source.lost, lost],
  );
  return result(update, { ego: reset.ego, row: reset.row, lost });
}
