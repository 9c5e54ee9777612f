/**
 * The clicker's side of Apply (R-RA-7 an Effect on a Challenge, R-CH-4 a Challenge's Effect as harm):
 * find the target, ask this user's own questions (which facet; sacrifice the shield; which wound
 * track — or, on hit points, how many of Protected's Dark Dice and which attribute a Mortal wound takes), then run the one-step change here when this user may change both the target and the card,
 * or send it to the active GM (src/documents/card-changes.ts does the step, queries.ts carries it).
 * A refusal from either side reaches this user as a localised warning; nothing changes.
 */
import { ChallengeData } from "../../data/actor/challenge.ts";
import { CharacterData } from "../../data/actor/character.ts";
import { TerranActor } from "../../documents/actor.ts";
import { applyEffectFromCard, applyHarmFromCard, type AppliedSummary, type Asker } from "../../relay/card-changes.ts";
import { storedCard } from "../../documents/card-flags.ts";
import { chooseOne, confirm } from "../../prompts/dialogs.ts";
import { attempt } from "../../prompts/notify.ts";
import { assessHarmOperation } from "../../documents/operations/index.ts";
import { askGm, gmOnline, QUERIES } from "../../relay/queries.ts";
import {
  harmRecorded,
  assertMayAskToApply,
  mayChangeTarget,
  type ApplyEffectRequest,
  type ApplyHarmRequest,
  type AppliedHit,
  type ChallengeCardState,
  type PermissionInput,
  type RiskyCardState,
} from "../../chat/index.ts";
import { RulesError, type WoundTrack } from "../../rules/index.ts";
import { currentApplyPermission, currentRuleset } from "../../settings/settings.ts";
import { assessLegacyHarm, legacyProtectedOffer } from "../../documents/operations/legacy.ts";
import { carriedShield } from "../../documents/operations/harm.ts";
import { askProtectedDice } from "../../prompts/protected-dice.ts";
import { askLostAttribute } from "../../documents/legacy-actions.ts";

/** The actors of the tokens the user targets, else of the selected ones. */
function chosenActors(): Actor.Implementation[] {
  const targeted = [...(game.user?.targets ?? [])].map((t) => t.actor);
  const selected = (canvas?.tokens?.controlled ?? []).map((t) => t.actor);
  const actors = (targeted.length > 0 ? targeted : selected).filter((a): a is Actor.Implementation => a !== null);
  return [...new Map(actors.map((a) => [a.uuid, a])).values()];
}

function requireTargets<T>(targets: T[], what: "challenge" | "character"): T[] {
  if (targets.length > 0) return targets;
  const message = what === "challenge" ? "Target or select a Challenge's token first." : "Target or select a character's token first.";
  throw new RulesError("not-allowed", message, { reason: what === "challenge" ? "noChallenge" : "noCharacter" });
}

function currentAsker(): Asker {
  const user = game.user;
  if (!user) throw new RulesError("not-allowed", "No user is logged in.");
  return { id: user.id ?? "", isGM: user.isGM, user };
}

/**
 * Where the step runs: here when this user may change the target and either note it on the card (its
 * author or a GM) or no GM is online to do it; else on the active GM's client (src/chat/permissions.ts).
 */
function runsHere(message: ChatMessage.Implementation, rollerId: string, target: Actor.Implementation, cardKind: "risky" | "challenge"): boolean {
  const asker = currentAsker();
  const setting = currentApplyPermission();
  const input: PermissionInput = { user: asker, rollerId, gmOnline: gmOnline(), targetOwnedByUser: target.isOwner, applySetting: setting, cardKind };
  assertMayAskToApply(input);
  const recordsHere = asker.isGM || message.author?.id === asker.id;
  if (mayChangeTarget(input) && (recordsHere || !input.gmOnline)) return true;
  if (input.gmOnline) return false;
  throw new RulesError("not-allowed", "No GM is online to apply this for you.", { reason: setting === "owners" ? "ownedOnly" : "noGm" });
}

/** With no GM online to note it on the card, the target remembers it: say so. */
function tell(summary: { recorded: boolean }, name: string): void {
  if (summary.recorded) return;
  const text = game.i18n?.format("TERRAN.Card.appliedUnrecorded", { name }) ?? name;
  ui.notifications?.info(text);
}

/** R-RA-7 / R-CH-5 one hit of the card on the one targeted Challenge (its Disposition or a facet). */
export async function applyEffectClick(message: ChatMessage.Implementation, state: RiskyCardState, hit: AppliedHit, version: number): Promise<void> {
  const challenges = requireTargets(chosenActors().filter((a) => a.system instanceof ChallengeData), "challenge");
  // One Effect wears down one Disposition: exactly one Challenge is the target.
  if (challenges.length > 1) throw new RulesError("not-allowed", "Target a single Challenge: one Effect applies to one Disposition.", { reason: "oneChallenge" });
  const actor = challenges[0];
  const system = actor?.system;
  if (!actor || !(system instanceof ChallengeData)) return;
  const here = runsHere(message, state.rollerId, actor, "risky");
  const options = [{ value: "main", label: actor.name }, ...system.facets.map((f, i) => ({ value: String(i), label: f.name }))];
  const picked = options.length > 1 ? await chooseOne("TERRAN.Card.chooseFacetTitle", "TERRAN.Card.chooseFacet", options) : "main";
  if (picked === null) return;
  const request: ApplyEffectRequest = { askerId: currentAsker().id, messageId: message.id ?? "", hit, targetUuid: actor.uuid, facet: picked === "main" ? null : Number(picked), version };
  const summary: AppliedSummary<unknown> = here ? await applyEffectFromCard(request, currentAsker()) : await askGm(QUERIES.applyEffect, request);
  tell(summary, actor.name);
}

/** R-HARM-2 / R-HARM-3 this user's choices for one character, asked on this screen; null if a dialog was closed. */
async function harmChoices(actor: TerranActor, effect: number): Promise<{ sacrificeShield: boolean; woundTrack: WoundTrack | null } | null> {
  const derived = actor.system instanceof CharacterData ? actor.system.derived : null;
  const sacrificeShield = derived?.armour.shield ? await confirm("TERRAN.Card.shieldTitle", "TERRAN.Card.shieldPrompt") : false;
  const assessment = assessHarmOperation(actor.characterState(), effect, { sacrificeShield });
  const open = assessment.marksWound ? assessment.woundOptions : [];
  if (open.length <= 1) return { sacrificeShield, woundTrack: open[0] ?? null };
  const picked = await chooseOne(
    "TERRAN.Harm.chooseWoundTitle",
    "TERRAN.Harm.chooseWound",
    open.map((t) => ({ value: t, label: `TERRAN.Wound.${t}` })),
  );
  const woundTrack = open.find((t) => t === picked);
  return woundTrack ? { sacrificeShield, woundTrack } : null;
}

/**
 * R-LEG-5 / R-LEG-6 this user's choices for one character on hit points, asked on this screen; null if a
 * dialog was closed. The shield; *Protected*'s Dark Dice when this user owns the character (the step
 * throws them); and, when the harm would be Mortal and more than one attribute can pay, which one — asked
 * before the dice are thrown, so as "should it be Mortal" when Protected's dice may yet stop it.
 */
async function hpHarmChoices(actor: TerranActor, effect: number): Promise<{ sacrificeShield: boolean; woundTrack: null; protectedDice: number; lostAttribute: string | null } | null> {
  const state = actor.characterState();
  const stopsSomething = assessLegacyHarm(state, effect, {}, currentRuleset()).damage > 0;
  const sacrificeShield = carriedShield(state.items) && stopsSomething ? await confirm("TERRAN.Card.shieldTitle", "TERRAN.Card.shieldPrompt") : false;
  const offer = legacyProtectedOffer(state, effect, { sacrificeShield }, currentRuleset());
  let protectedDice = 0;
  if (offer.open && actor.isOwner) {
    const count = await askProtectedDice({ name: actor.name, damage: offer.damage, ego: offer.ego });
    if (count === null) return null;
    protectedDice = count;
  }
  const assessed = assessLegacyHarm(state, effect, { sacrificeShield }, currentRuleset());
  if (!assessed.asksAttribute) return { sacrificeShield, woundTrack: null, protectedDice, lostAttribute: null };
  const lostAttribute = await askLostAttribute(assessed.choosable, protectedDice > 0);
  return lostAttribute ? { sacrificeShield, woundTrack: null, protectedDice, lostAttribute } : null;
}

/** R-CH-4 the card's Effect as harm on each targeted character, once each. */
export async function applyHarmClick(message: ChatMessage.Implementation, state: ChallengeCardState, effect: number, version: number): Promise<void> {
  const characters = chosenActors().filter((a): a is TerranActor => a instanceof TerranActor && a.system instanceof CharacterData);
  let current = version;
  for (const actor of requireTargets(characters, "character")) {
    // Each character on its own: a refusal for one is shown and the others still take the harm.
    await attempt(async () => {
      const latest = storedCard(message);
      const now = latest?.kind === "challenge" ? latest.state : state;
      if (harmRecorded(now, { name: actor.name, uuid: actor.uuid })) return;
      const here = runsHere(message, state.rollerId, actor, "challenge");
      const choices = currentRuleset().health.kind === "hp" ? await hpHarmChoices(actor, effect) : await harmChoices(actor, effect);
      if (!choices) return;
      const request: ApplyHarmRequest = { askerId: currentAsker().id, messageId: message.id ?? "", targetUuid: actor.uuid, ...choices, version: Math.max(current, now.version) };
      const summary: AppliedSummary<unknown> = here ? await applyHarmFromCard(request, currentAsker()) : await askGm(QUERIES.applyHarm, request);
      current = summary.version;
      tell(summary, actor.name);
    });
  }
}
