/** R-CHAR-4 the creation roll and its points; R-CHAR-7 the starting steps. */
import { ATTRIBUTE_MAX, GROUP_ATTRIBUTES, GROUPS, type Attribute, type Attributes, type Group } from "./attributes.ts";
import { assertFace } from "./dice.ts";
import { assertInteger, RulesError } from "./errors.ts";

/** R-CHAR-4 */
export function creationPoints(face: number): 1 | 2 | 3 {
  const f = assertFace(face, "The creation die");
  return f <= 3 ? 1 : f <= 5 ? 2 : 3;
}

/** One die per group. */
export type CreationRoll = Readonly<Record<Group, number>>;

/** R-CHAR-4 every point placed, none above 4. */
export function distributeCreationPoints(
  roll: CreationRoll,
  shares: Readonly<Partial<Record<Attribute, number>>>,
): Attributes {
  const share = (attribute: Attribute): number =>
    assertInteger(shares[attribute] ?? 0, `Points given to ${attribute}`, 0, ATTRIBUTE_MAX);
  for (const group of GROUPS) {
    const points = creationPoints(roll[group]);
    const placed = GROUP_ATTRIBUTES[group].reduce((t, a) => t + share(a), 0);
    if (placed !== points) {
      throw new RulesError(
        "bad-distribution",
        `The ${group} roll gives ${points} point${points === 1 ? "" : "s"} to place; ${placed} ${placed === 1 ? "was" : "were"} placed.`,
        { group, points, placed },
      );
    }
  }
  return {
    intuition: share("intuition"),
    reason: share("reason"),
    finesse: share("finesse"),
    exertion: share("exertion"),
    attunement: share("attunement"),
    influence: share("influence"),
  };
}

/** R-CHAR-7 in order. */
export const CREATION_STEPS = ["archetype", "ratings", "grit", "ego", "advancement"] as const;
export type CreationStep = (typeof CREATION_STEPS)[number];
