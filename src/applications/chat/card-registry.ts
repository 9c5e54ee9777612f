/**
 * One entry per kind of card (`CARD_KINDS`, declared in src/chat/card-kinds.ts): its template, its view for
 * the current user and a handler per `data-action`, which the compiler demands. A handler runs one pure
 * transition (src/chat) and saves the state in the message's flags; dice rolled later join its rolls.
 */
import {
  allowEffect,
  allowSuccess,
  cardPermission,
  challengeCardResult,
  challengeCardView,
  confirmEffect,
  confirmSecondHit,
  effectChainNeeded,
  legacyEffectView,
  legacyMontageView,
  legacyRiskyView,
  requestCardView,
  riskyCardView,
  selectDie,
  sessionCardView,
  teslaButton,
  readPanicRecord,
  teslaTaken,
  undoEgo,
  type CardActionOf,
  type CardKind,
  type CardStates,
  type CardUser,
  type RiskyCardState,
} from "../../chat/index.ts";
import { cardFlags, type StoredCard } from "../../documents/chat-message.ts";
import { TerranActor } from "../../documents/actor.ts";
import { gmOnline } from "../../relay/queries.ts";
import { overcomeFirst } from "../../relay/card-changes.ts";
import { requestAnswersFor, rowsOwned } from "../../table/roll-requests.ts";
import { undoSessionAward } from "../../table/session-award.ts";
import { explosionFormula } from "../../dice/terran-roll.ts";
import { RulesError } from "../../rules/index.ts";
import { currentApplyPermission, currentRuleset, SETTINGS } from "../../settings/settings.ts";
import { SYSTEM_ID } from "../../system-id.ts";
import { carryComplicationClick } from "./complication.ts";
import { rollForRequest, showAnswer } from "./request-actions.ts";
import { payMontageShare, rollEffectFromCard } from "../resolution/separate-cards.ts";
import { actorAt } from "../../documents/provenance.ts";
import { sayCardWord } from "../../documents/gm-words.ts";
import { applyEffectClick, applyHarmClick, applyMontageClick } from "./apply-click.ts";
import { panicCardView, takePanicClick } from "./panic-view.ts";
import { rollMorale } from "./roll-other.ts";

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
  if (readPanicRecord(message.getFlag(SYSTEM_ID, "panic")) && !currentCardUser().isGM)
    throw new RulesError(
      "not-allowed",
      "The Panic Event has reset this Ego: only a GM may give the Dark Dice's back.",
      {
        reason: "panicked",
      },
    );
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

/** R-V-8 the Undo closed, saying why. */
function closedUndo<B extends { disabled: boolean; tooltipKey: string | null }>(button: B | null): B | null {
  return button ? { ...button, disabled: true, tooltipKey: "TERRAN.Panic.Reason.egoReplaced" } : null;
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
    view: (message, state) => {
      const card = riskyCardView(state, viewer(state.rollerId, "risky"));
      const panic = panicCardView(message, state, currentCardUser());
      return {
        ...card,
        // R-V-8 a Panic replaced the Ego the Dark Dice took: only a GM may still give it back.
        buttons: {
          ...card.buttons,
          undoEgo: panic?.record && !currentCardUser().isGM ? closedUndo(card.buttons.undoEgo) : card.buttons.undoEgo,
        },
        // R-ADV-2 Tesla's button on a Fail with its +1d; the message notes when it was taken.
        tesla: teslaButton(state, currentCardUser(), teslaTaken(message.getFlag(SYSTEM_ID, "tesla"))),
        panic,
        messageId: message.id,
      };
    },
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
      "panic-event": ({ message, state }) => takePanicClick(message, state),
      // R-V-16 the Challenge's own roll checks its owner, Sentient, its 0 and its mark.
      "roll-morale": async ({ el }) => {
        const challenge = actorAt(el.dataset.uuid ?? "");
        if (challenge) await rollMorale(challenge, el.dataset.facet ? Number(el.dataset.facet) : null);
      },
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
      ...sessionCardView(state, currentCardUser(), game.i18n?.lang ?? "en", (key) => game.i18n?.localize(key) ?? key),
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
