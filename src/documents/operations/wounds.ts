/** R-HARM-3 / R-HARM-5 marking and recovering a wound track by hand. */
import {
  isMortallyWounded,
  isWoundTrack,
  markWound,
  recoverWound,
  RulesError,
  type WoundTrack,
} from "../../rules/index.ts";
import { assertAlive, result, type CharacterState, type OperationResult } from "./types.ts";

export interface WoundOutcome {
  readonly track: WoundTrack;
  /** R-HARM-5 */
  readonly mortallyWounded: boolean;
}

export interface RecoveryOutcome extends WoundOutcome {
  /** R-HARM-6 (ruling) due when the first of the three tracks recovers. */
  readonly malaiseDue: boolean;
}

function assertTrack(track: string): WoundTrack {
  if (!isWoundTrack(track)) throw new RulesError("unknown-id", `"${track}" is not a wound track.`, { id: track });
  return track;
}

/** R-HARM-3 (the third makes the character Mortally Wounded, R-HARM-5). */
export function markWoundOperation(state: CharacterState, track: WoundTrack): OperationResult<WoundOutcome> {
  assertAlive(state, "be wounded");
  const wounds = markWound(state.source.wounds, assertTrack(track));
  return result({ [`system.wounds.${track}`]: true }, { track, mortallyWounded: isMortallyWounded(wounds) });
}

/** R-HARM-5 */
export function recoverWoundOperation(state: CharacterState, track: WoundTrack): OperationResult<RecoveryOutcome> {
  assertAlive(state, "recover");
  const wasMortallyWounded = isMortallyWounded(state.source.wounds);
  const wounds = recoverWound(state.source.wounds, assertTrack(track));
  return result(
    { [`system.wounds.${track}`]: false },
    { track, mortallyWounded: isMortallyWounded(wounds), malaiseDue: wasMortallyWounded },
  );
}
