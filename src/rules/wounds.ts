/** R-HARM-4 wound tracks and their penalties; R-HARM-5 Mortally Wounded and recovery. */
import type { Group } from "./attributes.ts";
import { assertId, RulesError } from "./errors.ts";

export const WOUND_TRACKS = ["stressed", "broken", "weary"] as const;
export type WoundTrack = (typeof WOUND_TRACKS)[number];
export type Wounds = Readonly<Record<WoundTrack, boolean>>;

export const NO_WOUNDS: Wounds = { stressed: false, broken: false, weary: false };

/** R-HARM-4 (Stressed is also called "Hazed"). */
export const WOUND_GROUP: Readonly<Record<WoundTrack, Group>> = {
  stressed: "insight",
  broken: "prowess",
  weary: "resolve",
};

/** *Could be worse*, *Unyielding*. */
export interface WoundIgnores {
  readonly ignoreBroken?: boolean;
  readonly ignoreWeary?: boolean;
}

export function isWoundTrack(id: string): id is WoundTrack {
  return (WOUND_TRACKS as readonly string[]).includes(id);
}

/** R-HARM-4 null when unmarked or ignored. */
export function woundPenaltyTrack(wounds: Wounds, group: Group, ignores: WoundIgnores = {}): WoundTrack | null {
  for (const track of WOUND_TRACKS) {
    if (WOUND_GROUP[track] !== group || !wounds[track]) continue;
    if (track === "broken" && ignores.ignoreBroken) return null;
    if (track === "weary" && ignores.ignoreWeary) return null;
    return track;
  }
  return null;
}

export function unmarkedTracks(wounds: Wounds): WoundTrack[] {
  return WOUND_TRACKS.filter((t) => !wounds[t]);
}

/** R-HARM-5 */
export function isMortallyWounded(wounds: Wounds): boolean {
  return WOUND_TRACKS.every((t) => wounds[t]);
}

/** R-HARM-3 */
export function markWound(wounds: Wounds, track: WoundTrack): Wounds {
  assertId(track, WOUND_TRACKS, "a wound track");
  if (wounds[track]) {
    throw new RulesError("bad-choice", `The ${track} track is already marked; choose an unmarked one.`, { track });
  }
  return { ...wounds, [track]: true };
}

/** R-HARM-5 */
export function recoverWound(wounds: Wounds, track: WoundTrack): Wounds {
  assertId(track, WOUND_TRACKS, "a wound track");
  if (!wounds[track]) {
    throw new RulesError("bad-choice", `The ${track} track is not marked; there is nothing to recover.`, { track });
  }
  return { ...wounds, [track]: false };
}
