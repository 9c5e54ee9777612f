/**
 * A character's states and bars on its tokens kept up with the world (R-HARM-4, R-LEG-5):
 * - at the start of a session the active GM brings every character's status effects up to its states
 *   (characters wounded before the system showed states, or changed by a path no client synced, such as
 *   a server-side script). One client does it (the active GM, as the world migration), so no two clients
 *   add the same effect; each character changes only where its effects differ;
 * - when the world's ruleset changes, every client offers the new ruleset's states in the token HUD at
 *   once, and the active GM brings the characters' status effects and bars to the new ruleset's (bars
 *   showing the other health model's Grit or HP; a bar the GM chose otherwise stays).
 */
import { barsAfterSwitch } from "../data/token-bars.ts";
import type { Ruleset } from "../rules/index.ts";
import { TerranActor } from "../documents/actor.ts";
import { registerTokenStates, SYSTEM_STATUS_IDS } from "./token-states.ts";

export async function syncAllTokenStates(actors: Iterable<unknown> = game.actors ?? []): Promise<void> {
  if (!(game.user?.isActiveGM ?? false)) return;
  for (const actor of actors)
    if (actor instanceof TerranActor && actor.type === "character") await actor.syncTokenStates();
}

/** A token document as far as its bars go (a placed token or an actor's prototype token). */
interface TokenBars {
  readonly id?: string | null;
  readonly actor?: { readonly type: string } | null;
  readonly bar1?: { readonly attribute?: string | null };
  readonly bar2?: { readonly attribute?: string | null };
}

function barUpdate(ruleset: Ruleset, token: TokenBars): Record<string, string> | null {
  return barsAfterSwitch(ruleset, { bar1: token.bar1?.attribute, bar2: token.bar2?.attribute });
}

/** The characters' prototype tokens and their tokens placed in scenes take the health model's bars. */
async function followBars(ruleset: Ruleset, actors: Iterable<unknown>): Promise<void> {
  for (const actor of actors) {
    if (!(actor instanceof TerranActor) || actor.type !== "character") continue;
    const update = barUpdate(ruleset, actor.prototypeToken);
    if (update)
      await actor.update(
        Object.fromEntries(Object.entries(update).map(([path, value]) => [`prototypeToken.${path}`, value])),
      );
  }
  for (const scene of game.scenes ?? []) {
    const updates: Record<string, unknown>[] = [];
    for (const token of scene.tokens as Iterable<TokenBars>) {
      const update = token.actor?.type === "character" ? barUpdate(ruleset, token) : null;
      if (update && token.id) updates.push({ _id: token.id, ...update });
    }
    if (updates.length > 0) await scene.updateEmbeddedDocuments("Token", updates);
  }
}

/**
 * A character's status effects of states the new ruleset does not have (Core's wound tracks in a Legacy
 * world) are taken off while core still lists them (a status core does not list cannot be toggled).
 */
async function retireStates(ruleset: Ruleset, actors: Iterable<unknown>): Promise<void> {
  const kept = new Set(ruleset.tokenStates.map((def) => def.id));
  const retired = SYSTEM_STATUS_IDS.filter((id) => !kept.has(id));
  for (const actor of actors) {
    if (!(actor instanceof TerranActor) || actor.type !== "character") continue;
    const shown = new Set([...actor.effects].flatMap((effect) => [...effect.statuses]));
    for (const id of retired) if (shown.has(id)) await actor.toggleStatusEffect(id, { active: false });
  }
}

/** The world's ruleset changed (settings.ts RULESET_CHANGED): the HUD's states here, the tokens by the active GM. */
export async function followRuleset(ruleset: Ruleset, actors: Iterable<unknown> = game.actors ?? []): Promise<void> {
  const activeGm = game.user?.isActiveGM ?? false;
  if (activeGm) await retireStates(ruleset, actors);
  registerTokenStates(ruleset);
  if (!activeGm) return;
  await followBars(ruleset, actors);
  await syncAllTokenStates(actors);
}
