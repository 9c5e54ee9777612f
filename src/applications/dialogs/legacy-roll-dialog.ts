/**
 * The Legacy Risky Action dialog (ApplicationV2 + Handlebars): hosts `legacyRollModel`; every click or
 * field change recomputes the model and re-renders; Roll hands the pool to `rollLegacyRisky`, which
 * throws the dice, spends the Ego and posts the card. The Effect is rolled apart (R-LEG-11), from the
 * weapon's row on the sheet.
 */
import type { DeepPartial } from "fvtt-types/utils";
import type { TerranActor } from "../../documents/actor.ts";
import { rollLegacyRisky } from "../../documents/legacy-actions.ts";
import { rollLegacyMontage } from "../../documents/legacy-play.ts";
import { montageTarget, type MontageChallenge } from "../../documents/operations/legacy-play.ts";
import { ChallengeData } from "../../data/actor/challenge.ts";
import type { AnswerLink } from "../../chat/index.ts";
import { currentDarkDiceMax, currentRuleset } from "../../settings/settings.ts";
import { SYSTEM_ID } from "../../system-id.ts";
import { currentMessageMode } from "../../compat/generation.ts";
import type { LegacyAttribute } from "../../data/legacy.ts";
import { fieldValue } from "../dom.ts";
import {
  applyLegacyAction,
  applyLegacyField,
  initialLegacyChoices,
  legacyRollModel,
  type LegacyRollChoices,
  type LegacyRollSettings,
  type LegacyRollSubject,
  type LegacyRollView,
} from "./legacy-roll-model.ts";

import ApplicationV2 = foundry.applications.api.ApplicationV2;
const { HandlebarsApplicationMixin } = foundry.applications.api;

type Context = ApplicationV2.RenderContext & LegacyRollView;

/** Every `data-action` of the template (tests/applications check each has a handler). */
export const LEGACY_DIALOG_ACTIONS = ["darkUp", "darkDown", "positionUp", "positionDown", "toggleModifier", "roll"] as const;

export interface LegacyRollRequest {
  readonly actor: TerranActor;
  readonly attribute: LegacyAttribute;
  /** The GM's request this roll answers (opened from a request card's row), if any. */
  readonly answers?: AnswerLink;
}

export class LegacyRollDialog<
  RenderContext extends Context = Context,
  Configuration extends ApplicationV2.Configuration = ApplicationV2.Configuration,
  RenderOptions extends ApplicationV2.RenderOptions = ApplicationV2.RenderOptions,
> extends HandlebarsApplicationMixin(ApplicationV2)<RenderContext, Configuration, RenderOptions> {
  static override DEFAULT_OPTIONS = {
    classes: ["terran-engine", "roll-dialog", "legacy-roll-dialog"],
    tag: "form",
    window: { title: "TERRAN.Dialog.windowTitle", resizable: true },
    position: { width: 420 },
    actions: {
      darkUp: LegacyRollDialog.#onStep,
      darkDown: LegacyRollDialog.#onStep,
      positionUp: LegacyRollDialog.#onStep,
      positionDown: LegacyRollDialog.#onStep,
      toggleModifier: LegacyRollDialog.#onStep,
      roll: LegacyRollDialog.#onRoll,
    },
  };

  static override PARTS = {
    main: { template: `systems/${SYSTEM_ID}/templates/dialogs/legacy-roll-dialog.hbs` },
  };

  readonly #request: LegacyRollRequest;
  #choices: LegacyRollChoices;

  constructor(request: LegacyRollRequest, options?: DeepPartial<Configuration>) {
    super(options);
    this.#request = request;
    this.#choices = initialLegacyChoices(this.#settings());
  }

  #subject(): LegacyRollSubject {
    return { ruleset: currentRuleset(), state: this.#request.actor.characterState(), attribute: this.#request.attribute };
  }

  #settings(): LegacyRollSettings {
    // R-LEG-14 a montage is offered against exactly one targeted Challenge, and not when answering a GM's request.
    const montage = currentRuleset().montage && !this.#request.answers ? targetedChallenge() : null;
    return { darkMax: currentDarkDiceMax(), messageMode: currentMessageMode(), locale: game.i18n?.lang ?? "en", montage };
  }

  /** The model's normalised choices become the dialog's own (a clamped value stays clamped). */
  #set(choices: LegacyRollChoices): void {
    this.#choices = legacyRollModel(this.#subject(), choices, this.#settings()).choices;
    void this.render();
  }

  protected override async _prepareContext(options: DeepPartial<RenderOptions> & { isFirstRender: boolean }): Promise<RenderContext> {
    const context = await super._prepareContext(options);
    return Object.assign(context, legacyRollModel(this.#subject(), this.#choices, this.#settings()));
  }

  /** One change listener on the form (it outlives re-renders of the part). */
  protected override async _onFirstRender(context: DeepPartial<RenderContext>, options: DeepPartial<RenderOptions>): Promise<void> {
    await super._onFirstRender(context, options);
    this.element.addEventListener("change", (event) => {
      const field = fieldValue(event.target);
      if (field) this.#set(applyLegacyField(this.#choices, field.name, field.value));
    });
  }

  static #onStep(this: LegacyRollDialog, _event: PointerEvent, target: HTMLElement): void {
    this.#set(applyLegacyAction(this.#choices, target.dataset.action ?? "", target.dataset.key ?? ""));
  }

  static async #onRoll(this: LegacyRollDialog): Promise<void> {
    const view = legacyRollModel(this.#subject(), this.#choices, this.#settings());
    if (view.roll.disabled) return;
    await this.close();
    const challenge = view.choices.montage ? this.#settings().montage : null;
    if (challenge) {
      await rollLegacyMontage(this.#request.actor, { attribute: this.#request.attribute, skill: view.choices.skill, raw: view.raw, dark: view.choices.dark, challenge, messageMode: view.choices.messageMode });
      return;
    }
    await rollLegacyRisky(this.#request.actor, {
      attribute: this.#request.attribute,
      skill: view.choices.skill,
      light: view.light,
      dark: view.choices.dark,
      messageMode: view.choices.messageMode,
      answers: this.#request.answers ?? null,
    });
  }
}

/** The one Challenge among the tokens this user targets (as Apply reads them: src/applications/chat/card-apply.ts), or null. */
function targetedChallenge(): MontageChallenge | null {
  const actors = [...(game.user?.targets ?? [])].map((t) => t.actor).filter((a) => a !== null);
  return montageTarget(
    actors.map((actor) => {
      const system = actor.system;
      const challenge = system instanceof ChallengeData ? { tier: system.tier, n: system.n, dice: system.dice, halved: system.halved } : null;
      return { uuid: actor.uuid, name: actor.name, challenge };
    }),
  );
}
