/**
 * The other rolls that post a card, in the chat's mode: a Challenge's Effect (R-CH-2) and the Fortune die
 * (R-FORT-1).
 */
import { createChallengeCard, fortuneCard, moraleCard } from "../../chat/index.ts";
import { ChallengeData } from "../../data/actor/challenge.ts";
import { attempt } from "../../prompts/notify.ts";
import { EXPLODE_ON, RulesError } from "../../rules/index.ts";
import { explosionFormula } from "../../dice/terran-roll.ts";
import { answerFlags, cardFlags } from "../../documents/chat-message.ts";
import type { AnswerLink } from "../../chat/index.ts";
import { applyMessageMode } from "../../compat/generation.ts";
import { gangedDice } from "../../documents/operations/legacy-play.ts";
import { assertMoraleOpen, moraleDice, moraleOperation } from "../../documents/operations/challenge.ts";
import { currentRuleset } from "../../settings/settings.ts";

/** A GM owns every one: the roll names it and may spend its Ego. */
export function assertOwner(actor: Actor.Implementation): void {
  if (!actor.isOwner) throw new RulesError("not-allowed", `You do not own ${actor.name}.`, { reason: "notActorOwner" });
}

function faces(roll: Roll): number[] {
  return roll.dice.flatMap((d) => d.results.map((r) => r.result));
}

/**
 * R-CH-2 the chain is rolled at once (no choice is involved); R-LEG-10 `gangUp` (default 1) throws the raised
 * level's dice, refused where the ruleset has no gang-up rule.
 */
export async function rollChallengeEffect(
  actor: Actor.Implementation,
  facet: number | null = null,
  gangUp = 1,
): Promise<void> {
  await attempt(async () => {
    const system = actor.system;
    if (!(system instanceof ChallengeData)) throw new RulesError("not-allowed", `${actor.name} is not a Challenge.`);
    assertOwner(actor);
    const source = facet === null ? system : system.facets[facet];
    if (!source) throw new RulesError("bad-selection", `There is no facet #${(facet ?? 0) + 1}.`);
    const rolled = gangedDice(currentRuleset(), source, gangUp);
    const count = rolled.halved ? 1 : rolled.dice;
    if (count === 0) throw new RulesError("no-dice", `${actor.name} has no Effect dice to roll.`);
    const dice = await new Roll(`${count}d6`).evaluate();
    const thrown = faces(dice);
    const kept = Math.max(...thrown);
    const chainRoll = kept >= EXPLODE_ON ? await new Roll(explosionFormula(EXPLODE_ON)).evaluate() : null;
    const state = createChallengeCard({
      rollerId: game.user?.id ?? "",
      challengeUuid: actor.uuid,
      challengeName: actor.name,
      facetName: facet === null ? actor.name : (system.facets[facet]?.name ?? actor.name),
      tierKey: `TERRAN.ChallengeTier.${rolled.tier}`,
      stats: { dice: rolled.dice, halved: rolled.halved },
      gangUp: rolled.gangUp,
      faces: thrown,
      chain: chainRoll ? faces(chainRoll) : [],
    });
    const data = {
      speaker: ChatMessage.getSpeaker({ actor }),
      rolls: chainRoll ? [dice, chainRoll] : [dice],
      content: "",
      flags: cardFlags({ kind: "challenge", state }),
    };
    await ChatMessage.create(applyMessageMode(data));
  });
}

/**
 * R-V-16 a sentient Challenge's track at 0 rolls Morale, by its owner: the Dice (one for d/2), the kept 6's
 * chain, the Challenge changed as the table says, and a card saying what happened.
 */
export async function rollMorale(actor: Actor.Implementation, facet: number | null = null): Promise<void> {
  await attempt(async () => {
    const system = actor.system;
    if (!(system instanceof ChallengeData)) throw new RulesError("not-allowed", `${actor.name} is not a Challenge.`);
    assertOwner(actor);
    const source = system.toObject();
    assertMoraleOpen(source, currentRuleset(), facet);
    const dice = await new Roll(`${moraleDice(source, facet)}d6`).evaluate();
    const thrown = faces(dice);
    const chainRoll =
      Math.max(...thrown) >= EXPLODE_ON ? await new Roll(explosionFormula(EXPLODE_ON)).evaluate() : null;
    const chain = chainRoll ? faces(chainRoll) : [];
    const { update, outcome } = moraleOperation(source, currentRuleset(), facet, thrown, chain);
    if (update.system) await actor.update({ system: update.system });
    const facetName = facet === null ? null : (source.facets[facet]?.name ?? null);
    const view = moraleCard({ actorName: actor.name, facetName, faces: thrown, chain, outcome });
    const data = {
      speaker: ChatMessage.getSpeaker({ actor }),
      rolls: chainRoll ? [dice, chainRoll] : [dice],
      content: "",
      flags: cardFlags({ kind: "result", state: view }),
    };
    await ChatMessage.create(applyMessageMode(data));
  });
}

/** R-FORT-1 the GM's, or a character owner's answering a request (`answer`), its card carrying the link. */
export async function rollFortune(
  chance: number,
  answer: { readonly actor: Actor.Implementation; readonly link: AnswerLink } | null = null,
): Promise<void> {
  await attempt(async () => {
    if (answer) assertOwner(answer.actor);
    const roll = await new Roll("1d6").evaluate();
    const face = faces(roll)[0] ?? 1;
    const view = fortuneCard({ face, chance, actorName: answer?.actor.name ?? null });
    const link = answer ? { ...answer.link, fortune: { face, chance } } : null;
    const speaker = answer ? ChatMessage.getSpeaker({ actor: answer.actor }) : ChatMessage.getSpeaker();
    const data = { speaker, rolls: [roll], content: "", flags: answerFlags({ kind: "result", state: view }, link) };
    await ChatMessage.create(applyMessageMode(data));
  });
}
