/**
 * Ratings read through the ruleset's attribute scheme, for any edition (R-LEG-1 … R-LEG-7, R-LEG-15, R-LEG-16,
 * R-CHAR-4's table as data); attributes.ts keeps Core's six-attribute constants.
 */
import { assertFaces, highest } from "./dice.ts";
import { assertInteger, RulesError } from "./errors.ts";
import type { AttributeScheme, HealthRule, Ruleset, SkillScheme } from "./rulesets/types.ts";

/** Keyed by the ruleset's attribute (or skill) ids. */
export type Ratings = Readonly<Record<string, number>>;

/** In sheet order. */
export function attributeIds(ruleset: Ruleset): string[] {
  return ruleset.attributes.list.map((a) => a.id);
}

/** None without skills. */
export function skillIds(ruleset: Ruleset): string[] {
  return ruleset.skills?.list.map((s) => s.id) ?? [];
}

function assertOwnId(id: unknown, ids: readonly string[], what: string): string {
  if (typeof id !== "string" || !ids.includes(id))
    throw new RulesError("unknown-id", `"${String(id)}" is not ${what} of this ruleset.`, { id: String(id) });
  return id;
}

/** `unknown-id` otherwise. */
export function assertAttributeOf(ruleset: Ruleset, id: string): string {
  return assertOwnId(id, attributeIds(ruleset), "an attribute");
}

/** `not-allowed` when the ruleset has no skills. */
export function assertSkillOf(ruleset: Ruleset, id: string): string {
  if (!ruleset.skills) throw new RulesError("not-allowed", "This ruleset has no skills.");
  return assertOwnId(id, skillIds(ruleset), "a skill");
}

function assertRatingsIn(ratings: Ratings, ids: readonly string[], min: number, max: number, what: string): Ratings {
  for (const id of ids) assertInteger(ratings[id] ?? Number.NaN, `${what} ${id}`, min, max);
  return ratings;
}

/** R-LEG-1 / R-CHAR-1 */
export function assertRatingsOf(ruleset: Ruleset, ratings: Ratings): Ratings {
  const scheme = ruleset.attributes;
  return assertRatingsIn(ratings, attributeIds(ruleset), scheme.min, scheme.max, "The rating of");
}

function skillScheme(ruleset: Ruleset): SkillScheme {
  if (!ruleset.skills) throw new RulesError("not-allowed", "This ruleset has no skills.");
  return ruleset.skills;
}

/** R-LEG-3 */
export function assertSkillRatings(ruleset: Ruleset, skills: Ratings): Ratings {
  const scheme = skillScheme(ruleset);
  return assertRatingsIn(skills, skillIds(ruleset), scheme.min, scheme.max, "The skill");
}

/** R-LEG-2 / R-CHAR-4 the highest of `creation.dice` faces, read through the ruleset's bands. */
export function creationValue(scheme: AttributeScheme, faces: readonly number[]): number {
  const checked = assertFaces(faces, "A creation die");
  if (checked.length !== scheme.creation.dice) {
    throw new RulesError(
      "no-dice",
      `A creation roll throws ${scheme.creation.dice} dice; ${checked.length} were given.`,
      {
        expected: scheme.creation.dice,
        given: checked.length,
      },
    );
  }
  const kept = highest(checked);
  const band = scheme.creation.bands.find((b) => kept >= b.min && kept <= b.max);
  if (!band)
    throw new RulesError("out-of-range", `A creation roll of ${kept} is not on the table.`, {
      what: "A creation roll",
      value: kept,
    });
  const max = assertInteger(scheme.max, "An attribute scheme's maximum", 0);
  return assertInteger(band.value, "A creation table's value", 0, max);
}

/** R-LEG-2 */
export function rollRatings(
  ruleset: Ruleset,
  faces: Readonly<Record<string, readonly number[]>>,
): Record<string, number> {
  if (ruleset.attributes.creation.per !== "attribute") {
    throw new RulesError("not-allowed", "This ruleset rolls per group and distributes points (R-CHAR-4).");
  }
  return Object.fromEntries(
    attributeIds(ruleset).map((id) => [
      id,
      creationValue(ruleset.attributes, Object.hasOwn(faces, id) ? (faces[id] ?? []) : []),
    ]),
  );
}

/** R-LEG-3 every point placed, each skill in range. */
export function assertSkillSpread(ruleset: Ruleset, skills: Ratings): Ratings {
  const scheme = skillScheme(ruleset);
  assertSkillRatings(ruleset, skills);
  const placed = skillIds(ruleset).reduce((t, id) => t + (skills[id] ?? 0), 0);
  if (placed !== scheme.creationPoints) {
    throw new RulesError(
      "bad-distribution",
      `Skills start with ${scheme.creationPoints} points to place; ${placed} were placed.`,
      {
        group: "skills",
        points: scheme.creationPoints,
        placed,
      },
    );
  }
  return skills;
}

/** R-LEG-3 (setting) */
export function withoutSkillsBonus(ruleset: Ruleset, ratings: Ratings, attribute: string): Record<string, number> {
  const bonus = ruleset.creationBonus ?? skillScheme(ruleset).withoutSkillsBonus;
  return raiseBy(ruleset, ratings, attribute, bonus);
}

/**
 * R-LEG-3, R-V-5 (settings) no skill scheme, rated or held; a rated scheme's creation bonus kept as
 * `creationBonus`. Idempotent; a ruleset without skills is itself.
 */
export function withoutSkills(ruleset: Ruleset): Ruleset {
  const scheme = ruleset.heldSkills;
  // R-V-4 (ruling) the held scheme's points in its place.
  const held = scheme === null ? ruleset : { ...ruleset, heldSkills: null, creationBonus: scheme.withoutSkillsPoints };
  if (held.skills === null) return held;
  return { ...held, skills: null, creationBonus: skillScheme(held).withoutSkillsBonus };
}

function raiseBy(ruleset: Ruleset, ratings: Ratings, attribute: string, by: number): Record<string, number> {
  assertRatingsOf(ruleset, ratings);
  const id = assertAttributeOf(ruleset, attribute);
  const value = (ratings[id] ?? 0) + by;
  if (value > ruleset.attributes.max) {
    throw new RulesError(
      "attribute-cap",
      `${id} is already at ${ruleset.attributes.max}, the most an attribute can have.`,
      { attribute: id },
    );
  }
  const cap = ruleset.attributes.totalCap;
  const total = attributeIds(ruleset).reduce((t, a) => t + (ratings[a] ?? 0), 0) + by;
  if (cap !== null && total > cap) {
    throw new RulesError("attribute-cap", `The attributes together may not go above ${cap}.`, { attribute: id, cap });
  }
  return { ...ratings, [id]: value };
}

/** R-LEG-15 *Extra Attribute* (R-CHAR-5 *Developed* in Core), refused at the cap. */
export function raiseAttributeOf(ruleset: Ruleset, ratings: Ratings, attribute: string): Record<string, number> {
  return raiseBy(ruleset, ratings, attribute, 1);
}

/** R-LEG-5 (rated above the minimum). */
export function losableAttributes(ruleset: Ruleset, ratings: Ratings): string[] {
  assertRatingsOf(ruleset, ratings);
  return attributeIds(ruleset).filter((id) => (ratings[id] ?? 0) > ruleset.attributes.min);
}

/** R-LEG-5 never below the minimum. */
export function loseAttribute(
  ruleset: Ruleset,
  ratings: Ratings,
  attribute: string,
  points = 1,
): Record<string, number> {
  assertRatingsOf(ruleset, ratings);
  const id = assertAttributeOf(ruleset, attribute);
  assertInteger(points, "The points lost", 0, ruleset.attributes.max);
  const value = (ratings[id] ?? 0) - points;
  if (value < ruleset.attributes.min) {
    throw new RulesError("bad-choice", `${id} has no point left to lose; choose another attribute.`, { attribute: id });
  }
  return { ...ratings, [id]: value };
}

function hpRule(ruleset: Ruleset): Extract<HealthRule, { kind: "hp" }> {
  if (ruleset.health.kind !== "hp")
    throw new RulesError("not-allowed", "This ruleset has no hit points (it uses Grit).");
  return ruleset.health;
}

/** R-LEG-4 */
export function hpMax(ruleset: Ruleset, ratings: Ratings, advancements: number, tough = false): number {
  const rule = hpRule(ruleset);
  assertRatingsOf(ruleset, ratings);
  const held = assertInteger(advancements, "The number of advancements", 0);
  const fromRatings = rule.maxAttributes.reduce((t, id) => t + (ratings[id] ?? 0), 0);
  return fromRatings + rule.base + held * (rule.perAdvancement + (tough ? rule.toughPerAdvancement : 0));
}

/** R-LEG-7 (R-LEG-16 *Estranged*: −1), never below 0. */
export function egoMax(ruleset: Ruleset, ratings: Ratings, estranged = false): number {
  if (ruleset.ego.kind !== "derived")
    throw new RulesError("not-allowed", "This ruleset rolls its Ego maximum (R-EGO-1).");
  assertRatingsOf(ruleset, ratings);
  const sum = ruleset.ego.maxAttributes.reduce((t, id) => t + (ratings[id] ?? 0), 0);
  return Math.max(0, sum + ruleset.ego.base - (estranged ? 1 : 0));
}
