/**
 * R-COND-1 / R-XP-1 taking and removing a Condition: the +1 XP of a new Condition and, for Obsessive
 * Focus, the attribute shift chosen when it was taken — one update; the shift undone when it goes.
 * TerranItem calls these when a condition item is created on, or deleted from, a character.
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

/** What the operations read of a condition item's system data. */
export interface ConditionTaken {
  readonly kind: ConditionKind;
  readonly shift?: Readonly<ShiftSource>;
}

/** R-COND-1 the stored shift as the rules read it, or null when it is not (fully) chosen. */
export function shiftOf(system: { readonly shift?: Readonly<ShiftSource> | undefined }): AttributeShift | null {
  const s = system.shift;
  if (!s) return null;
  const stored = { raise: s.raise, lower: [s.lower1, s.lower2] as const };
  return isCompleteShift(stored) ? stored : null;
}

/** Is any part of the stored shift chosen? */
function anyShiftPart(shift: Readonly<ShiftSource> | undefined): boolean {
  return !!shift && (shift.raise !== "" || shift.lower1 !== "" || shift.lower2 !== "");
}

function ratingChanges(before: Attributes, after: Attributes): Change[] {
  return ATTRIBUTES.map((a): Change => [`system.attributes.${a}`, before[a], after[a]]);
}

export interface ConditionTakenOutcome extends XpOutcome {
  /** R-COND-1 the shift the ratings took, or null. */
  readonly shift: AttributeShift | null;
}

/**
 * R-XP-1 / R-COND-1 a Condition is added to a character: its +1 XP (conditionAddedOperation: none in
 * creation, none for a Malaise, refused for the dead) and, when it carries a shift, the ratings moved by
 * the rules (refused with the rules' reason, "bad-choice", when they cannot take it). A shift chosen in
 * part is refused ("choice-required"): it is never half applied.
 */
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
  /** R-COND-1 (ruling) the attributes that could not move back within 0–4 and the total of 10. */
  readonly withheld: readonly Attribute[];
}

/**
 * R-COND-1 a Condition is removed: the shift it made is given back as far as the limits allow
 * (undoAttributeShift; what is withheld is named for the notice). Ruling: unlike the other operations
 * this one also reaches a dead character — it is bookkeeping of a removal, not an action of theirs, and
 * keeps the ratings true should the GM revive them (reviveOperation). A condition without a complete
 * shift moved nothing and undoes nothing.
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
