/**
 * The changes a card makes to another document — R-RA-7 / R-CH-5 an Effect on a Challenge, R-CH-4 /
 * R-HARM-1…5 a Challenge's Effect as harm on a character (R-LEG-4 … R-LEG-6 on hit points, when the
 * ruleset's health model is HP) — each as ONE step, run where the rights are:
 * on the clicker's own client when they may change both the target and the message, otherwise on the
 * active GM's (the queries of ./queries.ts). Nothing in a request is trusted; every step checks, against
 * the card as stored:
 * - the message exists and holds a card of the right kind, at the version the click was made on;
 * - the asker may ask (src/chat/permissions.ts `mayAskToApply`: a GM, the roller, or an owner of the
 *   target under the ruling written there);
 * - the hit has a confirmed Effect that lands and was not applied; the character was not harmed from
 *   this card (on the card, or — with no GM to record it — on the character itself);
 * - the amount is the card's own Effect, never the request's.
 * The card is written first, claiming the change at the version it was checked against, then the
 * target; if the target refuses, the card is written back. Steps on one client run one at a time, so
 * two clicks at once (or a click and a player's query on the GM's client) apply once. The step never
 * prompts: the clicker's client asks its questions (facet, shield, wound track) before the request.
 */
import {
  challengeCardResult,
  harmRecorded,
  assertMayAskToApply,
  recordApplied,
  recordHarm,
  recordHpHarm,
  riskyCardResult,
  type ApplyEffectRequest,
  type ApplyHarmRequest,
  type CardUser,
  type ChallengeCardState,
  type HpHarmEntry,
} from "../chat/index.ts";
import { ChallengeData } from "../data/actor/challenge.ts";
import { CharacterData } from "../data/actor/character.ts";
import { assertFaces, RulesError, type Ruleset } from "../rules/index.ts";
import { legacyOf, LEGACY_ATTRIBUTES } from "../data/legacy.ts";
import { currentApplyPermission, currentDarkDiceMax, currentRuleset } from "../settings/settings.ts";
import { SYSTEM_ID } from "../system-id.ts";
import { TerranActor } from "../documents/actor.ts";
import { cardFlags, storedCard, type StoredCard } from "../documents/card-flags.ts";
import { applyEffectToChallengeOperation, applyHarmOperation, type ChallengeEffectOutcome, type HarmOutcome, type OperationResult } from "../documents/operations/index.ts";
import { holdsProtected, legacyHarmOperation, legacyProtectedOffer, type LegacyHarmOutcome } from "../documents/operations/legacy.ts";
import { rollProtectedDice } from "../prompts/protected-dice.ts";

/** Who asks for a change: the clicking user, or the user a query came from. */
export interface Asker extends CardUser {
  /** The Foundry user, to test document permissions with. */
  readonly user: User.Implementation;
}

/** What a step did, for the asker's notification. */
export interface AppliedSummary<T> {
  readonly outcome: T;
  /** False when no GM was online to note it on the card: the target remembers it instead. */
  readonly recorded: boolean;
  /** The card's version after the step (a next request on the same card starts from it). */
  readonly version: number;
}

// ---------------------------------------------------------------------------------------------
// One step at a time on this client

let queue: Promise<unknown> = Promise.resolve();

/** Runs `step` after every step already queued on this client, whatever became of them. */
function oneAtATime<T>(step: () => Promise<T>): Promise<T> {
  const run = queue.then(step, step);
  queue = run.catch(() => undefined);
  return run;
}

// ---------------------------------------------------------------------------------------------
// Looking things up, trusting nothing

function cardMessage(messageId: string): ChatMessage.Implementation {
  const message = game.messages?.get(messageId);
  if (!message) throw new RulesError("unknown-id", `There is no chat message ${messageId}.`, { id: messageId });
  return message;
}

async function actorFrom(uuid: string): Promise<TerranActor> {
  const known = uuid.startsWith("Actor.") || uuid.startsWith("Scene.");
  const doc: unknown = known ? await fromUuid(uuid as `Actor.${string}`) : null;
  if (!(doc instanceof TerranActor)) throw new RulesError("unknown-id", `No actor ${uuid}.`, { id: uuid });
  return doc;
}

/** May this client's user (who runs the step, not who asked) update the message: its author or a GM? */
function mayRecord(message: ChatMessage.Implementation): boolean {
  const user = game.user;
  if (!user) return false;
  return user.isGM || message.author?.id === user.id;
}

function assertMayAsk(asker: Asker, rollerId: string, target: TerranActor, cardKind: "risky" | "challenge"): void {
  const owned = target.testUserPermission(asker.user, "OWNER");
  assertMayAskToApply({ user: asker, rollerId, gmOnline: true, targetOwnedByUser: owned, applySetting: currentApplyPermission(), cardKind });
}

function assertVersion(version: number, expected: number): void {
  if (version !== expected) throw new RulesError("stale", "The card changed before this request arrived.");
}

/** The flag key by which a target remembers a card it took, when no GM could record it there. */
function memoryKey(messageId: string, hit: string): string {
  return `${messageId}-${hit}`;
}

function remembers(target: TerranActor, messageId: string, hit: string): boolean {
  return target.getFlag(SYSTEM_ID, "appliedCards")?.[memoryKey(messageId, hit)] === true;
}

/** The update by which a target remembers `hit` of this card. */
function remember(message: ChatMessage.Implementation, hit: string): Record<string, boolean> {
  return { [`flags.${SYSTEM_ID}.appliedCards.${memoryKey(message.id ?? "", hit)}`]: true };
}

function alreadyApplied(name: string): RulesError {
  return new RulesError("not-allowed", `This Effect has already been applied to ${name}.`, { reason: "alreadyApplied" });
}

/**
 * A Challenge card's harm made once, on Grit or on HP: where this client may write the card, the card
 * (`next`: `state` with the harm recorded) is claimed first and put back if the change fails; else the target
 * remembers the card in the same update as the harm.
 */
async function harmOnce<T>(message: ChatMessage.Implementation, stored: StoredCard, state: ChallengeCardState, next: ChallengeCardState, target: TerranActor, result: OperationResult<T>): Promise<AppliedSummary<T>> {
  const recorded = mayRecord(message);
  const memory = recorded ? {} : remember(message, "harm");
  const change = () => target.commitOperation({ ...result, update: { ...result.update, ...memory } });
  if (!recorded) return { outcome: await change(), recorded, version: state.version };
  return { outcome: await claimThen(message, cardFlags(stored), cardFlags({ kind: "challenge", state: next }), change), recorded, version: next.version };
}

/** Claims the change on the card, runs `change`, and puts the card back if `change` fails. */
async function claimThen<T>(message: ChatMessage.Implementation, before: object, after: object, change: () => Promise<T>): Promise<T> {
  await message.update({ flags: after });
  try {
    return await change();
  } catch (error) {
    await message.update({ flags: before });
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// The two steps

/** R-RA-7 / R-CH-5 the card's Effect (or second hit) on a Challenge's Disposition or one facet. */
export function applyEffectFromCard(request: ApplyEffectRequest, asker: Asker): Promise<AppliedSummary<ChallengeEffectOutcome>> {
  return oneAtATime(async () => {
    const message = cardMessage(request.messageId);
    const stored = storedCard(message);
    if (stored?.kind !== "risky") throw new RulesError("not-allowed", "That message holds no Risky Action card.", { reason: "badRequest" });
    const state = stored.state;
    const target = await actorFrom(request.targetUuid);
    const system = target.system;
    if (!(system instanceof ChallengeData)) throw new RulesError("not-allowed", `${target.name} is not a Challenge.`, { reason: "noChallenge" });
    assertMayAsk(asker, state.rollerId, target, "risky");
    assertVersion(request.version, state.version);
    if (state.applied.some((a) => a.hit === request.hit) || remembers(target, message.id ?? "", request.hit)) throw alreadyApplied(target.name);
    const result = riskyCardResult(state);
    const effect = (request.hit === "effect" ? result.effect : result.second)?.value;
    if (effect === undefined) throw new RulesError("not-allowed", "None of this Effect lands.", { reason: "noEffect" });
    const { update, outcome } = applyEffectToChallengeOperation(system.toObject(), request.facet, effect);
    const facetName = request.facet === null ? target.name : (system.facets[request.facet]?.name ?? target.name);
    const entry = { hit: request.hit, targetName: target.name, facet: facetName, effect, armour: outcome.armour, before: outcome.before, after: outcome.after, userId: asker.id };
    const next = recordApplied(state, asker, entry, state.version);
    const recorded = mayRecord(message);
    const change = async () => {
      const memory = recorded ? {} : remember(message, request.hit);
      if (Object.keys(update).length > 0 || !recorded) await target.update({ ...update, ...memory });
      return outcome;
    };
    if (!recorded) return { outcome: await change(), recorded, version: state.version };
    const flags = cardFlags({ kind: "risky", state: next });
    return { outcome: await claimThen(message, cardFlags(stored), flags, change), recorded, version: next.version };
  });
}

/** R-CH-4 / R-HARM-1…5 the card's Effect as harm on one character, with the choices its owner made. */
export function applyHarmFromCard(request: ApplyHarmRequest, asker: Asker): Promise<AppliedSummary<HarmOutcome | LegacyHarmOutcome>> {
  return oneAtATime(async () => {
    const message = cardMessage(request.messageId);
    const stored = storedCard(message);
    if (stored?.kind !== "challenge") throw new RulesError("not-allowed", "That message holds no Challenge card.", { reason: "badRequest" });
    const state = stored.state;
    const target = await actorFrom(request.targetUuid);
    if (!(target.system instanceof CharacterData)) throw new RulesError("not-allowed", `${target.name} is not a character.`, { reason: "noCharacter" });
    assertMayAsk(asker, state.rollerId, target, "challenge");
    assertVersion(request.version, state.version);
    if (harmRecorded(state, { name: target.name, uuid: target.uuid }) || remembers(target, message.id ?? "", "harm")) throw alreadyApplied(target.name);
    const ruleset = currentRuleset();
    // The health model is the ruleset's data: hit points (R-LEG-4 … R-LEG-6) or Grit and wound tracks (R-HARM-*).
    if (ruleset.health.kind === "hp") return applyHpHarmStep({ request, asker, message, stored, state, target, ruleset });
    const effect = challengeCardResult(state).effect.value;
    const character = target.characterState();
    const choices = { sacrificeShield: request.sacrificeShield, ...(request.woundTrack ? { woundTrack: request.woundTrack } : {}) };
    const result = applyHarmOperation(character, effect, choices);
    const harm = result.outcome;
    const entry = {
      targetName: target.name,
      targetUuid: target.uuid,
      effect,
      armour: harm.assessment.armour,
      damage: harm.assessment.damage,
      shieldSacrificed: harm.shieldDestroyed,
      gritBefore: character.source.grit.value,
      gritAfter: harm.grit,
      wound: harm.wound,
      mortallyWounded: harm.mortallyWounded,
      dead: harm.dead,
      userId: asker.id,
    };
    return harmOnce(message, stored, state, recordHarm(state, asker, entry, state.version), target, result);
  });
}

// ---------------------------------------------------------------------------------------------
// The HP model (R-LEG-4 … R-LEG-6)

interface HpStep {
  readonly request: ApplyHarmRequest;
  readonly asker: Asker;
  readonly message: ChatMessage.Implementation;
  readonly stored: StoredCard & { readonly kind: "challenge" };
  readonly state: ChallengeCardState;
  readonly target: TerranActor;
  readonly ruleset: Ruleset;
}

/**
 * R-CH-4 with hit points: the card's Effect through armour (or the shield), *Protected*'s Dark Dice, HP,
 * Critical → Mortal → death, one step at most (legacyHarmOperation). The dice are thrown HERE, on the
 * client that runs the step (the asker's own when it may, else the GM's), never taken from the request:
 * the request says only how many. Only an owner of the character chooses them (ruling, docs/RULES.md §10
 * R-LEG-6): asked by anyone else they are refused; a character holding Protected harmed by a non-owner
 * gets none, and the card says so. Their Ego is spent in the same actor update as the harm.
 */
async function applyHpHarmStep({ request, asker, message, stored, state, target, ruleset }: HpStep): Promise<AppliedSummary<LegacyHarmOutcome>> {
  const effect = challengeCardResult(state).effect.value;
  const character = target.characterState();
  const owner = target.testUserPermission(asker.user, "OWNER");
  const holds = holdsProtected(character);
  const count = request.protectedDice ?? 0;
  if (count > 0) {
    if (!owner) throw new RulesError("not-allowed", `Only an owner of ${target.name} chooses Protected's dice.`, { reason: "protectedNotOwner" });
    if (!holds) throw new RulesError("not-allowed", `${target.name} does not hold Protected.`, { reason: "notProtected" });
    if (count > currentDarkDiceMax()) throw new RulesError("not-allowed", "The request to apply is malformed (protectedDice).", { reason: "badRequest", field: "protectedDice" });
  }
  const named = request.lostAttribute ?? null;
  const attribute = named === null ? undefined : LEGACY_ATTRIBUTES.find((a) => a === named);
  if (named !== null && attribute === undefined) throw new RulesError("not-allowed", "The request to apply is malformed (lostAttribute).", { reason: "badRequest", field: "lostAttribute" });
  // Checked before a die is thrown: the harm itself must be possible (a dead character, no shield…).
  legacyHarmOperation(character, ruleset, effect, { sacrificeShield: request.sacrificeShield, ...(attribute ? { attribute } : {}), protectedFaces: [] });
  const thrown = await rollProtectedDice(count);
  const result = legacyHarmOperation(character, ruleset, effect, { sacrificeShield: request.sacrificeShield, ...(attribute ? { attribute } : {}), protectedFaces: thrown.faces });
  const o = result.outcome;
  const ego = legacyOf(character.source).ego.value;
  const entry: HpHarmEntry = {
    targetName: target.name,
    targetUuid: target.uuid,
    rulesetId: ruleset.id,
    effect,
    armour: o.armour,
    shieldSacrificed: o.shieldItemId !== null,
    protectedFaces: assertFaces(thrown.faces, "A Protected die"),
    protectedBy: o.protected?.by ?? 0,
    protectedSkipped: !owner && legacyProtectedOffer(character, effect, { sacrificeShield: request.sacrificeShield }, ruleset).open,
    egoBefore: ego,
    egoAfter: o.protected?.ego.after ?? ego,
    damage: o.damage,
    hpBefore: o.hp.before,
    hpAfter: o.hp.after,
    wound: o.wound,
    attributeLost: o.attributeLost,
    dead: o.dead,
    userId: asker.id,
  };
  return harmOnce(message, stored, state, recordHpHarm(state, asker, entry, state.version), target, result);
}
