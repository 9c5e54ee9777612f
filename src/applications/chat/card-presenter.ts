/**
 * A chat card on this client: how it is drawn for the user looking at it, and what a click on it does.
 * The ChatMessage document must not import this layer, so at init it is handed the drawing and the
 * click (`registerCardPresenter`).
 *
 * - One entry per kind of card (`CARD_KINDS`), each declaring what Draw Steel's message parts declare
 *   (their TEMPLATE, ACTIONS and schema): the state check (stored flags are data anyone with the rights
 *   could have written, so a card is checked whole each time it is read to be drawn or clicked; a refusal
 *   is a RulesError, which the message shows as a short notice), the template, the view (the template's
 *   context for the current user) and one handler per `data-action` of the template. The kinds, their
 *   states and their actions are declared in src/chat/card-kinds.ts; the compiler asks for an entry per
 *   kind and a handler per action.
 * - A click: the clicked `data-action`, if it is one of the card's own kind, goes to that kind's
 *   handler, with the stored state as the kind's check reads it. A refusal is a localised warning and
 *   changes nothing; a card the user may not see cannot be clicked. A closed button (aria-disabled,
 *   still focusable) is not pressed: its reason is shown.
 * - Each handler runs one pure transition of the card (src/chat), which checks who may do it and that
 *   the card has not moved on since it was drawn (its version), then saves the new state in the
 *   message's flags. Dice the rules need after the roll (an explosion chain) are rolled with Foundry and
 *   added to the message's rolls: Dice So Nice's own update hook animates them once, for those who may
 *   see the message.
 * - Apply, the clicker's side (R-RA-7 an Effect on a Challenge, R-CH-4 a Challenge's Effect as harm):
 *   find the target and ask this user's own questions (which facet; for harm, the world's health model
 *   asks its own: src/applications/health/). Then run the one-step change here when this user may change
 *   both the target and the card, or send it to the active GM (src/relay/card-changes.ts does the step,
 *   src/relay/queries.ts carries it). A refusal from either side reaches this user as a localised
 *   warning; nothing changes.
 */
import {
  allowEffect,
  allowSuccess,
  assertMayAskToApply,
  cardPermission,
  challengeCardResult,
  challengeCardView,
  confirmEffect,
  confirmSecondHit,
  effectChainNeeded,
  harmRecorded,
  isActionOf,
  isCardAction,
  legacyEffectView,
  legacyMontageView,
  legacyRiskyView,
  mayChangeTarget,
  requestCardView,
  riskyCardView,
  selectDie,
  sessionCardView,
  teslaButton,
  teslaTaken,
  undoEgo,
  type CardAction,
  type CardActionOf,
  type CardKind,
  type CardStates,
  type CardUser,
  type ChallengeCardState,
  type PermissionInput,
  type RiskyCardState,
} from "../../chat/index.ts";
import {
  cardFlags,
  storedCard,
  TerranChatMessage,
  type StoredCard,
  type StoredCardOf,
} from "../../documents/chat-message.ts";
import { attempt, chooseOne, rulesErrorText, say } from "../../prompts/notify.ts";
import { actionElement, elementOf } from "../dom.ts";
import { beforeCardUpdate, cardShown } from "./card-a11y.ts";
import { TerranActor } from "../../documents/actor.ts";
import {
  askGm,
  gmOnline,
  QUERIES,
  type AppliedHit,
  type ApplyEffectRequest,
  type ApplyHarmRequest,
} from "../../relay/queries.ts";
import {
  applyEffectFromCard,
  applyHarmFromCard,
  overcomeFirst,
  type AppliedSummary,
  type Asker,
} from "../../relay/card-changes.ts";
import { requestAnswersFor, rowsOwned } from "../../table/roll-requests.ts";
import { undoSessionAward } from "../../table/session-award.ts";
import { explosionFormula } from "../../dice/terran-roll.ts";
import { RulesError } from "../../rules/index.ts";
import { currentApplyPermission, currentRuleset, SETTINGS } from "../../settings/settings.ts";
import { SYSTEM_ID } from "../../system-id.ts";
import { carryComplicationClick } from "./complication.ts";
import { rollForRequest, showAnswer } from "./request-actions.ts";
import { payMontageShare, rollEffectFromCard } from "../resolution/separate-cards.ts";
import { actorAt, trustedCard } from "../../documents/provenance.ts";
import { sayCardWord } from "../../documents/gm-words.ts";
import { ChallengeData } from "../../data/actor/challenge.ts";
import { CharacterData } from "../../data/actor/character.ts";
import { healthQuestions } from "../health/index.ts";

async function renderOf<K extends CardKind>(
  message: ChatMessage.Implementation,
  card: StoredCardOf<K>,
): Promise<string> {
  const entry = cardKindEntry(card.kind);
  return foundry.applications.handlebars.renderTemplate(entry.template, await entry.view(message, card.state));
}

/**
 * A card's template drawn for the current user, from the state in the message's flags as believed; a card its
 * author could not have made is drawn as it says, under a note saying why it cannot be acted on (./card-a11y.ts
 * closes its controls).
 */
export async function renderCard(message: ChatMessage.Implementation, card: StoredCard): Promise<string> {
  const trust = readTrust(message);
  if (trust.card) return renderOf(message, trust.card);
  return untrustedFrame(await renderOf(message, card), trust.why);
}

/** The message's card as believed, or why it is not. */
function readTrust(message: ChatMessage.Implementation): { card: StoredCard | null; why: string } {
  try {
    return { card: trustedCard(message), why: "" };
  } catch (error) {
    if (error instanceof RulesError && error.data.reason === "untrustedCard")
      return { card: null, why: rulesErrorText(error) };
    throw error;
  }
}

function untrustedFrame(html: string, why: string): string {
  const text = foundry.utils.escapeHTML(why);
  return `<div class="te-untrusted" data-untrusted="${text}"><p class="te-untrusted-note" role="note">${text}</p>${html}</div>`;
}

async function clickOf<K extends CardKind>(
  message: ChatMessage.Implementation,
  card: StoredCardOf<K>,
  action: CardAction,
  el: HTMLElement,
): Promise<void> {
  if (!isActionOf(card.kind, action)) return;
  const entry = cardKindEntry(card.kind);
  // The one provenance check (src/documents/provenance.ts): a card its author could not have made is not acted on.
  const believed = trustedCard(message) as StoredCardOf<K>;
  await entry.actions[action]({ message, state: believed.state, el });
}

/** The click handler of a card message: dispatches `[data-action]` to the handler of the card's kind. */
export async function onCardClick(message: ChatMessage.Implementation, event: MouseEvent): Promise<void> {
  if (!message.isContentVisible) return;
  const el = actionElement(event.target);
  const action = el?.dataset.action;
  if (!el || !action || !isCardAction(action) || el.hasAttribute("disabled")) return;
  event.preventDefault();
  // A closed button keeps the focus (aria-disabled, so its reason stays in reach of the keyboard); pressed,
  // it says why and does nothing.
  if (el.getAttribute("aria-disabled") === "true") {
    const reason = el.getAttribute("title") ?? el.closest<HTMLElement>("[data-tooltip]")?.dataset.tooltip ?? "";
    if (reason) ui.notifications?.warn(reason);
    return;
  }
  const card = storedCard(message);
  if (!card) return;
  // The update re-renders the message; the keyboard focus comes back to this control (./card-a11y.ts).
  const root = elementOf(event.currentTarget);
  if (root) beforeCardUpdate(message.id ?? "", root);
  await attempt(() => clickOf(message, card, action, el));
}

export function registerCardPresenter(): void {
  TerranChatMessage.presenter = {
    render: renderCard,
    onClick: onCardClick,
    shown: (message, html) => cardShown(message.id ?? "", html),
  };
}

// The card kinds' entries

/** A click on one of a card's `[data-action]` elements, with the card's state as its check returned it. */
export interface CardClick<K extends CardKind> {
  readonly message: ChatMessage.Implementation;
  readonly state: CardStates[K];
  /** The clicked element: its `data-index`, `data-role` or `data-message-id`, under the card root's `data-version`. */
  readonly el: HTMLElement;
}

/** A template's context. */
export type CardContext = Readonly<Record<string, unknown>>;

/** Everything about one kind of card that the Foundry side needs. */
export interface CardKindEntry<K extends CardKind> {
  /** The Handlebars template that draws the card (templates/chat/). */
  readonly template: string;
  /** The template's context for the current user, from a checked state. */
  readonly view: (message: ChatMessage.Implementation, state: CardStates[K]) => CardContext | Promise<CardContext>;
  /** What a click on each `data-action` of the template does. */
  readonly actions: Readonly<Record<CardActionOf<K>, (click: CardClick<K>) => Promise<void> | void>>;
}

export type CardKindRegistry = { readonly [K in CardKind]: CardKindEntry<K> };

const template = (name: string): string => `systems/${SYSTEM_ID}/templates/chat/${name}.hbs`;

function currentCardUser(): CardUser {
  return { id: game.user?.id ?? "", isGM: game.user?.isGM ?? false };
}

/** The viewer's permissions; the target is not known until a button is pressed (owning it: null). */
function viewer(rollerId: string, cardKind: "risky" | "challenge") {
  const user = currentCardUser();
  const online = gmOnline();
  const applySetting = currentApplyPermission();
  const permission = cardPermission({
    user,
    rollerId,
    gmOnline: online,
    targetOwnedByUser: null,
    applySetting,
    cardKind,
  });
  return { ...user, gmOnline: online, mayApply: permission.apply.allowed, mayApplyReason: permission.apply.reasonKey };
}

/**
 * The `expectedVersion` of a click: the version the card was drawn at (its root's `data-version`), else the stored one.
 */
function versionOf(el: HTMLElement, stored: number): number {
  return Number(el.closest<HTMLElement>("[data-version]")?.dataset.version ?? stored);
}

async function save(message: ChatMessage.Implementation, card: StoredCard, roll?: Roll): Promise<void> {
  if (!roll) {
    await message.update({ flags: cardFlags(card) });
    return;
  }
  // Added with the card's state in one update: Dice So Nice animates rolls an update adds
  // (its preUpdateChatMessage/updateChatMessage hooks), with the message's own audience.
  await message.update({ flags: cardFlags(card), rolls: [...message.rolls, roll].map((r) => JSON.stringify(r)) });
}

/** R-RA-3 rolls an explosion chain from `threshold` and returns its faces (the Effect die's continuation). */
async function rollChain(threshold: number): Promise<{ roll: Roll; faces: number[] }> {
  const roll = await new Roll(explosionFormula(threshold)).evaluate();
  return { roll, faces: roll.dice.flatMap((d) => d.results.map((r) => r.result)) };
}

/**
 * R-RA-3 confirms the Effect (or Whirlwind's second hit), rolling its explosion chain first when the die asks for one.
 */
async function confirmHit({ message, state, el }: CardClick<"risky">, which: "effect" | "second"): Promise<void> {
  const user = currentCardUser();
  const version = versionOf(el, state.version);
  const need = effectChainNeeded(state, which);
  const chain = need ? await rollChain(need.threshold) : null;
  const faces = chain?.faces ?? [];
  const next =
    which === "effect" ? confirmEffect(state, user, faces, version) : confirmSecondHit(state, user, faces, version);
  await save(message, { kind: "risky", state: next }, chain?.roll);
}

/**
 * R-EGO-2 the Undo: the card notes it first (so it cannot happen twice), then the Ego goes back; a
 * refusal puts the card back.
 */
async function undoEgoClick({ message, state, el }: CardClick<"risky">): Promise<void> {
  const next = undoEgo(state, currentCardUser(), versionOf(el, state.version));
  const actor: unknown = await fromUuid(state.actorUuid as `Actor.${string}`);
  if (!(actor instanceof TerranActor)) return;
  await save(message, { kind: "risky", state: next });
  let restored: unknown = null;
  try {
    restored = await actor.restoreEgo(state.ego.cost);
  } finally {
    if (restored === null) await save(message, { kind: "risky", state });
  }
}

/** Saves a Risky card's next state. */
const saveRisky = (message: ChatMessage.Implementation, state: RiskyCardState): Promise<void> =>
  save(message, { kind: "risky", state });

/**
 * R-RA-1 / R-RA-8 a GM's leave on a player's card is said on the GM's own User first (src/documents/gm-words.ts),
 * where no player can write it; the card then shows it.
 */
async function saveGmLeave(message: ChatMessage.Implementation, state: RiskyCardState): Promise<void> {
  const word = { effect: state.gmAllowsEffect, success: state.gmAllowsSuccess ?? false };
  if (message.author?.id !== game.user?.id) await sayCardWord(message.id ?? "", word);
  await saveRisky(message, state);
}

export const CARD_KINDS: CardKindRegistry = {
  risky: {
    template: template("risky-card"),
    view: (message, state) => ({
      ...riskyCardView(state, viewer(state.rollerId, "risky")),
      // R-ADV-2 Tesla's button on a Fail with its +1d; the message notes when it was taken.
      tesla: teslaButton(state, currentCardUser(), teslaTaken(message.getFlag(SYSTEM_ID, "tesla"))),
      messageId: message.id,
    }),
    actions: {
      "select-die": async ({ message, state, el }) => {
        const role = el.dataset.role;
        if (role !== "precision" && role !== "effect" && role !== "second") return;
        await saveRisky(
          message,
          selectDie(state, currentCardUser(), Number(el.dataset.index), role, versionOf(el, state.version)),
        );
      },
      "confirm-effect": (click) => confirmHit(click, "effect"),
      "confirm-second": (click) => confirmHit(click, "second"),
      "allow-effect": ({ message, state, el }) =>
        saveGmLeave(
          message,
          allowEffect(state, currentCardUser(), !state.gmAllowsEffect, versionOf(el, state.version)),
        ),
      "allow-success": ({ message, state, el }) =>
        saveGmLeave(
          message,
          allowSuccess(state, currentCardUser(), !(state.gmAllowsSuccess ?? false), versionOf(el, state.version)),
        ),
      "undo-ego": undoEgoClick,
      "apply-effect": ({ message, state, el }) =>
        applyEffectClick(message, state.rollerId, "effect", versionOf(el, state.version)),
      "apply-second": ({ message, state, el }) =>
        applyEffectClick(message, state.rollerId, "second", versionOf(el, state.version)),
      "tesla-backlash": async ({ message, state }) => {
        // R-ADV-2 the roller's own character takes Tesla's Effect (the actor checks the card again).
        const actor: unknown = await fromUuid(state.actorUuid as `Actor.${string}`);
        if (actor instanceof TerranActor) await actor.takeTeslaBacklash(message.id ?? "");
      },
    },
  },
  challenge: {
    template: template("challenge-card"),
    view: async (message, state) => {
      const offerHarm = game.settings?.get(SYSTEM_ID, SETTINGS.autoApplyHarm) ?? true;
      // R-RA-9 a Challenge overcome by an Effect applied first deals no Effect (the GM's step refuses it too).
      const known = state.challengeUuid.startsWith("Actor.") || state.challengeUuid.startsWith("Scene.");
      const challenge: unknown = known ? await fromUuid(state.challengeUuid as `Actor.${string}`) : null;
      const first = challenge instanceof TerranActor && overcomeFirst(challenge);
      return {
        ...challengeCardView(state, {
          ...viewer(state.rollerId, "challenge"),
          offerHarm,
          ruleset: currentRuleset(),
          overcomeFirst: first,
        }),
        messageId: message.id,
      };
    },
    actions: {
      "apply-harm": ({ message, state, el }) =>
        applyHarmClick(message, state, challengeCardResult(state).effect.value, versionOf(el, state.version)),
      "carry-complication": ({ message, el }) => carryComplicationClick(message, el.dataset.targetUuid ?? null),
    },
  },
  result: {
    template: template("result-card"),
    view: (_message, state) => ({ ...state }),
    actions: {},
  },
  session: {
    template: template("session-card"),
    view: (message, state) => ({
      ...sessionCardView(state, currentCardUser(), game.i18n?.lang ?? "en"),
      messageId: message.id,
    }),
    actions: {
      "undo-session": async ({ message, state, el }) => {
        await undoSessionAward(message, versionOf(el, state.version));
      },
    },
  },
  request: {
    template: template("request-card"),
    view: async (message, state) => {
      // The rows' results are read from the chat log as it is now (src/chat/request-card.ts, the ruling).
      const requester = { ...currentCardUser(), owns: await rowsOwned(state) };
      return { ...requestCardView(state, requester, await requestAnswersFor(message, state)), messageId: message.id };
    },
    actions: {
      "roll-request": ({ message, el }) => rollForRequest(message, Number(el.dataset.index)),
      "show-answer": ({ el }) => showAnswer(el.dataset.messageId ?? ""),
    },
  },
  legacyRisky: {
    template: template("legacy-risky-card"),
    view: (message, state) => ({ ...legacyRiskyView(state, currentCardUser()), messageId: message.id }),
    actions: {
      // R-LEG-11 the held tool's Effect, tied to this card (one roll per hit; R-LEG-15 Multi-attack).
      "roll-effect": ({ message, state, el }) =>
        rollEffectFromCard(message, state, currentCardUser(), Number(el.dataset.index), versionOf(el, state.version)),
    },
  },
  legacyEffect: {
    template: template("legacy-effect-card"),
    view: (message, state) => ({
      ...legacyEffectView(state, viewer(state.rollerId, "risky")),
      messageId: message.id,
    }),
    actions: {
      "apply-legacy-effect": ({ message, state, el }) =>
        applyEffectClick(message, state.rollerId, "effect", versionOf(el, state.version)),
    },
  },
  legacyMontage: {
    template: template("legacy-montage-card"),
    view: (message, state) => ({
      ...legacyMontageView(
        state,
        viewer(state.rollerId, "risky"),
        state.shares.map((s) => actorAt(s.actorUuid)?.isOwner ?? false),
      ),
      messageId: message.id,
    }),
    actions: {
      // R-LEG-14 a montage that succeeded overcomes its own Challenge, once.
      "apply-montage": ({ message, state, el }) =>
        applyMontageClick(message, state.rollerId, state.challengeUuid, versionOf(el, state.version)),
      // R-LEG-14 (ruling) a companion's share, on their owner's or a GM's word.
      "pay-share": async ({ message, state, el }) => {
        const share = state.shares[Number(el.dataset.index)];
        if (share) await payMontageShare(message, share.actorUuid);
      },
    },
  },
};

/** The entry of a stored card's kind; a kind no entry knows (forged flags) is refused like a forged state. */
export function cardKindEntry<K extends CardKind>(kind: K): CardKindEntry<K> {
  if (!Object.hasOwn(CARD_KINDS, kind))
    throw new RulesError("unknown-id", `"${String(kind)}" is not a kind of card.`, { id: String(kind) });
  return CARD_KINDS[kind];
}

// Apply: the clicker's side

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
async function applyEffectClick(
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
async function applyMontageClick(
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
async function applyHarmClick(
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
      const choices = chooses
        ? await healthQuestions(currentRuleset()).harmChoices(actor, effect)
        : { sacrificeShield: false, woundTrack: null };
      if (!choices) return;
      const request: ApplyHarmRequest = {
        askerId: currentAsker().id,
        messageId: message.id ?? "",
        targetUuid: actor.uuid,
        ...choices,
        version: Math.max(current, now.version),
      };
      const summary: AppliedSummary<unknown> = here
        ? await applyHarmFromCard(request, currentAsker())
        : await askGm(QUERIES.applyHarm, request);
      current = summary.version;
      tell(summary, actor.name);
    });
  }
}
