/**
 * R-COND-1 / R-XP-1 a Condition taken (its XP and Obsessive Focus's shift, one update) or removed (the shift
 * undone); TerranItem calls these.
 */
import {
  applyAttributeShift,
  ATTRIBUTES,
  isCompleteShift,
  RulesError,
  undoAttributeShift,
  type Attribute,
  type AttributeShift,
  type Attributes,
  type ConditionKind,
} from "../../rules/index.ts";
import type { ShiftSource } from "../../data/source.ts";
import { conditionAddedOperation, type XpOutcome } from "./xp.ts";
import { changes, result, type Change, type CharacterState, type OperationResult } from "./types.ts";

export interface ConditionTaken {
  readonly kind: ConditionKind;
  readonly shift?: Readonly<ShiftSource>;
}

/** R-COND-1 null when not fully chosen. */
export function shiftOf(system: { readonly shift?: Readonly<ShiftSource> | undefined }): AttributeShift | null {
  const s = system.shift;
  if (!s) return null;
  const stored = { raise: s.raise, lower: [s.lower1, s.lower2] as const };
  return isCompleteShift(stored) ? stored : null;
}

function anyShiftPart(shift: Readonly<ShiftSource> | undefined): boolean {
  return !!shift && (shift.raise !== "" || shift.lower1 !== "" || shift.lower2 !== "");
}

function ratingChanges(before: Attributes, after: Attributes): Change[] {
  return ATTRIBUTES.map((a): Change => [`system.attributes.${a}`, before[a], after[a]]);
}

export interface ConditionTakenOutcome extends XpOutcome {
  /** R-COND-1 or null. */
  readonly shift: AttributeShift | null;
}

/** R-XP-1 / R-COND-1 a shift chosen in part is refused ("choice-required"): never half applied. */
export function takeConditionOperation(
  state: CharacterState,
  condition: ConditionTaken,
  perCondition = 1,
): OperationResult<ConditionTakenOutcome> {
  const xp = conditionAddedOperation(state, condition.kind, perCondition);
  const shift = shiftOf(condition);
  if (!shift) {
    if (anyShiftPart(condition.shift)) {
      throw new RulesError("choice-required", "Obsessive Focus needs one attribute to raise and two others to lower.");
    }
    return result(xp.update, { ...xp.outcome, shift: null });
  }
  const before = state.source.attributes;
  const after = applyAttributeShift(before, shift);
  return result({ ...xp.update, ...changes(...ratingChanges(before, after)) }, { ...xp.outcome, shift });
}

export interface ConditionRemovedOutcome {
  readonly shift: AttributeShift | null;
  /** R-COND-1 (ruling) */
  readonly withheld: readonly Attribute[];
}

/**
 * R-COND-1 (ruling) reaches a dead character too: bookkeeping, keeping the ratings true should the GM revive
 * them.
 */
export function removeConditionOperation(
  state: CharacterState,
  condition: Pick<ConditionTaken, "shift">,
): OperationResult<ConditionRemovedOutcome> {
  const shift = shiftOf(condition);
  if (!shift) return result({}, { shift: null, withheld: [] });
  const before = state.source.attributes;
  const { attributes, withheld } = undoAttributeShift(before, shift);
  return result(changes(...ratingChanges(before, attributes)), { shift, withheld });
}
