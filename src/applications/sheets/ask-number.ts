/** A small prompt for one whole number (Exceptional's n), through DialogV2. */
import { localize } from "./sheet-glue.ts";
import { inputOf } from "../dom.ts";

/** Asks for a whole number in [min, max]; null if the dialog is closed. Out-of-range answers are clamped. */
export async function askNumber(
  title: string,
  prompt: string,
  limits: { min: number; max: number; value: number },
): Promise<number | null> {
  const esc = foundry.utils.escapeHTML;
  const content = `<p>${esc(localize(prompt))}</p><input type="number" name="n" min="${limits.min}" max="${limits.max}" step="1" value="${limits.value}" autofocus>`;
  const result: unknown = await foundry.applications.api.DialogV2.prompt({
    window: { title: localize(title) },
    content,
    ok: {
      callback: (_event: PointerEvent | SubmitEvent, button: HTMLButtonElement) => {
        // No instanceof: the dialog may live in a v14 detached window (another realm).
        const input = inputOf(button.form?.querySelector('input[name="n"]'));
        return input ? input.valueAsNumber : Number.NaN;
      },
    },
    rejectClose: false,
  });
  if (typeof result !== "number" || !Number.isFinite(result)) return null;
  return Math.min(limits.max, Math.max(limits.min, Math.round(result)));
}
