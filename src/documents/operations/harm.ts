/**
 * R-HARM-1 … R-HARM-5, R-CH-4: an incoming Effect (a Challenge's, or any other) applied as harm.
 * The armour is the derived one (items' own values, *Elephant skin*); the rules decide the rest.
 */
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
  /** The shield item sacrificed (R-HARM-2), when one was. */
  readonly shieldItemId: string | null;
}

function harmTarget(state: CharacterState): HarmTarget {
  const { armour } = deriveCharacter(state.source, state.items);
  return { grit: state.source.grit.value, wounds: state.source.wounds, dead: state.source.dead, armour };
}

/**
 * R-HARM-2 the shield that counts: an equipped, intact shield of the highest value (the first such
 * item on a tie) — the one `deriveCharacter` adds to the armour.
 */
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

/**
 * R-HARM-1 … R-HARM-5 what an Effect would do, before the wound track is chosen: the UI shows the
 * damage and asks for a track when `marksWound` and more than one option is open.
 */
export function assessHarmOperation(
  state: CharacterState,
  effect: number,
  options: Pick<HarmChoices, "sacrificeShield"> = {},
): HarmAssessment {
  assertAlive(state, "be harmed further");
  return assessHarm(harmTarget(state), effect, options);
}

/**
 * R-HARM-1 … R-HARM-5, R-CH-4 apply an Effect: Grit falls (floor 0), a wound is marked when the
 * rules say so (`choices.woundTrack`, required when more than one track is free), a Mortally Wounded
 * character dies of any damage, and a sacrificed shield is marked destroyed. A lost character (R-EGO-3)
 * can still be harmed; only death stops it.
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
