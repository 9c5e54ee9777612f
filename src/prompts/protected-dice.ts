/**
 * R-LEG-6 *Protected*: asking how many Dark Dice to throw against harm (R-LEG-8's Ego at stake) and throwing
 * them, flavoured `dark` for Dice So Nice; the sums are `hpHarmOperation`'s.
 */
import { TerranRoll } from "../dice/terran-roll.ts";
import { currentDarkDiceMax } from "../settings/settings.ts";

export interface ProtectedOffer {
  /** A GM applying for a player sees whose dice these are. */
  readonly name: string;
  /** After armour. */
  readonly damage: number;
  /** R-LEG-8 each die showing it or less costs 1. */
  readonly ego: number;
}

/** Null if closed (the harm is cancelled); an answer out of range is brought into 0…`max`. */
export async function askProtectedDice(offer: ProtectedOffer, max = currentDarkDiceMax()): Promise<number | null> {
  const i18n = game.i18n;
  const esc = foundry.utils.escapeHTML;
  const data = { name: offer.name, damage: String(offer.damage), ego: String(offer.ego) };
  const prompt = i18n?.format("TERRAN.Harm.Protected.prompt", data) ?? "";
  const stake = i18n?.format("TERRAN.Harm.Protected.stake", data) ?? "";
  const label = i18n?.localize("TERRAN.Harm.Protected.dice") ?? "";
  const content =
    `<p>${esc(prompt)}</p><p class="te-hint">${esc(stake)}</p>` +
    `<label>${esc(label)} <input type="number" name="n" min="0" max="${max}" step="1" value="0" autofocus></label>`;
  const result: unknown = await foundry.applications.api.DialogV2.prompt({
    window: { title: i18n?.localize("TERRAN.Harm.Protected.title") ?? "" },
    content,
    ok: {
      callback: (_event: PointerEvent | SubmitEvent, button: HTMLButtonElement) => {
        // No instanceof: the dialog may live in a v14 detached window (another realm).
        const input: unknown = button.form?.querySelector('input[name="n"]');
        return typeof input === "object" && input !== null && "valueAsNumber" in input
          ? input.valueAsNumber
          : Number.NaN;
      },
    },
    rejectClose: false,
  });
  if (typeof result !== "number" || !Number.isFinite(result)) return null;
  return Math.min(max, Math.max(0, Math.round(result)));
}

/** None: no roll. */
export async function rollProtectedDice(count: number): Promise<{ roll: TerranRoll | null; faces: number[] }> {
  if (count <= 0) return { roll: null, faces: [] };
  const roll = TerranRoll.pool(0, count);
  await roll.evaluate();
  return { roll, faces: roll.darkFaces };
}
