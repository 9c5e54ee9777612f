/** R-HARM-1 … R-HARM-5, R-CH-4 an incoming Effect as harm; the armour is the derived one. */
import {
  applyHarm,
  assessHarm,
  type HarmAssessment,
  type HarmChoices,
  type HarmResult,
  type HarmTarget,
} from "../../rules/index.ts";
import { deriveCharacter } from "../../data/derived.ts";
import type { ItemSnapshot } from "../../data/source.ts";
import { assertAlive, changes, result, type CharacterState, type ItemUpdate, type OperationResult } from "./types.ts";

export interface HarmOutcome extends HarmResult {
  /** R-HARM-2 or null. */
  readonly shieldItemId: string | null;
}

function harmTarget(state: CharacterState): HarmTarget {
  const { armour } = deriveCharacter(state.source, state.items);
  return { grit: state.source.grit.value, wounds: state.source.wounds, dead: state.source.dead, armour };
}

/** R-HARM-2 equipped, intact, the highest (first on a tie): the one `deriveCharacter` counts. */
export function carriedShield(items: readonly ItemSnapshot[]): ItemSnapshot | null {
  let best: ItemSnapshot | null = null;
  let bestValue = Number.NEGATIVE_INFINITY;
  for (const item of items) {
    if (item.type !== "armour" || item.system.kind !== "shield" || !item.system.equipped || item.system.destroyed)
      continue;
    if (item.system.value > bestValue) {
      best = item;
      bestValue = item.system.value;
    }
  }
  return best;
}

/** R-HARM-1 … R-HARM-5 before the wound track is chosen. */
export function assessHarmOperation(
  state: CharacterState,
  effect: number,
  options: Pick<HarmChoices, "sacrificeShield"> = {},
): HarmAssessment {
  assertAlive(state, "be harmed further");
  return assessHarm(harmTarget(state), effect, options);
}

/**
 * R-HARM-1 … R-HARM-5, R-CH-4 (`choices.woundTrack` when more than one track is free); a lost character
 * (R-EGO-3) can still be harmed.
 */
export function applyHarmOperation(
  state: CharacterState,
  effect: number,
  choices: HarmChoices = {},
): OperationResult<HarmOutcome> {
  assertAlive(state, "be harmed further");
  const harm = applyHarm(harmTarget(state), effect, choices);
  const { source } = state;
  const update = changes(
    ["system.grit.value", source.grit.value, harm.grit],
    ...(harm.wound ? ([[`system.wounds.${harm.wound}`, false, true]] as const) : []),
    ["system.dead", source.dead, harm.dead],
  );
  const shield = harm.shieldDestroyed ? carriedShield(state.items) : null;
  const itemUpdates: ItemUpdate[] = shield ? [{ _id: shield.id, "system.destroyed": true }] : [];
  return result(update, { ...harm, shieldItemId: shield?.id ?? null }, itemUpdates);
}
