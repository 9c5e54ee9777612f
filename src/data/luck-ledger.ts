/**
 * The luck ledger's stored shape: how lucky each character's rolls were, per session, and which faces
 * each user's dice showed. A roll's luck is its percentile under its own pool's distribution (R-LUCK-1,
 * src/rules/luck.ts). The ledger is written by the active GM's client only, from values the rules
 * computed, and kept in a world setting so it outlives a cleared chat log; its size is bounded
 * (the last `LUCK_SESSIONS_KEPT` sessions of tallies, six counts per user for the faces).
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
  /** What was rolled, as its card names it ("Might", "Reaction", "Sword"). */
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

/** A ledger with nothing recorded: the first session open since `now`. */
export function emptyLedger(now: number): LuckLedger {
  return { version: 1, sessions: [{ index: 1, started: now, ended: null }], tallies: [], faces: {} };
}
