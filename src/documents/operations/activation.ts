/**
 * R-ADV-1 Brainwave / R-ADV-2 Nova activated from the sheet, and the end of the scene: which dice the
 * roll throws, and what its outcome changes — the scene's effects (kept in an actor flag, returned as
 * `scene`) and, on Brainwave's Fail, the Stressed track marked like any wound (R-HARM-3 / R-HARM-4).
 */
import {
  activationDice,
  activationOutcome,
  addSceneEffect,
  endSceneEffects,
  isActivatedAdvancement,
  isMortallyWounded,
  readSceneEffects,
  RulesError,
  type ActivatedAdvancement,
  type ActivationOutcome,
  type Ruleset,
  type SceneEffect,
} from "../../rules/index.ts";
import { deriveCharacter } from "../../data/derived.ts";
import { assertAlive, changes, result, type CharacterState, type OperationResult } from "./types.ts";

export interface ActivationPlan {
  readonly itemId: string;
  readonly key: ActivatedAdvancement;
  readonly name: string;
  /** The Light Dice the roll throws (R-POOL-1…3). */
  readonly dice: number;
}

/** The advancement item `itemId`, if the character has it and it is used by rolling; else a refusal. */
export function activationPlan(state: CharacterState, itemId: string, ruleset: Ruleset): ActivationPlan {
  assertAlive(state, "activate an advancement");
  const item = state.items.find((i) => i.id === itemId);
  if (item?.type !== "advancement")
    throw new RulesError("unknown-id", `The character has no advancement ${itemId}.`, { id: itemId });
  const key = item.system.key;
  if (!isActivatedAdvancement(key))
    throw new RulesError("not-allowed", `${item.name} is not used by rolling.`, { id: key });
  const { source } = state;
  const dice = activationDice(key, {
    ruleset,
    attributes: source.attributes,
    wounds: source.wounds,
    flags: deriveCharacter(source, state.items).flags,
  });
  return { itemId, key, name: item.name, dice };
}

export interface ActivationOperationOutcome extends ActivationOutcome {
  readonly advancementName: string;
  /** The scene's effects after the activation (to store in the actor's flag). */
  readonly scene: readonly SceneEffect[];
  /** R-HARM-4 the track this Fail marked (Hazed: Stressed), or null. */
  readonly woundMarked: WoundMarked | null;
}

export interface WoundMarked {
  readonly track: ActivationOutcome["markWound"] & string;
  /** The track was already marked: nothing more is marked (ruling, R-ADV-1). */
  readonly already: boolean;
  readonly mortallyWounded: boolean;
}

/**
 * R-ADV-1 / R-ADV-2 the outcome of the activation roll `faces` of advancement item `itemId`: the new
 * scene effects, and on Brainwave's Fail the Stressed track marked. Ruling: a character already Stressed
 * (already Hazed) marks nothing more; the Fail costs nothing else.
 */
export function activateOperation(
  state: CharacterState,
  itemId: string,
  faces: readonly number[],
  ruleset: Ruleset,
): OperationResult<ActivationOperationOutcome> {
  const plan = activationPlan(state, itemId, ruleset);
  if (faces.length !== plan.dice) {
    throw new RulesError("no-dice", `${plan.name} throws ${plan.dice} dice, but ${faces.length} were given.`, {
      expected: plan.dice,
      given: faces.length,
    });
  }
  const outcome = activationOutcome(plan.key, itemId, faces);
  const before = readSceneEffects(state.scene ?? []);
  const scene = outcome.sceneEffect ? addSceneEffect(before, outcome.sceneEffect) : before;
  const wounds = state.source.wounds;
  let woundMarked: WoundMarked | null = null;
  let update = {};
  if (outcome.markWound) {
    const track = outcome.markWound;
    const already = wounds[track];
    update = changes([`system.wounds.${track}`, wounds[track], true]);
    woundMarked = { track, already, mortallyWounded: isMortallyWounded({ ...wounds, [track]: true }) };
  }
  return result(update, { ...outcome, advancementName: plan.name, scene, woundMarked });
}

/** R-ADV-1 / R-ADV-2 the scene ends (every effect goes), or one advancement's effect is ended early. */
export function endSceneOperation(state: CharacterState, advancement?: string): readonly SceneEffect[] {
  return endSceneEffects(readSceneEffects(state.scene ?? []), advancement);
}
