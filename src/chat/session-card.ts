/**
 * R-XP-1 the end-of-session card: a row per character awarded (or why not), and the GM's Undo (R-XP-1 ruling:
 * never more than the character still holds).
 */
import { assertInteger, assertText, RulesError } from "../rules/index.ts";
import type { CardUser } from "./permissions.ts";
import { luckLabel, oneIn } from "../data/luck-ledger.ts";

/** `TERRAN.Session.Refusal.<key>`: why a row got nothing, or its Undo did nothing. */
export const SESSION_REFUSALS = ["dead", "missing", "notCharacter", "refused"] as const;
export type SessionRefusal = (typeof SESSION_REFUSALS)[number];

export interface SessionUndoRecord {
  readonly taken: number;
  /** Spent since the award: not taken back. */
  readonly short: number;
  readonly refusal: SessionRefusal | null;
}

export interface SessionCardRow {
  readonly actorUuid: string;
  readonly actorName: string;
  readonly xp: number;
  /** The actor took the update, or refused (`refusal`). */
  readonly given: boolean;
  readonly refusal: SessionRefusal | null;
  /** When given. */
  readonly before: number | null;
  readonly after: number | null;
  /** Null until undone, and for a row that got nothing. */
  readonly undo: SessionUndoRecord | null;
  /** R-LEG-12 the Ego count the award reset, which its Undo gives back; 0 or absent otherwise. */
  readonly egoLost?: number;
}

/** R-LUCK-1 the session's most improbable public roll. */
export interface SessionRarest {
  readonly actorName: string;
  /** As its card named it ("Might", "Sword"). */
  readonly label: string;
  /** 0 < chance ≤ 1. */
  readonly chance: number;
}

/** R-LUCK-1 */
export interface SessionLuck {
  /** Its Undo takes the XP back there. */
  readonly session: number;
  readonly rarest: SessionRarest | null;
}

export interface SessionCardState {
  readonly version: number;
  readonly gmId: string;
  readonly rows: readonly SessionCardRow[];
  /** Its rows fill in as each actor is done. */
  readonly undone: boolean;
  /** R-LUCK-1 absent on a card posted before the ledger existed. */
  readonly luck?: SessionLuck;
}

/** A table's worth of characters; more is no card anyone wrote by hand. */
const MAX_ROWS = 100;

function assertRefusal(value: unknown): SessionRefusal | null {
  if (value === null) return null;
  if (typeof value !== "string" || !(SESSION_REFUSALS as readonly string[]).includes(value)) {
    throw new RulesError("bad-choice", "A session card names an unknown refusal.", { what: "refusal" });
  }
  return value as SessionRefusal;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function assertRow(row: unknown): SessionCardRow {
  if (!isRecord(row)) throw new RulesError("bad-choice", "A session card's row is not a record.", { what: "row" });
  const xp = assertInteger(row.xp as number, "The XP awarded", 0, 99);
  const given = row.given === true;
  const refusal = assertRefusal(row.refusal);
  if (given === (refusal !== null))
    throw new RulesError("bad-choice", "A session row is given or refused, not both.", { what: "row" });
  const before = given ? assertInteger(row.before as number, "The XP before", 0) : null;
  const after = given ? assertInteger(row.after as number, "The XP after", 0) : null;
  if (given && after !== (before ?? 0) + xp)
    throw new RulesError("bad-choice", "A session row's XP does not add up.", { what: "row" });
  let undo: SessionUndoRecord | null = null;
  if (row.undo !== null && row.undo !== undefined) {
    if (!given || !isRecord(row.undo))
      throw new RulesError("bad-choice", "Only a given row can be undone.", { what: "undo" });
    const taken = assertInteger(row.undo.taken as number, "The XP taken back", 0, xp);
    const short = assertInteger(row.undo.short as number, "The XP not taken back", 0, xp);
    const undoRefusal = assertRefusal(row.undo.refusal);
    if (undoRefusal === null && taken + short !== xp)
      throw new RulesError("bad-choice", "An Undo takes back the award or names what was spent.", { what: "undo" });
    if (undoRefusal !== null && taken !== 0)
      throw new RulesError("bad-choice", "A refused Undo takes nothing back.", { what: "undo" });
    undo = { taken, short, refusal: undoRefusal };
  }
  const egoLost = row.egoLost === undefined ? 0 : assertInteger(row.egoLost as number, "The Ego count reset", 0);
  if (!given && egoLost !== 0) throw new RulesError("bad-choice", "A refused row reset nothing.", { what: "row" });
  return {
    actorUuid: assertText(row.actorUuid, "An actor's id"),
    actorName: assertText(row.actorName, "An actor's name"),
    xp,
    given,
    refusal,
    before,
    after,
    undo,
    egoLost,
  };
}

/** R-LUCK-1 */
function assertLuck(luck: unknown): SessionLuck {
  if (!isRecord(luck))
    throw new RulesError("bad-choice", "A session card's luck line is not readable.", { what: "luck" });
  const session = assertInteger(luck.session as number, "The session", 1);
  if (luck.rarest === null) return { session, rarest: null };
  const r = luck.rarest;
  if (!isRecord(r))
    throw new RulesError("bad-choice", "A session card's rarest roll is not readable.", { what: "luck" });
  const chance = r.chance;
  if (typeof chance !== "number" || !Number.isFinite(chance) || chance <= 0 || chance > 1)
    throw new RulesError("out-of-range", "A roll's chance must be above 0 and at most 1.", { what: "chance" });
  return {
    session,
    rarest: {
      actorName: assertText(r.actorName, "The actor's name"),
      label: assertText(r.label, "What was rolled"),
      chance,
    },
  };
}

export function assertSessionCardState(state: SessionCardState): SessionCardState {
  const raw: unknown = state;
  if (!isRecord(raw) || !Array.isArray(raw.rows))
    throw new RulesError("bad-choice", "A session card has no rows.", { what: "rows" });
  assertInteger(raw.version as number, "The card's version", 1);
  assertText(raw.gmId, "The GM's id");
  if (raw.rows.length > MAX_ROWS)
    throw new RulesError("out-of-range", "A session card lists too many characters.", { what: "rows" });
  const rows = raw.rows.map(assertRow);
  if (raw.undone !== true && rows.some((r) => r.undo !== null))
    throw new RulesError("bad-choice", "A row is undone on a card that was not.", { what: "undo" });
  // An optional field is absent in JSON (an older card), never present and undefined.
  if ("luck" in raw) assertLuck(raw.luck);
  return state;
}

/** R-LUCK-1 `luck`: the ledger's session it closed. */
export function createSessionCard(gmId: string, rows: readonly SessionCardRow[], luck?: SessionLuck): SessionCardState {
  const state = { version: 1, gmId, rows: rows.map((r) => ({ ...r, undo: null })), undone: false };
  return assertSessionCardState(luck ? { ...state, luck } : state);
}

export function assertMayUndoSession(state: SessionCardState, user: CardUser, expectedVersion: number): void {
  assertSessionCardState(state);
  if (!user.isGM) throw new RulesError("not-allowed", "Only a GM can take back a session award.", { reason: "notGm" });
  if (state.undone)
    throw new RulesError("not-allowed", "This award was already taken back.", { reason: "alreadyUndone" });
  if (state.version !== expectedVersion) throw new RulesError("stale", "The card changed before this click arrived.");
}

/** R-XP-1 claimed on the card first, so it runs once. */
export function claimSessionUndo(state: SessionCardState, user: CardUser, expectedVersion: number): SessionCardState {
  assertMayUndoSession(state, user, expectedVersion);
  return { ...state, version: state.version + 1, undone: true };
}

/** R-XP-1 per given row (by actor), after the claim. */
export function recordSessionUndo(
  state: SessionCardState,
  user: CardUser,
  outcomes: Readonly<Record<string, SessionUndoRecord>>,
): SessionCardState {
  assertSessionCardState(state);
  if (!user.isGM) throw new RulesError("not-allowed", "Only a GM can take back a session award.", { reason: "notGm" });
  if (!state.undone)
    throw new RulesError("not-allowed", "The Undo was not claimed on the card.", { reason: "badRequest" });
  const rows = state.rows.map((row) => {
    const outcome = row.given && row.undo === null ? outcomes[row.actorUuid] : undefined;
    return outcome ? { ...row, undo: outcome } : row;
  });
  return assertSessionCardState({ ...state, version: state.version + 1, rows });
}

// ---------------------------------------------------------------------------------------------
// The view

export interface SessionRowView {
  readonly name: string;
  readonly xp: number;
  readonly given: boolean;
  /** "3 → 5". */
  readonly change: string;
  readonly refusalKey: string | null;
  /** Its key takes {taken}/{short}. */
  readonly undoKey: string | null;
  readonly taken: number;
  readonly short: number;
  readonly cls: string;
}

export interface SessionCardView {
  readonly cssClass: string;
  readonly version: number;
  readonly rows: readonly SessionRowView[];
  readonly givenCount: number;
  readonly refusedCount: number;
  /** How many got it or were refused, and, once undone, that it was taken back. */
  readonly summaryKey: string;
  readonly undone: boolean;
  /** Shown to a GM only (a player cannot use it), enabled while there is something to take back. */
  readonly undo: { readonly shown: boolean; readonly disabled: boolean; readonly tooltipKey: string | null };
  /** R-LUCK-1 "1 in N" (N rounded). */
  readonly rarest: { readonly name: string; readonly label: string; readonly odds: string } | null;
}

function undoLine(row: SessionCardRow, undone: boolean): { key: string | null; taken: number; short: number } {
  if (!row.given || !undone) return { key: null, taken: 0, short: 0 };
  const u = row.undo;
  if (!u) return { key: "TERRAN.Session.Card.undoPending", taken: 0, short: 0 };
  if (u.refusal) return { key: `TERRAN.Session.Refusal.${u.refusal}`, taken: 0, short: 0 };
  return {
    key: u.short > 0 ? "TERRAN.Session.Card.undoShort" : "TERRAN.Session.Card.undoTaken",
    taken: u.taken,
    short: u.short,
  };
}

function rarestView(
  luck: SessionLuck | undefined,
  locale: string,
  localize: (key: string) => string,
): SessionCardView["rarest"] {
  const r = luck?.rarest;
  return r ? { name: r.actorName, label: luckLabel(r.label, localize), odds: oneIn(r.chance, locale) ?? "" } : null;
}

/** R-XP-1 a row after the Undo: struck when taken back whole, not when some of it stayed spent. */
function rowClass(row: SessionCardRow, undone: boolean): string {
  if (!row.given) return "refused";
  if (!undone) return "given";
  return (row.undo?.short ?? 0) > 0 ? "undone-partly" : "undone";
}

/** Numbers written in `locale` (`game.i18n.lang`), the rarest roll's label keys read by `localize`. */
export function sessionCardView(
  state: SessionCardState,
  viewer: CardUser,
  locale = "en",
  localize: (key: string) => string = (key) => key,
): SessionCardView {
  assertSessionCardState(state);
  const rows = state.rows.map((row): SessionRowView => {
    const undo = undoLine(row, state.undone);
    return {
      name: row.actorName,
      xp: row.xp,
      given: row.given,
      change: row.given ? `${row.before ?? 0} \u2192 ${row.after ?? 0}` : "",
      refusalKey: row.refusal ? `TERRAN.Session.Refusal.${row.refusal}` : null,
      undoKey: undo.key,
      taken: undo.taken,
      short: undo.short,
      cls: rowClass(row, state.undone),
    };
  });
  const givenCount = state.rows.filter((r) => r.given).length;
  const tooltipKey = state.undone ? "TERRAN.Session.Card.alreadyUndone" : null;
  return {
    cssClass: `terran-engine chat-card session-card${state.undone ? " undone" : ""}`,
    version: state.version,
    rows,
    givenCount,
    refusedCount: state.rows.length - givenCount,
    summaryKey: state.undone ? "TERRAN.Session.Card.summaryUndone" : "TERRAN.Session.Card.summary",
    undone: state.undone,
    undo: { shown: viewer.isGM && givenCount > 0, disabled: tooltipKey !== null, tooltipKey },
    rarest: rarestView(state.luck, locale, localize),
  };
}
