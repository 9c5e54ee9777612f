/**
 * R-XP-1 the GM's end-of-session dialog (ApplicationV2 + Handlebars): shows `sessionDialogContext`,
 * and its Award button hands the form to `awardSession` (one update per actor, one summary card). A
 * refusal (no row ticked, an XP that is not 1–99) is a localised warning; the dialog stays open with
 * what the GM typed, and nothing is given.
 */
import type { DeepPartial } from "fvtt-types/utils";
import { attempt, sayWhyClosed } from "../../prompts/notify.ts";
import type { SessionRowPlan } from "../../documents/operations/index.ts";
import { awardSession, sessionRows } from "../../table/session-award.ts";
import { RulesError } from "../../rules/index.ts";
import { SYSTEM_ID } from "../../system-id.ts";
import { fieldOf, inputOf } from "../dom.ts";
import {
  playedField,
  sessionChoices,
  sessionDialogContext,
  xpField,
  type SessionDialogContext,
} from "./session-context.ts";
import { DialogHost } from "../dialog-host.ts";

type Configuration = foundry.applications.api.ApplicationV2.Configuration;

/** Every `data-action` the template uses. */
export const SESSION_DIALOG_ACTIONS = ["award"] as const;

export class SessionAwardDialog extends DialogHost<SessionDialogContext> {
  static override DEFAULT_OPTIONS = {
    classes: ["terran-engine", "gm-tool", "session-award"],
    tag: "form",
    window: { title: "TERRAN.Session.Dialog.title", resizable: true },
    position: { width: 460 },
    actions: { award: SessionAwardDialog.#onAward },
  };

  static override PARTS = {
    main: { template: `systems/${SYSTEM_ID}/templates/dialogs/session-award.hbs` },
  };

  /** The rows as the dialog opened (a GM's later edits live in the form). */
  readonly #rows: readonly SessionRowPlan[];

  constructor(options?: DeepPartial<Configuration>) {
    super(options);
    if (!game.user?.isGM) throw new RulesError("not-allowed", "Only a GM can award session XP.", { reason: "notGm" });
    this.#rows = sessionRows();
  }

  protected override view(): SessionDialogContext {
    return sessionDialogContext(this.#rows);
  }

  #field(name: string): Element | null {
    return this.element.querySelector(`[name="${name}"]`);
  }

  static async #onAward(this: SessionAwardDialog): Promise<void> {
    // A closed Award keeps the focus (aria-disabled) so its reason can be read; pressed, it says it and awards nothing.
    const { award } = sessionDialogContext(this.#rows);
    if (award.disabled) {
      sayWhyClosed(award.tooltipKey ? { key: award.tooltipKey, value: "" } : null);
      return;
    }
    const form = {
      played: this.#rows.map((_, i) => inputOf(this.#field(playedField(i)))?.checked === true),
      xp: this.#rows.map((_, i) => fieldOf(this.#field(xpField(i)))?.value ?? ""),
    };
    const posted = await attempt(() => awardSession(sessionChoices(this.#rows, form)));
    if (posted) await this.close();
  }
}
