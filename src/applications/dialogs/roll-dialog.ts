/**
 * The roll dialog (ApplicationV2 + Handlebars): hosts `rollDialogModel`, which builds the pool with
 * every modifier as a visible line and the exact odds. Every click or field change recomputes the model
 * and re-renders (the model is pure and fast: see `npm run bench`). Its Roll, `rollRiskyAction`, throws
 * the dice and posts the card.
 */
import type { DeepPartial } from "fvtt-types/utils";
import { advisorOpen, ROLL_DIALOG_PARTIALS, RollDialogHost, saidWhyClosed } from "../dialog-host.ts";
import type { TerranActor } from "../../documents/actor.ts";
import { currentDarkDiceMax, currentRuleset, SETTINGS } from "../../settings/settings.ts";
import { SYSTEM_ID } from "../../system-id.ts";
import type { WeaponSource } from "../../data/source.ts";
import type { RollTarget } from "../../rules/index.ts";
import type { AnswerLink } from "../../chat/index.ts";
import { sayWhyClosed } from "../../prompts/notify.ts";
import { applyMessageMode, currentMessageMode } from "../../compat/generation.ts";
import { createRiskyCard, markEgoSpent, type RiskyCardState } from "../../chat/risky-card.ts";
import { TerranRoll } from "../../dice/terran-roll.ts";
import { answerFlags } from "../../documents/chat-message.ts";

import { riskyCardInput, rollRecord } from "./risky-card-input.ts";
import {
  applyChange,
  DIALOG_FIELDS,
  initialChoices,
  rollDialogModel,
  type DialogChange,
  type RollDialogChoices,
  type RollDialogSettings,
  type RollDialogSubject,
  type RollDialogView,
} from "./roll-dialog-model.ts";

type Configuration = foundry.applications.api.ApplicationV2.Configuration;

export interface RollDialogRequest {
  readonly actor: TerranActor;
  readonly target: RollTarget;
  readonly weapon: { readonly id: string; readonly name: string; readonly system: WeaponSource } | null;
  /** The GM's request this roll answers (opened from a request card's row), if any. */
  readonly answers?: AnswerLink;
}

function isDialogField(name: string): name is (typeof DIALOG_FIELDS)[number] {
  return (DIALOG_FIELDS as readonly string[]).includes(name);
}

export class RollDialog extends RollDialogHost<RollDialogView> {
  static override DEFAULT_OPTIONS = {
    classes: ["terran-engine", "roll-dialog"],
    tag: "form",
    window: { title: "TERRAN.Dialog.windowTitle", resizable: true },
    position: { width: 440 },
    actions: {
      darkUp: RollDialog.#onStep,
      darkDown: RollDialog.#onStep,
      positionUp: RollDialog.#onStep,
      positionDown: RollDialog.#onStep,
      toggleModifier: RollDialog.#onToggle,
      toggleSkill: RollDialog.#onToggleSkill,
      advisorDark: RollDialog.#onAdvisor,
      roll: RollDialog.#onRoll,
    },
  };

  static override PARTS = {
    main: { template: `systems/${SYSTEM_ID}/templates/dialogs/roll-dialog.hbs`, templates: ROLL_DIALOG_PARTIALS },
  };

  protected readonly advisor = "risky";
  readonly #request: RollDialogRequest;
  #choices: RollDialogChoices;

  constructor(request: RollDialogRequest, options?: DeepPartial<Configuration>) {
    super(options);
    this.#request = request;
    this.#choices = initialChoices(this.#subject(), this.#settings());
  }

  #subject(): RollDialogSubject {
    return {
      ruleset: currentRuleset(),
      state: this.#request.actor.characterState(),
      target: this.#request.target,
      weapon: this.#request.weapon,
    };
  }

  #settings(): RollDialogSettings {
    const settings = game.settings;
    return {
      darkMax: currentDarkDiceMax(),
      singleDieServesBoth: settings?.get(SYSTEM_ID, SETTINGS.singleDieServesBoth) ?? true,
      isGM: game.user?.isGM ?? false,
      messageMode: currentMessageMode(),
      // Foundry: Localization#lang is "the target language for localization" (foundryvtt.com/api/v14, Localization).
      locale: game.i18n?.lang ?? "en",
      advisorOpen: advisorOpen("risky"),
    };
  }

  #apply(change: DialogChange): void {
    this.#choices = applyChange(this.#subject(), this.#choices, change, this.#settings());
    void this.render();
  }

  protected view(): RollDialogView {
    return rollDialogModel(this.#subject(), this.#choices, this.#settings());
  }

  protected onField(name: string, value: string | boolean): void {
    if (isDialogField(name)) this.#apply({ field: name, value });
  }

  static #onStep(this: RollDialog, _event: PointerEvent, target: HTMLElement): void {
    if (saidWhyClosed(target)) return;
    const action = target.dataset.action;
    if (action === "darkUp" || action === "darkDown" || action === "positionUp" || action === "positionDown")
      this.#apply({ action });
  }

  static #onToggle(this: RollDialog, _event: PointerEvent, target: HTMLElement): void {
    const key = target.dataset.key ?? "";
    if (key !== "") this.#apply({ action: "toggleModifier", key });
  }

  /** R-V-5 a held skill ticked as fitting, or unticked. */
  static #onToggleSkill(this: RollDialog, _event: PointerEvent, target: HTMLElement): void {
    const key = target.dataset.key ?? "";
    if (key !== "") this.#apply({ action: "toggleSkill", key });
  }

  /** A row of the risk advisor sets the Dark Dice to its count. */
  static #onAdvisor(this: RollDialog, _event: PointerEvent, target: HTMLElement): void {
    const key = target.dataset.key ?? "";
    if (key !== "") this.#apply({ action: "advisorDark", key });
  }

  static async #onRoll(this: RollDialog): Promise<void> {
    const view = rollDialogModel(this.#subject(), this.#choices, this.#settings());
    if (view.roll.disabled) {
      sayWhyClosed(view.roll.reason);
      return;
    }
    await this.close();
    await rollRiskyAction(this.#request.actor, this.#subject(), view, this.#request.answers ?? null);
  }
}

/**
 * The Roll: a Risky Action (or a Reaction) from the dialog's view: one TerranRoll with its light and
 * dark terms, a chat message whose flags hold the card's state, and the Ego the Dark Dice cost
 * (R-EGO-2), spent at once when the world's setting says so (the card offers an Undo).
 * `link`: the GM's request this roll answers (its card carries it, src/chat/request-card.ts), or null. */
export async function rollRiskyAction(
  actor: TerranActor,
  subject: RollDialogSubject,
  view: RollDialogView,
  link: AnswerLink | null = null,
): Promise<ChatMessage | null> {
  const user = game.user;
  if (!user) return null;
  const roll = TerranRoll.pool(view.light, view.choices.dark, { [SYSTEM_ID]: rollRecord(subject, view, actor.uuid) });
  await roll.evaluate();
  let card: RiskyCardState = createRiskyCard(
    riskyCardInput(subject, view, {
      rollerId: user.id,
      actor: { uuid: actor.uuid, name: actor.name },
      light: roll.lightFaces,
      dark: roll.darkFaces,
      singleDieServesBoth: game.settings?.get(SYSTEM_ID, SETTINGS.singleDieServesBoth) ?? true,
    }),
  );
  const spend = (game.settings?.get(SYSTEM_ID, SETTINGS.autoSpendEgo) ?? true) && card.ego.cost > 0;
  if (spend && (await actor.spendEgo(roll.darkFaces)) !== null)
    card = markEgoSpent(card, { id: user.id, isGM: user.isGM });

  const data = {
    speaker: ChatMessage.getSpeaker({ actor }),
    rolls: [roll],
    content: "",
    flags: answerFlags({ kind: "risky", state: card }, link),
  };
  applyMessageMode(data, view.messageMode);
  return (await ChatMessage.create(data)) ?? null;
}
