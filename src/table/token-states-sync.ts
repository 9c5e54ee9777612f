/**
 * A character's states and bars kept up with the world (R-HARM-4, R-LEG-5): at the start of a session the
 * active GM alone brings every character's status effects to its states; when the ruleset changes, every client
 * registers its states and the active GM moves effects and bars to it (a bar the GM chose stays).
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

/** A placed token or an actor's prototype token. */
interface TokenBars {
  readonly id?: string | null;
  readonly actor?: { readonly type: string } | null;
  readonly bar1?: { readonly attribute?: string | null };
  readonly bar2?: { readonly attribute?: string | null };
}

function barUpdate(ruleset: Ruleset, token: TokenBars): Record<string, string> | null {
  return barsAfterSwitch(ruleset, { bar1: token.bar1?.attribute, bar2: token.bar2?.attribute });
}

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

/** Taken off while core still lists them (an unlisted status cannot be toggled). */
async function retireStates(ruleset: Ruleset, actors: Iterable<unknown>): Promise<void> {
  const kept = new Set(ruleset.tokenStates.map((def) => def.id));
  const retired = SYSTEM_STATUS_IDS.filter((id) => !kept.has(id));
  for (const actor of actors) {
    if (!(actor instanceof TerranActor) || actor.type !== "character") continue;
    const shown = new Set([...actor.effects].flatMap((effect) => [...effect.statuses]));
    for (const id of retired) if (shown.has(id)) await actor.toggleStatusEffect(id, { active: false });
  }
}

/** On RULESET_CHANGED (settings.ts): the HUD's states here, the tokens by the active GM. */
export async function followRuleset(ruleset: Ruleset, actors: Iterable<unknown> = game.actors ?? []): Promise<void> {
  const activeGm = game.user?.isActiveGM ?? false;
  if (activeGm) await retireStates(ruleset, actors);
  registerTokenStates(ruleset);
  if (!activeGm) return;
  await followBars(ruleset, actors);
  await syncAllTokenStates(actors);
}
