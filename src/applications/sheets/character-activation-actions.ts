/**
 * The character sheet's activation buttons (R-ADV-1 Brainwave, R-ADV-2 Nova): activate the row's
 * advancement, end one effect, end the scene. Handlers of ApplicationV2's `actions` (`this` is the sheet).
 */
import { TerranActor } from "../../documents/actor.ts";

function actorOf(sheet: { readonly document?: unknown }): TerranActor | null {
  return sheet.document instanceof TerranActor ? sheet.document : null;
}

export const ACTIVATION_ACTIONS = {
  /** Roll to activate the row's advancement. */
  async activateAdvancement(this: { readonly document?: unknown }, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId ?? "";
    await actorOf(this)?.activateAdvancement(id);
  },
  /** End one advancement's effect before the scene ends. */
  async endSceneEffect(this: { readonly document?: unknown }, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const advancement = target.closest<HTMLElement>("[data-advancement]")?.dataset.advancement;
    if (advancement) await actorOf(this)?.endScene(advancement);
  },
  /** The scene is over: every activated advancement's effect ends. */
  async endScene(this: { readonly document?: unknown }): Promise<void> {
    await actorOf(this)?.endScene();
  },
};
