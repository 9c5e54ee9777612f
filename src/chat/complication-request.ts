/**
 * R-LEG-14 a player's request that the GM carry a Challenge card's complication to a character. Untrusted,
 * every field checked; it holds no dice (the GM reads them off the card).
 */
import { RulesError } from "../rules/index.ts";

export interface CarryComplicationRequest {
  /** Filled in by their own client; the GM's side checks it. */
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

/** Letters, digits and dots, at most 200 characters. */
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
