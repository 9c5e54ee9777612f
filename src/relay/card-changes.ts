/**
 * The changes a card makes to another document — R-RA-7 / R-CH-5 an Effect on a Challenge, R-CH-4 a
 * Challenge's Effect as harm on a character (the world's health model makes it: ./health/) — each as
 * ONE step, run where the rights are:
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
  assertLegacyEffectState,
  assertLegacyMontageState,
  assertMayAskToApply,
  challengeCardResult,
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
import { healthModel, type HarmFromCardOutcome } from "../documents/health/index.ts";
import {
  applyEffectToChallengeOperation,
  type ChallengeEffectOutcome,
  type OperationResult,
} from "../documents/operations/index.ts";
import { payEgoShareOperation } from "../documents/operations/ego.ts";

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
  return new RulesError("not-allowed", `This Effect has already been applied to ${name}.`, {
    reason: "alreadyApplied",
  });
}

/**
 * A Challenge card's harm made once, on Grit or on HP: where this client may write the card, the card
 * (`next`: `state` with the harm recorded) is claimed first and put back if the change fails; else the target
 * remembers the card in the same update as the harm. Dice thrown in the step (`rolls`: R-LEG-6 Protected's)
 * join the card's rolls in the claiming update, which Dice So Nice's update hook animates once for those
 * who may see the card (as the explosion chain: src/dice/dsn.ts). With no GM to write the card they are
 * not shown in 3D: the record lives on the character then, and nothing posts a message.
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

/**
 * Claims the change on the card (with `extra`, e.g. rolls it adds), runs `change`, and puts the card back
 * (its rolls too) if `change` fails.
 */
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

// ---------------------------------------------------------------------------------------------
// The cards an Effect is applied from

/**
 * The cards whose Effect a player applies to a Challenge (R-RA-7), each read by the step below the same
 * way, from the card as stored (never from the request):
 * - a Risky Action card (one throw: its Effect or Whirlwind's second hit, confirmed on the card;
 *   R-RA-1 … R-RA-10);
 * - a Legacy Effect card (a separate roll, R-LEG-11): it applies only when it names a Risky card that
 *   succeeded and that names it back as the Effect of that hit (`legacyEffectRolledAs`);
 * - a Legacy montage's card (R-LEG-14), on the Challenge it names.
 * Each says who rolled, the card's version, whether a hit was applied, the Effect that lands, whose
 * Effect comes first (R-RA-9) and the card with an application recorded. The kinds are card kinds
 * (src/chat/card-kinds.ts), looked up here as the card registry looks them up.
 */
interface EffectSource {
  readonly rollerId: string;
  readonly version: number;
  /** Was `hit` applied already (as the card records it)? */
  readonly applied: (hit: AppliedHit) => boolean;
  /** The Effect `hit` lands with against a Disposition of `disposition`; a refusal when none does. */
  readonly effect: (hit: AppliedHit, disposition: number) => number;
  /** The one Challenge the card may lower (its uuid), or null: the one the user targets. */
  readonly target: string | null;
  /** R-RA-9 whose Effect comes first. */
  readonly order: EffectOrder;
  /** The card with `entry` recorded (the card's own checks), and its version then. */
  readonly record: (asker: CardUser, entry: AppliedEntry) => { readonly card: StoredCard; readonly version: number };
}

function noEffect(): RulesError {
  return new RulesError("not-allowed", "None of this Effect lands.", { reason: "noEffect" });
}

/** R-LEG-11 the Risky card a Legacy Effect names exists, succeeded, and names this Effect card for that hit. */
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
 * R-LEG-14 (ruling) a montage that succeeded overcomes its own Challenge: the Effect is the whole
 * Disposition it has, on the Challenge the card names (never another), once. Its order is the GM's: a
 * montage is the whole Challenge, not an exchange (R-RA-9 does not arise).
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

/** The Effect source a message's card is, checked; a card of no such kind is refused. */
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

// ---------------------------------------------------------------------------------------------
// The two steps

/**
 * R-RA-7 / R-CH-5 the card's Effect (or second hit) on a Challenge's Disposition or one facet: a Risky
 * Action card's, or a Legacy Effect card's tied to its successful Risky Action (`effectSource`).
 * R-RA-9 when that Effect comes first and overcomes the Challenge, the Challenge remembers it in the same
 * update (`overcomeFirst`): it then deals no Effect (`assertNotOvercomeFirst`).
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

/** The flag by which a Challenge remembers that an Effect applied first overcame it (R-RA-9). */
const OVERCOME_FIRST = "overcomeFirst";

/**
 * R-RA-9 the update by which an overcome Challenge remembers how: by an Effect applied first (Fast,
 * Nimble), which leaves it no Effect, or otherwise (Slow, or the GM's order), which clears the memory.
 */
function overcomeMemory(message: ChatMessage.Implementation, hit: string, order: EffectOrder): Record<string, unknown> {
  const key = `flags.${SYSTEM_ID}.${OVERCOME_FIRST}`;
  return { [key]: order === "player-first" ? { messageId: message.id ?? "", hit } : null };
}

/**
 * R-RA-9 (ruling, docs/RULES.md §8) a Challenge overcome by a player's Effect applied first deals no
 * Effect: it is at 0 (its Disposition or a facet's) and remembers that such an Effect put it there.
 */
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
 * R-CH-4 the card's Effect as harm on one character, with the choices its owner made: the checks every
 * health model shares here, then the world's model (./health/: Grit R-HARM-1…5, or hit points
 * R-LEG-4 … R-LEG-6) makes the harm and its record.
 */
export function applyHarmFromCard(
  request: ApplyHarmRequest,
  asker: Asker,
): Promise<AppliedSummary<HarmFromCardOutcome>> {
  return oneAtATime(async () => {
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
    const ruleset = currentRuleset();
    const effect = challengeCardResult(state).effect.value;
    const commit = <T>(next: ChallengeCardState, result: OperationResult<T>, rolls?: readonly Roll[]) =>
      harmOnce(message, stored, state, next, target, result, rolls);
    return ownerChooses(() =>
      healthModel(ruleset).applyFromCard({ request, asker, state, target, ruleset, effect, commit }),
    );
  });
}

/**
 * R-HARM-2 R-HARM-3 R-LEG-5 R-LEG-6 how a character takes harm (its shield, its wound track, the attribute it
 * loses, Protected's dice) is its owner's choice or a GM's: anyone else sends none, and a harm that needs one
 * is refused as the owner's to apply. Returns the step, run with that reading of its refusals.
 */
function assertOwnersChoices(
  request: ApplyHarmRequest,
  asker: Asker,
  target: TerranActor,
): <T>(step: () => Promise<T>) => Promise<T> {
  if (asker.isGM || target.testUserPermission(asker.user, "OWNER")) return (step) => step();
  const chose =
    request.sacrificeShield ||
    request.woundTrack !== null ||
    (request.lostAttribute ?? null) !== null ||
    (request.protectedDice ?? 0) > 0;
  if (chose) throw ownersChoice(target.name);
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
 * R-LEG-14 (ruling) a companion's share of a montage's Ego, taken once from their own Ego: the share and
 * its amount are the card's (never the request's); only the roller or a GM asks; the card notes it first
 * and is put back if the companion's update fails (their Ego below the share: refused, nothing taken).
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
