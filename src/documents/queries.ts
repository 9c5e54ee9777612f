/**
 * Changes a player may ask for but not make (a Challenge's Disposition, harm to a character they do
 * not own) go to the active GM through v13's query API. The GM's client re-checks with the same
 * rules; a refusal comes back as the rules' message.
 */
import { RulesError, WOUND_TRACKS, type HarmChoices } from "../rules/index.ts";
import { SYSTEM_ID } from "../system-id.ts";
import { applyEffectToChallenge } from "./challenge-actions.ts";
import { TerranActor } from "./actor.ts";

export const QUERIES = {
  applyEffect: `${SYSTEM_ID}.applyEffect`,
  applyHarm: `${SYSTEM_ID}.applyHarm`,
} as const;

export interface ApplyEffectQuery {
  readonly actorUuid: string;
  readonly facet: number | null;
  readonly effect: number;
}

export interface ApplyHarmQuery {
  readonly actorUuid: string;
  readonly effect: number;
  readonly sacrificeShield: boolean;
  readonly woundTrack: string | null;
}

/** The answer to a query: the outcome, or the rules' refusal as text. */
export type QueryAnswer = { readonly ok: true; readonly outcome: unknown } | { readonly ok: false; readonly message: string };

type ActorUuid = `Actor.${string}` | `Scene.${string}` | `Compendium.${string}`;

/** A world actor's, a token actor's or a compendium actor's uuid. */
function isActorUuid(uuid: string): uuid is ActorUuid {
  return uuid.startsWith("Actor.") || uuid.startsWith("Scene.") || uuid.startsWith("Compendium.");
}

async function actorFrom(uuid: string): Promise<Actor.Implementation> {
  if (!isActorUuid(uuid)) throw new RulesError("unknown-id", `"${uuid}" is not an actor's id.`, { id: uuid });
  const doc: unknown = await fromUuid(uuid);
  if (!(doc instanceof Actor)) throw new RulesError("unknown-id", `No actor ${uuid}.`, { id: uuid });
  return doc as Actor.Implementation;
}

async function answer(fn: () => Promise<unknown>): Promise<QueryAnswer> {
  try {
    return { ok: true, outcome: await fn() };
  } catch (error) {
    if (error instanceof RulesError) return { ok: false, message: error.message };
    throw error;
  }
}

export function registerQueries(): void {
  CONFIG.queries[QUERIES.applyEffect] = (data: ApplyEffectQuery) =>
    answer(async () => applyEffectToChallenge(await actorFrom(data.actorUuid), data.facet, data.effect));
  CONFIG.queries[QUERIES.applyHarm] = (data: ApplyHarmQuery) =>
    answer(async () => {
      const actor = await actorFrom(data.actorUuid);
      if (!(actor instanceof TerranActor)) throw new RulesError("not-allowed", "Not a Terran Engine actor.");
      const woundTrack = WOUND_TRACKS.find((t) => t === data.woundTrack);
      const choices: HarmChoices = { sacrificeShield: data.sacrificeShield, ...(woundTrack ? { woundTrack } : {}) };
      return actor.applyHarm(data.effect, choices);
    });
}

/** Which data each query takes. */
interface QueryData {
  "terran-engine.applyEffect": ApplyEffectQuery;
  "terran-engine.applyHarm": ApplyHarmQuery;
}

/** Is there an active GM to relay through? */
export function gmOnline(): boolean {
  return Boolean(game.users?.activeGM);
}

/** Sends a query to the active GM; refuses with a readable error when none is online. */
export async function askGm<Q extends keyof QueryData>(query: Q, data: QueryData[Q]): Promise<QueryAnswer> {
  const gm = game.users?.activeGM;
  if (!gm) throw new RulesError("not-allowed", "No GM is online to apply this.", { reason: "noGm" });
  const reply: unknown = await gm.query(query, data, { timeout: 30_000 });
  if (typeof reply === "object" && reply !== null && "ok" in reply) return reply as QueryAnswer;
  throw new RulesError("not-allowed", "The GM's client did not answer.", { reason: "noAnswer" });
}
