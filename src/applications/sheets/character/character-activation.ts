/**
 * R-ADV-1 Brainwave / R-ADV-2 Nova on the character sheet, pure: an activated advancement's Activate button
 * (closed once used this scene or while the suit is depleted), what is active until the scene ends, and the
 * controls that end it (R-SAY-1 a last scene's end too).
 */
import { activationRefusal, isActivatedAdvancement, readSceneEffects, type SceneEffect } from "../../../rules/index.ts";
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
  /** Ends this effect early; null when there is nothing left to end (used this scene). */
  readonly end: ButtonView | null;
}

/** An advancement row's activation: the Activate button (activated advancements only) and what is active from it. */
export interface ActivationRowView {
  readonly activate: ButtonView | null;
  readonly active: ActiveSceneView | null;
}

export interface SceneView {
  readonly effects: readonly ActiveSceneView[];
  /** R-V-8 the Panic's state until the scene ends. */
  readonly panicKey: string | null;
  readonly endScene: ButtonView;
}

/** R-ADV-2 a depleted suit cannot be ended early (it lasts "until the end of the scene"): the button says so. */
function endButton(effect: SceneEffect, g: ActivationGate): ButtonView | null {
  if (effect.kind === "spent") return null;
  return button(
    message("TERRAN.Activation.endHint"),
    g.notOwner,
    effect.kind === "depleted" && message("TERRAN.Activation.refused.depletedEnd"),
  );
}

function activeView(effect: SceneEffect, name: string, g: ActivationGate): ActiveSceneView {
  return {
    advancement: effect.advancement,
    name,
    kind: effect.kind,
    kindKey: `TERRAN.Activation.kind.${effect.kind}`,
    end: endButton(effect, g),
  };
}

/** The scene's effects the sheet reads (the actor's flag, checked). */
export function sceneEffectsOf(input: CharacterSheetInput): SceneEffect[] {
  return readSceneEffects(input.scene ?? []);
}

export function activationRow(item: SheetItem, effects: readonly SceneEffect[], g: ActivationGate): ActivationRowView {
  if (item.type !== "advancement" || !isActivatedAdvancement(item.system.key)) return { activate: null, active: null };
  const effect = effects.find((e) => e.itemId === item.id);
  const refusal = activationRefusal(effects, item.system.key);
  return {
    activate: button(
      message("TERRAN.Activation.activateHint"),
      g.notOwner,
      g.dead,
      refusal && message(`TERRAN.Activation.refused.${refusal}`),
    ),
    active: effect ? activeView(effect, item.name, g) : null,
  };
}

/**
 * Everything active until the scene ends, with the control that ends it; null when nothing is and the
 * character is not in their last scene (R-SAY-1 `inLastScene`: ending it is how they depart).
 */
export function sceneOf(input: CharacterSheetInput, g: ActivationGate, inLastScene = false): SceneView | null {
  const effects = sceneEffectsOf(input);
  const panic = input.panic ?? null;
  if (effects.length === 0 && !inLastScene && !panic) return null;
  return {
    effects: effects.map((e) => activeView(e, input.items.find((i) => i.id === e.itemId)?.name ?? e.advancement, g)),
    panicKey: panic ? `TERRAN.Panic.sheet.${panic.state}` : null,
    endScene: button(
      message(inLastScene ? "TERRAN.Activation.endLastSceneHint" : "TERRAN.Activation.endSceneHint"),
      g.notOwner,
    ),
  };
}
