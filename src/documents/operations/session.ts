/**
 * R-XP-1 the end of a session: which characters played and survived, what each gets, and the GM's Undo.
 *
 * - The award is the ruleset's (`experience.session`, read by the rules' `sessionXp`): Core and
 *   Degenesis give +2 per session played and survived; Legacy one XP per Ego lost in the session
 *   (R-LEG-12), from the stored count `system.legacy.egoLost` (the Dark Dice operation adds to it).
 *   The dialog shows it as the default and the GM may change any row; a ticked row at 0 gives nothing
 *   and is left off the card.
 * - Ruling (R-LEG-12, one count): under a ruleset whose session award counts the Ego lost, the award
 *   also resets `legacy.egoLost` to 0 in the same single update (whatever XP the GM typed: the session's
 *   count is spent), and the card keeps what it reset. The sheet's "Session over" is the same operation
 *   (`endSessionEgoOperation` calls `sessionAwardOperation`): the player's view of the award for a
 *   table that does not use the GM's dialog. Both consume the one stored count, so whichever runs first
 *   takes it and the other finds 0: a session is never paid twice. Under a flat ruleset (Core,
 *   Degenesis) the Legacy count is left as it is (a world switched back keeps it).
 * - A dead or lost character (R-HARM-5, R-EGO-3) did not survive: unticked by default and marked why.
 * - Ruling (docs/RULES.md §8, R-XP-1 Undo): the Undo takes back what the award gave, and never more
 *   than the character still holds. XP spent since (an Advancement bought, R-XP-2) stays spent — the
 *   Advancement is not taken away — and the card names what could not be taken back ("short"). XP gained
 *   since from elsewhere (a Condition, +1) is not touched: only the award's amount is taken. The Ego
 *   count the award reset is given back whole, added to any Ego lost since (it records what happened in
 *   play, not a currency); the GM's next award may be edited where XP stayed spent.
 * Pure: the glue (src/table/session-award.ts) reads the actors and makes one update per actor.
 */
import { assertInteger, countsEgoLost, RulesError, sessionXp, type Ruleset } from "../../rules/index.ts";
import type { CharacterSource } from "../../data/source.ts";
import { legacyOf } from "../../data/legacy.ts";
import { awardXpOperation, type XpOutcome } from "./xp.ts";
import { changes, result, type CharacterState, type OperationResult } from "./types.ts";

/** The most XP one row may give (a typo guard: a session is worth a handful, not thousands). */
export const SESSION_XP_MAX = 99;

/** Why a character is not ticked: dead (R-HARM-5) or lost (R-EGO-3); null when it played and survived. */
export type SessionStatus = "dead" | "lost" | null;

export interface SessionCandidate {
  readonly uuid: string;
  readonly name: string;
  readonly source: Pick<CharacterSource, "dead" | "lost" | "xp">;
  /** The Ego it lost this session, for a per-Ego rule (0 when not tracked). */
  readonly egoLost?: number;
}

/** One row of the dialog as it opens. */
export interface SessionRowPlan {
  readonly uuid: string;
  readonly name: string;
  /** Ticked: "played and survived this session". */
  readonly played: boolean;
  readonly status: SessionStatus;
  /** The XP it would get (the ruleset's award; the GM may change it). */
  readonly xp: number;
  /** Its XP now. */
  readonly current: number;
}

/** R-XP-1 the dialog's rows: every player character, the dead and the lost unticked and marked, the ruleset's award. */
export function sessionAwardPlan(candidates: readonly SessionCandidate[], ruleset: Ruleset): SessionRowPlan[] {
  return candidates.map((c) => {
    const status: SessionStatus = c.source.dead ? "dead" : c.source.lost ? "lost" : null;
    return {
      uuid: c.uuid,
      name: c.name,
      played: status === null,
      status,
      xp: sessionXp(ruleset, { egoLost: c.egoLost ?? 0 }),
      current: c.source.xp,
    };
  });
}

/** What the GM submits for one row. */
export interface SessionRowChoice {
  readonly uuid: string;
  readonly name: string;
  readonly played: boolean;
  /** As typed in the form: a whole number 0–99 for a ticked row (0 gives nothing). */
  readonly xp: number;
}

/**
 * The rows to award: the ticked ones, each with a whole XP of 0–99 (0 gives nothing: left out). Refuses
 * the whole form otherwise, so nothing is given; and a form that gives nobody anything.
 */
export function readSessionChoices(
  choices: readonly SessionRowChoice[],
): { readonly uuid: string; readonly name: string; readonly xp: number }[] {
  const ticked = choices
    .filter((c) => c.played)
    .map((c) => {
      try {
        return { uuid: c.uuid, name: c.name, xp: assertInteger(c.xp, `${c.name}'s XP`, 0, SESSION_XP_MAX) };
      } catch (error) {
        if (error instanceof RulesError)
          throw new RulesError(error.code, error.message, { ...error.data, name: c.name, reason: "badXp" });
        throw error;
      }
    });
  const giving = ticked.filter((c) => c.xp > 0);
  if (giving.length === 0)
    throw new RulesError("choice-required", "Tick at least one character who played and survived.", {
      reason: "noneTicked",
    });
  return giving;
}

export interface SessionAwardOutcome extends XpOutcome {
  /** R-LEG-12 the Ego count the award reset to 0 (0 under a flat ruleset): what its Undo gives back. */
  readonly egoLost: number;
}

/**
 * R-XP-1 the award on one character: its own refusals (a dead character earns none) are
 * `awardXpOperation`'s; R-LEG-12 under a per-Ego ruleset it resets `legacy.egoLost` in the same update.
 */
export function sessionAwardOperation(
  state: CharacterState,
  xp: number,
  ruleset: Ruleset,
): OperationResult<SessionAwardOutcome> {
  const award = awardXpOperation(state, xp);
  if (!countsEgoLost(ruleset)) return result(award.update, { ...award.outcome, egoLost: 0 });
  const egoLost = assertInteger(legacyOf(state.source).egoLost, "The Ego lost this session", 0);
  return result({ ...award.update, ...changes(["system.legacy.egoLost", egoLost, 0]) }, { ...award.outcome, egoLost });
}

export interface SessionUndoOutcome {
  /** The XP taken back now. */
  readonly taken: number;
  /** The part of the award already spent: not taken back (the ruling above). */
  readonly short: number;
  /** The XP after. */
  readonly xp: number;
}

/**
 * R-XP-1 (ruling) takes back `given` XP of an award, never more than the character holds: what was
 * spent since stays spent and is reported as `short`. Open to a dead character too (it is the GM's
 * correction of their own award, like the other undos). R-LEG-12 the Ego count the award reset
 * (`egoLost`) comes back, added to what was lost since, in the same update.
 */
export function sessionUndoOperation(
  state: CharacterState,
  given: number,
  egoLost = 0,
): OperationResult<SessionUndoOutcome> {
  assertInteger(given, "The XP given", 0, SESSION_XP_MAX);
  assertInteger(egoLost, "The Ego count the award reset", 0);
  const before = assertInteger(state.source.xp, "Experience", 0);
  const taken = Math.min(given, before);
  const xp = before - taken;
  const count = legacyOf(state.source).egoLost;
  return result(changes(["system.xp", before, xp], ["system.legacy.egoLost", count, count + egoLost]), {
    taken,
    short: given - taken,
    xp,
  });
}
