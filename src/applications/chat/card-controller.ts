/**
 * What a click on a card does. Each action runs one pure transition of the card (src/chat), which
 * checks who may do it and that the card has not moved on since it was drawn (its version), then
 * saves the new state in the message's flags. Dice the rules need after the roll (an explosion chain)
 * are rolled with Foundry and added to the message's rolls: Dice So Nice's own update hook animates
 * them once, for those who may see the message. Applying to another document is ./card-apply.ts. A
 * refusal is a localised warning and changes nothing; a card the user may not see cannot be clicked.
 */
import {
  allowEffect,
  allowSuccess,
  challengeCardResult,
  confirmEffect,
  confirmSecondHit,
  effectChainNeeded,
  isCardAction,
  selectDie,
  undoEgo,
  type CardAction,
  type ChallengeCardState,
  type RiskyCardState,
} from "../../chat/index.ts";
import { TerranActor } from "../../documents/actor.ts";
import { cardFlags, storedCard, type StoredCard } from "../../documents/card-flags.ts";
import { attempt } from "../../prompts/notify.ts";
import { explosionFormula } from "../../dice/terran-roll.ts";
import { applyEffectClick, applyHarmClick } from "./card-apply.ts";
import { currentCardUser } from "./card-render.ts";
import { actionElement, elementOf } from "../dom.ts";
import { undoSessionAward } from "../../table/session-award.ts";
import { rollForRequest, showAnswer } from "./request-actions.ts";
import { beforeCardUpdate } from "./card-a11y.ts";

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

/** R-EGO-2 the Undo: the card notes it first (so it cannot happen twice), then the Ego goes back; a refusal puts the card back. */
async function undoEgoClick(message: ChatMessage.Implementation, state: RiskyCardState, version: number): Promise<void> {
  const next = undoEgo(state, currentCardUser(), version);
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
    case "allow-success":
      return save(message, { kind: "risky", state: allowSuccess(state, user, !(state.gmAllowsSuccess ?? false), version) });
    case "undo-ego":
      return undoEgoClick(message, state, version);
    case "apply-effect":
    case "apply-second":
      return applyEffectClick(message, state, action === "apply-effect" ? "effect" : "second", version);
    case "tesla-backlash": {
      // R-ADV-2 the roller's own character takes Tesla's Effect (the actor checks the card again).
      const actor: unknown = await fromUuid(state.actorUuid as `Actor.${string}`);
      if (actor instanceof TerranActor) await actor.takeTeslaBacklash(message.id ?? "");
      return;
    }
    default:
      return;
  }
}

function challengeAction(message: ChatMessage.Implementation, state: ChallengeCardState, action: CardAction, el: HTMLElement): Promise<void> {
  if (action !== "apply-harm") return Promise.resolve();
  const version = Number(el.closest<HTMLElement>("[data-version]")?.dataset.version ?? state.version);
  return applyHarmClick(message, state, challengeCardResult(state).effect.value, version);
}

/** The click handler of a card message: dispatches `[data-action]` to the card's controller. */
export async function onCardClick(message: ChatMessage.Implementation, event: MouseEvent): Promise<void> {
  if (!message.isContentVisible) return;
  const el = actionElement(event.target);
  const action = el?.dataset.action;
  if (!el || !action || !isCardAction(action) || el.hasAttribute("disabled")) return;
  event.preventDefault();
  const card = storedCard(message);
  if (!card) return;
  // Issue 17: the update re-renders the message; the focus comes back to this control (./card-a11y.ts).
  const root = elementOf(event.currentTarget);
  if (root) beforeCardUpdate(message.id ?? "", root);
  await attempt(async () => {
    if (card.kind === "risky") await riskyAction(message, card.state, action, el);
    else if (card.kind === "challenge") await challengeAction(message, card.state, action, el);
    else if (card.kind === "session" && action === "undo-session") await undoSessionAward(message, Number(el.closest<HTMLElement>("[data-version]")?.dataset.version ?? card.state.version));
    else if (card.kind === "request" && action === "roll-request") await rollForRequest(message, Number(el.dataset.index));
    else if (card.kind === "request" && action === "show-answer") showAnswer(el.dataset.messageId ?? "");
  });
}
