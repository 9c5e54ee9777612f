/**
 * Legacy's operations (R-LEG-*): creation, ratings by hand, HP and Ego within their maxima, the Experience
 * rolls. Values live under `system.ratings` (data/ratings.ts) and `system.hitPoints` (data/hit-points.ts);
 * Core's are never touched, and numbers come from the ruleset's data, never its id.
 */
import {
  advancementTarget,
  assertFaces,
  developSkill,
  highest,
  rollForAdvancement,
  RulesError,
  effectRoll,
  withoutSkillsBonus,
  type EffectTags,
  type TierRank,
  type Ruleset,
} from "../../rules/index.ts";
import { deriveHitPoints, hitPointsOf } from "../../data/hit-points.ts";
import {
  advancementsWonOf,
  deriveRatings,
  egoLostOf,
  isLegacyAttribute,
  isLegacySkill,
  ratingsOf,
  LEGACY_ATTRIBUTES,
  LEGACY_SKILLS,
  type LegacyAttribute,
  type LegacySkill,
} from "../../data/ratings.ts";
import type { ItemSnapshot } from "../../data/source.ts";
import { assertAlive, changes, result, type CharacterState, type Change, type OperationResult } from "./types.ts";

// Re-exported for the operations' callers.
export { isLegacyAttribute, isLegacySkill };
// Ego's moves: ./ego.ts; harm on HP: ./hp-harm.ts.

function assertWhole(value: number, what: string, min: number, max: number): number {
  if (!Number.isInteger(value)) throw new RulesError("not-integer", `${what} must be a whole number.`, { what });
  if (value < min || value > max)
    throw new RulesError("out-of-range", `${what} must be from ${min} to ${max}.`, { what, min, max });
  return value;
}

/** The rated character's and the HP model's stored blocks, with what derives from them. */
export function legacyState(state: CharacterState) {
  return {
    rated: ratingsOf(state.source),
    hitPoints: hitPointsOf(state.source),
    derived: {
      hitPoints: deriveHitPoints(state.source, state.items),
      ratings: deriveRatings(state.source, state.items),
    },
  };
}

/** HP's and Ego's maxima with the attributes `attributes` (R-LEG-4, R-LEG-7). */
function maximaWith(state: CharacterState, attributes: Record<LegacyAttribute, number>, items = state.items) {
  const source = { ratings: { ...ratingsOf(state.source), attributes } };
  return { hp: deriveHitPoints(source, items).max, ego: deriveRatings(source, items).ego.max };
}

// ---------------------------------------------------------------------------------------------
// The maxima

/** Ratings, current HP and Ego, items. */
export interface LegacyAfter {
  readonly attributes?: Readonly<Partial<Record<LegacyAttribute, number>>>;
  readonly hp?: number;
  readonly ego?: number;
  readonly items?: readonly ItemSnapshot[];
}

/**
 * R-LEG-4 / R-LEG-7 (ruling) the current values `after` an operation, brought down to its maxima; added last,
 * so no update leaves HP 5/4.
 */
export function legacyWithinMax(state: CharacterState, after: LegacyAfter = {}): Change[] {
  const { rated, hitPoints } = legacyState(state);
  const max = maximaWith(state, { ...rated.attributes, ...after.attributes }, after.items);
  return [
    ["system.hitPoints.value", hitPoints.value, Math.min(after.hp ?? hitPoints.value, max.hp)],
    ["system.ratings.ego.value", rated.ego.value, Math.min(after.ego ?? rated.ego.value, max.ego)],
  ];
}

/**
 * R-LEG-4 / R-LEG-7 / R-LEG-16 (ruling) committed when an Advancement or Condition came or went; nothing when
 * within.
 */
export function legacyWithinMaxOperation(
  state: CharacterState,
  items: readonly ItemSnapshot[] = state.items,
): OperationResult<{ readonly hp: number; readonly ego: number }> {
  const entries = legacyWithinMax(state, { items });
  const [hp, ego] = entries.map(([, , value]) => Number(value));
  return result(changes(...entries), { hp: hp ?? 0, ego: ego ?? 0 });
}

// ---------------------------------------------------------------------------------------------
// Creation and ratings

/** R-LEG-2 */
export function creationRating(ruleset: Ruleset, faces: readonly number[]): number {
  const creation = ruleset.attributes.creation;
  const kept = highest(assertFaces(faces, "A creation die"));
  if (faces.length !== creation.dice)
    throw new RulesError("no-dice", `A creation roll throws ${creation.dice} dice.`, { expected: creation.dice });
  const band = creation.bands.find((b) => kept >= b.min && kept <= b.max);
  if (!band) throw new RulesError("bad-face", `No creation band holds ${kept}.`, { face: kept });
  return band.value;
}

export interface LegacyCreationOutcome {
  readonly ratings: Readonly<Record<LegacyAttribute, number>>;
  readonly faces: readonly (readonly number[])[];
  readonly hp: number;
  readonly ego: number;
  /** R-LEG-3 (setting) or null. */
  readonly bonus: LegacyAttribute | null;
}

/** R-LEG-3 (setting) required without skills, refused otherwise. */
function withCreationBonus(
  ruleset: Ruleset,
  ratings: Record<LegacyAttribute, number>,
  bonus: string | null,
): Record<LegacyAttribute, number> {
  if (ruleset.creationBonus === undefined) {
    if (bonus === null) return ratings;
    throw new RulesError("not-allowed", "Only a game without skills gives an attribute +1 at creation.");
  }
  if (bonus === null)
    throw new RulesError("bad-choice", `Without skills, choose the attribute that takes +${ruleset.creationBonus}.`);
  if (!isLegacyAttribute(bonus))
    throw new RulesError("unknown-id", `"${bonus}" is not an attribute of this ruleset.`, { id: bonus });
  return withoutSkillsBonus(ruleset, ratings, bonus);
}

/** The actor keeps whether they were rolled. */
export interface LegacyCreationBy {
  readonly isGM: boolean;
  readonly rolled: boolean;
}

/** R-LEG-2 (ruling, §10) checked before any die is thrown. */
export function assertLegacyCreationRollOpen(state: CharacterState, by: LegacyCreationBy): void {
  assertAlive(state, "roll their attributes");
  if (legacyState(state).derived.ratings.advancements > 0)
    throw new RulesError("already-rolled", "The character is past creation: the attributes are no longer rolled.");
  if (by.rolled && !by.isGM)
    throw new RulesError("already-rolled", "The attributes have already been rolled; only a GM may roll them again.");
}

/**
 * R-LEG-2 (R-LEG-4, R-LEG-7) the first roll fills HP and Ego; a GM's roll again (ruling, §10) gives nothing
 * lost back. R-LEG-3 (setting) `bonus` takes +1.
 */
export function legacyCreationOperation(
  state: CharacterState,
  ruleset: Ruleset,
  faces: readonly (readonly number[])[],
  by: LegacyCreationBy = { isGM: false, rolled: false },
  bonus: string | null = null,
): OperationResult<LegacyCreationOutcome> {
  assertLegacyCreationRollOpen(state, by);
  if (faces.length !== LEGACY_ATTRIBUTES.length)
    throw new RulesError("no-dice", "One creation roll per attribute is needed.", {
      expected: LEGACY_ATTRIBUTES.length,
    });
  const { rated, hitPoints } = legacyState(state);
  const rolled = Object.fromEntries(
    LEGACY_ATTRIBUTES.map((a, i) => [a, creationRating(ruleset, faces[i] ?? [])]),
  ) as Record<LegacyAttribute, number>;
  const ratings = withCreationBonus(ruleset, rolled, bonus);
  const max = maximaWith(state, ratings);
  const hp = by.rolled ? Math.min(hitPoints.value, max.hp) : max.hp;
  const ego = by.rolled ? Math.min(rated.ego.value, max.ego) : max.ego;
  const entries: Change[] = [
    ...LEGACY_ATTRIBUTES.map((a): Change => [`system.ratings.attributes.${a}`, rated.attributes[a], ratings[a]]),
    ["system.hitPoints.value", hitPoints.value, hp],
    ["system.ratings.ego.value", rated.ego.value, ego],
  ];
  const chosen = bonus !== null && isLegacyAttribute(bonus) ? bonus : null;
  return result(changes(...entries), { ratings, faces, hp, ego, bonus: chosen });
}

/** R-LEG-3 null without skills. */
export interface LegacySkillPoints {
  readonly placed: number;
  readonly points: number;
  readonly left: number;
  /** No Advancement yet. */
  readonly inCreation: boolean;
}

/** R-LEG-3 none without skills. */
export function legacySkillPoints(state: CharacterState, ruleset: Ruleset): LegacySkillPoints | null {
  const scheme = ruleset.skills;
  if (!scheme) return null;
  const { rated, derived } = legacyState(state);
  const placed = LEGACY_SKILLS.reduce((total, id) => total + rated.skills[id], 0);
  return {
    placed,
    points: scheme.creationPoints,
    left: Math.max(0, scheme.creationPoints - placed),
    inCreation: derived.ratings.advancements === 0,
  };
}

/**
 * R-LEG-1 / R-LEG-3 within the limits; a skill within the creation points (lowering always open), after
 * creation by R-LEG-13 or the GM (`by.gm`).
 */
export function setLegacyRatingOperation(
  state: CharacterState,
  ruleset: Ruleset,
  kind: "attribute" | "skill",
  id: string,
  value: number,
  by: { readonly gm?: boolean } = {},
): OperationResult<number> {
  assertAlive(state, "change a rating");
  const { rated } = legacyState(state);
  if (kind === "attribute") {
    if (!isLegacyAttribute(id)) throw new RulesError("unknown-id", `"${id}" is not an attribute.`, { id });
    assertWhole(value, "An attribute rating", ruleset.attributes.min, ruleset.attributes.max);
    // R-LEG-4 / R-LEG-7 (ruling)
    const within = legacyWithinMax(state, { attributes: { [id]: value } });
    return result(changes([`system.ratings.attributes.${id}`, rated.attributes[id], value], ...within), value);
  }
  if (!isLegacySkill(id)) throw new RulesError("unknown-id", `"${id}" is not a skill.`, { id });
  const points = legacySkillPoints(state, ruleset);
  if (!ruleset.skills || !points) throw new RulesError("not-allowed", "This ruleset has no skills.");
  assertWhole(value, "A skill rating", ruleset.skills.min, ruleset.skills.max);
  const before = rated.skills[id];
  if (points.inCreation) {
    const placed = points.placed - before + value;
    if (value > before && placed > points.points) {
      throw new RulesError(
        "bad-distribution",
        `At creation the skills share ${points.points} points; this would place ${placed}.`,
        {
          reason: "skillPoints",
          group: "skills",
          points: points.points,
          placed,
        },
      );
    }
  } else if (!by.gm && value !== before) {
    throw new RulesError("not-allowed", "After creation a skill rises by skill development (or by the GM's hand).", {
      reason: "skillsAfterCreation",
    });
  }
  return result(changes([`system.ratings.skills.${id}`, before, value]), value);
}

// ---------------------------------------------------------------------------------------------
// Experience rolls

export interface ExperienceRollOutcome {
  readonly kind: "advancement" | "skill";
  readonly faces: readonly number[];
  readonly sum: number;
  readonly target: number;
  readonly success: boolean;
  readonly skill: LegacySkill | null;
  /** Skill development's; or null. */
  readonly rating: number | null;
}

/** R-LEG-13 */
export function advancementRollTarget(state: CharacterState): number {
  const { derived } = legacyState(state);
  return derived.ratings.ego.max + derived.hitPoints.max;
}

/** R-LEG-13 kept in `advancementsWon` until one is taken (R-LEG-4's +1 HP max with it). */
export function advancementRollOperation(
  state: CharacterState,
  ruleset: Ruleset,
  faces: readonly number[],
): OperationResult<ExperienceRollOutcome> {
  assertAlive(state, "roll for an Advancement");
  const { derived } = legacyState(state);
  const won = advancementsWonOf(state.source);
  const roll = rollForAdvancement(
    ruleset,
    faces,
    state.source.xp,
    advancementTarget(ruleset, derived.ratings.ego.max, derived.hitPoints.max),
  );
  const update = changes(
    ["system.xp", state.source.xp, roll.xpAfter],
    ["system.advancementsWon", won, won + (roll.success ? 1 : 0)],
  );
  return result(update, {
    kind: "advancement",
    faces,
    sum: roll.sum,
    target: roll.target,
    success: roll.success,
    skill: null,
    rating: null,
  });
}

/** R-LEG-13 */
export function skillRollOperation(
  state: CharacterState,
  ruleset: Ruleset,
  skill: string,
  faces: readonly number[],
): OperationResult<ExperienceRollOutcome> {
  assertAlive(state, "develop a skill");
  if (!isLegacySkill(skill)) throw new RulesError("unknown-id", `"${skill}" is not a skill.`, { id: skill });
  const rating = ratingsOf(state.source).skills[skill];
  const roll = developSkill(ruleset, faces, state.source.xp, rating);
  const update = changes(
    ["system.xp", state.source.xp, roll.xpAfter],
    [`system.ratings.skills.${skill}`, rating, roll.rating],
  );
  return result(update, {
    kind: "skill",
    faces,
    sum: roll.sum,
    target: roll.target,
    success: roll.success,
    skill,
    rating: roll.rating,
  });
}

/** R-LEG-15 (ruling) only before any part of play: nothing held, won, earned or lost yet. */
export function startingAdvancementOpen(state: CharacterState): boolean {
  const { derived } = legacyState(state);
  const untouched = advancementsWonOf(state.source) === 0 && egoLostOf(state.source) === 0;
  return derived.ratings.advancements === 0 && untouched && state.source.xp === 0;
}

/**
 * R-LEG-13 / R-LEG-15 a won one is spent first; `raise`: *Extra Attribute*'s attribute; `override`: a GM adds
 * it.
 */
export function legacyAdvancementTakenOperation(
  state: CharacterState,
  ruleset: Ruleset,
  options: { readonly raise?: LegacyAttribute; readonly override?: boolean } = {},
): OperationResult<{ readonly free: boolean }> {
  assertAlive(state, "take an Advancement");
  const { rated } = legacyState(state);
  const won = advancementsWonOf(state.source);
  const entries: Change[] = [];
  if (options.raise) {
    const value = rated.attributes[options.raise];
    if (value >= ruleset.attributes.max)
      throw new RulesError("attribute-cap", `${options.raise} is already at ${ruleset.attributes.max}.`, {
        attribute: options.raise,
      });
    entries.push([`system.ratings.attributes.${options.raise}`, value, value + 1]);
  }
  // R-LEG-15 a successor's free ones first (./successor.ts).
  const successorFree = Math.max(0, state.source.freeAdvancements ?? 0);
  if (successorFree > 0) entries.push(["system.freeAdvancements", successorFree, successorFree - 1]);
  const free = successorFree > 0 || startingAdvancementOpen(state);
  if (!free && won > 0) entries.push(["system.advancementsWon", won, won - 1]);
  else if (!free && !options.override)
    throw new RulesError("not-enough-xp", "Win an Advancement with the Advancement roll first.", { cost: 1, xp: 0 });
  return result(changes(...entries), { free });
}

// ---------------------------------------------------------------------------------------------
// The Effect roll

export interface LegacyEffect {
  readonly faces: readonly number[];
  /** The kept (highest) die and its chain. */
  readonly kept: number;
  readonly chain: readonly number[];
  readonly halved: boolean;
  readonly bonus: number;
  readonly total: number;
}

/** R-LEG-11 for a stored rank 0–4. */
export function toolFor(ruleset: Ruleset, rank: number) {
  return ruleset.tools.find((t) => t.ranks.some((r) => r === rank)) ?? ruleset.tools[0] ?? null;
}

/** R-LEG-11 by `effectRoll` (rules/effect-roll.ts; every Normal tool is Versatile: ruling). */
export function legacyEffect(
  ruleset: Ruleset,
  rank: TierRank,
  tags: EffectTags,
  faces: readonly number[],
  chain: readonly number[],
  extra = 0,
): LegacyEffect {
  // R-LEG-15 (R-LEG-11 ruling)
  const roll = effectRoll(ruleset, { rank, tags, faces, chain, extra });
  const halved = roll.tool.halved;
  const bonus = tags.versatileTwoHanded ? roll.tool.twoHandedBonus : 0;
  return { faces, kept: roll.kept, chain, halved, bonus, total: roll.value };
}
