/**
 * R-ADV-1 Brainwave / R-ADV-2 Nova from the sheet, and the end of the scene (R-SAY-1: a last scene ends and the
 * character departs). The scene's effects live in an actor flag, returned as `scene`.
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
  type PanicMark,
  type SceneEffect,
} from "../../rules/index.ts";
import { deriveCharacter } from "../../data/derived.ts";
import { assertAlive, assertNotDeparted, changes, result, type CharacterState, type OperationResult } from "./types.ts";

export interface ActivationPlan {
  readonly itemId: string;
  readonly key: ActivatedAdvancement;
  readonly name: string;
  /** R-POOL-1 … R-POOL-3 */
  readonly dice: number;
}

const REFUSED: Readonly<Record<NonNullable<ReturnType<typeof activationRefusal>>, string>> = {
  depleted: "the suit is depleted until the scene ends",
  usedThisScene: "it has already been used this scene (once per scene)",
};

/** R-ADV-1 / R-ADV-2 (ruling: once per scene; Nova not while the suit is depleted); else a refusal. */
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
  /** For the actor's flag. */
  readonly scene: readonly SceneEffect[];
  /** R-HARM-4 (Hazed: Stressed), or null. */
  readonly woundMarked: WoundMarked | null;
}

export interface WoundMarked {
  readonly track: ActivationOutcome["markWound"] & string;
  /** Nothing more is marked (ruling, R-ADV-1). */
  readonly already: boolean;
  readonly mortallyWounded: boolean;
}

/** R-ADV-1 / R-ADV-2 (ruling) an already Stressed character marks nothing more. */
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
  /** For the actor's flag; none when the whole scene ended. */
  readonly scene: readonly SceneEffect[];
  /** R-SAY-1 `system.departed` */
  readonly departed: boolean;
  /** R-V-8 the Panic the scene's end closes (a Condition is owed for it); null when none or one effect ended. */
  readonly panicEnded: PanicMark | null;
}

/**
 * R-ADV-1 / R-ADV-2 the scene ends, or one effect early (a depleted suit cannot); R-SAY-1 a last scene over
 * departs the character, dead or alive, which opens their successor; R-V-8 a Panic's state ends with it.
 */
export function endSceneOperation(state: CharacterState, advancement?: string): OperationResult<EndSceneOutcome> {
  const scene = endSceneEffects(readSceneEffects(state.scene ?? []), advancement);
  const { source } = state;
  const departs = advancement === undefined && source.sayonara;
  const update = departs
    ? changes(["system.sayonara", true, false], ["system.departed", source.departed ?? false, true])
    : {};
  const panicEnded = advancement === undefined ? (state.panic ?? null) : null;
  return result(update, { scene, departed: departs, panicEnded });
}
