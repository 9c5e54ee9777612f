/**
 * R-XP-1 the end of a session: who played and survived, the ruleset's award (`sessionXp`; the GM may change any
 * row), and the GM's Undo (R-XP-1 ruling). R-LEG-12 (ruling, one count): a per-Ego award resets the stored
 * count in the same update, and the sheet's "Session over" is this operation too, so a session is never paid
 * twice.
 */
import { assertInteger, countsEgoLost, RulesError, sessionXp, type Ruleset } from "../../rules/index.ts";
import type { CharacterSource } from "../../data/source.ts";
import { egoLostOf } from "../../data/ratings.ts";
import { awardXpOperation, type XpOutcome } from "./xp.ts";
import { changes, result, type CharacterState, type OperationResult } from "./types.ts";

/** A typo guard: a session is worth a handful, not thousands. */
export const SESSION_XP_MAX = 99;

/** R-HARM-5 / R-EGO-3; null when it played and survived. */
export type SessionStatus = "dead" | "lost" | null;

export interface SessionCandidate {
  readonly uuid: string;
  readonly name: string;
  readonly source: Pick<CharacterSource, "dead" | "lost" | "xp">;
  /** For a per-Ego rule (0 when not tracked). */
  readonly egoLost?: number;
}

/** As the dialog opens. */
export interface SessionRowPlan {
  readonly uuid: string;
  readonly name: string;
  /** "Played and survived this session". */
  readonly played: boolean;
  readonly status: SessionStatus;
  /** The ruleset's award; the GM may change it. */
  readonly xp: number;
  readonly current: number;
}

/** R-XP-1 the dead and the lost unticked and marked. */
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

export interface SessionRowChoice {
  readonly uuid: string;
  readonly name: string;
  readonly played: boolean;
  /** As typed: a whole number 0–99 for a ticked row (0 gives nothing). */
  readonly xp: number;
}

/** The ticked rows giving XP; refuses the whole form on a bad row, or one that gives nobody anything. */
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
  /** R-LEG-12 reset to 0 (0 under a flat ruleset): what its Undo gives back. */
  readonly egoLost: number;
}

/**
 * R-XP-1 the award on one character: its own refusals (a dead character earns none) are
 * `awardXpOperation`'s; R-LEG-12 under a per-Ego ruleset it resets `egoLost` in the same update.
 */
export function sessionAwardOperation(
  state: CharacterState,
  xp: number,
  ruleset: Ruleset,
): OperationResult<SessionAwardOutcome> {
  const award = awardXpOperation(state, xp);
  if (!countsEgoLost(ruleset)) return result(award.update, { ...award.outcome, egoLost: 0 });
  const egoLost = assertInteger(egoLostOf(state.source), "The Ego lost this session", 0);
  return result({ ...award.update, ...changes(["system.egoLost", egoLost, 0]) }, { ...award.outcome, egoLost });
}

export interface SessionUndoOutcome {
  /** The XP taken back now. */
  readonly taken: number;
  /** Already spent: not taken back. */
  readonly short: number;
  readonly xp: number;
}

/**
 * R-XP-1 (ruling) never more than the character holds (`short` the rest); open to a dead character too.
 * R-LEG-12 the reset count comes back, added to what was lost since.
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
  const count = egoLostOf(state.source);
  return result(changes(["system.xp", before, xp], ["system.egoLost", count, count + egoLost]), {
    taken,
    short: given - taken,
    xp,
  });
}
