/**
 * R-RA-7 / R-CH-4 the requests a card sends to apply its Effect to a Challenge or its harm to a
 * character, and R-LEG-14's request for the GM's word on a montage. When the clicker lacks the rights they travel to the GM's client, from someone else's
 * machine, so nothing in them is trusted: every field is read and checked here, and a malformed request
 * is refused before anything is looked up. The amount is never part of a request: the card's own
 * Effect is used. Each request names the user who asks (`askerId`): Foundry does not tell a query's
 * handler who sent it (foundryvtt#13418), so the GM's side checks that id against the world's users.
 */
import { RulesError, WOUND_TRACKS, type WoundTrack } from "../rules/index.ts";

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
