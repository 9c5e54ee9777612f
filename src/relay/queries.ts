/**
 * What a player may ask but not do goes to the active GM as a query (`CONFIG.queries`); the GM's handler
 * reads it as untrusted and runs a GM click's own step (./card-changes.ts). A handler is not told its
 * sender (foundryvtt#13418), so the asker named is accepted only as a known non-GM user: a forged id acts
 * as that player at most. Refusals go back to the asker; only R-LEG-14's question prompts the GM.
 */
import { RulesError, type RulesErrorCode, type RulesErrorData } from "../rules/index.ts";
import { readHarmChoice, type HarmChoice } from "../chat/index.ts";
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
  /** R-LEG-14 */
  carryComplication: `${SYSTEM_ID}.carryComplication`,
  /** R-LEG-14 (./montage-word.ts): the one query that prompts the GM. */
  montageWord: `${SYSTEM_ID}.montageWord`,
  /** R-LEG-14 taken once from the card that names it. */
  payShare: `${SYSTEM_ID}.payShare`,
} as const;

// The requests, read as untrusted

export type AppliedHit = "effect" | "second";

export interface ApplyEffectRequest {
  /** Filled in by their own client; the GM's side checks it. */
  readonly askerId: string;
  readonly messageId: string;
  readonly hit: AppliedHit;
  readonly targetUuid: string;
  /** Null: the Challenge's own Disposition. */
  readonly facet: number | null;
  /** The version the click was made on. */
  readonly version: number;
}

export interface ApplyHarmRequest {
  /** Filled in by their own client; the GM's side checks it. */
  readonly askerId: string;
  readonly messageId: string;
  readonly targetUuid: string;
  readonly version: number;
  /** The owner's choices, tagged with their health model and read by it (src/chat/health/). */
  readonly choice: HarmChoice;
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

/** Letters, digits and dots, at most 200 characters. */
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

/** R-LEG-14 nothing else travels: the GM's side reads the rest from its own world. */
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

/** The shared fields here; the choice by its own model's reader. */
export function readApplyHarmRequest(data: unknown): ApplyHarmRequest {
  return {
    askerId: id(data, "askerId"),
    messageId: id(data, "messageId"),
    targetUuid: id(data, "targetUuid"),
    version: whole(data, "version"),
    choice: readHarmChoice(field(data, "choice")),
  };
}

/** R-LEG-14 (ruling) */
export interface PayShareRequest {
  readonly askerId: string;
  /** The share and its amount are read from the card, never the request. */
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

/** The rules' refusal carries code, English message, data. */
export type QueryAnswer =
  | { readonly ok: true; readonly outcome: unknown; readonly recorded: boolean; readonly version: number }
  | { readonly ok: false; readonly code: RulesErrorCode; readonly message: string; readonly data: RulesErrorData };

/** The sender Foundry names, if it does; else `askerId`, checked. */
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

/** A refusal becomes an answer (and a console line), never a notice here. */
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

interface QueryData {
  "terran-engine.applyEffect": ApplyEffectRequest;
  "terran-engine.applyHarm": ApplyHarmRequest;
  "terran-engine.carryComplication": CarryComplicationRequest;
  "terran-engine.montageWord": MontageWordRequest;
  "terran-engine.payShare": PayShareRequest;
}

export function gmOnline(): boolean {
  return Boolean(game.users?.activeGM);
}

/** The GM's side never prompts, so it answers at once. */
const QUERY_TIMEOUT_MS = 10_000;

/** A refusal (no GM, no answer in time) is thrown here, on the asker's screen. */
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

/** The GM reads the question and decides. */
const MONTAGE_WORD_TIMEOUT_MS = 180_000;

/** R-LEG-14 the montage is rolled only after a yes; a no, no GM or no answer in time throws the reason. */
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
