/**
 * R-V-16 "once per time it reaches 0": each track (the Challenge's own, each facet, R-CH-5) stores
 * `moraleRolled`, set when Morale is rolled at 0 and left there. It counts only at 0, and any update that
 * leaves the track above 0 clears it (ChallengeData's `_preUpdate`), so a later 0 opens Morale again.
 */
import { isRecord } from "./migrations/values.ts";

interface MarkedTrack {
  readonly disposition: { readonly value: number };
  /** Absent in a world saved before the mark: unmarked. */
  readonly moraleRolled?: boolean;
}

/** R-V-16 Morale was rolled at this 0 (a mark on a track above 0 does not count). */
export function moraleRolled(track: MarkedTrack): boolean {
  return track.moraleRolled === true && track.disposition.value === 0;
}

/** The track's Disposition left, as the change writes it or as it stands; null when it is not a number. */
function valueOf(change: Readonly<Record<string, unknown>>, current: Readonly<Record<string, unknown>>): unknown {
  const written = isRecord(change.disposition) ? change.disposition.value : undefined;
  return written ?? (isRecord(current.disposition) ? current.disposition.value : undefined);
}

/** One track: its mark cleared in `change` when the change leaves it above 0 marked. */
function clearTrack(current: Readonly<Record<string, unknown>>, change: Record<string, unknown>): boolean {
  const value = valueOf(change, current);
  const marked = (change.moraleRolled ?? current.moraleRolled) === true;
  if (!(typeof value === "number" && value > 0 && marked)) return false;
  change.moraleRolled = false;
  return true;
}

/**
 * R-V-16 `system`, an update's expanded `system` change, loses the marks of the tracks it leaves above 0, in
 * place. Facets are written whole (an array field), so each written facet is read on its own. Junk is left
 * to the repair.
 */
export function clearMoraleMarks(current: Readonly<Record<string, unknown>>, system: Record<string, unknown>): void {
  clearTrack(current, system);
  const facets = system.facets;
  if (!Array.isArray(facets)) return;
  system.facets = (facets as unknown[]).map((f) => {
    if (!isRecord(f)) return f;
    const copy = { ...f };
    return clearTrack({}, copy) ? copy : f;
  });
}
