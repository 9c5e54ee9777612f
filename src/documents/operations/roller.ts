/**
 * Who rolls when a user clicks a roll link (rules/roll-links.ts). Ruling: one selected token names the roller
 * (a character the user owns, or refused with why); otherwise the user's assigned character; else refused. The
 * order of Crucible's `inferEnricherActor` (enrichers.mjs) and dnd5e's `[[/check]]`.
 */

/** One actor as the choice needs it. */
export interface RollerCandidate<A> {
  readonly actor: A;
  /** Only characters make Risky Actions and Reactions. */
  readonly isCharacter: boolean;
  /** A GM owns every actor. */
  readonly isOwner: boolean;
}

/** Under TERRAN.Links.Refusal. */
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

/** `selected`: the controlled tokens' actors (null: a token without one); `assigned`: the user's character. */
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
