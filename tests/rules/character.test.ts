/**
 * §1 Characters: R-CHAR-1 … R-CHAR-7 (attributes, groups and derived Saves, the creation roll, the
 * attribute cap of Developed, archetypes, and the starting steps).
 */
import { describe, expect, it } from "vitest";
import {
  ATTRIBUTE_MAX,
  ATTRIBUTE_TOTAL_CAP,
  ATTRIBUTES,
  GROUP_ATTRIBUTES,
  GROUPS,
  SAVE_MAX,
  assertAttributes,
  assertRating,
  assertRatingChange,
  attributeTotal,
  totalWith,
  deriveSaves,
  developableAttributes,
  developAttribute,
  groupOf,
  saveRating,
  type Attribute,
  type Attributes,
  type Group,
} from "../../src/rules/attributes.ts";
import { CREATION_STEPS, creationPoints, distributeCreationPoints } from "../../src/rules/creation.ts";
import { DEFAULT_EGO_DICE, egoDiceCount, egoRoll } from "../../src/rules/ego.ts";
import { DEFAULT_GRIT_DICE, gritDiceCount, gritRoll } from "../../src/rules/grit.ts";
import { CORE, DEGENESIS } from "../../src/rules/rulesets/index.ts";
import { advancementCost } from "../../src/rules/xp.ts";
import { expectRulesError } from "./fixtures.ts";

const ZERO: Attributes = { intuition: 0, reason: 0, finesse: 0, exertion: 0, attunement: 0, influence: 0 };

function attrs(partial: Partial<Record<Attribute, number>>): Attributes {
  return { ...ZERO, ...partial };
}

describe("R-CHAR-1 attributes", () => {
  it("R-CHAR-1: there are six attributes, in sheet order", () => {
    expect(ATTRIBUTES).toEqual(["intuition", "reason", "finesse", "exertion", "attunement", "influence"]);
    expect(ATTRIBUTE_MAX).toBe(4);
  });

  it.each([0, 1, 2, 3, 4])("R-CHAR-1: a rating of %i is accepted", (rating) => {
    expect(assertRating(rating, "reason")).toBe(rating);
  });

  it.each([5, -1, 100])("R-CHAR-1: a rating of %i is refused as out of range", (rating) => {
    expectRulesError(() => assertRating(rating, "reason"), "out-of-range", /reason rating must be between 0 and 4/);
  });

  it.each([1.5, 0.1, Number.NaN, Number.POSITIVE_INFINITY])(
    "R-CHAR-1: a rating of %s is refused as not a whole number",
    (rating) => {
      expectRulesError(() => assertRating(rating, "reason"), "not-integer", /reason rating must be a whole number/);
    },
  );

  it("R-CHAR-1: a set of ratings with one bad attribute is refused, naming that attribute", () => {
    const error = expectRulesError(() => assertAttributes(attrs({ exertion: 5 })), "out-of-range", /exertion rating/);
    expect(error.data).toMatchObject({ value: 5, min: 0, max: 4 });
    expect(assertAttributes(attrs({ exertion: 4, reason: 2 }))).toEqual(attrs({ exertion: 4, reason: 2 }));
  });

  it("R-CHAR-1: the total of the ratings adds all six", () => {
    expect(
      attributeTotal(attrs({ intuition: 1, reason: 2, finesse: 3, exertion: 4, attunement: 0, influence: 1 })),
    ).toBe(11);
    expect(attributeTotal(ZERO)).toBe(0);
  });
});

describe("R-CHAR-2 groups", () => {
  it("R-CHAR-2: three groups of two attributes: Insight, Prowess, Resolve", () => {
    expect(GROUPS).toEqual(["insight", "prowess", "resolve"]);
    expect(GROUP_ATTRIBUTES).toEqual({
      insight: ["intuition", "reason"],
      prowess: ["finesse", "exertion"],
      resolve: ["attunement", "influence"],
    });
  });

  const attributeGroups: [Attribute, Group][] = [
    ["intuition", "insight"],
    ["reason", "insight"],
    ["finesse", "prowess"],
    ["exertion", "prowess"],
    ["attunement", "resolve"],
    ["influence", "resolve"],
  ];
  it.each(attributeGroups)("R-CHAR-2: %s belongs to %s", (attribute, group) => {
    expect(groupOf(attribute)).toBe(group);
  });

  it("R-CHAR-2: a Save is rated 0–2", () => {
    expect(SAVE_MAX).toBe(2);
    expect(
      deriveSaves(attrs({ intuition: 4, reason: 4, finesse: 4, exertion: 4, attunement: 4, influence: 4 })),
    ).toEqual({
      insight: 2,
      prowess: 2,
      resolve: 2,
    });
    expect(deriveSaves(ZERO)).toEqual({ insight: 0, prowess: 0, resolve: 0 });
  });
});

describe("R-CHAR-3 derived Saves", () => {
  it("R-CHAR-3: the spec's example, Attunement 3 and Influence 0, gives Resolve save 1", () => {
    expect(saveRating(attrs({ attunement: 3, influence: 0 }), "resolve")).toBe(1);
  });

  const saveCases: [
    string,
    Partial<Record<Attribute, number>>,
    { insight: number; prowess: number; resolve: number },
  ][] = [
    ["one point in each group", { reason: 1, finesse: 1, influence: 1 }, { insight: 1, prowess: 1, resolve: 1 }],
    ["high ratings count once", { intuition: 4, exertion: 3 }, { insight: 1, prowess: 1, resolve: 0 }],
    [
      "both attributes of a group",
      { intuition: 1, reason: 1, attunement: 2, influence: 1 },
      { insight: 2, prowess: 0, resolve: 2 },
    ],
    [
      "a creation result 1/2/3",
      { reason: 1, finesse: 1, exertion: 1, attunement: 3 },
      { insight: 1, prowess: 2, resolve: 1 },
    ],
  ];
  it.each(saveCases)("R-CHAR-3: saves count the attributes rated ≥ 1 (%s)", (_label, partial, expected) => {
    expect(deriveSaves(attrs(partial))).toEqual(expected);
  });

  it("R-CHAR-3: a Save cannot be derived from a bad rating", () => {
    expectRulesError(
      () => saveRating(attrs({ influence: 2.5 }), "resolve"),
      "not-integer",
      /influence rating must be a whole number/,
    );
    expectRulesError(
      () => deriveSaves(attrs({ finesse: -1 })),
      "out-of-range",
      /finesse rating must be between 0 and 4/,
    );
  });
});

describe("R-CHAR-4 creation roll", () => {
  const creationDieCases: [number, number][] = [
    [1, 1],
    [2, 1],
    [3, 1],
    [4, 2],
    [5, 2],
    [6, 3],
  ];
  it.each(creationDieCases)("R-CHAR-4: a creation die of %i gives %i point(s)", (face, points) => {
    expect(creationPoints(face)).toBe(points);
  });

  it.each([0, 7, -1, 2.5])("R-CHAR-4: a creation die showing %s is refused", (face) => {
    expectRulesError(() => creationPoints(face), "bad-face", /The creation die must show a whole number from 1 to 6/);
  });

  it("R-CHAR-4: each group's points are placed between its two attributes", () => {
    // Insight 2 → 1 point, Prowess 5 → 2 points, Resolve 6 → 3 points.
    const result = distributeCreationPoints(
      { insight: 2, prowess: 5, resolve: 6 },
      { reason: 1, finesse: 1, exertion: 1, attunement: 3 },
    );
    expect(result).toEqual({ intuition: 0, reason: 1, finesse: 1, exertion: 1, attunement: 3, influence: 0 });
  });

  it("R-CHAR-4: all of a group's points may go to one attribute", () => {
    const result = distributeCreationPoints(
      { insight: 6, prowess: 6, resolve: 6 },
      { intuition: 3, exertion: 3, influence: 3 },
    );
    expect(result).toEqual({ intuition: 3, reason: 0, finesse: 0, exertion: 3, attunement: 0, influence: 3 });
  });

  it("R-CHAR-4: too few points placed in a group is refused, saying how many", () => {
    const error = expectRulesError(
      () =>
        distributeCreationPoints({ insight: 4, prowess: 1, resolve: 1 }, { intuition: 1, finesse: 1, attunement: 1 }),
      "bad-distribution",
      /The insight roll gives 2 points to place; 1 was placed/,
    );
    expect(error.data).toEqual({ group: "insight", points: 2, placed: 1 });
  });

  it("R-CHAR-4: too many points placed in a group is refused", () => {
    expectRulesError(
      () =>
        distributeCreationPoints(
          { insight: 1, prowess: 1, resolve: 1 },
          { intuition: 1, finesse: 1, exertion: 1, attunement: 1 },
        ),
      "bad-distribution",
      /The prowess roll gives 1 point to place; 2 were placed/,
    );
  });

  it("R-CHAR-4: points cannot move from one group to another", () => {
    // Insight rolled 1 point, Prowess 1 point; putting Insight's point into Prowess is refused.
    expectRulesError(
      () => distributeCreationPoints({ insight: 1, prowess: 1, resolve: 1 }, { finesse: 1, exertion: 1, influence: 1 }),
      "bad-distribution",
      /insight roll gives 1 point to place; 0 were placed/,
    );
  });

  it("R-CHAR-4: a negative or fractional share is refused", () => {
    expectRulesError(
      () =>
        distributeCreationPoints(
          { insight: 4, prowess: 1, resolve: 1 },
          { intuition: 3, reason: -1, finesse: 1, attunement: 1 },
        ),
      "out-of-range",
      /Points given to reason must be between 0 and 4/,
    );
    expectRulesError(
      () =>
        distributeCreationPoints(
          { insight: 1, prowess: 1, resolve: 1 },
          { intuition: 0.5, reason: 0.5, finesse: 1, attunement: 1 },
        ),
      "not-integer",
      /Points given to intuition must be a whole number/,
    );
  });

  it("R-CHAR-4: a bad creation die in the roll is refused", () => {
    expectRulesError(
      () =>
        distributeCreationPoints({ insight: 1, prowess: 7, resolve: 1 }, { intuition: 1, finesse: 1, attunement: 1 }),
      "bad-face",
      /creation die/,
    );
  });
});

describe("R-CHAR-5 attribute cap and Developed", () => {
  it("R-CHAR-5: Developed adds +1 to one attribute and leaves the input untouched", () => {
    const before = attrs({ reason: 1, finesse: 2, attunement: 3 });
    const after = developAttribute(before, "finesse");
    expect(after).toEqual(attrs({ reason: 1, finesse: 3, attunement: 3 }));
    expect(before.finesse).toBe(2);
  });

  it("R-CHAR-5: a rating set by hand keeps the six at 10 or less (and is a whole rating 0–4)", () => {
    const at9 = attrs({ intuition: 4, reason: 3, finesse: 2 });
    expect(totalWith(at9, "finesse", 0)).toBe(7);
    expect(assertRatingChange(at9, "exertion", 1)).toBe(1);
    expect(assertRatingChange(at9, "intuition", 0)).toBe(0);
    expectRulesError(() => assertRatingChange(at9, "exertion", 2), "attribute-cap", /may not go above 10/);
    expectRulesError(() => assertRatingChange(at9, "finesse", 4), "attribute-cap", /may not go above 10/);
    expectRulesError(() => assertRatingChange(ZERO, "finesse", 5), "out-of-range", /between 0 and 4/);
  });

  it("R-CHAR-5: Developed may raise an attribute from 0", () => {
    expect(developAttribute(ZERO, "influence")).toEqual(attrs({ influence: 1 }));
  });

  it("R-CHAR-5: Developed is refused for an attribute already at 4", () => {
    const error = expectRulesError(
      () => developAttribute(attrs({ exertion: 4 }), "exertion"),
      "attribute-cap",
      /exertion is already at 4/,
    );
    expect(error.data).toEqual({ attribute: "exertion" });
  });

  it("R-CHAR-5: Developed may bring the total to 10 but not past it", () => {
    const nine = attrs({ intuition: 2, reason: 1, finesse: 2, exertion: 1, attunement: 2, influence: 1 });
    expect(attributeTotal(nine)).toBe(9);
    const ten = developAttribute(nine, "reason");
    expect(attributeTotal(ten)).toBe(ATTRIBUTE_TOTAL_CAP);
    expectRulesError(() => developAttribute(ten, "influence"), "attribute-cap", /already add up to 10/);
  });

  it("R-CHAR-5: Developed refuses bad ratings", () => {
    expectRulesError(() => developAttribute(attrs({ reason: 5 }), "intuition"), "out-of-range", /reason rating/);
    expectRulesError(() => developAttribute(attrs({ reason: 1.5 }), "intuition"), "not-integer", /whole number/);
  });

  it("R-CHAR-5: the attributes Developed could raise are those below 4, none once the total is 10", () => {
    expect(developableAttributes(attrs({ intuition: 4, finesse: 3 }))).toEqual([
      "reason",
      "finesse",
      "exertion",
      "attunement",
      "influence",
    ]);
    expect(developableAttributes(attrs({ intuition: 4, reason: 4, finesse: 2 }))).toEqual([]);
    expect(developableAttributes(attrs({ intuition: 4, reason: 4, finesse: 1 }))).toEqual([
      "finesse",
      "exertion",
      "attunement",
      "influence",
    ]);
  });
});

describe("R-CHAR-6 archetype", () => {
  it("R-CHAR-6: Core offers the twelve archetypes", () => {
    expect(CORE.archetype).toEqual({
      kind: "list",
      choices: [
        "hero",
        "mentor",
        "everyman",
        "innocent",
        "ruler",
        "sage",
        "explorer",
        "outlaw",
        "magician",
        "lover",
        "jester",
        "caregiver",
      ],
    });
  });

  it("R-CHAR-6: Degenesis describes a character by Culture, Clan, Concept and Cult", () => {
    expect(DEGENESIS.archetype).toEqual({ kind: "identity", fields: ["culture", "clan", "concept", "cult"] });
  });
});

describe("R-CHAR-7 start", () => {
  it("R-CHAR-7 R-XP-2: the starting advancement is free, the next one is not", () => {
    expect(advancementCost(0)).toBe(0);
    expect(advancementCost(1)).toBe(2);
  });

  it("R-CHAR-7 R-GRIT-1: the starting Grit roll throws 1d by default and keeps it", () => {
    expect(DEFAULT_GRIT_DICE).toBe(1);
    expect(gritDiceCount(DEFAULT_GRIT_DICE)).toBe(1);
    expect(gritRoll([4])).toBe(4);
  });

  it("R-CHAR-7 R-EGO-1: the starting Ego roll throws 1d by default and keeps it", () => {
    expect(DEFAULT_EGO_DICE).toBe(1);
    expect(egoDiceCount(DEFAULT_EGO_DICE, false)).toBe(1);
    expect(egoRoll([5])).toBe(5);
  });

  it("R-CHAR-7: a new character is made in order: archetype, ratings, Grit, Ego, the free advancement", () => {
    expect(CREATION_STEPS).toEqual(["archetype", "ratings", "grit", "ego", "advancement"]);
  });
});
