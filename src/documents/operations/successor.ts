/**
 * R-SAY-1 / R-LEG-15 a character who has left the story and the successor who follows them. A Core or
 * Degenesis character departs when their Sayonara scene ends (`endSceneOperation`, ./activation.ts); a
 * Legacy character when they take *Retire*. Their successor is a new character who takes ⌈n ÷ 2⌉
 * advancements for free (n: the departed character's advancements, Retire counted), spent by the
 * operations that take advancements (`system.freeAdvancements`).
 */
import { RulesError, successorAdvancements } from "../../rules/index.ts";
import { deriveCharacter } from "../../data/derived.ts";
import { assertAlive, assertNotDeparted, changes, result, type CharacterState, type OperationResult } from "./types.ts";

export interface SuccessorPlan {
  /** n: the advancements the departed character holds. */
  readonly advancements: number;
  /** ⌈n ÷ 2⌉: what the successor takes for free (the starting advancement among them). */
  readonly freeAdvancements: number;
}

/**
 * R-SAY-1 / R-LEG-15 the successor of a departed character: how many advancements they take for free.
 * Refused for a character still in the story ("not-allowed": only a departed one has a successor).
 */
export function successorPlan(state: CharacterState): SuccessorPlan {
  if (!(state.source.departed ?? false))
    throw new RulesError("not-allowed", "Only a character who has left the story has a successor.", {
      reason: "notDeparted",
    });
  const advancements = deriveCharacter(state.source, state.items).advancements;
  return { advancements, freeAdvancements: successorAdvancements(advancements) };
}

/**
 * R-LEG-15 *Retire*: with the GM the player decides how the story ends; the character departs at once
 * (no last scene), and their successor counts Retire among the advancements halved. Refused unless the
 * character holds Retire, and for the dead or the already departed.
 */
export function retireOperation(state: CharacterState): OperationResult<SuccessorPlan> {
  assertAlive(state, "retire");
  assertNotDeparted(state, "retire");
  if (!state.items.some((i) => i.type === "advancement" && i.system.key === "retire"))
    throw new RulesError("not-allowed", "Only a character who has taken Retire retires.", { id: "retire" });
  const update = changes(["system.departed", false, true], ["system.sayonara", state.source.sayonara, false]);
  return result(update, successorPlan({ ...state, source: { ...state.source, departed: true } }));
}
