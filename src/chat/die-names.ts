/**
 * Accessibility, not by colour alone: a die's accessible name says its tone, its face and its role
 * ("Dark die, 5, Effect"), so the dice read the same to a player who cannot tell the light tone from
 * the dark one, or who hears the card through a screen reader. One key per tone and role, each with
 * `{face}`, so a translation can order the words as its language needs.
 */

export type DieNameTone = "light" | "dark";
export type DieNameRole = "precision" | "effect" | "both" | "second" | null;

/** The i18n key of a Risky Action die's name (with `{face}`). */
export function dieNameKey(tone: DieNameTone, role: DieNameRole): string {
  return `TERRAN.Card.Die.name.${tone}.${role ?? "none"}`;
}

/** R-CH-2 the i18n key of a Challenge die's name: the highest die is kept, the others dropped. */
export function challengeDieNameKey(kept: boolean): string {
  return `TERRAN.Card.Die.name.challenge.${kept ? "kept" : "dropped"}`;
}
