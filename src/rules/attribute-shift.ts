/**
 * R-COND-1 Obsessive Focus, with R-CHAR-1 and R-CHAR-5: the seed's "+1 point in one Skill and −1 point
 * in two other Skills" moves attribute ratings, because v0.6.0 turned the Skills into Attributes (the
 * SRD's own changelog). The player chooses the three attributes when the condition is taken; removing
 * the condition undoes the move. Every rating stays 0–4 and the six together at most 10 (+1 −1 −1
 * lowers the total by 1, so taking it never breaks the cap; undoing it may, see `undoAttributeShift`).
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

/** R-COND-1 the chosen move: +1 to `raise`, −1 to each of `lower`. */
export interface AttributeShift {
  readonly raise: Attribute;
  readonly lower: readonly [Attribute, Attribute];
}

/**
 * Why a shift cannot be taken: the three attributes are not all different; the raised one is at 4
 * already (R-CHAR-1); a lowered one is at 0 (ruling: refused, so the player picks another — a rating
 * never goes below 0 and a −1 that changes nothing would make the condition cheaper than the seed says).
 */
export type ShiftRefusal = "sameAttribute" | "raiseAtMax" | "lowerAtZero";

/** A shift as stored, each part an attribute id or "" (not chosen). */
export interface StoredShift {
  readonly raise: string;
  readonly lower: readonly [string, string];
}

/** Is every part of a stored shift an attribute? (A condition without a shift stores "" in each.) */
export function isCompleteShift(shift: StoredShift): shift is AttributeShift {
  if (typeof shift !== "object" || shift === null || !Array.isArray(shift.lower) || shift.lower.length !== 2)
    return false;
  return isAttribute(shift.raise) && isAttribute(shift.lower[0]) && isAttribute(shift.lower[1]);
}

/** A shift of three attribute ids (one raised, two lowered); "unknown-id" for anything else. */
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

/** R-CHAR-1 / R-CHAR-5 six ratings 0–4 that together are 10 at most (a character's data never holds more). */
function assertCharacterRatings(attributes: Attributes): Attributes {
  if (attributeTotal(assertAttributes(attributes)) > ATTRIBUTE_TOTAL_CAP) {
    throw new RulesError("attribute-cap", `The six attributes together may not go above ${ATTRIBUTE_TOTAL_CAP}.`, {
      cap: ATTRIBUTE_TOTAL_CAP,
    });
  }
  return attributes;
}

/** R-COND-1 why `shift` cannot be taken by a character with `attributes`, or null when it can. */
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
 * R-COND-1 the ratings after taking `shift`; refused ("bad-choice", `reason` a ShiftRefusal) when it
 * cannot be taken. The total after is the total before − 1, so R-CHAR-5 holds.
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
  /** The attributes that could not move back (at 0, at 4, or the total at 10), in the order tried. */
  readonly withheld: readonly Attribute[];
}

/**
 * R-COND-1 (ruling) removing the condition gives its shift back as far as R-CHAR-1 and R-CHAR-5 allow,
 * since the ratings may have changed in between (Developed, a Malaise, a GM's correction): first the
 * raised attribute −1 (unless it is at 0), then each lowered one +1 in the order chosen, unless it is at
 * 4 or the six are at 10. What could not move back is `withheld` (the sheet says so).
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
  /** The attributes that may take the +1 (below 4). */
  readonly raise: readonly Attribute[];
  /** The attributes that may take a −1 (above 0). */
  readonly lower: readonly Attribute[];
  /** Some shift can be taken: one attribute to raise and two others to lower. */
  readonly possible: boolean;
}

/** R-COND-1 what the player may pick, in sheet order. */
export function shiftChoices(attributes: Attributes): ShiftChoices {
  assertCharacterRatings(attributes);
  const raise = ATTRIBUTES.filter((a) => attributes[a] < ATTRIBUTE_MAX);
  const lower = ATTRIBUTES.filter((a) => attributes[a] > 0);
  const possible = raise.some((r) => lower.filter((l) => l !== r).length >= 2);
  return { raise, lower, possible };
}
