/**
 * Legacy in play, the glue: R-LEG-15 the prompt for Sneak attack's or Sniper's
 * extra Effect die, and R-LEG-14 the montage — the targeted Challenge's Effect, then the pool less its
 * complication, ONE card, the Ego (2 per costly Dark Die) spent in one update. Each rolls with Foundry,
 * reads the dice with the pure operations (./operations/legacy-play.ts) and refuses with a localised
 * warning that changes nothing (`attempt`).
 */
import { RulesError } from "../rules/index.ts";
import { deriveLegacy, legacyAttributeLabel, legacySkillLabel, type LegacyAttribute } from "../data/legacy.ts";
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
 * R-LEG-15 asked before an Effect roll when the character holds Sneak attack or Sniper: which situations
 * are met (only the edges held are offered, and "both" when both are held: two dice, ruling; none held,
 * nothing is asked). `undefined` when the prompt is closed: the caller rolls nothing.
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
  /** The pool's Light Dice as its lines add up, before the complication and the clamp (R-LEG-14). */
  readonly raw: number;
  readonly dark: number;
  readonly challenge: MontageChallenge;
  readonly messageMode: MessageMode;
  /** R-LEG-14 (ruling) companions sharing the Ego cost: each character's uuid and the most they put in. */
  readonly companions?: readonly { readonly uuid: string; readonly offers: number }[];
  /** R-LEG-14 the GM's yes a player's montage stands on (none when a GM rolls it). */
  readonly gmWord?: { readonly gmId: string; readonly id: string };
}

/** R-LEG-14 (ruling) the companions' offers, read from their characters (their Ego now); the roller is not one. */
async function companionOffers(actor: TerranActor, request: MontageRequest) {
  const offers: { id: string; name: string; ego: number; offers: number }[] = [];
  for (const c of request.companions ?? []) {
    const doc: unknown = c.uuid.startsWith("Actor.") ? await fromUuid(c.uuid as `Actor.${string}`) : null;
    // A character of this system (the actor class is not imported here: it imports this module's callers).
    const character = doc as TerranActor | null;
    if (typeof character?.characterState !== "function" || character.type !== "character" || doc === actor)
      throw new RulesError("not-allowed", `"${c.uuid}" is no companion of ${actor.name}.`, { reason: "badCompanion" });
    // R-LEG-4 (ruling) the Ego the companion can have: a value stored above the maximum reads as it.
    const companion = character.characterState();
    const ego = deriveLegacy(companion.source, companion.items).ego.value;
    offers.push({ id: character.uuid, name: character.name, ego, offers: c.offers });
  }
  return offers;
}

/**
 * R-LEG-14 a whole Challenge in one roll: the Challenge's Effect first (its own dice, highest kept,
 * exploding), its complication off the Light Dice, then the Risky Action decides the whole Challenge.
 * Each Dark Die that costs Ego costs 2, paid by the roller alone in this version (companions' shares,
 * the ruling's option, are left to the table), in ONE update; ONE card shows both parts.
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
    // An empty pool throws nothing and fails (R-LEG-9, as R-POOL-5).
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
    const ego = deriveLegacy(state.source, state.items).ego.value;
    const input = {
      actorName: actor.name,
      challengeName: challenge.name,
      tierKey: `TERRAN.ChallengeTier.${level.tier}`,
      challengeFaces: thrown.faces,
      challengeChain: explosion.chain,
      challengeEffect: read.challenge.value,
      complication: read.complication,
      attributeLabelKey: legacyAttributeLabel(request.attribute),
      skillLabelKey: isLegacySkill(request.skill) ? legacySkillLabel(request.skill) : null,
      light: roll?.lightFaces ?? [],
      dark,
      costly: spend?.outcome.costly ?? [],
      ego: { before: ego, after: spend?.outcome.after ?? ego },
      lost: spend?.outcome.lost ?? false,
    };
    // R-LEG-14 the card lowers its own Challenge once, when the montage succeeded (src/chat/legacy-montage-card.ts).
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
