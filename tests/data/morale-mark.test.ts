/**
 * R-V-16 "once per time it reaches 0" (src/data/morale-mark.ts), pure: a track's mark counts only at 0, and any
 * update that leaves the track above 0 clears it, so a later 0 opens Morale again.
 */
import { describe, expect, it } from "vitest";
import { clearMoraleMarks, moraleRolled } from "../../src/data/morale-mark.ts";

type Json = Record<string, unknown>;

const facet = (value: number, marked: boolean): Json => ({
  name: "Nerve",
  tier: "dangerous",
  n: 4,
  disposition: { value, max: 5 },
  dice: 1,
  halved: false,
  moraleRolled: marked,
});

/** A Challenge at 0 that gave up (its own track marked), with one facet at 0 marked and one above 0. */
const current = (): Json => ({
  tier: "serious",
  disposition: { value: 0, max: 10 },
  moraleRolled: true,
  facets: [facet(0, true), facet(3, false)],
});

describe("R-V-16 the Morale mark", () => {
  it("R-V-16: counts only on a track at 0; absent (a world saved before it) is unmarked", () => {
    expect(moraleRolled({ disposition: { value: 0 }, moraleRolled: true })).toBe(true);
    expect(moraleRolled({ disposition: { value: 2 }, moraleRolled: true })).toBe(false);
    expect(moraleRolled({ disposition: { value: 0 }, moraleRolled: false })).toBe(false);
    expect(moraleRolled({ disposition: { value: 0 } })).toBe(false);
  });

  it("R-V-16: the GM raising the Disposition (or a carry-on, or a lower tier) clears its mark", () => {
    const change: Json = { disposition: { value: 4 } };
    clearMoraleMarks(current(), change);
    expect(change).toEqual({ disposition: { value: 4 }, moraleRolled: false });
  });

  it("R-V-16: a change that leaves the track at 0, or does not touch it, keeps the mark", () => {
    for (const change of [{ disposition: { value: 0 } }, { notes: "x" }, { moraleRolled: true }] as Json[]) {
      const before = structuredClone(change);
      clearMoraleMarks(current(), change);
      expect(change).toEqual(before);
    }
  });

  it("R-V-16: a mark written on a track above 0 is cleared in the same change", () => {
    const change: Json = { moraleRolled: true, disposition: { value: 6 } };
    clearMoraleMarks(current(), change);
    expect(change.moraleRolled).toBe(false);
    const aboveNow: Json = { moraleRolled: true };
    clearMoraleMarks({ ...current(), disposition: { value: 6, max: 10 } }, aboveNow);
    expect(aboveNow.moraleRolled).toBe(false);
  });

  it("R-V-16 R-CH-5: facets are written whole; each facet above 0 loses its mark, each at 0 keeps it", () => {
    const change: Json = { facets: [facet(2, true), facet(0, true)] };
    clearMoraleMarks(current(), change);
    expect(change.facets).toEqual([facet(2, false), facet(0, true)]);
    // The Challenge's own mark is another track's: untouched.
    expect(change.moraleRolled).toBeUndefined();
  });

  it("R-V-16: junk in the change is left for the repair, not thrown on", () => {
    for (const facets of [null, "x", [null, 3, { disposition: "high", moraleRolled: true }]]) {
      const change: Json = { facets };
      expect(() => clearMoraleMarks(current(), change)).not.toThrow();
    }
  });
});
