/**
 * R-XP-1 gaining experience: a session played and survived, a new Condition.
 */
import { assertInteger, conditionXp, XP_PER_SESSION, type ConditionKind } from "../../rules/index.ts";
import { deriveCharacter } from "../../data/derived.ts";
import { assertAlive, changes, result, type CharacterState, type OperationResult } from "./types.ts";

export interface XpOutcome {
  /** The XP gained (0 when nothing is gained). */
  readonly gained: number;
  /** The XP after the operation. */
  readonly xp: number;
}

function gain(state: CharacterState, amount: number): OperationResult<XpOutcome> {
  const before = assertInteger(state.source.xp, "Experience", 0);
  const xp = before + amount;
  return result(changes(["system.xp", before, xp]), { gained: amount, xp });
}

/** R-XP-1 the GM awards XP: a whole number, at least 1. A dead character earns none. */
export function awardXpOperation(state: CharacterState, amount: number): OperationResult<XpOutcome> {
  assertAlive(state, "gain XP");
  return gain(state, assertInteger(amount, "An XP award", 1));
}

/** R-XP-1 a session played and survived: +`XP_PER_SESSION` (2). */
export function sessionXpOperation(state: CharacterState): OperationResult<XpOutcome> {
  return awardXpOperation(state, XP_PER_SESSION);
}

/**
 * R-XP-1 a new Condition (a Stigma and a mutation count as Conditions, R-EGO-5) gives +1 XP, none
 * while the character is being created (no advancement taken yet, R-CHAR-7): then the update is empty.
 * The document calls this once per Condition item added — the Ego reset (R-EGO-4/5) gives no XP of
 * its own, so a Condition is never paid twice.
 * Ruling: a Malaise (`kind` "malaise", R-HARM-6) is stored as a condition item but is not a "new
 * Condition" of R-XP-1 (it is a lasting scar of surviving Mortally Wounded): it gives no XP.
 * `perCondition` is the ruleset's XP per new Condition (`experience.perCondition`: 1 in Core and
 * Degenesis; 0 in Legacy, where Experience comes from the Ego lost, R-LEG-12).
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
