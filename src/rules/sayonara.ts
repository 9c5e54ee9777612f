/**
 * R-SAY-1 Sayonara: a last scene. Ego and Grit are re-rolled (Core takes the new values, Degenesis
 * keeps the higher); for the scene a Dark die costs Ego only on a 1 (`spendEgo(…, { sayonara })`); a
 * successor starts with half the advancements, rounded up.
 */
import { assertInteger, RulesError } from "./errors.ts";
import { assertTrack, type Track } from "./grit.ts";

export type { Track };
import type { Ruleset } from "./rulesets/types.ts";

/**
 * R-SAY-1 combine an old track with its re-roll. Core: value and maximum become the roll.
 * Degenesis (ruling): the value is the higher of the old value and the roll, and the maximum never
 * drops.
 */
export function sayonaraTrack(ruleset: Ruleset, old: Track, roll: number): Track {
  assertTrack(old, "The old track");
  assertInteger(roll, "A Sayonara roll", 0);
  if (ruleset.sayonara === null) throw new RulesError("not-allowed", "This ruleset has no Sayonara.");
  if (ruleset.sayonara === "new") return { value: roll, max: roll };
  const value = Math.max(old.value, roll);
  return { value, max: Math.max(old.max, value) };
}

/** R-SAY-1 a successor character's advancements: ⌈n ÷ 2⌉. */
export function successorAdvancements(advancements: number): number {
  return Math.ceil(assertInteger(advancements, "The number of advancements", 0) / 2);
}
