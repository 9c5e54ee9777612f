/**
 * R-LEG-14 the complications a character carries to its next related Risky Action, persisted on the
 * character as an actor flag (the pure reading and the one-per-Challenge ruling: src/data/complications.ts).
 * Carried from a Challenge card by its roller or a GM (src/applications/chat/complication.ts, or the GM's
 * step in src/relay/complications.ts); cleared by the Legacy roll dialog once a roll used them.
 */
import {
  readComplications,
  withComplication,
  withoutComplications,
  type PendingComplication,
} from "../data/complications.ts";
import { SYSTEM_ID } from "../system-id.ts";

/** The complications the character carries now (the flag read as untrusted). */
export function pendingComplications(actor: Actor.Implementation): PendingComplication[] {
  return readComplications(actor.getFlag(SYSTEM_ID, "complications"));
}

/** Carries `added` to the character: it replaces a complication of the same Challenge (ruling). */
export async function carryComplication(actor: Actor.Implementation, added: PendingComplication): Promise<void> {
  await actor.setFlag(SYSTEM_ID, "complications", withComplication(pendingComplications(actor), added));
}

/** Clears the complications of these Challenges, which a roll has just used. */
export async function clearComplications(actor: Actor.Implementation, used: readonly string[]): Promise<void> {
  if (used.length === 0) return;
  await actor.setFlag(SYSTEM_ID, "complications", withoutComplications(pendingComplications(actor), used));
}
