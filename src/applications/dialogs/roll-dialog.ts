/**
 * The roll dialog (ApplicationV2 + Handlebars): hosts `rollDialogModel`, which builds the pool with
 * every modifier as a visible line and the exact odds. Every click or field change recomputes the model
 * and re-renders (the model is pure and fast: see `npm run bench`). Rolling hands the view to
 * `rollRiskyAction`.
 */
import type { DeepPartial } from "fvtt-types/utils";
import type { TerranActor } from "../../documents/actor.ts";
import { currentDarkDiceMax, currentRuleset, SETTINGS } from "../../settings/settings.ts";
import { SYSTEM_ID } from "../../system-id.ts";
import type { WeaponSource } from "../../data/source.ts";
import type { RollTarget } from "../../rules/index.ts";
import type { AnswerLink } from "../../chat/index.ts";
import { rollRiskyAction } from "../chat/roll-risky.ts";
import { sayWhyClosed } from "../../prompts/notify.ts";
import { currentMessageMode } from "../../compat/generation.ts";
import { fieldValue } from "../dom.ts";
import { A11yKeeper } from "../a11y/keeper.ts";
import { focusFirst } from "../a11y/focus.ts";
import { ADVISOR_TEMPLATE, advisorOpen, watchAdvisor } from "./advisor-memory.ts";
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

import ApplicationV2 = foundry.applications.api.ApplicationV2;
const { HandlebarsApplicationMixin } = foundry.applications.api;

type Context = ApplicationV2.RenderContext & RollDialogView;

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

export class RollDialog<
  RenderContext extends Context = Context,
  Configuration extends ApplicationV2.Configuration = ApplicationV2.Configuration,
  RenderOptions extends ApplicationV2.RenderOptions = ApplicationV2.RenderOptions,
> extends HandlebarsApplicationMixin(ApplicationV2)<RenderContext, Configuration, RenderOptions> {
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
      advisorDark: RollDialog.#onAdvisor,
      roll: RollDialog.#onRoll,
    },
  };

  static override PARTS = {
    main: { template: `systems/${SYSTEM_ID}/templates/dialogs/roll-dialog.hbs`, templates: [ADVISOR_TEMPLATE] },
  };

  readonly #request: RollDialogRequest;
  #choices: RollDialogChoices;
  /** Accessibility: the focus kept and the odds announced across re-renders. */
  readonly #a11y = new A11yKeeper();

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

  protected override async _prepareContext(
    options: DeepPartial<RenderOptions> & { isFirstRender: boolean },
  ): Promise<RenderContext> {
    const context = await super._prepareContext(options);
    return Object.assign(context, rollDialogModel(this.#subject(), this.#choices, this.#settings()));
  }

  /**
   * Accessibility: what had the focus before a re-render (a stepper, a box) has it again after, and the odds
   * that changed are said politely; the first render puts the focus on the dialog's first control. The
   * focus is remembered in _preRender and put back in _onRender, as peer systems keep a field's focus
   * (thirdera's actor sheet; the `_preRender` focus memory of several v13 sheets). Run against the
   * stand-ins (tests/foundry/a11y.stubs.test.ts), not in Foundry.
   */
  protected override async _preRender(
    context: DeepPartial<RenderContext>,
    options: DeepPartial<RenderOptions>,
  ): Promise<void> {
    await super._preRender(context, options);
    if (this.rendered) this.#a11y.before(this.element);
  }

  protected override async _onRender(
    context: DeepPartial<RenderContext>,
    options: DeepPartial<RenderOptions>,
  ): Promise<void> {
    await super._onRender(context, options);
    const first = options.isFirstRender ?? false;
    this.#a11y.after(this.element);
    watchAdvisor(this.element, "risky", () => void this.render());
    if (first) focusFirst(this.element.querySelector(".window-content") ?? this.element);
  }

  /** One change listener on the form (it outlives re-renders of the part). */
  protected override async _onFirstRender(
    context: DeepPartial<RenderContext>,
    options: DeepPartial<RenderOptions>,
  ): Promise<void> {
    await super._onFirstRender(context, options);
    this.element.addEventListener("change", (event) => {
      const field = fieldValue(event.target);
      if (field && isDialogField(field.name)) this.#apply({ field: field.name, value: field.value });
    });
  }

  static #onStep(this: RollDialog, _event: PointerEvent, target: HTMLElement): void {
    // A closed end of a stepper keeps the focus (aria-disabled) so its reason, its tooltip, can be read; pressed, it says it.
    if (target.getAttribute("aria-disabled") === "true") {
      const reason = target.dataset.tooltip ?? "";
      if (reason) ui.notifications?.warn(reason);
      return;
    }
    const action = target.dataset.action;
    if (action === "darkUp" || action === "darkDown" || action === "positionUp" || action === "positionDown")
      this.#apply({ action });
  }

  static #onToggle(this: RollDialog, _event: PointerEvent, target: HTMLElement): void {
    const key = target.dataset.key ?? "";
    if (key !== "") this.#apply({ action: "toggleModifier", key });
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
