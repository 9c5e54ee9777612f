/**
 * R-LEG-14 the request to carry a Challenge card's complication to a character, as it reaches the GM's
 * client from a player's (the card's roller who may not update that character). Nothing in it is
 * trusted: every field is read and checked here; the dice are never part of it (the GM's side reads
 * them off the card with the world's ruleset).
 */
import { RulesError } from "../rules/index.ts";

export interface CarryComplicationRequest {
  /** The user who asks (their own client fills it in; the GM's side checks it). */
  readonly askerId: string;
  readonly messageId: string;
  readonly targetUuid: string;
}

function badRequest(field: string): RulesError {
  return new RulesError("not-allowed", `The request to carry a complication is malformed (${field}).`, {
    reason: "badRequest",
    field,
  });
}

/** A document id or uuid: letters, digits and dots, nothing else, at most 200 characters. */
function id(data: unknown, key: string): string {
  if (typeof data !== "object" || data === null || Array.isArray(data)) throw badRequest("body");
  const value: unknown = Object.prototype.hasOwnProperty.call(data, key)
    ? (data as Record<string, unknown>)[key]
    : undefined;
  if (typeof value !== "string" || !/^[A-Za-z0-9.]{1,200}$/.test(value)) throw badRequest(key);
  return value;
}

export function readCarryComplicationRequest(data: unknown): CarryComplicationRequest {
  return { askerId: id(data, "askerId"), messageId: id(data, "messageId"), targetUuid: id(data, "targetUuid") };
}
