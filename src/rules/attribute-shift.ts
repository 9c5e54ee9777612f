/**
 * R-COND-1 Obsessive Focus moves attribute ratings (v0.6.0 turned the Skills into Attributes): +1 to one, −1 to
 * two others, chosen when the condition is taken and undone when it goes, within R-CHAR-1 and R-CHAR-5.
 */
import {
  ATTRIBUTE_MAX,
  ATTRIBUTE_TOTAL_CAP,
  ATTRIBUTES,
  assertAttribute,
  assertAttributes,
  attributeTotal,
  isAttribute,
  type Attribute,
  type Attributes,
} from "./attributes.ts";
import { RulesError } from "./errors.ts";

/** R-COND-1 */
export interface AttributeShift {
  readonly raise: Attribute;
  readonly lower: readonly [Attribute, Attribute];
}

/**
 * R-CHAR-1; (ruling) a lowered attribute at 0 is refused, so the condition is never cheaper than the seed says.
 */
export type ShiftRefusal = "sameAttribute" | "raiseAtMax" | "lowerAtZero";

/** "" in a part: not chosen. */
export interface StoredShift {
  readonly raise: string;
  readonly lower: readonly [string, string];
}

/** A condition without a shift stores "" in each part. */
export function isCompleteShift(shift: StoredShift): shift is AttributeShift {
  if (typeof shift !== "object" || shift === null || !Array.isArray(shift.lower) || shift.lower.length !== 2)
    return false;
  return isAttribute(shift.raise) && isAttribute(shift.lower[0]) && isAttribute(shift.lower[1]);
}

/** "unknown-id" for anything but three attribute ids. */
function assertShiftIds(shift: AttributeShift): AttributeShift {
  const lower: unknown = typeof shift === "object" && shift !== null ? shift.lower : undefined;
  if (!Array.isArray(lower) || lower.length !== 2) {
    throw new RulesError("unknown-id", "A shift names one attribute to raise and two to lower.", { id: String(lower) });
  }
  assertAttribute(shift.raise);
  assertAttribute(shift.lower[0]);
  assertAttribute(shift.lower[1]);
  return shift;
}

/** R-CHAR-1 / R-CHAR-5 */
function assertCharacterRatings(attributes: Attributes): Attributes {
  if (attributeTotal(assertAttributes(attributes)) > ATTRIBUTE_TOTAL_CAP) {
    throw new RulesError("attribute-cap", `The six attributes together may not go above ${ATTRIBUTE_TOTAL_CAP}.`, {
      cap: ATTRIBUTE_TOTAL_CAP,
    });
  }
  return attributes;
}

/** R-COND-1 null when it can. */
export function attributeShiftRefusal(attributes: Attributes, shift: AttributeShift): ShiftRefusal | null {
  assertCharacterRatings(attributes);
  const { raise, lower } = assertShiftIds(shift);
  if (raise === lower[0] || raise === lower[1] || lower[0] === lower[1]) return "sameAttribute";
  if (attributes[raise] >= ATTRIBUTE_MAX) return "raiseAtMax";
  if (attributes[lower[0]] <= 0 || attributes[lower[1]] <= 0) return "lowerAtZero";
  return null;
}

const REFUSAL_TEXT: Readonly<Record<ShiftRefusal, string>> = {
  sameAttribute: "The raised attribute and the two lowered ones must be three different attributes.",
  raiseAtMax: `The raised attribute is already at ${ATTRIBUTE_MAX}.`,
  lowerAtZero: "A lowered attribute is already at 0: choose another.",
};

/**
 * R-COND-1 the total drops by 1, so R-CHAR-5 holds; refused ("bad-choice", `reason`) when it cannot be taken.
 */
export function applyAttributeShift(attributes: Attributes, shift: AttributeShift): Attributes {
  const refusal = attributeShiftRefusal(attributes, shift);
  if (refusal) throw new RulesError("bad-choice", REFUSAL_TEXT[refusal], { reason: refusal });
  const next = { ...attributes, [shift.raise]: attributes[shift.raise] + 1 };
  next[shift.lower[0]] -= 1;
  next[shift.lower[1]] -= 1;
  return next;
}

export interface ShiftUndo {
  readonly attributes: Attributes;
  /** At 0, at 4, or the total at 10; in the order tried. */
  readonly withheld: readonly Attribute[];
}

/**
 * R-COND-1 (ruling) the shift given back as far as R-CHAR-1 and R-CHAR-5 allow (the ratings may have changed):
 * the raised one first, then the lowered in order.
 */
export function undoAttributeShift(attributes: Attributes, shift: AttributeShift): ShiftUndo {
  assertCharacterRatings(attributes);
  assertShiftIds(shift);
  const next: Record<Attribute, number> = { ...attributes };
  const withheld: Attribute[] = [];
  if (next[shift.raise] > 0) next[shift.raise] -= 1;
  else withheld.push(shift.raise);
  for (const a of shift.lower) {
    if (next[a] < ATTRIBUTE_MAX && attributeTotal(next) < ATTRIBUTE_TOTAL_CAP) next[a] += 1;
    else withheld.push(a);
  }
  return { attributes: next, withheld };
}

export interface ShiftChoices {
  /** Below 4. */
  readonly raise: readonly Attribute[];
  /** Above 0. */
  readonly lower: readonly Attribute[];
  /** One to raise and two others to lower. */
  readonly possible: boolean;
}

/** R-COND-1 in sheet order. */
export function shiftChoices(attributes: Attributes): ShiftChoices {
  assertCharacterRatings(attributes);
  const raise = ATTRIBUTES.filter((a) => attributes[a] < ATTRIBUTE_MAX);
  const lower = ATTRIBUTES.filter((a) => attributes[a] > 0);
  const possible = raise.some((r) => lower.filter((l) => l !== r).length >= 2);
  return { raise, lower, possible };
}
