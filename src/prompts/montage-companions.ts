/**
 * R-LEG-14 (ruling) before a montage the roller names the companions sharing its Ego and the most each puts in;
 * every other character is offered, and a row at 0 is no companion (the split: `montageEgoShares`).
 */
export interface CompanionCandidate {
  readonly uuid: string;
  readonly name: string;
  /** The most they can put in. */
  readonly ego: number;
}

export interface CompanionOffer {
  readonly uuid: string;
  readonly offers: number;
}

/** Untrusted: only known candidates, whole numbers within their Ego. */
export function readCompanionOffers(answer: unknown, candidates: readonly CompanionCandidate[]): CompanionOffer[] {
  if (!Array.isArray(answer)) return [];
  return candidates.flatMap((c) => {
    const row: unknown = answer.find(
      (a: unknown) => typeof a === "object" && a !== null && Reflect.get(a, "uuid") === c.uuid,
    );
    const value: unknown = typeof row === "object" && row !== null ? Reflect.get(row, "offers") : 0;
    const offers =
      typeof value === "number" && Number.isFinite(value) ? Math.max(0, Math.min(c.ego, Math.trunc(value))) : 0;
    return offers > 0 ? [{ uuid: c.uuid, offers }] : [];
  });
}

/** [] with no candidate; null if the dialog is closed. */
export async function askCompanionOffers(candidates: readonly CompanionCandidate[]): Promise<CompanionOffer[] | null> {
  if (candidates.length === 0) return [];
  const i18n = game.i18n;
  const esc = foundry.utils.escapeHTML;
  const rows = candidates
    .map(
      (c, i) =>
        `<label class="te-companion">${esc(i18n?.format("TERRAN.Dialog.Montage.companion", { name: c.name, ego: String(c.ego) }) ?? c.name)} ` +
        `<input type="number" name="c${i}" data-uuid="${esc(c.uuid)}" min="0" max="${c.ego}" step="1" value="0"></label>`,
    )
    .join("");
  const content = `<p>${esc(i18n?.localize("TERRAN.Dialog.Montage.companionsPrompt") ?? "")}</p>${rows}`;
  const result: unknown = await foundry.applications.api.DialogV2.prompt({
    window: { title: i18n?.localize("TERRAN.Dialog.Montage.companionsTitle") ?? "" },
    content,
    ok: {
      callback: (_event: PointerEvent | SubmitEvent, button: HTMLButtonElement) =>
        // No instanceof: the dialog may live in a v14 detached window (another realm).
        [...(button.form?.querySelectorAll("input[data-uuid]") ?? [])].map((input) => ({
          uuid: input.getAttribute("data-uuid") ?? "",
          offers: Number(Reflect.get(input, "value")),
        })),
    },
    rejectClose: false,
  });
  return result === null || result === undefined ? null : readCompanionOffers(result, candidates);
}
