/**
 * Not by colour alone: a die's accessible name says its tone, face and role ("Dark die, 5, Effect"); one key
 * per tone and role, each with `{face}`, so a translation orders the words.
 */

export type DieNameTone = "light" | "dark";
export type DieNameRole = "precision" | "effect" | "both" | "second" | null;

export function dieNameKey(tone: DieNameTone, role: DieNameRole): string {
  return `TERRAN.Card.Die.name.${tone}.${role ?? "none"}`;
}

/** R-CH-2 the highest is kept, the others dropped. */
export function challengeDieNameKey(kept: boolean): string {
  return `TERRAN.Card.Die.name.challenge.${kept ? "kept" : "dropped"}`;
}
