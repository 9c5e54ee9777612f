/**
 * R-LEG-14 the complications a character carries to its next related roll, kept in an actor flag (the reading
 * and ruling: data/complications.ts).
 */
import {
  readComplications,
  withComplication,
  withoutComplications,
  type PendingComplication,
} from "../data/complications.ts";
import { SYSTEM_ID } from "../system-id.ts";

/** The flag read as untrusted. */
export function pendingComplications(actor: Actor.Implementation): PendingComplication[] {
  return readComplications(actor.getFlag(SYSTEM_ID, "complications"));
}

/** Replaces one of the same Challenge (ruling). */
export async function carryComplication(actor: Actor.Implementation, added: PendingComplication): Promise<void> {
  await actor.setFlag(SYSTEM_ID, "complications", withComplication(pendingComplications(actor), added));
}

/** Which a roll has just used. */
export async function clearComplications(actor: Actor.Implementation, used: readonly string[]): Promise<void> {
  if (used.length === 0) return;
  await actor.setFlag(SYSTEM_ID, "complications", withoutComplications(pendingComplications(actor), used));
}
