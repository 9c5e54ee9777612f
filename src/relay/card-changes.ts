/**
 * The changes a card makes to another document (R-RA-7 / R-CH-5 an Effect on a Challenge, R-CH-4 harm),
 * each one step run where the rights are: the clicker's client, else the active GM's. Each step checks
 * the stored card, takes the amount from it, writes the card first and puts it back if the target refuses.
 */
import {
  assertLegacyEffectState,
  assertLegacyMontageState,
  assertMayAskToApply,
  challengeCardResult,
  harmChoiceMade,
  harmRecorded,
  legacyEffectRolledAs,
  legacyEffectValue,
  montageSucceeded,
  recordApplied,
  recordLegacyApplied,
  recordMontageApplied,
  recordSharePaid,
  riskyCardResult,
  unpaidShare,
  withoutAction,
  type AppliedEntry,
  type CardUser,
  type ChallengeCardState,
  type LegacyEffectState,
  type LegacyMontageState,
} from "../chat/index.ts";
import type { AppliedHit, ApplyEffectRequest, ApplyHarmRequest, PayShareRequest } from "./queries.ts";
import { ChallengeData } from "../data/actor/challenge.ts";
import { CharacterData } from "../data/actor/character.ts";
import { RulesError, type EffectOrder, type EgoSpend } from "../rules/index.ts";
import { currentApplyPermission, currentChallengeArmourRule, currentRuleset } from "../settings/settings.ts";
import { SYSTEM_ID } from "../system-id.ts";
import { TerranActor } from "../documents/actor.ts";
import { cardFlags, type StoredCard } from "../documents/chat-message.ts";
import { trustedCard } from "../documents/provenance.ts";
import { assertWorldChoice, healthModel, type HarmFromCardOutcome } from "../documents/health/index.ts";
import {
  applyEffectToChallengeOperation,
  type ChallengeEffectOutcome,
  type OperationResult,
} from "../documents/operations/index.ts";
import { payEgoShareOperation } from "../documents/operations/ego.ts";

/** The clicking user, or the query's. */
export interface Asker extends CardUser {
  /** To test document permissions with. */
  readonly user: User.Implementation;
}

/** For the asker's notification. */
export interface AppliedSummary<T> {
  readonly outcome: T;
  /** False with no GM online to note it on the card: the target remembers it instead. */
  readonly recorded: boolean;
  /** A next request on the same card starts from it. */
  readonly version: number;
}

// One step at a time on this client

let queue: Promise<unknown> = Promise.resolve();

/** Whatever became of the steps before. */
function oneAtATime<T>(step: () => Promise<T>): Promise<T> {
  const run = queue.then(step, step);
  queue = run.catch(() => undefined);
  return run;
}

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

/** This client's user (who runs the step, not who asked): the message's author or a GM. */
function mayRecord(message: ChatMessage.Implementation): boolean {
  const user = game.user;
  if (!user) return false;
  return user.isGM || message.author?.id === user.id;
}

function assertMayAsk(asker: Asker, rollerId: string, target: TerranActor, cardKind: "risky" | "challenge"): void {
  const owned = target.testUserPermission(asker.user, "OWNER");
  assertMayAskToApply({
    user: asker,
    rollerId,
    gmOnline: true,
    targetOwnedByUser: owned,
    applySetting: currentApplyPermission(),
    cardKind,
  });
}

function assertVersion(version: number, expected: number): void {
  if (version !== expected) throw new RulesError("stale", "The card changed before this request arrived.");
}

/** A target remembers a card it took under this key when no GM could record it there. */
function memoryKey(messageId: string, hit: string): string {
  return `${messageId}-${hit}`;
}

function remembers(target: TerranActor, messageId: string, hit: string): boolean {
  return target.getFlag(SYSTEM_ID, "appliedCards")?.[memoryKey(messageId, hit)] === true;
}

function remember(message: ChatMessage.Implementation, hit: string): Record<string, boolean> {
  return { [`flags.${SYSTEM_ID}.appliedCards.${memoryKey(message.id ?? "", hit)}`]: true };
}

function alreadyApplied(name: string): RulesError {
  return new RulesError("not-allowed", `This Effect has already been applied to ${name}.`, {
    reason: "alreadyApplied",
  });
}

/**
 * Where this client may write the card, `next` is claimed first and put back on failure; else the target
 * remembers the card in the harm's update. `rolls` (R-LEG-6) join the card's rolls in the claim, which Dice So
 * Nice animates (as dice/dsn.ts); with no GM they are not shown in 3D.
 */
async function harmOnce<T>(
  message: ChatMessage.Implementation,
  stored: StoredCard,
  state: ChallengeCardState,
  next: ChallengeCardState,
  target: TerranActor,
  result: OperationResult<T>,
  rolls: readonly Roll[] = [],
): Promise<AppliedSummary<T>> {
  const recorded = mayRecord(message);
  const memory = recorded ? {} : remember(message, "harm");
  const change = () => target.commitOperation({ ...result, update: { ...result.update, ...memory } });
  if (!recorded) return { outcome: await change(), recorded, version: state.version };
  const added = rolls.length > 0 ? { rolls: [...message.rolls, ...rolls].map((r) => JSON.stringify(r)) } : {};
  return {
    outcome: await claimThen(message, cardFlags(stored), cardFlags({ kind: "challenge", state: next }), change, added),
    recorded,
    version: next.version,
  };
}

/** `extra`: e.g. rolls it adds; the card (rolls too) is put back if `change` fails. */
async function claimThen<T>(
  message: ChatMessage.Implementation,
  before: object,
  after: object,
  change: () => Promise<T>,
  extra: { readonly rolls?: string[] } = {},
): Promise<T> {
  const rollsBefore = extra.rolls ? { rolls: message.rolls.map((r) => JSON.stringify(r)) } : {};
  await message.update({ flags: after, ...extra });
  try {
    return await change();
  } catch (error) {
    await message.update({ flags: before, ...rollsBefore });
    throw error;
  }
}

// The cards an Effect is applied from

/**
 * A card a player's Effect is applied from (R-RA-7), read from the stored card: a Risky card, a Legacy Effect
 * card whose Risky card names it back (R-LEG-11), or a montage's (R-LEG-14).
 */
interface EffectSource {
  readonly rollerId: string;
  readonly version: number;
  /** As the card records it. */
  readonly applied: (hit: AppliedHit) => boolean;
  /** A refusal when none lands. */
  readonly effect: (hit: AppliedHit, disposition: number) => number;
  /** Its uuid, or null: the one the user targets. */
  readonly target: string | null;
  /** R-RA-9 */
  readonly order: EffectOrder;
  /** Recorded by the card's own checks; with its version then. */
  readonly record: (asker: CardUser, entry: AppliedEntry) => { readonly card: StoredCard; readonly version: number };
}

function noEffect(): RulesError {
  return new RulesError("not-allowed", "None of this Effect lands.", { reason: "noEffect" });
}

/** R-LEG-11 */
function assertLinkedAction(state: LegacyEffectState, messageId: string): void {
  if (state.action === null) throw withoutAction();
  const action = game.messages?.get(state.action.messageId);
  const risky = action ? trustedCard(action) : null;
  const linked =
    risky?.kind === "legacyRisky" &&
    risky.state.actorUuid === state.actorUuid &&
    legacyEffectRolledAs(risky.state, state.action.hit, messageId);
  if (!linked)
    throw new RulesError("not-allowed", "This Effect's Risky Action is missing or did not succeed.", {
      reason: "notLinked",
    });
}

/**
 * R-LEG-14 (ruling) the whole Disposition of the Challenge it names, once; the GM's order (R-RA-9 does not
 * arise).
 */
function montageSource(state: LegacyMontageState): EffectSource {
  return {
    rollerId: state.rollerId,
    version: state.version,
    applied: () => state.applied.length > 0,
    effect: (hit, disposition) => {
      if (hit !== "effect" || !montageSucceeded(state)) throw noEffect();
      return disposition;
    },
    order: "gm",
    target: state.challengeUuid,
    record: (asker, entry) => {
      const next = recordMontageApplied(state, asker, entry, state.version);
      return { card: { kind: "legacyMontage", state: next }, version: next.version };
    },
  };
}

/** Refused for any other kind. */
function effectSource(stored: StoredCard | null, messageId: string): EffectSource {
  if (stored?.kind === "risky") {
    const state = stored.state;
    const result = riskyCardResult(state);
    return {
      rollerId: state.rollerId,
      version: state.version,
      applied: (hit) => state.applied.some((a) => a.hit === hit),
      effect: (hit) => {
        const value = (hit === "effect" ? result.effect : result.second)?.value;
        if (value === undefined) throw noEffect();
        return value;
      },
      order: result.order,
      target: null,
      record: (asker, entry) => {
        const next = recordApplied(state, asker, entry, state.version);
        return { card: { kind: "risky", state: next }, version: next.version };
      },
    };
  }
  if (stored?.kind === "legacyEffect") {
    const state = assertLegacyEffectState(stored.state);
    assertLinkedAction(state, messageId);
    return {
      rollerId: state.rollerId,
      version: state.version,
      applied: () => state.applied.length > 0,
      effect: (hit) => {
        if (hit !== "effect") throw noEffect();
        return legacyEffectValue(state);
      },
      order: state.order,
      target: null,
      record: (asker, entry) => {
        const next = recordLegacyApplied(state, asker, entry, state.version);
        return { card: { kind: "legacyEffect", state: next }, version: next.version };
      },
    };
  }
  if (stored?.kind === "legacyMontage") return montageSource(assertLegacyMontageState(stored.state));
  throw new RulesError("not-allowed", "That message holds no card with an Effect to apply.", { reason: "badRequest" });
}

// The two steps

/**
 * R-RA-7 / R-CH-5 (`effectSource`); R-RA-9 an Effect applied first that overcomes the Challenge is remembered
 * in the same update (`overcomeFirst`).
 */
export function applyEffectFromCard(
  request: ApplyEffectRequest,
  asker: Asker,
): Promise<AppliedSummary<ChallengeEffectOutcome>> {
  return oneAtATime(async () => {
    const message = cardMessage(request.messageId);
    const stored = trustedCard(message);
    const source = effectSource(stored, message.id ?? "");
    const target = await actorFrom(request.targetUuid);
    const system = target.system;
    if (!(system instanceof ChallengeData))
      throw new RulesError("not-allowed", `${target.name} is not a Challenge.`, { reason: "noChallenge" });
    assertMayAsk(asker, source.rollerId, target, "risky");
    assertVersion(request.version, source.version);
    if (source.applied(request.hit) || remembers(target, message.id ?? "", request.hit))
      throw alreadyApplied(target.name);
    if (source.target !== null && (source.target !== target.uuid || request.facet !== null))
      throw new RulesError("not-allowed", "This card lowers only its own Challenge.", { reason: "badRequest" });
    const facet = request.facet === null ? null : system.facets[request.facet];
    const effect = source.effect(request.hit, (facet ?? system).disposition.value);
    const { update, outcome } = applyEffectToChallengeOperation(
      system.toObject(),
      request.facet,
      effect,
      currentChallengeArmourRule(),
    );
    const facetName = request.facet === null ? target.name : (system.facets[request.facet]?.name ?? target.name);
    const entry = {
      hit: request.hit,
      targetName: target.name,
      facet: facetName,
      effect,
      armour: outcome.armour,
      before: outcome.before,
      after: outcome.after,
      userId: asker.id,
      target: { uuid: target.uuid, facet: request.facet },
    };
    const next = source.record(asker, entry);
    const recorded = mayRecord(message);
    const order = outcome.overcome ? overcomeMemory(message, request.hit, source.order) : {};
    const change = async () => {
      const memory = recorded ? {} : remember(message, request.hit);
      const all = { ...update, ...memory, ...order };
      if (Object.keys(all).length > 0) await target.update(all);
      return outcome;
    };
    if (!recorded) return { outcome: await change(), recorded, version: source.version };
    return {
      outcome: await claimThen(message, cardFlags(stored), cardFlags(next.card), change),
      recorded,
      version: next.version,
    };
  });
}

/** R-RA-9 */
const OVERCOME_FIRST = "overcomeFirst";

/** R-RA-9 applied first (Fast, Nimble) it remembers, otherwise (Slow, the GM's order) it forgets. */
function overcomeMemory(message: ChatMessage.Implementation, hit: string, order: EffectOrder): Record<string, unknown> {
  const key = `flags.${SYSTEM_ID}.${OVERCOME_FIRST}`;
  return { [key]: order === "player-first" ? { messageId: message.id ?? "", hit } : null };
}

/** R-RA-9 (ruling, §8) at 0 and overcome by an Effect applied first. */
export function overcomeFirst(challenge: Actor.Implementation | null): boolean {
  const system = challenge?.system;
  if (!(system instanceof ChallengeData)) return false;
  const memory: unknown = challenge?.getFlag(SYSTEM_ID, OVERCOME_FIRST);
  if (typeof memory !== "object" || memory === null) return false;
  return system.disposition.value === 0 || system.facets.some((f) => f.disposition.value === 0);
}

async function assertNotOvercomeFirst(challengeUuid: string): Promise<void> {
  const known = challengeUuid.startsWith("Actor.") || challengeUuid.startsWith("Scene.");
  const challenge: unknown = known ? await fromUuid(challengeUuid as `Actor.${string}`) : null;
  if (challenge instanceof TerranActor && overcomeFirst(challenge))
    throw new RulesError("not-allowed", "The Challenge was overcome by an Effect applied first: it deals no Effect.", {
      reason: "overcomeFirst",
    });
}

/**
 * R-CH-4 a choice for the world's health model, the shared checks, then that model (../documents/health/) makes
 * the harm and its record.
 */
export function applyHarmFromCard(
  request: ApplyHarmRequest,
  asker: Asker,
): Promise<AppliedSummary<HarmFromCardOutcome>> {
  return oneAtATime(async () => {
    const ruleset = currentRuleset();
    assertWorldChoice(ruleset, request.choice);
    const message = cardMessage(request.messageId);
    const stored = trustedCard(message);
    if (stored.kind !== "challenge")
      throw new RulesError("not-allowed", "That message holds no Challenge card.", { reason: "badRequest" });
    const state = stored.state;
    const target = await actorFrom(request.targetUuid);
    if (!(target.system instanceof CharacterData))
      throw new RulesError("not-allowed", `${target.name} is not a character.`, { reason: "noCharacter" });
    assertMayAsk(asker, state.rollerId, target, "challenge");
    const ownerChooses = assertOwnersChoices(request, asker, target);
    assertVersion(request.version, state.version);
    if (harmRecorded(state, { name: target.name, uuid: target.uuid }) || remembers(target, message.id ?? "", "harm"))
      throw alreadyApplied(target.name);
    await assertNotOvercomeFirst(state.challengeUuid);
    const effect = challengeCardResult(state).effect.value;
    const commit = <T>(next: ChallengeCardState, result: OperationResult<T>, rolls?: readonly Roll[]) =>
      harmOnce(message, stored, state, next, target, result, rolls);
    return ownerChooses(() =>
      healthModel(ruleset).applyFromCard({ request, asker, state, target, ruleset, effect, commit }),
    );
  });
}

/**
 * R-HARM-2 / R-HARM-3 / R-LEG-5 / R-LEG-6 the owner's or a GM's choices: anyone else sends none, and a harm
 * that needs one is refused as the owner's.
 */
function assertOwnersChoices(
  request: ApplyHarmRequest,
  asker: Asker,
  target: TerranActor,
): <T>(step: () => Promise<T>) => Promise<T> {
  if (asker.isGM || target.testUserPermission(asker.user, "OWNER")) return (step) => step();
  if (harmChoiceMade(request.choice)) throw ownersChoice(target.name);
  return async (step) => {
    try {
      return await step();
    } catch (error) {
      if (error instanceof RulesError && error.code === "choice-required") throw ownersChoice(target.name);
      throw error;
    }
  };
}

function ownersChoice(name: string): RulesError {
  return new RulesError("not-allowed", `Only ${name}'s owner or a GM chooses how this harm is taken.`, {
    reason: "ownerChooses",
  });
}

/**
 * R-LEG-14 (ruling) the card's share and amount; only the roller or a GM asks; put back if the update fails.
 */
export function payShareFromCard(request: PayShareRequest, asker: Asker): Promise<AppliedSummary<EgoSpend>> {
  return oneAtATime(async () => {
    const message = cardMessage(request.messageId);
    const stored = trustedCard(message);
    if (stored.kind !== "legacyMontage")
      throw new RulesError("not-allowed", "That message holds no montage card.", { reason: "badRequest" });
    const state = stored.state;
    assertVersion(request.version, state.version);
    const share = unpaidShare(state, request.companionUuid);
    const companion = await actorFrom(share.actorUuid);
    if (!(companion.system instanceof CharacterData))
      throw new RulesError("not-allowed", `${companion.name} is not a character.`, { reason: "noCharacter" });
    const owner = companion.testUserPermission(asker.user, "OWNER");
    const next = recordSharePaid(state, { ...asker, ownsCompanion: owner }, share.actorUuid, state.version);
    const op = payEgoShareOperation(companion.characterState(), share.pays);
    if (!mayRecord(message))
      throw new RulesError("not-allowed", "No GM is online to take this share for you.", { reason: "noGm" });
    const change = () => companion.commitOperation(op);
    const flags = cardFlags({ kind: "legacyMontage", state: next });
    return {
      outcome: await claimThen(message, cardFlags(stored), flags, change),
      recorded: true,
      version: next.version,
    };
  });
}
