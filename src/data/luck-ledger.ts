/**
 * The luck ledger's stored shape: each character's roll percentiles per session (R-LUCK-1,
 * src/rules/luck.ts) and each user's dice faces. Written by the active GM's client only, from values the
 * rules computed, into world settings; bounded (`LUCK_SESSIONS_KEPT` sessions, six counts per user). Stored
 * in parts (`luckParts`) so a roll never rewrites the whole ledger; no part holds what a player may not see
 * of a hidden roll.
 */

/** The rolls the ledger records. */
export const LUCK_KINDS = ["risky", "reaction", "effect"] as const;
export type LuckKind = (typeof LUCK_KINDS)[number];

/** How many sessions of tallies the ledger keeps; older ones are dropped when a session closes. */
export const LUCK_SESSIONS_KEPT = 24;

/** One roll's luck, as the GM's side recorded it. Percentiles are 0…1 (0.5 is an ordinary roll). */
export interface LuckRoll {
  readonly messageId: string;
  readonly actorId: string;
  /** The user who rolled. */
  readonly userId: string;
  readonly kind: LuckKind;
  /** What was rolled: `TERRAN.…` keys and the user's own text, joined by LUCK_LABEL_JOIN (`luckLabel`). */
  readonly label: string;
  /** The outcome's percentile, or null when the roll has no outcome (an Effect roll). */
  readonly outcome: number | null;
  /** The Effect's percentile, or null when the roll has no Effect. */
  readonly effect: number | null;
  /** The chance of exactly this result under its pool (the outcome and the Effect together when both). */
  readonly chance: number;
  /** True when the roll's message was private (whispered or blind): only the GM sees it in the window. */
  readonly hidden: boolean;
  /** When it was recorded (ms since the epoch). */
  readonly time: number;
}

/** One character's totals in one session. */
export interface LuckTally {
  readonly actorId: string;
  readonly session: number;
  readonly rolls: number;
  readonly outcomeSum: number;
  readonly outcomeCount: number;
  readonly effectSum: number;
  readonly effectCount: number;
  readonly egoSpent: number;
  readonly egoLost: number;
  readonly xpGained: number;
  /** The least likely roll of the session (smallest `chance`), or null before any roll. */
  readonly rarest: LuckRoll | null;
  /** The same for public rolls only: what a player may be shown. */
  readonly rarestPublic: LuckRoll | null;
}

/** One session: counted from 1; the GM's end-of-session award closes it and opens the next. */
export interface LuckSession {
  readonly index: number;
  readonly started: number;
  readonly ended: number | null;
}

export interface LuckLedger {
  readonly version: 1;
  /** Every session still kept, oldest first; the last one is the current (open) session. */
  readonly sessions: readonly LuckSession[];
  readonly tallies: readonly LuckTally[];
  /** Per user id: how many dice showed each face, index 0 for a 1 … index 5 for a 6 (public rolls only). */
  readonly faces: Readonly<Record<string, readonly [number, number, number, number, number, number]>>;
}

/** What joins a stored label's parts ("TERRAN.Attribute.finesse · Sword"). */
export const LUCK_LABEL_JOIN = " · ";

/** A stored label in the reader's language: its `TERRAN.` keys localised, the user's own text kept
 *  (a damaged, non-text label reads as nothing). */
export function luckLabel(stored: unknown, localize: (key: string) => string): string {
  if (typeof stored !== "string") return "";
  return stored
    .split(LUCK_LABEL_JOIN)
    .map((part) => (part.startsWith("TERRAN.") ? localize(part) : part))
    .join(LUCK_LABEL_JOIN);
}

/** A ledger with nothing recorded: the first session open since `now`. */
export function emptyLedger(now: number): LuckLedger {
  return { version: 1, sessions: [{ index: 1, started: now, ended: null }], tallies: [], faces: {} };
}

// ---------------------------------------------------------------------------------------------
// The ledger's reducers (pure): a roll recorded, a session closed, its XP taken back, a roll's Ego taken
// back by its card's Undo, a stored value repaired. Each returns a new ledger and keeps it bounded.

/** Recorded message ids per stored block, and the blocks kept (oldest block dropped first). */
export const LUCK_RECORDED_BLOCK = 25;
export const LUCK_RECORDED_BLOCKS = 20;
/** How many recorded message ids the ledger remembers, so a message is recorded once. */
export const LUCK_RECORDED_KEPT = LUCK_RECORDED_BLOCK * LUCK_RECORDED_BLOCKS;

/** R-LUCK-1 / R-EGO-2 the Ego a recorded roll added, kept so its card's Ego Undo takes exactly that back. */
export interface LuckEgo {
  readonly messageId: string;
  readonly actorId: string;
  /** The session whose tally holds it. */
  readonly session: number;
  readonly egoSpent: number;
  readonly egoLost: number;
  /** The card's Undo has taken it out of the tally. */
  readonly undone: boolean;
}

/** The ledger with the recorded message ids and their Ego (optional: older ledgers have none). */
export type LuckLedgerRecorded = LuckLedger & {
  readonly recorded?: readonly string[];
  readonly ego?: readonly LuckEgo[];
  readonly recordedTotal?: number;
};

/** The ids still kept once `total` have been recorded: the last LUCK_RECORDED_BLOCKS blocks, whole. */
function keptIds(recorded: readonly string[], total: number): string[] {
  const block = Math.floor(Math.max(0, total - 1) / LUCK_RECORDED_BLOCK);
  const firstKept = Math.max(0, block - LUCK_RECORDED_BLOCKS + 1) * LUCK_RECORDED_BLOCK;
  return recorded.slice(Math.max(0, firstKept - (total - recorded.length)));
}

/** One face count per face of a d6. */
export type FaceCounts = readonly [number, number, number, number, number, number];

/** What one roll adds: its luck, the Ego its card says it cost, and the faces of its dice. */
export interface LuckEntry {
  readonly roll: LuckRoll;
  /** R-EGO-2 / R-LEG-8 the Ego the Dark Dice cost by the card (the price of the dice that showed ≤ Ego). */
  readonly egoSpent: number;
  /** The Ego actually taken from the character (the cost, floored at the Ego there was). */
  readonly egoLost: number;
  /** The faces of every die the roll threw (counted for its user only when the roll is public). */
  readonly faces: readonly number[];
}

/** The open session: the last one kept. */
export function currentLuckSession(ledger: LuckLedger): LuckSession {
  return ledger.sessions.at(-1) ?? { index: 1, started: 0, ended: null };
}

/** The message has already been recorded. */
export function isLuckRecorded(ledger: LuckLedgerRecorded, messageId: string): boolean {
  return (ledger.recorded ?? []).includes(messageId);
}

function emptyTally(actorId: string, session: number): LuckTally {
  return {
    actorId,
    session,
    rolls: 0,
    outcomeSum: 0,
    outcomeCount: 0,
    effectSum: 0,
    effectCount: 0,
    egoSpent: 0,
    egoLost: 0,
    xpGained: 0,
    rarest: null,
    rarestPublic: null,
  };
}

/** The tallies with `actorId`'s tally of `session` changed by `change` (made when missing). */
function withTally(
  tallies: readonly LuckTally[],
  actorId: string,
  session: number,
  change: (t: LuckTally) => LuckTally,
): LuckTally[] {
  const at = tallies.findIndex((t) => t.actorId === actorId && t.session === session);
  if (at < 0) return [...tallies, change(emptyTally(actorId, session))];
  return tallies.map((t, i) => (i === at ? change(t) : t));
}

/** The rarer of two rolls (the smaller chance; the earlier on a tie). */
function rarer(held: LuckRoll | null, roll: LuckRoll): LuckRoll {
  return held && held.chance <= roll.chance ? held : roll;
}

function addFaces(faces: LuckLedger["faces"], userId: string, thrown: readonly number[]): LuckLedger["faces"] {
  const counts = [...(Object.hasOwn(faces, userId) ? (faces[userId] ?? ZERO_FACES) : ZERO_FACES)];
  for (const f of thrown) if (Number.isInteger(f) && f >= 1 && f <= 6) counts[f - 1] = (counts[f - 1] ?? 0) + 1;
  return { ...faces, [userId]: counts as unknown as FaceCounts };
}

const ZERO_FACES: FaceCounts = [0, 0, 0, 0, 0, 0];

/** R-LUCK-1 one roll recorded in the open session; a message already recorded changes nothing. */
export function recordLuck(ledger: LuckLedgerRecorded, entry: LuckEntry): LuckLedgerRecorded {
  const roll = checkLuckRoll(entry.roll);
  const counts = isCount(entry.egoSpent) && isCount(entry.egoLost) && Array.isArray(entry.faces);
  if (!roll || !counts || isLuckRecorded(ledger, roll.messageId)) return ledger;
  const session = currentLuckSession(ledger).index;
  // A hidden roll adds only its count: its percentiles and Ego stay out of what every client reads.
  const outcome = roll.hidden ? null : roll.outcome;
  const effect = roll.hidden ? null : roll.effect;
  const egoSpent = roll.hidden ? 0 : entry.egoSpent;
  const egoLost = roll.hidden ? 0 : entry.egoLost;
  const tallies = withTally(ledger.tallies, roll.actorId, session, (t) => ({
    ...t,
    rolls: t.rolls + 1,
    outcomeSum: t.outcomeSum + (outcome ?? 0),
    outcomeCount: t.outcomeCount + (outcome === null ? 0 : 1),
    effectSum: t.effectSum + (effect ?? 0),
    effectCount: t.effectCount + (effect === null ? 0 : 1),
    egoSpent: t.egoSpent + egoSpent,
    egoLost: t.egoLost + egoLost,
    rarest: rarer(t.rarest, roll),
    rarestPublic: roll.hidden ? t.rarestPublic : rarer(t.rarestPublic, roll),
  }));
  const faces = roll.hidden ? ledger.faces : addFaces(ledger.faces, roll.userId, entry.faces);
  const recordedTotal = (ledger.recordedTotal ?? (ledger.recorded ?? []).length) + 1;
  const recorded = keptIds([...(ledger.recorded ?? []), roll.messageId], recordedTotal);
  // R-EGO-2 the Ego of a public roll that cost some, kept while its message is among those recorded.
  const held = { messageId: roll.messageId, actorId: roll.actorId, session, egoSpent, egoLost, undone: false };
  const kept = new Set(recorded);
  const ego = [...(ledger.ego ?? []), ...(egoSpent > 0 || egoLost > 0 ? [held] : [])].filter((e) =>
    kept.has(e.messageId),
  );
  return { ...ledger, tallies, faces, recorded, ego, recordedTotal };
}

/**
 * R-LUCK-1 / R-EGO-2 the card's Ego Undo: the roll's Ego out of its session's tally (`undone`) or back in;
 * the roll stays counted. Nothing to change returns the same ledger, so nothing is written.
 */
export function setLuckEgoUndone(ledger: LuckLedgerRecorded, messageId: string, undone: boolean): LuckLedgerRecorded {
  const held = (ledger.ego ?? []).find((e) => e.messageId === messageId);
  if (!held || held.undone === undone) return ledger;
  const sign = undone ? -1 : 1;
  const tallies = ledger.tallies.map((t) =>
    t.actorId === held.actorId && t.session === held.session
      ? {
          ...t,
          egoSpent: Math.max(0, t.egoSpent + sign * held.egoSpent),
          egoLost: Math.max(0, t.egoLost + sign * held.egoLost),
        }
      : t,
  );
  const ego = (ledger.ego ?? []).map((e) => (e === held ? { ...e, undone } : e));
  return { ...ledger, tallies, ego };
}

/** XP per character, as an award or its Undo gives it. */
export interface LuckXp {
  readonly actorId: string;
  readonly xp: number;
}

/** A row of XP the ledger takes: a whole number of XP for an actor id (anything else is left out). */
function soundXp(row: LuckXp): boolean {
  return typeof row.actorId === "string" && row.actorId.length > 0 && Number.isSafeInteger(row.xp) && row.xp >= 0;
}

/** R-LUCK-1 / R-XP-1 the end-of-session award: its XP counted, the open session closed and the next opened. */
export function closeLuckSession(
  ledger: LuckLedgerRecorded,
  now: number,
  xp: readonly LuckXp[],
): { readonly ledger: LuckLedgerRecorded; readonly closed: number } {
  const open = currentLuckSession(ledger);
  let tallies: readonly LuckTally[] = ledger.tallies;
  for (const row of xp.filter(soundXp))
    if (row.xp > 0)
      tallies = withTally(tallies, row.actorId, open.index, (t) => ({ ...t, xpGained: t.xpGained + row.xp }));
  const sessions = [
    ...ledger.sessions.slice(0, -1),
    { ...open, ended: now },
    { index: open.index + 1, started: now, ended: null },
  ].slice(-LUCK_SESSIONS_KEPT);
  const first = sessions[0]?.index ?? 0;
  return { ledger: { ...ledger, sessions, tallies: tallies.filter((t) => t.session >= first) }, closed: open.index };
}

/** R-XP-1 the award's Undo: the XP taken back from the session the award closed (while it is kept; never below 0). */
export function takeBackLuckXp(ledger: LuckLedgerRecorded, session: number, xp: readonly LuckXp[]): LuckLedgerRecorded {
  let tallies = ledger.tallies;
  for (const row of xp.filter(soundXp)) {
    const at = tallies.findIndex((t) => t.actorId === row.actorId && t.session === session);
    if (at < 0 || row.xp <= 0) continue;
    tallies = tallies.map((t, i) => (i === at ? { ...t, xpGained: Math.max(0, t.xpGained - row.xp) } : t));
  }
  return { ...ledger, tallies };
}

/** R-LUCK-1 the session's rarest roll over every character (public rolls only when `publicOnly`). */
export function sessionRarest(ledger: LuckLedger, session: number, publicOnly: boolean): LuckRoll | null {
  let best: LuckRoll | null = null;
  for (const t of ledger.tallies) {
    const roll = publicOnly ? t.rarestPublic : t.rarest;
    if (t.session === session && roll) best = rarer(best, roll);
  }
  return best;
}

/** A hidden roll a GM's own client read back from its message: what the ledger stores none of. */
export interface HiddenLuck {
  readonly session: number;
  readonly roll: LuckRoll;
  readonly egoSpent: number;
  readonly egoLost: number;
}

/** The kept session a moment `time` falls in (each runs from its start to the next's; the first from ever), or null. */
export function luckSessionAt(ledger: LuckLedger, time: number): number | null {
  let found: number | null = null;
  for (const s of ledger.sessions) if (s.started <= time && (s.ended === null || time < s.ended)) found = s.index;
  const first = ledger.sessions[0];
  return found ?? (first?.index === 1 && time < first.started ? 1 : null);
}

/** R-LUCK-1 the GM's view: its hidden rolls' rarity and Ego added to their tallies (never stored). */
export function withHiddenLuck(ledger: LuckLedgerRecorded, hidden: readonly HiddenLuck[]): LuckLedgerRecorded {
  let tallies = ledger.tallies;
  const kept = new Set(ledger.sessions.map((s) => s.index));
  for (const h of hidden) {
    const roll = checkLuckRoll(h.roll);
    if (!roll || !kept.has(h.session) || !isCount(h.egoSpent) || !isCount(h.egoLost)) continue;
    tallies = withTally(tallies, roll.actorId, h.session, (t) => ({
      ...t,
      egoSpent: t.egoSpent + h.egoSpent,
      egoLost: t.egoLost + h.egoLost,
      rarest: rarer(t.rarest, { ...roll, hidden: true }),
    }));
  }
  return { ...ledger, tallies };
}

// ---------------------------------------------------------------------------------------------
// Repair on read: the setting can hold anything (an older shape, a hand edit); what is sound is kept,
// the rest dropped and counted, so the caller can say so.

type Obj = Readonly<Record<string, unknown>>;

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v) && v >= 0;
const isSum = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v) && v >= 0;
const isUnit = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v) && v >= 0 && v <= 1;
const isText = (v: unknown): v is string => typeof v === "string" && v.length > 0 && v.length <= 400;

/** A stored roll, checked whole; null when any part is not what a recorded roll holds. */
export function checkLuckRoll(v: unknown): LuckRoll | null {
  if (!isObj(v)) return null;
  const texts = ["messageId", "actorId", "userId", "label"].every((k) => isText(v[k]));
  const kind = (LUCK_KINDS as readonly unknown[]).includes(v.kind);
  const unitOrNull = (x: unknown): boolean => x === null || isUnit(x);
  const chance = isUnit(v.chance) && v.chance > 0;
  if (!texts || !kind || !unitOrNull(v.outcome) || !unitOrNull(v.effect) || !chance) return null;
  if (typeof v.hidden !== "boolean" || !isSum(v.time)) return null;
  return {
    messageId: v.messageId as string,
    actorId: v.actorId as string,
    userId: v.userId as string,
    kind: v.kind as LuckKind,
    label: v.label as string,
    outcome: v.outcome as number | null,
    effect: v.effect as number | null,
    chance: v.chance as number,
    hidden: v.hidden,
    time: v.time,
  };
}

function checkTally(v: unknown, sessions: ReadonlySet<number>): LuckTally | null {
  if (!isObj(v) || !isText(v.actorId) || !isCount(v.session) || !sessions.has(v.session)) return null;
  const counts = ["rolls", "outcomeCount", "effectCount", "egoSpent", "egoLost", "xpGained"] as const;
  if (!counts.every((k) => isCount(v[k])) || !isSum(v.outcomeSum) || !isSum(v.effectSum)) return null;
  const rarest = v.rarest === null ? null : checkLuckRoll(v.rarest);
  const rarestPublic = v.rarestPublic === null ? null : checkLuckRoll(v.rarestPublic);
  if ((v.rarest !== null && !rarest) || (v.rarestPublic !== null && !rarestPublic)) return null;
  const n = (k: (typeof counts)[number]): number => v[k] as number;
  return {
    actorId: v.actorId,
    session: v.session,
    rolls: n("rolls"),
    outcomeSum: v.outcomeSum,
    outcomeCount: n("outcomeCount"),
    effectSum: v.effectSum,
    effectCount: n("effectCount"),
    egoSpent: n("egoSpent"),
    egoLost: n("egoLost"),
    xpGained: n("xpGained"),
    rarest,
    rarestPublic,
  };
}

function checkSessions(v: unknown): LuckSession[] {
  if (!Array.isArray(v)) return [];
  const kept: LuckSession[] = [];
  for (const s of v as unknown[]) {
    if (!isObj(s) || !isCount(s.index) || s.index < 1 || !isSum(s.started)) continue;
    if (s.ended !== null && !isSum(s.ended)) continue;
    if (kept.length > 0 && (kept.at(-1)?.index ?? 0) >= s.index) continue;
    kept.push({ index: s.index, started: s.started, ended: s.ended });
  }
  return kept.slice(-LUCK_SESSIONS_KEPT);
}

function checkEgo(v: unknown): LuckEgo | null {
  if (!isObj(v) || !isText(v.messageId) || !isText(v.actorId) || !isCount(v.session) || v.session < 1) return null;
  if (!isCount(v.egoSpent) || !isCount(v.egoLost) || typeof v.undone !== "boolean") return null;
  const { messageId, actorId, session, egoSpent, egoLost, undone } = v;
  return { messageId, actorId, session, egoSpent, egoLost, undone };
}

function checkFaces(v: unknown): { faces: Record<string, FaceCounts>; dropped: number } {
  const faces: Record<string, FaceCounts> = {};
  if (!isObj(v)) return { faces, dropped: v === undefined ? 0 : 1 };
  let dropped = 0;
  for (const [user, counts] of Object.entries(v)) {
    if (isText(user) && Array.isArray(counts) && counts.length === 6 && counts.every(isCount))
      // An own key whatever the id ("__proto__" too), as the record that added it made it.
      Object.defineProperty(faces, user, { value: counts, enumerable: true, writable: true, configurable: true });
    else dropped++;
  }
  return { faces, dropped };
}

/** The stored ledger, repaired: what is sound kept, the rest counted in `dropped`; not a ledger, a fresh one. */
export function repairLuckLedger(raw: unknown, when: number): { ledger: LuckLedgerRecorded; dropped: number } {
  const now = isSum(when) ? when : 0;
  // Nothing stored: undefined, or the setting's registered default `{}`, which Foundry returns until written.
  const nothing = raw === undefined || (isObj(raw) && Object.keys(raw).length === 0);
  if (!isObj(raw) || raw.version !== 1) return { ledger: emptyLedger(now), dropped: nothing ? 0 : 1 };
  let dropped = 0;
  let sessions = checkSessions(raw.sessions);
  dropped += (Array.isArray(raw.sessions) ? raw.sessions.length : 1) - sessions.length;
  const last = sessions.at(-1);
  if (!last) sessions = [{ index: 1, started: now, ended: null }];
  else if (last.ended !== null) sessions = [...sessions, { index: last.index + 1, started: last.ended, ended: null }];
  if (sessions.length > LUCK_SESSIONS_KEPT) sessions = sessions.slice(-LUCK_SESSIONS_KEPT);
  const indices = new Set(sessions.map((s) => s.index));
  const rawTallies: unknown[] = Array.isArray(raw.tallies) ? raw.tallies : [];
  const tallies = rawTallies.flatMap((t) => checkTally(t, indices) ?? []);
  dropped += rawTallies.length - tallies.length + (Array.isArray(raw.tallies) ? 0 : 1);
  const { faces, dropped: badFaces } = checkFaces(raw.faces);
  const rawRecorded: unknown[] = Array.isArray(raw.recorded) ? raw.recorded : [];
  const recorded = rawRecorded.filter(isText).slice(-LUCK_RECORDED_KEPT);
  const rawEgo: unknown[] = Array.isArray(raw.ego) ? raw.ego : [];
  const kept = new Set(recorded);
  const ego = rawEgo.flatMap((e) => checkEgo(e) ?? []).filter((e) => kept.has(e.messageId));
  dropped += badFaces + rawRecorded.length - recorded.length + rawEgo.length - ego.length;
  return { ledger: { version: 1, sessions, tallies, faces, recorded, ego }, dropped };
}

// ---------------------------------------------------------------------------------------------
// Stored in parts: the sessions (an index), the faces, one part per kept session's tallies and one per
// block of recorded ids. A change rewrites only the parts it altered. A hidden roll's rarity is in none.

/** A kept session's tallies as stored: each public rarest roll without what its tally says already. */
export interface LuckSessionPart {
  readonly index: number;
  readonly tallies: readonly Record<string, unknown>[];
}

/** A block of recorded message ids (block number `block`) and the Ego of those whose public roll cost some. */
export interface LuckRecordedPart {
  readonly block: number;
  readonly ids: readonly string[];
  readonly ego: readonly LuckEgo[];
}

/** The stored parts: the index, the faces, and the session and id parts by slot. */
export interface LuckParts {
  readonly index: { readonly version: 2; readonly sessions: readonly LuckSession[] };
  readonly faces: LuckLedger["faces"];
  readonly sessions: ReadonlyMap<number, LuckSessionPart>;
  readonly recorded: ReadonlyMap<number, LuckRecordedPart>;
}

/** The part that holds a session's tallies. */
export const luckSessionSlot = (session: number): number => (session - 1) % LUCK_SESSIONS_KEPT;

/** A tally as stored, its public rarest roll reduced to what the window and the award name. */
function storedTally(t: LuckTally): Record<string, unknown> {
  const { rarest: _hidden, rarestPublic: r, ...numbers } = t;
  void _hidden;
  const roll = r ? { messageId: r.messageId, userId: r.userId, kind: r.kind, label: r.label, chance: r.chance } : null;
  return { ...numbers, rarestPublic: roll };
}

/** R-LUCK-1 the ledger as its stored parts (only a public rarest roll is kept: a hidden one is not stored). */
export function luckParts(ledger: LuckLedgerRecorded): LuckParts {
  const sessions = new Map<number, LuckSessionPart>();
  for (const s of ledger.sessions) {
    const tallies = ledger.tallies.filter((t) => t.session === s.index).map(storedTally);
    sessions.set(luckSessionSlot(s.index), { index: s.index, tallies });
  }
  const recorded = new Map<number, LuckRecordedPart>();
  const ids = ledger.recorded ?? [];
  const first = (ledger.recordedTotal ?? ids.length) - ids.length;
  ids.forEach((id, i) => {
    const block = Math.floor((first + i) / LUCK_RECORDED_BLOCK);
    const slot = block % LUCK_RECORDED_BLOCKS;
    const part = recorded.get(slot) ?? { block, ids: [], ego: [] };
    const ego = (ledger.ego ?? []).filter((e) => e.messageId === id);
    recorded.set(slot, { block, ids: [...part.ids, id], ego: [...part.ego, ...ego] });
  });
  return { index: { version: 2, sessions: ledger.sessions }, faces: ledger.faces, sessions, recorded };
}

/** The stored parts as read, each `unknown` (a setting holds anything); slots in order. */
export interface LuckRawParts {
  readonly index: unknown;
  readonly faces: unknown;
  readonly sessions: readonly unknown[];
  readonly recorded: readonly unknown[];
}

/** One stored part to write: which (the index, the faces, a session's or a block's slot) and its new value. */
export interface LuckPartWrite {
  readonly kind: "index" | "faces" | "session" | "recorded";
  readonly slot: number;
  readonly value: unknown;
}

/** The parts of `ledger` that differ from the stored `raw`, the index last; `read` skips unchanged sessions. */
export function changedParts(
  raw: LuckRawParts,
  ledger: LuckLedgerRecorded,
  read?: LuckLedgerRecorded,
): LuckPartWrite[] {
  const parts = luckParts(ledger);
  const same = (index: number): boolean => {
    if (!read) return false;
    const [a, b] = [read.tallies, ledger.tallies].map((list) => list.filter((t) => t.session === index));
    return a?.length === b?.length && (a ?? []).every((t, i) => t === b?.[i]);
  };
  const candidates: [LuckPartWrite, unknown][] = [
    ...[...parts.recorded].map(([slot, value]) => [{ kind: "recorded", slot, value }, raw.recorded[slot]] as const),
    ...[...parts.sessions]
      .filter(([, part]) => !same(part.index))
      .map(([slot, value]) => [{ kind: "session", slot, value }, raw.sessions[slot]] as const),
    [{ kind: "faces", slot: 0, value: parts.faces }, raw.faces],
    [{ kind: "index", slot: 0, value: parts.index }, raw.index],
  ] as [LuckPartWrite, unknown][];
  return candidates.filter(([write, before]) => JSON.stringify(before) !== JSON.stringify(write.value)).map(([w]) => w);
}

/** A stored session part's tallies, their rarest rolls made whole again; a stale or damaged part gives none. */
function readSessionPart(raw: unknown, slot: number, kept: ReadonlySet<number>): unknown[] {
  if (!isObj(raw) || !isCount(raw.index) || !kept.has(raw.index) || luckSessionSlot(raw.index) !== slot) return [];
  const list: unknown[] = Array.isArray(raw.tallies) ? raw.tallies : [];
  return list.map((t) => {
    if (!isObj(t)) return t;
    if (!isObj(t.rarestPublic)) return { ...t, rarest: null };
    const roll = { outcome: null, effect: null, time: 0, ...t.rarestPublic, actorId: t.actorId, hidden: false };
    return { ...t, rarest: roll, rarestPublic: roll };
  });
}

/** The kept blocks of recorded ids, oldest first (a stale block, left in a slot reused later, is skipped). */
function readRecordedParts(raw: readonly unknown[]): { ids: unknown[]; ego: unknown[]; total: number } {
  const blocks = raw.flatMap((p, slot) =>
    isObj(p) && isCount(p.block) && p.block % LUCK_RECORDED_BLOCKS === slot && Array.isArray(p.ids) ? [p] : [],
  );
  const last = Math.max(-1, ...blocks.map((b) => b.block as number));
  const kept = blocks
    .filter((b) => (b.block as number) > last - LUCK_RECORDED_BLOCKS)
    .sort((a, b) => (a.block as number) - (b.block as number));
  const ids = kept.flatMap((b) => b.ids as unknown[]);
  const ego = kept.flatMap((b) => (Array.isArray(b.ego) ? (b.ego as unknown[]) : []));
  const lastIds = kept.at(-1)?.ids as unknown[] | undefined;
  return { ids, ego, total: last < 0 ? 0 : last * LUCK_RECORDED_BLOCK + (lastIds?.length ?? 0) };
}

/** The ledger from its stored parts, repaired; an index of the version 1 shape is that ledger whole. */
export function ledgerFromParts(raw: LuckRawParts, when: number): { ledger: LuckLedgerRecorded; dropped: number } {
  if (!isObj(raw.index) || raw.index.version !== 2) return repairLuckLedger(raw.index, when);
  const sessions = Array.isArray(raw.index.sessions) ? raw.index.sessions : [];
  const kept = new Set(sessions.flatMap((s: unknown) => (isObj(s) && isCount(s.index) ? [s.index] : [])));
  const tallies = raw.sessions.flatMap((p, slot) => readSessionPart(p, slot, kept));
  const { ids, ego, total } = readRecordedParts(raw.recorded);
  const faces = raw.faces ?? {};
  const { ledger, dropped } = repairLuckLedger({ version: 1, sessions, tallies, faces, recorded: ids, ego }, when);
  const recorded = ledger.recorded ?? [];
  return { ledger: { ...ledger, recordedTotal: Math.max(total, recorded.length) }, dropped };
}

const formats = new Map<string, Intl.NumberFormat>();

/** `n` in `locale`'s way with at most `digits` decimals (English where the locale is unknown); one format per kind. */
function localNumber(n: number, digits: number, locale: string, grouping: boolean): string {
  const key = `${locale}|${digits}|${grouping}`;
  let format = formats.get(key);
  if (!format) {
    const options = { maximumFractionDigits: digits, useGrouping: grouping } as const;
    try {
      format = new Intl.NumberFormat(locale, options);
    } catch {
      format = new Intl.NumberFormat("en", options);
    }
    formats.set(key, format);
  }
  return format.format(n);
}

/** R-LUCK-1 the N of "1 in N" in the client's locale: whole from 10 up, else one decimal; null for no chance. */
export function oneIn(chance: number, locale = "en"): string | null {
  if (!(typeof chance === "number" && chance > 0 && chance <= 1)) return null;
  const n = 1 / chance;
  if (!Number.isFinite(n)) return null;
  return n >= 10 ? localNumber(Math.round(n), 0, locale, true) : localNumber(n, 1, locale, false);
}
