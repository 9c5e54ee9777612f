/** R-HARM-6 the Malaise roll. */
import { applyMalaise, ATTRIBUTES, malaiseFor, type Attribute, type MalaiseResult } from "../../rules/index.ts";
import { assertAlive, changes, result, type CharacterState, type Change, type OperationResult } from "./types.ts";

/**
 * R-HARM-6 `choice` when both attributes can lose; a loss that cannot be taken kills. The Malaise item itself
 * is the document's (its XP: `conditionAddedOperation`).
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
