/**
 * R-ADV-1 Brainwave / R-ADV-2 Nova activated from the sheet, and the end of the scene: which dice the
 * roll throws, and what its outcome changes — the scene's effects (kept in an actor flag, returned as
 * `scene`) and, on Brainwave's Fail, the Stressed track marked like any wound (R-HARM-3 / R-HARM-4).
 * The end of the scene also ends a Sayonara's last scene (R-SAY-1): the character departs.
 */
import {
  activationDice,
  activationOutcome,
  activationRefusal,
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
import { assertAlive, assertNotDeparted, changes, result, type CharacterState, type OperationResult } from "./types.ts";

export interface ActivationPlan {
  readonly itemId: string;
  readonly key: ActivatedAdvancement;
  readonly name: string;
  /** The Light Dice the roll throws (R-POOL-1…3). */
  readonly dice: number;
}

const REFUSED: Readonly<Record<NonNullable<ReturnType<typeof activationRefusal>>, string>> = {
  depleted: "the suit is depleted until the scene ends",
  usedThisScene: "it has already been used this scene (once per scene)",
};

/**
 * The advancement item `itemId`, if the character has it, it is used by rolling, and it may be rolled
 * now (R-ADV-1 / R-ADV-2 ruling: once per scene; Nova not while the suit is depleted); else a refusal.
 */
export function activationPlan(state: CharacterState, itemId: string, ruleset: Ruleset): ActivationPlan {
  assertAlive(state, "activate an advancement");
  assertNotDeparted(state, "activate an advancement");
  const item = state.items.find((i) => i.id === itemId);
  if (item?.type !== "advancement")
    throw new RulesError("unknown-id", `The character has no advancement ${itemId}.`, { id: itemId });
  const key = item.system.key;
  if (!isActivatedAdvancement(key))
    throw new RulesError("not-allowed", `${item.name} is not used by rolling.`, { id: key });
  const refusal = activationRefusal(state.scene ?? [], key);
  if (refusal)
    throw new RulesError("not-allowed", `${item.name} cannot be activated: ${REFUSED[refusal]}.`, {
      id: key,
      reason: refusal,
    });
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

export interface EndSceneOutcome {
  /** The scene's effects after it (to store in the actor's flag): none when the whole scene ended. */
  readonly scene: readonly SceneEffect[];
  /** R-SAY-1 the character's last scene ended with this one: they depart (`system.departed`). */
  readonly departed: boolean;
}

/**
 * R-ADV-1 / R-ADV-2 the scene ends (every effect goes), or one advancement's effect is ended early (it
 * stays used until the scene ends; a depleted suit cannot be ended early). R-SAY-1 when the whole scene
 * ends for a character in Sayonara, their last scene is over: Sayonara's cheap Dark Dice end and the
 * character departs (dead or alive: death is one way to depart), which opens their successor.
 */
export function endSceneOperation(state: CharacterState, advancement?: string): OperationResult<EndSceneOutcome> {
  const scene = endSceneEffects(readSceneEffects(state.scene ?? []), advancement);
  const { source } = state;
  const departs = advancement === undefined && source.sayonara;
  const update = departs
    ? changes(["system.sayonara", true, false], ["system.departed", source.departed ?? false, true])
    : {};
  return result(update, { scene, departed: departs });
}
