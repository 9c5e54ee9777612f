/**
 * R-ADV-1 Brainwave / R-ADV-2 Nova on the character sheet: the Activate button on an activated
 * advancement's row, what is active until the scene ends (on the row and above the lists), and the
 * controls that end it (one effect, or the whole scene). Pure.
 */
import { isActivatedAdvancement, readSceneEffects, type SceneEffect } from "../../../rules/index.ts";
import { button, message, type ButtonView, type Message } from "../common.ts";
import type { CharacterSheetInput, SheetItem } from "../inputs.ts";

/** What the sheet's buttons are refused for (the context builder's gates). */
export interface ActivationGate {
  readonly notOwner: Message | null;
  readonly dead: Message | null;
}

export interface ActiveSceneView {
  readonly advancement: string;
  readonly name: string;
  readonly kind: SceneEffect["kind"];
  /** What it means (an i18n key). */
  readonly kindKey: string;
  readonly end: ButtonView;
}

/** An advancement row's activation: the Activate button (activated advancements only) and what is active from it. */
export interface ActivationRowView {
  readonly activate: ButtonView | null;
  readonly active: ActiveSceneView | null;
}

export interface SceneView {
  readonly effects: readonly ActiveSceneView[];
  readonly endScene: ButtonView;
}

function activeView(effect: SceneEffect, name: string, g: ActivationGate): ActiveSceneView {
  return {
    advancement: effect.advancement,
    name,
    kind: effect.kind,
    kindKey: `TERRAN.Activation.kind.${effect.kind}`,
    end: button(message("TERRAN.Activation.endHint"), g.notOwner),
  };
}

/** The scene's effects the sheet reads (the actor's flag, checked). */
export function sceneEffectsOf(input: CharacterSheetInput): SceneEffect[] {
  return readSceneEffects(input.scene ?? []);
}

export function activationRow(item: SheetItem, effects: readonly SceneEffect[], g: ActivationGate): ActivationRowView {
  if (item.type !== "advancement" || !isActivatedAdvancement(item.system.key)) return { activate: null, active: null };
  const effect = effects.find((e) => e.itemId === item.id);
  return {
    activate: button(message("TERRAN.Activation.activateHint"), g.notOwner, g.dead),
    active: effect ? activeView(effect, item.name, g) : null,
  };
}

/** Everything active until the scene ends, with the control that ends the scene; null when nothing is. */
export function sceneOf(input: CharacterSheetInput, g: ActivationGate): SceneView | null {
  const effects = sceneEffectsOf(input);
  if (effects.length === 0) return null;
  return {
    effects: effects.map((e) => activeView(e, input.items.find((i) => i.id === e.itemId)?.name ?? e.advancement, g)),
    endScene: button(message("TERRAN.Activation.endSceneHint"), g.notOwner),
  };
}
