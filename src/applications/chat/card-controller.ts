/**
 * What a click on a card does. Each action runs one pure transition of the card (src/chat), which
 * checks who may do it and that the card has not moved on since it was drawn (its version), then
 * saves the new state in the message's flags. Dice the rules need after the roll (an explosion chain)
 * are rolled with Foundry, added to the message's rolls and shown by Dice So Nice. A refusal is a
 * localised warning and changes nothing.
 */
import {
  allowEffect,
  challengeCardResult,
  confirmEffect,
  confirmSecondHit,
  effectChainNeeded,
  harmRecorded,
  isCardAction,
  recordApplied,
  recordHarm,
  riskyCardResult,
  selectDie,
  undoEgo,
  type CardAction,
  type ChallengeCardState,
  type RiskyCardState,
} from "../../chat/index.ts";
import { ChallengeData } from "../../data/actor/challenge.ts";
import { CharacterData } from "../../data/actor/character.ts";
import { TerranActor } from "../../documents/actor.ts";
import { applyEffectToChallenge } from "../../documents/challenge-actions.ts";
import { chooseOne, confirm } from "../../documents/dialogs.ts";
import { attempt } from "../../documents/notify.ts";
import type { ChallengeEffectOutcome, HarmOutcome } from "../../documents/operations/index.ts";
import { askGm, QUERIES } from "../../documents/queries.ts";
import { showDice } from "../../dice/dsn.ts";
import { explosionFormula } from "../../dice/terran-roll.ts";
import { RulesError } from "../../rules/index.ts";
import { SETTINGS } from "../../settings/settings.ts";
import { SYSTEM_ID } from "../../system-id.ts";
import { cardFlags, storedCard, type StoredCard } from "../../documents/card-flags.ts";
import { currentCardUser } from "./card-render.ts";

async function save(message: ChatMessage.Implementation, card: StoredCard, roll?: Roll): Promise<void> {
  if (!roll) {
    await message.update({ flags: cardFlags(card) });
    return;
  }
  await message.update({ flags: cardFlags(card), rolls: [...message.rolls, roll].map((r) => JSON.stringify(r)) });
}

/** R-RA-3 rolls an explosion chain from `threshold` and returns its faces (the Effect die's continuation). */
async function rollChain(threshold: number): Promise<{ roll: Roll; faces: number[] }> {
  const roll = await new Roll(explosionFormula(threshold)).evaluate();
  await showDice(roll);
  return { roll, faces: roll.dice.flatMap((d) => d.results.map((r) => r.result)) };
}

/** The actors of the tokens the user targets, else of the selected ones. */
function chosenActors(): Actor.Implementation[] {
  const targeted = [...(game.user?.targets ?? [])].map((t) => t.actor);
  const selected = (canvas?.tokens?.controlled ?? []).map((t) => t.actor);
  const actors = (targeted.length > 0 ? targeted : selected).filter((a): a is Actor.Implementation => a !== null);
  return [...new Map(actors.map((a) => [a.uuid, a])).values()];
}

/** A GM applies directly; an owner too when the world allows it; anyone else asks the GM. */
function appliesDirectly(actor: Actor.Implementation): boolean {
  if (game.user?.isGM) return true;
  const setting = game.settings?.get(SYSTEM_ID, SETTINGS.applyPermission) ?? "gm";
  return setting === "owners" && actor.isOwner;
}

function requireTargets<T>(targets: T[], what: "challenge" | "character"): T[] {
  if (targets.length > 0) return targets;
  const message = what === "challenge" ? "Target or select a Challenge's token first." : "Target or select a character's token first.";
  throw new RulesError("not-allowed", message, { reason: what === "challenge" ? "noChallenge" : "noCharacter" });
}

async function applyToChallenge(actor: Actor.Implementation, facet: number | null, effect: number): Promise<ChallengeEffectOutcome> {
  if (appliesDirectly(actor)) return applyEffectToChallenge(actor, facet, effect);
  const answer = await askGm(QUERIES.applyEffect, { actorUuid: actor.uuid, facet, effect });
  if (!answer.ok) throw new RulesError("not-allowed", answer.message);
  return answer.outcome as ChallengeEffectOutcome;
}

async function riskyAction(message: ChatMessage.Implementation, state: RiskyCardState, action: CardAction, el: HTMLElement): Promise<void> {
  const user = currentCardUser();
  const version = Number(el.closest<HTMLElement>("[data-version]")?.dataset.version ?? state.version);
  switch (action) {
    case "select-die": {
      const role = el.dataset.role;
      if (role !== "precision" && role !== "effect" && role !== "second") return;
      return save(message, { kind: "risky", state: selectDie(state, user, Number(el.dataset.index), role, version) });
    }
    case "confirm-effect":
    case "confirm-second": {
      const which = action === "confirm-effect" ? "effect" : "second";
      const need = effectChainNeeded(state, which);
      const chain = need ? await rollChain(need.threshold) : null;
      const faces = chain?.faces ?? [];
      const next = which === "effect" ? confirmEffect(state, user, faces, version) : confirmSecondHit(state, user, faces, version);
      return save(message, { kind: "risky", state: next }, chain?.roll);
    }
    case "allow-effect":
      return save(message, { kind: "risky", state: allowEffect(state, user, !state.gmAllowsEffect, version) });
    case "undo-ego": {
      const next = undoEgo(state, user, version);
      const actor: unknown = await fromUuid(state.actorUuid as `Actor.${string}`);
      if (!(actor instanceof TerranActor) || (await actor.restoreEgo(state.ego.cost)) === null) return;
      return save(message, { kind: "risky", state: next });
    }
    case "apply-effect":
    case "apply-second": {
      const hit = action === "apply-effect" ? "effect" : "second";
      const result = riskyCardResult(state);
      const effect = hit === "effect" ? (result.effect?.value ?? 0) : (result.second?.value ?? 0);
      // One Effect wears down one Disposition: exactly one Challenge is the target.
      const challenges = requireTargets(chosenActors().filter((a) => a.system instanceof ChallengeData), "challenge");
      const actor = challenges[0];
      const system = actor?.system;
      if (!actor || !(system instanceof ChallengeData)) return;
      if (challenges.length > 1) throw new RulesError("not-allowed", "Target a single Challenge: one Effect applies to one Disposition.", { reason: "oneChallenge" });
      const options = [{ value: "main", label: actor.name }, ...system.facets.map((f, i) => ({ value: String(i), label: f.name }))];
      const picked = options.length > 1 ? await chooseOne("TERRAN.Card.chooseFacetTitle", "TERRAN.Card.chooseFacet", options) : "main";
      if (picked === null) return;
      const facet = picked === "main" ? null : Number(picked);
      const outcome = await applyToChallenge(actor, facet, effect);
      const facetName = facet === null ? actor.name : (system.facets[facet]?.name ?? actor.name);
      const next = recordApplied(state, user, { hit, targetName: actor.name, facet: facetName, effect, before: outcome.before, after: outcome.after, userId: user.id });
      return save(message, { kind: "risky", state: next });
    }
    default:
      return;
  }
}

async function harmOne(actor: TerranActor, effect: number): Promise<HarmOutcome | null> {
  const derived = actor.system instanceof CharacterData ? actor.system.derived : null;
  // R-HARM-2 a carried shield may be sacrificed to ignore the Effect completely.
  const sacrificeShield = derived?.armour.shield ? await confirm("TERRAN.Card.shieldTitle", "TERRAN.Card.shieldPrompt") : false;
  if (appliesDirectly(actor)) return actor.applyHarm(effect, { sacrificeShield });
  const answer = await askGm(QUERIES.applyHarm, { actorUuid: actor.uuid, effect, sacrificeShield, woundTrack: null });
  if (!answer.ok) throw new RulesError("not-allowed", answer.message);
  return answer.outcome as HarmOutcome | null;
}

async function challengeAction(message: ChatMessage.Implementation, state: ChallengeCardState, action: CardAction, el: HTMLElement): Promise<void> {
  if (action !== "apply-harm") return;
  const user = currentCardUser();
  const version = Number(el.closest<HTMLElement>("[data-version]")?.dataset.version ?? state.version);
  const effect = challengeCardResult(state).effect.value;
  const characters = chosenActors().filter((a): a is TerranActor => a instanceof TerranActor && a.system instanceof CharacterData);
  let next = state;
  for (const actor of requireTargets(characters, "character")) {
    // Each character takes a Challenge's Effect once.
    if (harmRecorded(next, { name: actor.name, uuid: actor.uuid })) continue;
    const gritBefore = actor.characterState().source.grit.value;
    const outcome = await harmOne(actor, effect);
    if (!outcome) continue;
    next = recordHarm(
      next,
      user,
      {
        targetName: actor.name,
        targetUuid: actor.uuid,
        effect,
        armour: outcome.assessment.armour,
        damage: outcome.assessment.damage,
        shieldSacrificed: outcome.shieldDestroyed,
        gritBefore,
        gritAfter: outcome.grit,
        wound: outcome.wound,
        mortallyWounded: outcome.mortallyWounded,
        dead: outcome.dead,
        userId: user.id,
      },
      next === state ? version : next.version,
    );
  }
  await save(message, { kind: "challenge", state: next });
}

/** The click handler of a card message: dispatches `[data-action]` to the card's controller. */
export async function onCardClick(message: ChatMessage.Implementation, event: MouseEvent): Promise<void> {
  const el = event.target instanceof Element ? event.target.closest<HTMLElement>("[data-action]") : null;
  const action = el?.dataset.action;
  if (!el || !action || !isCardAction(action) || el.hasAttribute("disabled")) return;
  event.preventDefault();
  const card = storedCard(message);
  if (!card) return;
  await attempt(async () => {
    if (card.kind === "risky") await riskyAction(message, card.state, action, el);
    else if (card.kind === "challenge") await challengeAction(message, card.state, action, el);
  });
}
