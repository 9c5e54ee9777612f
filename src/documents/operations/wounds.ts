/**
 * R-HARM-3 / R-HARM-5 marking and recovering a wound track by hand (the GM, a Brainwave Fail, a
 * track that recovers after care and a week of rest).
 */
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
  /** R-HARM-5 all three tracks are marked after the operation. */
  readonly mortallyWounded: boolean;
}

export interface RecoveryOutcome extends WoundOutcome {
  /**
   * R-HARM-6 the character was Mortally Wounded and has survived it: the Malaise roll is due
   * (`malaiseOperation`). Ruling: it is due when the first of the three tracks recovers.
   */
  readonly malaiseDue: boolean;
}

function assertTrack(track: string): WoundTrack {
  if (!isWoundTrack(track)) throw new RulesError("unknown-id", `"${track}" is not a wound track.`, { id: track });
  return track;
}

/** R-HARM-3 mark one unmarked track. Marking the third makes the character Mortally Wounded (R-HARM-5). */
export function markWoundOperation(state: CharacterState, track: WoundTrack): OperationResult<WoundOutcome> {
  assertAlive(state, "be wounded");
  const wounds = markWound(state.source.wounds, assertTrack(track));
  return result({ [`system.wounds.${track}`]: true }, { track, mortallyWounded: isMortallyWounded(wounds) });
}

/** R-HARM-5 a marked track recovers after care and a week of rest. */
export function recoverWoundOperation(state: CharacterState, track: WoundTrack): OperationResult<RecoveryOutcome> {
  assertAlive(state, "recover");
  const wasMortallyWounded = isMortallyWounded(state.source.wounds);
  const wounds = recoverWound(state.source.wounds, assertTrack(track));
  return result(
    { [`system.wounds.${track}`]: false },
    { track, mortallyWounded: isMortallyWounded(wounds), malaiseDue: wasMortallyWounded },
  );
}
