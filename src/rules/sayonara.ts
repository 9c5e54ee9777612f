/** R-SAY-1 Sayonara: a last scene's re-rolls and its successor (the cheaper Dark Dice are `spendEgo`'s). */
import { assertInteger, RulesError } from "./errors.ts";
import { assertTrack, type Track } from "./grit.ts";

export type { Track };
import type { Ruleset } from "./rulesets/types.ts";

/** R-SAY-1 Core takes the roll; Degenesis (ruling) the higher value, the maximum never dropping. */
export function sayonaraTrack(ruleset: Pick<Ruleset, "sayonara">, old: Track, roll: number): Track {
  assertTrack(old, "The old track");
  assertInteger(roll, "A Sayonara roll", 0);
  if (ruleset.sayonara === null) throw new RulesError("not-allowed", "This ruleset has no Sayonara.");
  if (ruleset.sayonara === "new") return { value: roll, max: roll };
  const value = Math.max(old.value, roll);
  return { value, max: Math.max(old.max, value) };
}

/** R-SAY-1 */
export function successorAdvancements(advancements: number): number {
  return Math.ceil(assertInteger(advancements, "The number of advancements", 0) / 2);
}
