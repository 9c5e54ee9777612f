/** R-XP-1 gaining experience. */
import { assertInteger, conditionXp, XP_PER_SESSION, type ConditionKind } from "../../rules/index.ts";
import { deriveCharacter } from "../../data/derived.ts";
import { assertAlive, changes, result, type CharacterState, type OperationResult } from "./types.ts";

export interface XpOutcome {
  /** 0 when nothing is gained. */
  readonly gained: number;
  readonly xp: number;
}

function gain(state: CharacterState, amount: number): OperationResult<XpOutcome> {
  const before = assertInteger(state.source.xp, "Experience", 0);
  const xp = before + amount;
  return result(changes(["system.xp", before, xp]), { gained: amount, xp });
}

/** R-XP-1 a dead character earns none. */
export function awardXpOperation(state: CharacterState, amount: number): OperationResult<XpOutcome> {
  assertAlive(state, "gain XP");
  return gain(state, assertInteger(amount, "An XP award", 1));
}

/** R-XP-1 */
export function sessionXpOperation(state: CharacterState): OperationResult<XpOutcome> {
  return awardXpOperation(state, XP_PER_SESSION);
}

/**
 * R-XP-1 +`perCondition` (the ruleset's) per Condition item added, none during creation (R-CHAR-7); the Ego
 * reset pays nothing itself, so none is paid twice. Ruling: a Malaise (R-HARM-6) is no new Condition.
 */
export function conditionAddedOperation(
  state: CharacterState,
  kind: ConditionKind = "condition",
  perCondition = 1,
): OperationResult<XpOutcome> {
  assertAlive(state, "gain a Condition");
  if (kind === "malaise") return gain(state, 0);
  return gain(state, conditionXp(deriveCharacter(state.source, state.items).inCreation) * perCondition);
}
