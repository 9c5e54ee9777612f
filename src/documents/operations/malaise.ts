/**
 * R-HARM-6 Malaise: the roll a character makes on surviving Mortally Wounded.
 */
import { applyMalaise, ATTRIBUTES, malaiseFor, type Attribute, type MalaiseResult } from "../../rules/index.ts";
import { assertAlive, changes, result, type CharacterState, type Change, type OperationResult } from "./types.ts";

/**
 * R-HARM-6 apply the Malaise die's `face`: an attribute of the group loses a point (`choice` when both
 * can; "choice-required" propagates from the rules), or an Ego / Grit die is lost; a loss that cannot
 * be taken kills (`system.dead`). The Malaise itself (a Condition of the kind "malaise", which never
 * recovers) is an item the document adds; see `conditionAddedOperation` for its XP.
 */
export function malaiseOperation(
  state: CharacterState,
  face: number,
  choice?: Attribute,
): OperationResult<MalaiseResult> {
  assertAlive(state, "roll a Malaise");
  const { source } = state;
  const malaise = applyMalaise(
    { attributes: source.attributes, gritDice: source.grit.dice, egoDice: source.ego.dice },
    malaiseFor(face),
    choice,
  );
  const update = changes(
    ...ATTRIBUTES.map((a): Change => [`system.attributes.${a}`, source.attributes[a], malaise.attributes[a]]),
    ["system.grit.dice", source.grit.dice, malaise.gritDice],
    ["system.ego.dice", source.ego.dice, malaise.egoDice],
    ["system.dead", source.dead, malaise.dies],
  );
  return result(update, malaise);
}
