/**
 * R-GRIT-2 the Rest prompt: two ticks, one for a poor night's sleep and one for poor food (each
 * −1d; *Asceticism* cancels the food's). Through DialogV2, read without `instanceof` so it works in a
 * v14 detached window.
 */
import { localize } from "../sheet-glue.ts";
import { inputOf } from "../../dom.ts";

export interface RestAnswer {
  readonly poorNight: boolean;
  readonly poorFood: boolean;
}

/** A tick's state in the prompt's form (false when the box is missing). */
function ticked(form: HTMLFormElement | null | undefined, name: string): boolean {
  return inputOf(form?.querySelector(`input[name="${name}"]`))?.checked ?? false;
}

/** Reads a scripted or returned answer: both flags as booleans, or null (the prompt was closed). */
export function restAnswerOf(result: unknown): RestAnswer | null {
  if (typeof result !== "object" || result === null) return null;
  const record = result as Record<string, unknown>;
  return { poorNight: record.poorNight === true, poorFood: record.poorFood === true };
}

/** Asks how the night was; null if the dialog is closed. */
export async function askRest(): Promise<RestAnswer | null> {
  const esc = foundry.utils.escapeHTML;
  // One tick a line (a paragraph each), so the two questions stack in core's dialog form.
  const tick = (name: string, key: string) =>
    `<p><label><input type="checkbox" name="${name}"> ${esc(localize(key))}</label></p>`;
  const content = [
    `<p>${esc(localize("TERRAN.Sheet.Grit.restPrompt"))}</p>`,
    tick("poorNight", "TERRAN.Sheet.Grit.restPoorNight"),
    tick("poorFood", "TERRAN.Sheet.Grit.restPoorFood"),
  ].join("");
  const result: unknown = await foundry.applications.api.DialogV2.prompt({
    window: { title: localize("TERRAN.Sheet.Grit.restTitle") },
    content,
    ok: {
      label: localize("TERRAN.Sheet.Grit.rest"),
      callback: (_event: PointerEvent | SubmitEvent, button: HTMLButtonElement): RestAnswer => ({
        poorNight: ticked(button.form, "poorNight"),
        poorFood: ticked(button.form, "poorFood"),
      }),
    },
    rejectClose: false,
  });
  return restAnswerOf(result);
}
