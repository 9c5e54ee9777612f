/**
 * Issue 16 §6 at the start of a session: the active GM brings every character's status effects up to
 * its states — characters wounded before the system showed states, or changed by a path no client
 * synced (a server-side script). One client does it (the active GM, as the world migration), so no two
 * clients add the same effect; each character changes only where its effects differ.
 */
import { TerranActor } from "./actor.ts";

export async function syncAllTokenStates(actors: Iterable<unknown> = game.actors ?? []): Promise<void> {
  if (!(game.user?.isActiveGM ?? false)) return;
  for (const actor of actors) if (actor instanceof TerranActor && actor.type === "character") await actor.syncTokenStates();
}
