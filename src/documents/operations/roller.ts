/**
 * Who rolls when a user clicks an inline roll link (src/rules/roll-links.ts): the pure
 * choice, on plain facts the glue reads from Foundry (the tokens the user controls, the character
 * assigned to the user).
 *
 * Ruling (written here and in the README): exactly one selected token names the roller — its actor must
 * be a character the user owns, or the click is refused with the reason (a selection is a deliberate
 * choice, never passed over silently); with no token or several selected, the user's assigned
 * character rolls (a player's usual case); with neither, the click is refused and says how to fix it.
 * The same order as Foundry's own Crucible system (enrichers.mjs, `inferEnricherActor`: the single
 * controlled token first, then the user's character) and dnd5e's `[[/check]]` (selected tokens first).
 */

/** One actor as the choice needs it. */
export interface RollerCandidate<A> {
  readonly actor: A;
  /** A character (only characters make Risky Actions and Reactions). */
  readonly isCharacter: boolean;
  /** The user owns it (a GM owns every actor). */
  readonly isOwner: boolean;
}

/** The i18n keys (under TERRAN.Links.Refusal) of the reasons a click finds no roller. */
export const ROLLER_REFUSALS = [
  "noActor",
  "severalSelected",
  "selectedNotCharacter",
  "selectedNotOwned",
  "assignedNotOwned",
] as const;
export type RollerRefusal = (typeof ROLLER_REFUSALS)[number];

export type RollerChoice<A> =
  | { readonly ok: true; readonly actor: A; readonly from: "selected" | "assigned" }
  | { readonly ok: false; readonly refusal: RollerRefusal };

/**
 * The actor a roll link rolls for: `selected` the controlled tokens' actors (null: a token without
 * one), `assigned` the user's character.
 */
export function chooseRoller<A>(
  selected: readonly (RollerCandidate<A> | null)[],
  assigned: RollerCandidate<A> | null,
): RollerChoice<A> {
  if (selected.length === 1) {
    const only = selected[0] ?? null;
    if (!only?.isCharacter) return { ok: false, refusal: "selectedNotCharacter" };
    if (!only.isOwner) return { ok: false, refusal: "selectedNotOwned" };
    return { ok: true, actor: only.actor, from: "selected" };
  }
  if (assigned?.isCharacter) {
    if (!assigned.isOwner) return { ok: false, refusal: "assignedNotOwned" };
    return { ok: true, actor: assigned.actor, from: "assigned" };
  }
  return { ok: false, refusal: selected.length > 1 ? "severalSelected" : "noActor" };
}
