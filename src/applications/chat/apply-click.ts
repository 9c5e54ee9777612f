/**
 * Apply, the clicker's side (R-RA-7 an Effect on a Challenge, R-CH-4 a Challenge's Effect as harm): find the
 * target, ask this user's own questions (which facet; for harm, the world's health model asks its own), then
 * run the step here when this user may change both the target and the card, or ask the active GM
 * (src/relay/card-changes.ts does the step, src/relay/queries.ts carries it).
 */
import {
  assertMayAskToApply,
  harmRecorded,
  mayChangeTarget,
  type ChallengeCardState,
  type PermissionInput,
} from "../../chat/index.ts";
import { storedCard } from "../../documents/chat-message.ts";
import { attempt, chooseOne, say } from "../../prompts/notify.ts";
import { TerranActor } from "../../documents/actor.ts";
import {
  askGm,
  gmOnline,
  QUERIES,
  type AppliedHit,
  type ApplyEffectRequest,
  type ApplyHarmRequest,
} from "../../relay/queries.ts";
import { applyEffectFromCard, applyHarmFromCard, type AppliedSummary, type Asker } from "../../relay/card-changes.ts";
import { RulesError } from "../../rules/index.ts";
import { currentApplyPermission, currentRuleset } from "../../settings/settings.ts";
import { ChallengeData } from "../../data/actor/challenge.ts";
import { CharacterData } from "../../data/actor/character.ts";
import { healthQuestions } from "../health/index.ts";

/** The actors of the tokens the user targets, else of the selected ones. */
function chosenActors(): Actor.Implementation[] {
  const targeted = [...(game.user?.targets ?? [])].map((t) => t.actor);
  const selected = (canvas?.tokens?.controlled ?? []).map((t) => t.actor);
  const actors = (targeted.length > 0 ? targeted : selected).filter((a): a is Actor.Implementation => a !== null);
  return [...new Map(actors.map((a) => [a.uuid, a])).values()];
}

function requireTargets<T>(targets: T[], what: "challenge" | "character"): T[] {
  if (targets.length > 0) return targets;
  const message =
    what === "challenge"
      ? "Target or select a Challenge's token first."
      : "Target or select a character's token first.";
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
function runsHere(
  message: ChatMessage.Implementation,
  rollerId: string,
  target: Actor.Implementation,
  cardKind: "risky" | "challenge",
): boolean {
  const asker = currentAsker();
  const setting = currentApplyPermission();
  const input: PermissionInput = {
    user: asker,
    rollerId,
    gmOnline: gmOnline(),
    targetOwnedByUser: target.isOwner,
    applySetting: setting,
    cardKind,
  };
  assertMayAskToApply(input);
  const recordsHere = asker.isGM || message.author?.id === asker.id;
  if (mayChangeTarget(input) && (recordsHere || !input.gmOnline)) return true;
  if (input.gmOnline) return false;
  throw new RulesError("not-allowed", "No GM is online to apply this for you.", {
    reason: setting === "owners" ? "ownedOnly" : "noGm",
  });
}

/** With no GM online to note it on the card, the target remembers it: say so. */
function tell(summary: { recorded: boolean }, name: string): void {
  if (summary.recorded) return;
  say("info", game.i18n?.format("TERRAN.Card.appliedUnrecorded", { name }) ?? name);
}

/**
 * R-RA-7 / R-CH-5 one hit of the card on the one targeted Challenge (its Disposition or a facet): a
 * Risky Action card's, or a Legacy Effect card's (the step reads the card itself: `effectSource` in
 * src/relay/card-changes.ts).
 */
export async function applyEffectClick(
  message: ChatMessage.Implementation,
  rollerId: string,
  hit: AppliedHit,
  version: number,
): Promise<void> {
  const challenges = requireTargets(
    chosenActors().filter((a) => a.system instanceof ChallengeData),
    "challenge",
  );
  // One Effect wears down one Disposition: exactly one Challenge is the target.
  if (challenges.length > 1)
    throw new RulesError("not-allowed", "Target a single Challenge: one Effect applies to one Disposition.", {
      reason: "oneChallenge",
    });
  const actor = challenges[0];
  if (actor) await applyToChallenge(message, rollerId, actor, hit, version, true);
}

/** R-LEG-14 a montage's card on the Challenge it names (no target to choose, no facet: the whole Challenge). */
export async function applyMontageClick(
  message: ChatMessage.Implementation,
  rollerId: string,
  challengeUuid: string,
  version: number,
): Promise<void> {
  const known = challengeUuid.startsWith("Actor.") || challengeUuid.startsWith("Scene.");
  const found: unknown = known ? await fromUuid(challengeUuid as `Actor.${string}`) : null;
  const actor = found instanceof TerranActor ? (found as Actor.Implementation) : null;
  if (!actor) throw new RulesError("not-allowed", "The montage's Challenge is gone.", { reason: "noChallenge" });
  await applyToChallenge(message, rollerId, actor, "effect", version, false);
}

/** Asks which facet (when `facets`), then runs the step here or asks the active GM. */
async function applyToChallenge(
  message: ChatMessage.Implementation,
  rollerId: string,
  actor: Actor.Implementation,
  hit: AppliedHit,
  version: number,
  facets: boolean,
): Promise<void> {
  const system = actor.system;
  if (!(system instanceof ChallengeData)) return;
  const here = runsHere(message, rollerId, actor, "risky");
  const options = [
    { value: "main", label: actor.name },
    ...(facets ? system.facets.map((f, i) => ({ value: String(i), label: f.name })) : []),
  ];
  const picked =
    options.length > 1 ? await chooseOne("TERRAN.Card.chooseFacetTitle", "TERRAN.Card.chooseFacet", options) : "main";
  if (picked === null) return;
  const request: ApplyEffectRequest = {
    askerId: currentAsker().id,
    messageId: message.id ?? "",
    hit,
    targetUuid: actor.uuid,
    facet: picked === "main" ? null : Number(picked),
    version,
  };
  const summary: AppliedSummary<unknown> = here
    ? await applyEffectFromCard(request, currentAsker())
    : await askGm(QUERIES.applyEffect, request);
  tell(summary, actor.name);
}

/** R-CH-4 the card's Effect as harm on each targeted character, once each. */
export async function applyHarmClick(
  message: ChatMessage.Implementation,
  state: ChallengeCardState,
  effect: number,
  version: number,
): Promise<void> {
  const characters = chosenActors().filter(
    (a): a is TerranActor => a instanceof TerranActor && a.system instanceof CharacterData,
  );
  let current = version;
  for (const actor of requireTargets(characters, "character")) {
    // Each character on its own: a refusal for one is shown and the others still take the harm.
    await attempt(async () => {
      const latest = storedCard(message);
      const now = latest?.kind === "challenge" ? latest.state : state;
      if (harmRecorded(now, { name: actor.name, uuid: actor.uuid })) return;
      const here = runsHere(message, state.rollerId, actor, "challenge");
      // R-HARM-2 R-HARM-3 R-LEG-5 R-LEG-6 how a character takes harm is its owner's choice (or a GM's).
      const chooses = game.user?.isGM === true || actor.isOwner;
      const questions = healthQuestions(currentRuleset());
      const choice = chooses ? await questions.harmChoices(actor, effect) : questions.noChoice;
      if (!choice) return;
      const request: ApplyHarmRequest = {
        askerId: currentAsker().id,
        messageId: message.id ?? "",
        targetUuid: actor.uuid,
        version: Math.max(current, now.version),
        choice,
      };
      const summary: AppliedSummary<unknown> = here
        ? await applyHarmFromCard(request, currentAsker())
        : await askGm(QUERIES.applyHarm, request);
      current = summary.version;
      tell(summary, actor.name);
    });
  }
}
