/** R-SAY-1 Sayonara: a last scene declared, Grit and Ego re-rolled. */
import { egoRoll, isLost, RulesError, sayonaraTrack, type Ruleset, type Track } from "../../rules/index.ts";
import { egoDiceFor } from "./ego.ts";
import { gritRollFor } from "./grit.ts";
import {
  assertAlive,
  assertDiceCount,
  assertNotDeparted,
  changes,
  result,
  type CharacterState,
  type OperationResult,
} from "./types.ts";

export interface SayonaraOutcome {
  readonly gritRoll: number;
  readonly egoRoll: number;
  readonly grit: Track;
  readonly ego: Track;
  /** R-EGO-3 no Ego dice left. */
  readonly lost: boolean;
}

/**
 * R-SAY-1 the well-rested Grit dice and the Ego dice (`sayonaraTrack` combines); `system.sayonara` then makes
 * Dark Dice cheap until `endSceneOperation`. Refused when declared already, lost (R-EGO-3) or departed.
 */
export function sayonaraOperation(
  state: CharacterState,
  ruleset: Ruleset,
  gritFaces: readonly number[],
  egoFaces: readonly number[],
): OperationResult<SayonaraOutcome> {
  assertAlive(state, "declare Sayonara");
  assertNotDeparted(state, "declare Sayonara");
  const { source } = state;
  if (source.sayonara) throw new RulesError("not-allowed", "Sayonara has already been declared for this character.");
  if (source.lost)
    throw new RulesError("not-allowed", "The character is lost (Ego 0); their last scene has already come.");
  const gritRoll = gritRollFor(state, gritFaces, {}, "The Sayonara Grit roll");
  assertDiceCount(egoFaces, egoDiceFor(state), "The Sayonara Ego roll");
  const ego = egoRoll(egoFaces);
  const newGrit = sayonaraTrack(ruleset, source.grit, gritRoll);
  const newEgo = sayonaraTrack(ruleset, source.ego, ego);
  const lost = isLost(newEgo.value);
  const update = changes(
    ["system.grit.value", source.grit.value, newGrit.value],
    ["system.grit.max", source.grit.max, newGrit.max],
    ["system.ego.value", source.ego.value, newEgo.value],
    ["system.ego.max", source.ego.max, newEgo.max],
    ["system.lost", source.lost, lost],
    ["system.sayonara", source.sayonara, true],
  );
  return result(update, { gritRoll, egoRoll: ego, grit: newGrit, ego: newEgo, lost });
}
