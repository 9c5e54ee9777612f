/**
 * A chat card on this client: drawn for the user looking, and what a click does. ChatMessage may not import
 * this layer, so it is handed both at init (`registerCardPresenter`). `CARD_KINDS` holds one entry per kind
 * (its check, template, view and a handler per `data-action`), as Draw Steel's message parts do; each handler
 * runs one pure transition (chat/) and saves it. Apply runs here when this user may change target and card,
 * else goes to the GM (relay/).
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
 * A card its author could not have made is drawn as it says, under a note saying why (./card-a11y.ts closes its
 * controls).
 */
export async function renderCard(message: ChatMessage.Implementation, card: StoredCard): Promise<string> {
  const trust = readTrust(message);
  if (trust.card) return renderOf(message, trust.card);
  return untrustedFrame(await renderOf(message, card), trust.why);
}

/** Or why it is not. */
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
  // The one provenance check (documents/provenance.ts).
  const believed = trustedCard(message) as StoredCardOf<K>;
  await entry.actions[action]({ message, state: believed.state, el });
}

/** Dispatches `[data-action]` to the handler of the card's kind. */
export async function onCardClick(message: ChatMessage.Implementation, event: MouseEvent): Promise<void> {
  if (!message.isContentVisible) return;
  const el = actionElement(event.target);
  const action = el?.dataset.action;
  if (!el || !action || !isCardAction(action) || el.hasAttribute("disabled")) return;
  event.preventDefault();
  // A closed button keeps the focus (aria-disabled, so its reason stays in reach); pressed, it says why.
  if (el.getAttribute("aria-disabled") === "true") {
    const reason = el.getAttribute("title") ?? el.closest<HTMLElement>("[data-tooltip]")?.dataset.tooltip ?? "";
    if (reason) ui.notifications?.warn(reason);
    return;
  }
  const card = storedCard(message);
  if (!card) return;
  // The update re-renders the message; the focus comes back to this control (./card-a11y.ts).
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

/** With the card's state as its check returned it. */
export interface CardClick<K extends CardKind> {
  readonly message: ChatMessage.Implementation;
  readonly state: CardStates[K];
  /** Its `data-index`, `data-role` or `data-message-id`, under the root's `data-version`. */
  readonly el: HTMLElement;
}

export type CardContext = Readonly<Record<string, unknown>>;

export interface CardKindEntry<K extends CardKind> {
  /** Under templates/chat/. */
  readonly template: string;
  /** For the current user, from a checked state. */
  readonly view: (message: ChatMessage.Implementation, state: CardStates[K]) => CardContext | Promise<CardContext>;
  readonly actions: Readonly<Record<CardActionOf<K>, (click: CardClick<K>) => Promise<void> | void>>;
}

export type CardKindRegistry = { readonly [K in CardKind]: CardKindEntry<K> };

const template = (name: string): string => `systems/${SYSTEM_ID}/templates/chat/${name}.hbs`;

function currentCardUser(): CardUser {
  return { id: game.user?.id ?? "", isGM: game.user?.isGM ?? false };
}

/** The target is not known until a button is pressed (owning it: null). */
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

/** The root's `data-version`, else the stored one. */
function versionOf(el: HTMLElement, stored: number): number {
  return Number(el.closest<HTMLElement>("[data-version]")?.dataset.version ?? stored);
}

async function save(message: ChatMessage.Implementation, card: StoredCard, roll?: Roll): Promise<void> {
  if (!roll) {
    await message.update({ flags: cardFlags(card) });
    return;
  }
  // One update with the card's state: Dice So Nice animates rolls an update adds (its updateChatMessage hook),
  // for the message's audience.
  await message.update({ flags: cardFlags(card), rolls: [...message.rolls, roll].map((r) => JSON.stringify(r)) });
}

/** R-RA-3 the Effect die's continuation. */
async function rollChain(threshold: number): Promise<{ roll: Roll; faces: number[] }> {
  const roll = await new Roll(explosionFormula(threshold)).evaluate();
  return { roll, faces: roll.dice.flatMap((d) => d.results.map((r) => r.result)) };
}

/** R-RA-3 rolling the chain first when the die asks for one. */
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

/** R-EGO-2 noted on the card first (so it cannot happen twice); a refusal puts the card back. */
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

const saveRisky = (message: ChatMessage.Implementation, state: RiskyCardState): Promise<void> =>
  save(message, { kind: "risky", state });

/** R-RA-1 / R-RA-8 said on the GM's own User first (documents/gm-words.ts), where no player can write it. */
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
      // R-ADV-2
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
        // R-ADV-2 the actor checks the card again.
        const actor: unknown = await fromUuid(state.actorUuid as `Actor.${string}`);
        if (actor instanceof TerranActor) await actor.takeTeslaBacklash(message.id ?? "");
      },
    },
  },
  challenge: {
    template: template("challenge-card"),
    view: async (message, state) => {
      const offerHarm = game.settings?.get(SYSTEM_ID, SETTINGS.autoApplyHarm) ?? true;
      // R-RA-9 the GM's step refuses it too.
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
      // Read from the chat log as it is now (chat/request-card.ts).
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
      // R-LEG-11 / R-LEG-15 one roll per hit.
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
      // R-LEG-14
      "apply-montage": ({ message, state, el }) =>
        applyMontageClick(message, state.rollerId, state.challengeUuid, versionOf(el, state.version)),
      // R-LEG-14 (ruling)
      "pay-share": async ({ message, state, el }) => {
        const share = state.shares[Number(el.dataset.index)];
        if (share) await payMontageShare(message, share.actorUuid);
      },
    },
  },
};

/** A kind no entry knows (forged flags) is refused like a forged state. */
export function cardKindEntry<K extends CardKind>(kind: K): CardKindEntry<K> {
  if (!Object.hasOwn(CARD_KINDS, kind))
    throw new RulesError("unknown-id", `"${String(kind)}" is not a kind of card.`, { id: String(kind) });
  return CARD_KINDS[kind];
}

// Apply: the clicker's side

/** Targeted, else selected. */
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
 * Here when this user may change the target and either note it on the card or no GM is online; else the GM's
 * client.
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

/** With no GM online the target remembers it: say so. */
function tell(summary: { recorded: boolean }, name: string): void {
  if (summary.recorded) return;
  say("info", game.i18n?.format("TERRAN.Card.appliedUnrecorded", { name }) ?? name);
}

/** R-RA-7 / R-CH-5 (the step reads the card itself: `effectSource`, relay/card-changes.ts). */
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
  // Exactly one Challenge is the target.
  if (challenges.length > 1)
    throw new RulesError("not-allowed", "Target a single Challenge: one Effect applies to one Disposition.", {
      reason: "oneChallenge",
    });
  const actor = challenges[0];
  if (actor) await applyToChallenge(message, rollerId, actor, hit, version, true);
}

/** R-LEG-14 no target or facet to choose: the whole Challenge. */
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

/** R-CH-4 once each. */
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
    // A refusal for one is shown; the others still take the harm.
    await attempt(async () => {
      const latest = storedCard(message);
      const now = latest?.kind === "challenge" ? latest.state : state;
      if (harmRecorded(now, { name: actor.name, uuid: actor.uuid })) return;
      const here = runsHere(message, state.rollerId, actor, "challenge");
      // R-HARM-2 / R-HARM-3 / R-LEG-5 / R-LEG-6 the owner's choice (or a GM's).
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
