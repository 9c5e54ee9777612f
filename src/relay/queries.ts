/**
 * The changes a player may ask for but not make (an Effect on a Challenge, harm from a card they did
 * not post, a companion's share of a montage's Ego, R-LEG-14) go to the active GM through the query API (`CONFIG.queries` + `User#query`; v13 and v14).
 * The GM's handler reads the request as untrusted data (src/chat/apply-requests.ts) and runs the same
 * one-step change as a GM's own click (./card-changes.ts) for the user who asks.
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
import type { ApplyEffectRequest, ApplyHarmRequest, MontageWordRequest, PayShareRequest } from "../chat/index.ts";
import {
  readApplyEffectRequest,
  readApplyHarmRequest,
  readMontageWordRequest,
  readPayShareRequest,
} from "../chat/apply-requests.ts";
import { RulesError, type RulesErrorCode, type RulesErrorData } from "../rules/index.ts";
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
  /** R-LEG-14 the GM's word that a montage's Challenge cannot kill (./montage-word.ts): the one query that prompts the GM. */
  montageWord: `${SYSTEM_ID}.montageWord`,
  /** R-LEG-14 a companion's share of a montage's Ego cost, taken once from the card that names it. */
  payShare: `${SYSTEM_ID}.payShare`,
} as const;

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
 * R-LEG-14 asks the active GM to agree that the Challenge cannot kill; resolves on a yes, and throws the
 * reason on a no, with no GM online, or with no answer in time. The montage is rolled only after it.
 */
export async function askMontageWord(actorUuid: string, challengeUuid: string): Promise<void> {
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
  const agreed: unknown =
    typeof summary.outcome === "object" && summary.outcome !== null ? Reflect.get(summary.outcome, "agreed") : false;
  if (agreed !== true)
    throw new RulesError("not-allowed", "The GM did not agree that this Challenge cannot kill.", {
      reason: "montageRefused",
    });
}
