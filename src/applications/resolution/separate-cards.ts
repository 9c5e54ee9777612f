/**
 * The separate resolution's card step (Legacy; R-LEG-11): a successful Risky card's button rolls a tool's
 * Effect tied to that card. The card claims the hit first, so two clicks roll once, and gets it back if
 * the roll is refused; the Effect card applies as Core's does (../chat/apply-click.ts).
 */
import {
  claimEffectRoll,
  linkEffectCard,
  releaseEffectClaim,
  type CardUser,
  type LegacyRiskyState,
} from "../../chat/index.ts";
import { TerranActor } from "../../documents/actor.ts";
import { cardFlags, storedCard } from "../../documents/chat-message.ts";
import { payShareFromCard } from "../../relay/card-changes.ts";
import { askGm, QUERIES } from "../../relay/queries.ts";
import { attempt } from "../../prompts/notify.ts";
import { rollLegacyEffect } from "../../documents/legacy-actions.ts";
import { RulesError } from "../../rules/index.ts";

const saveRisky = (message: ChatMessage.Implementation, state: LegacyRiskyState) =>
  message.update({ flags: cardFlags({ kind: "legacyRisky", state }) });

/** R-LEG-11 R-LEG-15 rolls the next hit's Effect with the held tool `toolIndex`, tied to the Risky card. */
export async function rollEffectFromCard(
  message: ChatMessage.Implementation,
  state: LegacyRiskyState,
  user: CardUser,
  toolIndex: number,
  version: number,
): Promise<void> {
  const claimed = claimEffectRoll(state, user, toolIndex, version);
  const found: unknown = await fromUuid(state.actorUuid as `Actor.${string}`);
  const actor = found instanceof TerranActor ? (found as TerranActor) : null;
  if (!actor) throw new RulesError("unknown-id", "The character of this card is gone.", { id: state.actorUuid });
  await saveRisky(message, claimed.state);
  let posted: string | null = null;
  try {
    const action = { messageId: message.id ?? "", hit: claimed.hit };
    const rolled = await rollLegacyEffect(actor, claimed.tool.id, undefined, action);
    posted = rolled?.messageId ?? null;
  } finally {
    const next =
      posted === null
        ? releaseEffectClaim(claimed.state, claimed.hit)
        : linkEffectCard(claimed.state, claimed.hit, posted);
    await saveRisky(message, next);
  }
}

/**
 * R-LEG-14 (ruling) takes a companion's share of a montage's Ego on this user's word (the companion's owner,
 * or a GM): here when this user may also write the card, else through the active GM.
 */
export async function payMontageShare(message: ChatMessage.Implementation, companionUuid: string): Promise<void> {
  const user = game.user;
  const latest = storedCard(message);
  if (!user || latest?.kind !== "legacyMontage") return;
  const request = { askerId: user.id ?? "", messageId: message.id ?? "", companionUuid, version: latest.state.version };
  if (user.isGM || message.author?.id === user.id)
    await payShareFromCard(request, { id: user.id ?? "", isGM: user.isGM, user });
  else await askGm(QUERIES.payShare, request);
}

/**
 * R-LEG-14 (ruling) after the throw, takes the shares of the companions this user owns; the others wait on the
 * card for their owners (or a GM) to pay them. A refusal (no GM, Ego below the share…) is a warning saying why.
 */
export async function payMontageShares(messageId: string): Promise<void> {
  const message = game.messages?.get(messageId);
  const stored = message ? storedCard(message) : null;
  if (!message || stored?.kind !== "legacyMontage") return;
  for (const share of stored.state.shares) {
    const companion: unknown = await fromUuid(share.actorUuid as `Actor.${string}`);
    if (companion instanceof TerranActor && companion.isOwner)
      await attempt(() => payMontageShare(message, share.actorUuid));
  }
}
