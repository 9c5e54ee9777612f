/**
 * The separate resolution's Risky Action dialog (Legacy, R-LEG-9; ApplicationV2 + Handlebars): hosts
 * `separateRollModel`; every click or field change recomputes the model and re-renders; Roll hands the
 * pool to `rollLegacyRisky`, which throws the dice, spends the Ego and posts the card. The Effect is
 * rolled apart (R-LEG-11), from the weapon's row on the sheet (./separate.ts). Its template and CSS
 * class keep the name `legacy-roll-dialog`.
 */
import type { DeepPartial } from "fvtt-types/utils";
import { advisorOpen, ROLL_DIALOG_PARTIALS, RollDialogHost, saidWhyClosed } from "../dialog-host.ts";
import { TerranActor } from "../../documents/actor.ts";
import { rollLegacyRisky } from "../../documents/legacy-actions.ts";
import { rollLegacyMontage } from "../../documents/legacy-play.ts";
import { clearComplications } from "../../documents/complications.ts";
import { ratingsOf } from "../../data/ratings.ts";
import { askCompanionOffers, type CompanionCandidate } from "../../prompts/montage-companions.ts";
import { payMontageShares } from "./separate-cards.ts";
import { montageTarget, type MontageChallenge } from "../../documents/operations/legacy-play.ts";
import { ChallengeData } from "../../data/actor/challenge.ts";
import type { AnswerLink } from "../../chat/index.ts";
import { currentDarkDiceMax, currentRuleset } from "../../settings/settings.ts";
import { SYSTEM_ID } from "../../system-id.ts";
import { currentMessageMode } from "../../compat/generation.ts";
import { attempt, sayWhyClosed } from "../../prompts/notify.ts";
import { askMontageWord, gmOnline } from "../../relay/queries.ts";
import type { LegacyAttribute } from "../../data/ratings.ts";

import {
  applySeparateAction,
  applySeparateField,
  initialSeparateChoices,
  separateRollModel,
  type MontageWord,
  type SeparateRollChoices,
  type SeparateRollSettings,
  type SeparateRollSubject,
  type SeparateRollView,
} from "./separate-dialog-model.ts";

type Configuration = foundry.applications.api.ApplicationV2.Configuration;

export interface SeparateRollRequest {
  readonly actor: TerranActor;
  readonly attribute: LegacyAttribute;
  /** The GM's request this roll answers (opened from a request card's row), if any. */
  readonly answers?: AnswerLink;
}

export class SeparateRollDialog extends RollDialogHost<SeparateRollView> {
  static override DEFAULT_OPTIONS = {
    classes: ["terran-engine", "roll-dialog", "legacy-roll-dialog"],
    tag: "form",
    window: { title: "TERRAN.Dialog.windowTitle", resizable: true },
    position: { width: 420 },
    actions: {
      darkUp: SeparateRollDialog.#onStep,
      darkDown: SeparateRollDialog.#onStep,
      positionUp: SeparateRollDialog.#onStep,
      positionDown: SeparateRollDialog.#onStep,
      toggleModifier: SeparateRollDialog.#onStep,
      advisorDark: SeparateRollDialog.#onStep,
      roll: SeparateRollDialog.#onRoll,
    },
  };

  static override PARTS = {
    main: {
      template: `systems/${SYSTEM_ID}/templates/dialogs/legacy-roll-dialog.hbs`,
      templates: ROLL_DIALOG_PARTIALS,
    },
  };

  protected readonly advisor = "separate";
  readonly #request: SeparateRollRequest;
  #choices: SeparateRollChoices;
  /** R-LEG-14 the active GM has been asked about the montage and has not answered yet. */
  #waiting = false;

  constructor(request: SeparateRollRequest, options?: DeepPartial<Configuration>) {
    super(options);
    this.#request = request;
    this.#choices = initialSeparateChoices(this.#settings());
  }

  #subject(): SeparateRollSubject {
    return {
      ruleset: currentRuleset(),
      state: this.#request.actor.characterState(),
      attribute: this.#request.attribute,
    };
  }

  #settings(): SeparateRollSettings {
    // R-LEG-14 a montage is offered against exactly one targeted Challenge, and not when answering a GM's request.
    const montage = currentRuleset().montage && !this.#request.answers ? targetedChallenge() : null;
    return {
      darkMax: currentDarkDiceMax(),
      messageMode: currentMessageMode(),
      locale: game.i18n?.lang ?? "en",
      montage,
      montageWord: this.#montageWord(),
      advisorOpen: advisorOpen("separate"),
    };
  }

  /**
   * R-LEG-14 whose word says the Challenge cannot kill: a GM who rolls, in place; else the active GM, asked on Roll.
   */
  #montageWord(): MontageWord {
    if (game.user?.isGM) return "self";
    if (this.#waiting) return "waiting";
    return gmOnline() ? "ask" : "none";
  }

  /**
   * R-LEG-14 a player's montage waits for the GM's yes (the dialog shows it waiting): the word its card carries;
   * null on a no, told why.
   */
  async #gmAgrees(challengeUuid: string): Promise<{ gmId: string; id: string } | null> {
    this.#waiting = true;
    void this.render();
    const word = await attempt(() => askMontageWord(this.#request.actor.uuid, challengeUuid));
    this.#waiting = false;
    void this.render();
    return word;
  }

  /** The model's normalised choices become the dialog's own (a clamped value stays clamped). */
  #set(choices: SeparateRollChoices): void {
    this.#choices = separateRollModel(this.#subject(), choices, this.#settings()).choices;
    void this.render();
  }

  protected view(): SeparateRollView {
    return separateRollModel(this.#subject(), this.#choices, this.#settings());
  }

  protected onField(name: string, value: string | boolean): void {
    this.#set(applySeparateField(this.#choices, name, value));
  }

  static #onStep(this: SeparateRollDialog, _event: PointerEvent, target: HTMLElement): void {
    if (saidWhyClosed(target)) return;
    this.#set(applySeparateAction(this.#choices, target.dataset.action ?? "", target.dataset.key ?? ""));
  }

  static async #onRoll(this: SeparateRollDialog): Promise<void> {
    const settings = this.#settings();
    const view = separateRollModel(this.#subject(), this.#choices, settings);
    if (view.roll.disabled) {
      sayWhyClosed(view.roll.reason);
      return;
    }
    const challenge = view.choices.montage ? (settings.montage ?? null) : null;
    const word = challenge && settings.montageWord === "ask" ? await this.#gmAgrees(challenge.uuid) : null;
    if (challenge && settings.montageWord === "ask" && !word) return;
    await this.close();
    const thrown = await this.#throw(view, challenge, word);
    // R-LEG-14 the complications this roll carried are spent with it (the roller owns the character).
    if (thrown) await clearComplications(this.#request.actor, view.complicationsUsed);
  }

  /** Throws the montage (against `challenge`) or the Risky Action the dialog shows; false if nothing was thrown. */
  async #throw(
    view: SeparateRollView,
    challenge: MontageChallenge | null,
    gmWord: { gmId: string; id: string } | null,
  ): Promise<boolean> {
    if (challenge) {
      // R-LEG-14 (ruling) the companions who share the Ego, named before the throw (closing the prompt rolls nothing).
      const companions =
        view.choices.dark > 0 ? await askCompanionOffers(companionCandidates(this.#request.actor)) : [];
      if (companions === null) return false;
      const rolled = await rollLegacyMontage(this.#request.actor, {
        attribute: this.#request.attribute,
        skill: view.choices.skill,
        raw: view.raw,
        dark: view.choices.dark,
        challenge,
        messageMode: view.choices.messageMode,
        companions,
        ...(gmWord ? { gmWord } : {}),
      });
      if (rolled?.messageId) await payMontageShares(rolled.messageId);
      return true;
    }
    await rollLegacyRisky(this.#request.actor, {
      attribute: this.#request.attribute,
      skill: view.choices.skill,
      light: view.light,
      dark: view.choices.dark,
      messageMode: view.choices.messageMode,
      answers: this.#request.answers ?? null,
    });
    return true;
  }
}

/**
 * The one Challenge among the tokens this user targets (as Apply
 * reads them: src/applications/chat/apply-click.ts), or null.
 */
function targetedChallenge(): MontageChallenge | null {
  const actors = [...(game.user?.targets ?? [])].map((t) => t.actor).filter((a) => a !== null);
  return montageTarget(
    actors.map((actor) => {
      const system = actor.system;
      const challenge =
        system instanceof ChallengeData
          ? { tier: system.tier, n: system.n, dice: system.dice, halved: system.halved }
          : null;
      return { uuid: actor.uuid, name: actor.name, challenge };
    }),
  );
}

/** R-LEG-14 every other character of the world, owned or not, with its Ego now: who may share a montage's Ego. */
function companionCandidates(roller: TerranActor): CompanionCandidate[] {
  return (game.actors?.contents ?? []).flatMap((a) =>
    a instanceof TerranActor && a.type === "character" && a.id !== roller.id
      ? [{ uuid: a.uuid, name: a.name, ego: ratingsOf(a.characterState().source).ego.value }]
      : [],
  );
}
