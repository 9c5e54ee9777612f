/**
 * Legacy in play, the glue: R-LEG-15 the Sneak attack / Sniper prompt and R-LEG-14 the montage, rolled with
 * Foundry and read by ./operations/legacy-play.ts.
 */
import { RulesError } from "../rules/index.ts";
import { deriveRatings, attributeRatingLabel, skillRatingLabel, type LegacyAttribute } from "../data/ratings.ts";
import type { ItemSnapshot } from "../data/source.ts";
import type { MessageMode } from "../compat/generation.ts";
import { createLegacyMontageCard, montageCard } from "../chat/legacy-montage-card.ts";
import { TerranRoll } from "../dice/terran-roll.ts";
import { currentRuleset } from "../settings/settings.ts";
import type { TerranActor } from "./actor.ts";
import { assertOwner, postStoredCard, rollExplosionChain, rollFaces } from "./actor-dice.ts";
import { attempt, chooseOne } from "../prompts/notify.ts";
import { spendEgoOperation } from "./operations/ego.ts";
import { isLegacySkill } from "./operations/legacy.ts";
import {
  EFFECT_EDGE_LABELS,
  heldEffectEdges,
  isEffectEdge,
  montageDice,
  readMontageChallenge,
  type EffectEdge,
  type MontageChallenge,
} from "./operations/legacy-play.ts";

/**
 * R-LEG-15 only the held edges are offered ("both": two dice, ruling); `undefined` when closed: roll nothing.
 */
export async function askEffectEdge(items: readonly ItemSnapshot[]): Promise<readonly EffectEdge[] | undefined> {
  const held = heldEffectEdges(items);
  if (held.length === 0) return [];
  const picked = await chooseOne("TERRAN.Dialog.Legacy.edgeTitle", "TERRAN.Dialog.Legacy.edgePrompt", [
    { value: "none", label: "TERRAN.Dialog.Legacy.edgeNone" },
    ...held.map((edge) => ({ value: edge, label: EFFECT_EDGE_LABELS[edge] })),
    ...(held.length > 1 ? [{ value: "both", label: "TERRAN.Dialog.Legacy.edgeBoth" }] : []),
  ]);
  if (picked === null) return undefined;
  if (picked === "both") return held;
  return isEffectEdge(picked) ? [picked] : [];
}

export interface MontageRequest {
  readonly attribute: LegacyAttribute;
  readonly skill: string;
  /** R-LEG-14 before the complication and the clamp. */
  readonly raw: number;
  readonly dark: number;
  readonly challenge: MontageChallenge;
  readonly messageMode: MessageMode;
  /** R-LEG-14 (ruling) each character's uuid and the most they put in. */
  readonly companions?: readonly { readonly uuid: string; readonly offers: number }[];
  /** R-LEG-14 none when a GM rolls it. */
  readonly gmWord?: { readonly gmId: string; readonly id: string };
}

/** R-LEG-14 (ruling) their Ego now; the roller is not one. */
async function companionOffers(actor: TerranActor, request: MontageRequest) {
  const offers: { id: string; name: string; ego: number; offers: number }[] = [];
  for (const c of request.companions ?? []) {
    const doc: unknown = c.uuid.startsWith("Actor.") ? await fromUuid(c.uuid as `Actor.${string}`) : null;
    // The actor class is not imported here: it imports this module's callers.
    const character = doc as TerranActor | null;
    if (typeof character?.characterState !== "function" || character.type !== "character" || doc === actor)
      throw new RulesError("not-allowed", `"${c.uuid}" is no companion of ${actor.name}.`, { reason: "badCompanion" });
    // R-LEG-4 (ruling) a value stored above the maximum reads as it.
    const companion = character.characterState();
    const ego = deriveRatings(companion.source, companion.items).ego.value;
    offers.push({ id: character.uuid, name: character.name, ego, offers: c.offers });
  }
  return offers;
}

/**
 * R-LEG-14 the Challenge's Effect, its complication, then the outcome, on ONE card in ONE update; the roller
 * pays 2 per costly die (shares are paid from the card).
 */
export async function rollLegacyMontage(actor: TerranActor, request: MontageRequest) {
  return attempt(async () => {
    assertOwner(actor);
    const ruleset = currentRuleset();
    if (!ruleset.montage) throw new RulesError("not-allowed", "This ruleset has no montage.");
    const state = actor.characterState();
    if (state.source.dead) throw new RulesError("dead", `${actor.name} is dead.`);
    const { challenge } = request;
    const level = montageDice(ruleset, challenge);
    const thrown = await rollFaces(level.halved ? 1 : level.dice);
    if (thrown.faces.length === 0) throw new RulesError("no-dice", `${challenge.name} has no Effect dice to roll.`);
    const explosion = await rollExplosionChain(Math.max(...thrown.faces), ruleset.resolution.explodeOn);
    const read = readMontageChallenge(ruleset, challenge, request.raw, thrown.faces, explosion.chain);
    // R-LEG-9 as R-POOL-5.
    const roll = read.light + request.dark > 0 ? TerranRoll.pool(read.light, request.dark) : null;
    if (roll) await roll.evaluate();
    const dark = roll?.darkFaces ?? [];
    const offers = await companionOffers(actor, request);
    const spend =
      dark.length > 0 ? spendEgoOperation(state, ruleset, dark, { montage: true, companions: offers }) : null;
    const shares = (spend?.outcome.companions ?? []).map((c) => ({
      actorUuid: c.id,
      name: offers.find((o) => o.id === c.id)?.name ?? c.id,
      pays: c.pays,
    }));
    if (spend) await actor.commitOperation(spend);
    const ego = deriveRatings(state.source, state.items).ego.value;
    const input = {
      actorName: actor.name,
      challengeName: challenge.name,
      tierKey: `TERRAN.ChallengeTier.${level.tier}`,
      challengeFaces: thrown.faces,
      challengeChain: explosion.chain,
      challengeEffect: read.challenge.value,
      complication: read.complication,
      attributeLabelKey: attributeRatingLabel(request.attribute),
      skillLabelKey: isLegacySkill(request.skill) ? skillRatingLabel(request.skill) : null,
      light: roll?.lightFaces ?? [],
      dark,
      costly: spend?.outcome.costly ?? [],
      ego: { before: ego, after: spend?.outcome.after ?? ego },
      lost: spend?.outcome.lost ?? false,
    };
    // R-LEG-14 the card lowers its own Challenge once (chat/legacy-montage-card.ts).
    const card = createLegacyMontageCard({
      rollerId: game.user?.id ?? "",
      actorUuid: actor.uuid,
      roll: input,
      challengeUuid: challenge.uuid,
      shares,
      ...(request.gmWord ? { gmWord: request.gmWord } : {}),
    });
    const rolls = [thrown.roll, ...explosion.rolls, roll];
    const message = await postStoredCard(actor, rolls, { kind: "legacyMontage", state: card }, request.messageMode);
    return { ...montageCard(input), messageId: message?.id ?? null, shares };
  });
}
