/**
 * The changes a player may ask for but not make (an Effect on a Challenge, harm from a card they did
 * not post, a companion's share of a montage's Ego, R-LEG-14) go to the active GM through the query API
 * (`CONFIG.queries` + `User#query`; v13 and v14). The GM's handler reads the request as untrusted data (the readers
 * below) and runs the same one-step change as a GM's own click (./card-changes.ts) for the user who asks.
 *
 * The requests (R-RA-7 / R-CH-4 apply a card's Effect to a Challenge or its harm to a character; R-LEG-14
 * the GM's word on a montage, a companion's share of its Ego) travel from someone else's machine, so
 * nothing in them is trusted: every field is read and checked here, and a malformed request is refused
 * before anything is looked up. The amount is never part of a request: the card's own Effect is used.
 *
 * Who asks: Foundry does not hand a query's handler its sender — "the only way for a User-query handler
 * to learn who queried is to include the sender's ID in query data", which the sender sets itself
 * (foundryvtt#13418, open). So the request names its asker, and the handler accepts it only as a known
 * non-GM user of the world (a GM applies on their own client and never asks); should a Foundry pass the
 * sender in the options (`options.user`, as #13418 proposes), that is used and must match. A player
 * who forges another player's id can therefore act as that player — no more than that player may do —
 * until Foundry says who sent a query; the README says so. It never notifies on the GM's screen, and prompts
 * the GM only for what is the GM's own call (R-LEG-14: may this montage go ahead?): a refusal goes back
 * to the asker as the rules' code, message and data, shown there in their language; a request that
 * breaks the rules of asking is also logged on the GM's console.
 */
import { RulesError, WOUND_TRACKS, type RulesErrorCode, type RulesErrorData, type WoundTrack } from "../rules/index.ts";
import { SYSTEM_ID } from "../system-id.ts";
import {
  applyEffectFromCard,
  applyHarmFromCard,
  payShareFromCard,
  type AppliedSummary,
  type Asker,
} from "./card-changes.ts";
import { readCarryComplicationRequest, type CarryComplicationRequest } from "../chat/complication-request.ts";
import { carryComplicationFromCard } from "./complications.ts";
import { montageWordAsGm } from "./montage-word.ts";

type Summary = AppliedSummary<unknown>;

export const QUERIES = {
  applyEffect: `${SYSTEM_ID}.applyEffect`,
  applyHarm: `${SYSTEM_ID}.applyHarm`,
  /** R-LEG-14 a Challenge card's complication carried to a character's next related roll. */
  carryComplication: `${SYSTEM_ID}.carryComplication`,
  /**
   * R-LEG-14 the GM's word that a montage's Challenge cannot kill (./montage-word.ts): the one query
   * that prompts the GM.
   */
  montageWord: `${SYSTEM_ID}.montageWord`,
  /** R-LEG-14 a companion's share of a montage's Ego cost, taken once from the card that names it. */
  payShare: `${SYSTEM_ID}.payShare`,
} as const;

// The requests, read as untrusted

export type AppliedHit = "effect" | "second";

export interface ApplyEffectRequest {
  /** The user who asks (their own client fills it in; the GM's side checks it). */
  readonly askerId: string;
  readonly messageId: string;
  readonly hit: AppliedHit;
  readonly targetUuid: string;
  /** A facet's index, or null for the Challenge's own Disposition. */
  readonly facet: number | null;
  /** The card's version the click was made on. */
  readonly version: number;
}

export interface ApplyHarmRequest {
  /** The user who asks (their own client fills it in; the GM's side checks it). */
  readonly askerId: string;
  readonly messageId: string;
  readonly targetUuid: string;
  /** R-HARM-2 the player chose to sacrifice a carried shield. */
  readonly sacrificeShield: boolean;
  /** R-HARM-3 the wound track the player chose, when there was a choice. */
  readonly woundTrack: WoundTrack | null;
  readonly version: number;
  /** R-LEG-6 (HP model) how many of *Protected*'s Dark Dice to throw (the step throws them; absent: none). */
  readonly protectedDice?: number;
  /** R-LEG-5 (HP model) the attribute that loses a point should the harm be Mortal (absent: none chosen). */
  readonly lostAttribute?: string | null;
}

function badRequest(field: string): RulesError {
  return new RulesError("not-allowed", `The request to apply is malformed (${field}).`, {
    reason: "badRequest",
    field,
  });
}

function field(data: unknown, key: string): unknown {
  if (typeof data !== "object" || data === null || Array.isArray(data)) throw badRequest("body");
  return Object.prototype.hasOwnProperty.call(data, key) ? (data as Record<string, unknown>)[key] : undefined;
}

/** A document id or uuid: letters, digits and dots, nothing else, at most 200 characters. */
function id(data: unknown, key: string): string {
  const value = field(data, key);
  if (typeof value !== "string" || !/^[A-Za-z0-9.]{1,200}$/.test(value)) throw badRequest(key);
  return value;
}

function whole(data: unknown, key: string): number {
  const value = field(data, key);
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) throw badRequest(key);
  return value;
}

/**
 * R-LEG-14 a player asks the active GM to agree that a montage's Challenge cannot kill: who asks, whose
 * character rolls, which Challenge. Nothing else travels; the GM's side reads both from its own world.
 */
export interface MontageWordRequest {
  readonly askerId: string;
  readonly actorUuid: string;
  readonly challengeUuid: string;
}

export function readMontageWordRequest(data: unknown): MontageWordRequest {
  return {
    askerId: id(data, "askerId"),
    actorUuid: id(data, "actorUuid"),
    challengeUuid: id(data, "challengeUuid"),
  };
}

export function readApplyEffectRequest(data: unknown): ApplyEffectRequest {
  const hit = field(data, "hit");
  if (hit !== "effect" && hit !== "second") throw badRequest("hit");
  const facet = field(data, "facet");
  return {
    askerId: id(data, "askerId"),
    messageId: id(data, "messageId"),
    hit,
    targetUuid: id(data, "targetUuid"),
    facet: facet === null ? null : whole(data, "facet"),
    version: whole(data, "version"),
  };
}

export function readApplyHarmRequest(data: unknown): ApplyHarmRequest {
  const sacrificeShield = field(data, "sacrificeShield");
  if (typeof sacrificeShield !== "boolean") throw badRequest("sacrificeShield");
  const track = field(data, "woundTrack");
  const woundTrack = track === null ? null : WOUND_TRACKS.find((t) => t === track);
  if (woundTrack === undefined) throw badRequest("woundTrack");
  const dice = field(data, "protectedDice");
  const lost = field(data, "lostAttribute");
  // An attribute id: a short word of letters (the operation then checks it is one of the ruleset's).
  if (lost !== undefined && lost !== null && (typeof lost !== "string" || !/^[A-Za-z]{1,40}$/.test(lost)))
    throw badRequest("lostAttribute");
  return {
    askerId: id(data, "askerId"),
    messageId: id(data, "messageId"),
    targetUuid: id(data, "targetUuid"),
    sacrificeShield,
    woundTrack,
    version: whole(data, "version"),
    protectedDice: dice === undefined ? 0 : whole(data, "protectedDice"),
    lostAttribute: typeof lost === "string" ? lost : null,
  };
}

/** R-LEG-14 (ruling) the roller asks that a companion's share of a montage's Ego be taken from their Ego. */
export interface PayShareRequest {
  readonly askerId: string;
  /** The montage card's message: the share, and its amount, are read from it, never from the request. */
  readonly messageId: string;
  readonly companionUuid: string;
  readonly version: number;
}

export function readPayShareRequest(data: unknown): PayShareRequest {
  return {
    askerId: id(data, "askerId"),
    messageId: id(data, "messageId"),
    companionUuid: id(data, "companionUuid"),
    version: whole(data, "version"),
  };
}

// Asking and answering

/** The answer to a query: the outcome, or the rules' refusal (code, English message, data). */
export type QueryAnswer =
  | { readonly ok: true; readonly outcome: unknown; readonly recorded: boolean; readonly version: number }
  | { readonly ok: false; readonly code: RulesErrorCode; readonly message: string; readonly data: RulesErrorData };

/** The asking user: the sender Foundry names, if it does; else the request's `askerId`, checked. */
function askerOf(askerId: string, options: unknown): Asker {
  const named: unknown = typeof options === "object" && options !== null ? Reflect.get(options, "user") : undefined;
  const user = game.users?.get(askerId);
  const sender = named ?? user;
  if (!user || sender !== user || user.isGM) {
    throw new RulesError("not-allowed", `The request names no player of this world (${askerId}).`, {
      reason: "badRequest",
    });
  }
  return { id: user.id ?? "", isGM: false, user };
}

/** Runs `step`; a refusal becomes an answer (and a console line), never a notice here. */
async function answer(query: string, data: unknown, step: () => Promise<Summary>): Promise<QueryAnswer> {
  try {
    const { outcome, recorded, version } = await step();
    return { ok: true, outcome, recorded, version };
  } catch (error) {
    if (!(error instanceof RulesError)) throw error;
    const who: unknown = typeof data === "object" && data !== null ? Reflect.get(data, "askerId") : undefined;
    console.warn(`${SYSTEM_ID} | refused ${query} from ${typeof who === "string" ? who : "?"}: ${error.message}`);
    return { ok: false, code: error.code, message: error.message, data: error.data };
  }
}

export function registerQueries(): void {
  CONFIG.queries[QUERIES.applyEffect] = (data, options) =>
    answer(QUERIES.applyEffect, data, async () => {
      const request = readApplyEffectRequest(data);
      const asker = askerOf(request.askerId, options);
      return applyEffectFromCard(request, asker);
    });
  CONFIG.queries[QUERIES.applyHarm] = (data, options) =>
    answer(QUERIES.applyHarm, data, async () => {
      const request = readApplyHarmRequest(data);
      const asker = askerOf(request.askerId, options);
      return applyHarmFromCard(request, asker);
    });
  CONFIG.queries[QUERIES.carryComplication] = (data, options) =>
    answer(QUERIES.carryComplication, data, async () => {
      const request = readCarryComplicationRequest(data);
      const asker = askerOf(request.askerId, options);
      return carryComplicationFromCard(request, asker);
    });
  CONFIG.queries[QUERIES.montageWord] = (data, options) =>
    answer(QUERIES.montageWord, data, async () => {
      const request = readMontageWordRequest(data);
      const asker = askerOf(request.askerId, options);
      return montageWordAsGm(request, asker);
    });
  CONFIG.queries[QUERIES.payShare] = (data, options) =>
    answer(QUERIES.payShare, data, async () => {
      const request = readPayShareRequest(data);
      const asker = askerOf(request.askerId, options);
      return payShareFromCard(request, asker);
    });
}

/** Which request each query takes. */
interface QueryData {
  "terran-engine.applyEffect": ApplyEffectRequest;
  "terran-engine.applyHarm": ApplyHarmRequest;
  "terran-engine.carryComplication": CarryComplicationRequest;
  "terran-engine.montageWord": MontageWordRequest;
  "terran-engine.payShare": PayShareRequest;
}

/** Is there an active GM to relay through? */
export function gmOnline(): boolean {
  return Boolean(game.users?.activeGM);
}

/** How long a player waits for the GM's client (the GM's side never prompts, so it answers at once). */
const QUERY_TIMEOUT_MS = 10_000;

/**
 * Sends a request to the active GM and returns its outcome; a refusal comes back as the rules' error,
 * thrown here, on the asker's screen. No GM, or no answer in time, is a refusal too.
 */
export async function askGm<Q extends keyof QueryData>(
  query: Q,
  data: QueryData[Q],
  timeout = QUERY_TIMEOUT_MS,
): Promise<Summary> {
  const gm = game.users?.activeGM;
  if (!gm) throw new RulesError("not-allowed", "No GM is online to apply this.", { reason: "noGm" });
  let reply: unknown;
  try {
    reply = await gm.query(query, data, { timeout });
  } catch {
    reply = null;
  }
  if (!isAnswer(reply))
    throw new RulesError(
      "not-allowed",
      "The GM's client did not answer in time; the card shows whether it was applied.",
      { reason: "noAnswer" },
    );
  if (!reply.ok) throw new RulesError(reply.code, reply.message, reply.data);
  return { outcome: reply.outcome, recorded: reply.recorded, version: reply.version };
}

function isAnswer(value: unknown): value is QueryAnswer {
  return (
    typeof value === "object" &&
    value !== null &&
    "ok" in value &&
    (value.ok === true || ("code" in value && typeof value.code === "string"))
  );
}

/** How long a player waits for the GM to answer a montage's question (the GM reads it and decides). */
const MONTAGE_WORD_TIMEOUT_MS = 180_000;

/**
 * R-LEG-14 asks the active GM to agree that the Challenge cannot kill; resolves on a yes with the word the card
 * carries, and throws the reason on a no, with no GM online, or with no answer in time. The montage is rolled
 * only after it.
 */
export async function askMontageWord(
  actorUuid: string,
  challengeUuid: string,
): Promise<{ readonly gmId: string; readonly id: string }> {
  let summary: Summary;
  try {
    summary = await askGm(
      QUERIES.montageWord,
      { askerId: game.user?.id ?? "", actorUuid, challengeUuid },
      MONTAGE_WORD_TIMEOUT_MS,
    );
  } catch (error) {
    if (error instanceof RulesError && error.data.reason === "noAnswer")
      throw new RulesError("not-allowed", "The GM did not answer in time: the montage did not start.", {
        reason: "montageNoAnswer",
      });
    throw error;
  }
  const outcome: unknown = summary.outcome;
  const agreed: unknown = typeof outcome === "object" && outcome !== null ? Reflect.get(outcome, "agreed") : false;
  const word: unknown = typeof outcome === "object" && outcome !== null ? Reflect.get(outcome, "word") : null;
  const gmId: unknown = typeof word === "object" && word !== null ? Reflect.get(word, "gmId") : null;
  const id: unknown = typeof word === "object" && word !== null ? Reflect.get(word, "id") : null;
  if (agreed !== true || typeof gmId !== "string" || typeof id !== "string")
    throw new RulesError("not-allowed", "The GM did not agree that this Challenge cannot kill.", {
      reason: "montageRefused",
    });
  return { gmId, id };
}
