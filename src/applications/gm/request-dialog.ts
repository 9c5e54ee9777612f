/**
 * The GM's "request a roll" dialog (ApplicationV2 + Handlebars): characters (the selected tokens'
 * ticked), what to roll and a note; Post hands the form to `postRollRequest`. A refusal is a localised
 * warning and the dialog keeps what the GM chose.
 */
import type { DeepPartial } from "fvtt-types/utils";
import { attempt } from "../../prompts/notify.ts";
import { postRollRequest } from "../../table/roll-requests.ts";
import { playerCharacters } from "../../table/session-award.ts";
import { TerranActor } from "../../documents/actor.ts";
import { RulesError } from "../../rules/index.ts";
import { currentRuleset } from "../../settings/settings.ts";
import { SYSTEM_ID } from "../../system-id.ts";
import { fieldOf, inputOf } from "../dom.ts";
import {
  characterField,
  readRequestForm,
  requestDialogContext,
  type RequestCandidate,
  type RequestDialogContext,
} from "./request-context.ts";
import { DialogHost } from "../dialog-host.ts";

type Configuration = foundry.applications.api.ApplicationV2.Configuration;

export const REQUEST_DIALOG_ACTIONS = ["post"] as const;

/** The characters of the selected tokens, then the other player characters, each once. */
export function requestCandidates(): RequestCandidate[] {
  const selected: unknown[] = (canvas?.tokens?.controlled ?? []).map((token) => token.actor);
  const picked = selected.filter((a): a is TerranActor => a instanceof TerranActor && a.type === "character");
  const out: RequestCandidate[] = picked.map((a) => ({ uuid: a.uuid, name: a.name, selected: true }));
  for (const a of playerCharacters())
    if (!out.some((c) => c.uuid === a.uuid)) out.push({ uuid: a.uuid, name: a.name, selected: false });
  return out.filter((c, i) => out.findIndex((o) => o.uuid === c.uuid) === i);
}

export class RequestRollDialog extends DialogHost<RequestDialogContext> {
  static override DEFAULT_OPTIONS = {
    classes: ["terran-engine", "gm-tool", "request-roll"],
    tag: "form",
    window: { title: "TERRAN.Request.Dialog.title", resizable: true },
    position: { width: 420 },
    actions: { post: RequestRollDialog.#onPost },
  };

  static override PARTS = {
    main: { template: `systems/${SYSTEM_ID}/templates/dialogs/request-roll.hbs` },
  };

  readonly #candidates: readonly RequestCandidate[];

  constructor(options?: DeepPartial<Configuration>) {
    super(options);
    if (!game.user?.isGM) throw new RulesError("not-allowed", "Only a GM may ask for rolls.", { reason: "notGm" });
    this.#candidates = requestCandidates();
  }

  protected override view(): RequestDialogContext {
    return requestDialogContext(this.#candidates, currentRuleset());
  }

  #value(name: string): string {
    return fieldOf(this.element.querySelector(`[name="${name}"]`))?.value ?? "";
  }

  static async #onPost(this: RequestRollDialog): Promise<void> {
    const form = {
      ticked: this.#candidates.map(
        (_, i) => inputOf(this.element.querySelector(`[name="${characterField(i)}"]`))?.checked === true,
      ),
      subject: this.#value("subject"),
      chance: this.#value("chance"),
      note: this.#value("note"),
    };
    const posted = await attempt(async () => {
      const request = readRequestForm(this.#candidates, form, currentRuleset());
      await postRollRequest(request.subject, request.note, request.actors);
      return true;
    });
    if (posted) await this.close();
  }
}
