/**
 * R-SAY-1 / R-LEG-15 a departed character (Sayonara's scene over, or *Retire*) and their successor, who takes
 * ⌈n ÷ 2⌉ advancements free (`system.freeAdvancements`).
 */
import { RulesError, successorAdvancements } from "../../rules/index.ts";
import { deriveCharacter } from "../../data/derived.ts";
import { assertAlive, assertNotDeparted, changes, result, type CharacterState, type OperationResult } from "./types.ts";

export interface SuccessorPlan {
  /** n: held by the departed character. */
  readonly advancements: number;
  /** ⌈n ÷ 2⌉, the starting advancement among them. */
  readonly freeAdvancements: number;
}

/** R-SAY-1 / R-LEG-15 refused for a character still in the story. */
export function successorPlan(state: CharacterState): SuccessorPlan {
  if (!(state.source.departed ?? false))
    throw new RulesError("not-allowed", "Only a character who has left the story has a successor.", {
      reason: "notDeparted",
    });
  const advancements = deriveCharacter(state.source, state.items).advancements;
  return { advancements, freeAdvancements: successorAdvancements(advancements) };
}

/** R-LEG-15 departs at once (no last scene); Retire counts among the advancements halved. */
export function retireOperation(state: CharacterState): OperationResult<SuccessorPlan> {
  assertAlive(state, "retire");
  assertNotDeparted(state, "retire");
  if (!state.items.some((i) => i.type === "advancement" && i.system.key === "retire"))
    throw new RulesError("not-allowed", "Only a character who has taken Retire retires.", { id: "retire" });
  const update = changes(["system.departed", false, true], ["system.sayonara", state.source.sayonara, false]);
  return result(update, successorPlan({ ...state, source: { ...state.source, departed: true } }));
}
