/**
 * R-LEG-6 *Protected* when harm lands: how many Dark Dice to throw (asked of whoever takes or applies the
 * harm and owns the character, with the damage they may take off and the Ego at stake, R-LEG-8), and the
 * throw itself, with Foundry's dice as Dark Dice (flavoured `dark`, so Dice So Nice colours them). The
 * sum, the reduction and the Ego are the pure operation's (./operations/hp-harm.ts `hpHarmOperation`).
 */
import { TerranRoll } from "../dice/terran-roll.ts";
import { currentDarkDiceMax } from "../settings/settings.ts";

export interface ProtectedOffer {
  /** The character's name (a GM applying for a player sees whose dice these are). */
  readonly name: string;
  /** The damage after armour that the dice may take off. */
  readonly damage: number;
  /** The Ego now: each die showing it or less costs 1 (R-LEG-8). */
  readonly ego: number;
}

/**
 * Asks how many Dark Dice to throw against this harm (0: none); null if the dialog is closed, which
 * cancels the harm (nothing is taken). An answer out of range is brought into 0…`max`.
 */
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
        // No instanceof: the dialog may live in a v14 detached window (another realm); an input is
        // read by its properties.
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

/** Throws `count` Dark Dice with Foundry (none: no roll) and returns the roll and its faces. */
export async function rollProtectedDice(count: number): Promise<{ roll: TerranRoll | null; faces: number[] }> {
  if (count <= 0) return { roll: null, faces: [] };
  const roll = TerranRoll.pool(0, count);
  await roll.evaluate();
  return { roll, faces: roll.darkFaces };
}
