/**
 * The character sheet's activation buttons (R-ADV-1 Brainwave, R-ADV-2 Nova): activate the row's
 * advancement, end one effect, end the scene. Handlers of ApplicationV2's `actions` (`this` is the sheet).
 */
import { TerranActor } from "../../documents/actor.ts";

interface Sheet {
  readonly document?: unknown;
}

function actorOf(sheet: Sheet): TerranActor | null {
  return sheet.document instanceof TerranActor ? sheet.document : null;
}

/** Roll to activate the row's advancement. */
export async function activateAdvancement(this: Sheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
  const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId ?? "";
  await actorOf(this)?.activateAdvancement(id);
}

/** End one advancement's effect before the scene ends. */
export async function endSceneEffect(this: Sheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
  const advancement = target.closest<HTMLElement>("[data-advancement]")?.dataset.advancement;
  if (advancement) await actorOf(this)?.endScene(advancement);
}

/** The scene is over: every activated advancement's effect ends. */
export async function endScene(this: Sheet): Promise<void> {
  await actorOf(this)?.endScene();
}
