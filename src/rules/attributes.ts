/** R-CHAR-1 … R-CHAR-3, R-CHAR-5 the six attributes, their groups and Saves, and the cap. */
import { assertId, assertInteger, RulesError } from "./errors.ts";
import { sum } from "./dice.ts";

/** R-CHAR-1 in sheet order. */
export const ATTRIBUTES = ["intuition", "reason", "finesse", "exertion", "attunement", "influence"] as const;
export type Attribute = (typeof ATTRIBUTES)[number];

/** R-CHAR-2 */
export const GROUPS = ["insight", "prowess", "resolve"] as const;
export type Group = (typeof GROUPS)[number];

export const GROUP_ATTRIBUTES: Readonly<Record<Group, readonly [Attribute, Attribute]>> = {
  insight: ["intuition", "reason"],
  prowess: ["finesse", "exertion"],
  resolve: ["attunement", "influence"],
};

export const ATTRIBUTE_MAX = 4;
export const SAVE_MAX = 2;
/** R-CHAR-5 */
export const ATTRIBUTE_TOTAL_CAP = 10;

export type Attributes = Readonly<Record<Attribute, number>>;
export type Saves = Readonly<Record<Group, number>>;

export function isAttribute(id: string): id is Attribute {
  return (ATTRIBUTES as readonly string[]).includes(id);
}

export function isGroup(id: string): id is Group {
  return (GROUPS as readonly string[]).includes(id);
}

/** Never an inherited name such as "__proto__". */
export function assertAttribute(id: string): Attribute {
  return assertId(id, ATTRIBUTES, "an attribute");
}

export function assertGroup(id: string): Group {
  return assertId(id, GROUPS, "a group");
}

export function groupOf(attribute: Attribute): Group {
  for (const group of GROUPS) if (GROUP_ATTRIBUTES[group].includes(attribute)) return group;
  throw new RulesError("unknown-id", `"${String(attribute)}" is not an attribute.`, { id: String(attribute) });
}

/** R-CHAR-1 */
export function assertRating(value: number, attribute = "An attribute"): number {
  return assertInteger(value, `${attribute} rating`, 0, ATTRIBUTE_MAX);
}

export function assertAttributes(attributes: Attributes): Attributes {
  for (const a of ATTRIBUTES) assertRating(attributes[a], a);
  return attributes;
}

/** Never NaN, "03" or 9.5. */
export function attributeTotal(attributes: Attributes): number {
  return sum(ATTRIBUTES.map((a) => assertRating(attributes[a], a)));
}

/** R-CHAR-3 (ruling) */
export function saveRating(attributes: Attributes, group: Group): number {
  return GROUP_ATTRIBUTES[assertGroup(group)].filter((a) => assertRating(attributes[a], a) >= 1).length;
}

/** R-CHAR-2 / R-CHAR-3 */
export function deriveSaves(attributes: Attributes): Saves {
  return {
    insight: saveRating(attributes, "insight"),
    prowess: saveRating(attributes, "prowess"),
    resolve: saveRating(attributes, "resolve"),
  };
}

/** R-CHAR-5 */
export function totalWith(attributes: Attributes, attribute: Attribute, value: number): number {
  const id = assertAttribute(attribute);
  return attributeTotal(attributes) - attributes[id] + assertRating(value, id);
}

/** R-CHAR-1 / R-CHAR-5 (the data model refuses it too). */
export function assertRatingChange(attributes: Attributes, attribute: Attribute, value: number): number {
  assertRating(value, assertAttribute(attribute));
  // Or a NaN among the other five would let the total escape the cap.
  for (const a of ATTRIBUTES) if (a !== attribute) assertRating(attributes[a], a);
  if (totalWith(attributes, attribute, value) > ATTRIBUTE_TOTAL_CAP) {
    throw new RulesError("attribute-cap", `The six attributes together may not go above ${ATTRIBUTE_TOTAL_CAP}.`, {
      attribute,
      cap: ATTRIBUTE_TOTAL_CAP,
    });
  }
  return value;
}

/** R-CHAR-5 */
export function developAttribute(attributes: Attributes, attribute: Attribute): Attributes {
  assertAttributes(attributes);
  assertAttribute(attribute);
  if (attributes[attribute] >= ATTRIBUTE_MAX) {
    throw new RulesError(
      "attribute-cap",
      `${attribute} is already at ${ATTRIBUTE_MAX}, the most an attribute can have.`,
      {
        attribute,
      },
    );
  }
  if (attributeTotal(attributes) >= ATTRIBUTE_TOTAL_CAP) {
    throw new RulesError(
      "attribute-cap",
      `The attributes already add up to ${ATTRIBUTE_TOTAL_CAP}, the most Developed allows.`,
      { attribute, cap: ATTRIBUTE_TOTAL_CAP },
    );
  }
  return { ...attributes, [attribute]: attributes[attribute] + 1 };
}

/** R-CHAR-5 */
export function developableAttributes(attributes: Attributes): Attribute[] {
  if (attributeTotal(assertAttributes(attributes)) >= ATTRIBUTE_TOTAL_CAP) return [];
  return ATTRIBUTES.filter((a) => attributes[a] < ATTRIBUTE_MAX);
}
