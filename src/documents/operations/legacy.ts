/**
 * The Legacy ruleset's operations (R-LEG-*): the pure "compute the update" half of creation,
 * a rating set by hand, current HP and Ego kept within their maxima, and the two Experience rolls
 * (harm and recovery on hit points: ./hp-harm.ts; Ego's moves: ./ego.ts). Every value lives under
 * `system.legacy` (src/data/legacy.ts); shared fields (`xp`, `dead`, `lost`) keep their paths. Core's
 * values are never read or written here, so a Legacy session leaves them exactly as they were.
 *
 * The numbers come from the ruleset's data (`health`, `ego`, `darkDice`, `experience`, `tools`,
 * `attributes.creation`), never from the ruleset's id.
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
import {
  deriveLegacy,
  isLegacyAttribute,
  isLegacySkill,
  legacyOf,
  LEGACY_ATTRIBUTES,
  LEGACY_SKILLS,
  type LegacyAttribute,
  type LegacySkill,
} from "../../data/legacy.ts";
import type { ItemSnapshot } from "../../data/source.ts";
import { assertAlive, changes, result, type CharacterState, type Change, type OperationResult } from "./types.ts";

// Where the stored lists live (src/data/legacy.ts); re-exported for the operations' callers.
export { isLegacyAttribute, isLegacySkill };
// Ego (Dark Dice, the session's XP, a Condition's refill) is one of the Ego moves: ./ego.ts. Harm
// on hit points (HP, Protected, wounds, recovery) is the HP health model's operation: ./hp-harm.ts.

function assertWhole(value: number, what: string, min: number, max: number): number {
  if (!Number.isInteger(value)) throw new RulesError("not-integer", `${what} must be a whole number.`, { what });
  if (value < min || value > max)
    throw new RulesError("out-of-range", `${what} must be from ${min} to ${max}.`, { what, min, max });
  return value;
}

/** The character's Legacy values and what derives from them, as the Legacy operations read them. */
export function legacyState(state: CharacterState) {
  const legacy = legacyOf(state.source);
  return { legacy, derived: deriveLegacy(state.source, state.items) };
}

// ---------------------------------------------------------------------------------------------
// The maxima

/** What an operation leaves of the Legacy values the maxima read: ratings, current HP and Ego, items. */
export interface LegacyAfter {
  readonly attributes?: Readonly<Partial<Record<LegacyAttribute, number>>>;
  readonly hp?: number;
  readonly ego?: number;
  readonly items?: readonly ItemSnapshot[];
}

/**
 * R-LEG-4 R-LEG-7 (ruling) current HP and Ego never above their maxima: the changes that write the
 * current values `after` an operation (its ratings, HP, Ego and items; by default as they are), each
 * brought down to the maximum the character then has. An operation that moves a maximum adds these
 * last, so its update never leaves HP 5/4 or Ego 4/3.
 */
export function legacyWithinMax(state: CharacterState, after: LegacyAfter = {}): Change[] {
  const legacy = legacyOf(state.source);
  const attributes = { ...legacy.attributes, ...after.attributes };
  const derived = deriveLegacy({ legacy: { ...legacy, attributes } }, after.items ?? state.items);
  return [
    ["system.legacy.hp.value", legacy.hp.value, Math.min(after.hp ?? legacy.hp.value, derived.hp.max)],
    ["system.legacy.ego.value", legacy.ego.value, Math.min(after.ego ?? legacy.ego.value, derived.ego.max)],
  ];
}

/**
 * R-LEG-4 R-LEG-7 R-LEG-16 (ruling) the stored HP and Ego brought within the maxima the character has
 * now (with `items`, default its own): what the glue commits when an Advancement or a Condition came or
 * went (*Estranged* taken after the refill leaves Ego 4/3 otherwise). Nothing when they already are.
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

/** R-LEG-2 one creation roll: the highest of the faces read through the ruleset's bands. */
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
  /** R-LEG-3 (setting) the attribute that took the no-skills bonus, or null. */
  readonly bonus: LegacyAttribute | null;
}

/**
 * R-LEG-3 (setting) the ratings with the no-skills bonus on `bonus`: required in a game without skills
 * (the ruleset's `creationBonus`), refused in any other.
 */
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

/** Who rolls the creation dice, and whether they were rolled before (the actor keeps that). */
export interface LegacyCreationBy {
  readonly isGM: boolean;
  readonly rolled: boolean;
}

/**
 * R-LEG-2 may the four attributes be rolled now? Checked before any die is thrown. Refused once the
 * character holds an Advancement, and after the first roll for anyone but a GM (ruling, §10: as Core's
 * creation dice, R-CHAR-4).
 */
export function assertLegacyCreationRollOpen(state: CharacterState, by: LegacyCreationBy): void {
  assertAlive(state, "roll their attributes");
  if (legacyState(state).derived.advancements > 0)
    throw new RulesError("already-rolled", "The character is past creation: the attributes are no longer rolled.");
  if (by.rolled && !by.isGM)
    throw new RulesError("already-rolled", "The attributes have already been rolled; only a GM may roll them again.");
}

/**
 * R-LEG-2 the four attributes rolled at creation (one roll per attribute, in sheet order). The first roll
 * starts HP and Ego at their new maxima (R-LEG-4, R-LEG-7); a GM's roll again (ruling, §10) never gives
 * back HP or Ego already lost: each stays as it is, lowered to its new maximum if that is less.
 * R-LEG-3 (setting) in a game without skills `bonus` names the attribute that takes +1.
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
  const { legacy } = legacyState(state);
  const rolled = Object.fromEntries(
    LEGACY_ATTRIBUTES.map((a, i) => [a, creationRating(ruleset, faces[i] ?? [])]),
  ) as Record<LegacyAttribute, number>;
  const ratings = withCreationBonus(ruleset, rolled, bonus);
  const after = deriveLegacy({ legacy: { ...legacy, attributes: ratings } }, state.items);
  const hp = by.rolled ? Math.min(legacy.hp.value, after.hp.max) : after.hp.max;
  const ego = by.rolled ? Math.min(legacy.ego.value, after.ego.max) : after.ego.max;
  const entries: Change[] = [
    ...LEGACY_ATTRIBUTES.map((a): Change => [`system.legacy.attributes.${a}`, legacy.attributes[a], ratings[a]]),
    ["system.legacy.hp.value", legacy.hp.value, hp],
    ["system.legacy.ego.value", legacy.ego.value, ego],
  ];
  const chosen = bonus !== null && isLegacyAttribute(bonus) ? bonus : null;
  return result(changes(...entries), { ratings, faces, hp, ego, bonus: chosen });
}

/**
 * R-LEG-3 the skill points of creation: placed over the skills, the ruleset's points, what is
 * left; null without skills.
 */
export interface LegacySkillPoints {
  readonly placed: number;
  readonly points: number;
  readonly left: number;
  /** The character is being created (no Advancement yet, as the creation roll and the sheet read it). */
  readonly inCreation: boolean;
}

/** R-LEG-3 the creation points as they stand (none in a game without skills: the ruleset has no skill scheme). */
export function legacySkillPoints(state: CharacterState, ruleset: Ruleset): LegacySkillPoints | null {
  const scheme = ruleset.skills;
  if (!scheme) return null;
  const { legacy, derived } = legacyState(state);
  const placed = LEGACY_SKILLS.reduce((total, id) => total + legacy.skills[id], 0);
  return {
    placed,
    points: scheme.creationPoints,
    left: Math.max(0, scheme.creationPoints - placed),
    inCreation: derived.advancements === 0,
  };
}

/**
 * R-LEG-1 / R-LEG-3 a rating set by hand on the sheet: a whole number within the ruleset's limits. A
 * skill (R-LEG-3): during creation the skills hold at most the creation points together (a change that
 * lowers one is always open, so a character set past them before can come back); after creation a skill
 * rises by skill development (R-LEG-13), and by hand only by the GM (`by.gm`).
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
  const { legacy } = legacyState(state);
  if (kind === "attribute") {
    if (!isLegacyAttribute(id)) throw new RulesError("unknown-id", `"${id}" is not an attribute.`, { id });
    assertWhole(value, "An attribute rating", ruleset.attributes.min, ruleset.attributes.max);
    // R-LEG-4 R-LEG-7 (ruling) a lowered rating lowers a maximum: current HP and Ego follow it down.
    const within = legacyWithinMax(state, { attributes: { [id]: value } });
    return result(changes([`system.legacy.attributes.${id}`, legacy.attributes[id], value], ...within), value);
  }
  if (!isLegacySkill(id)) throw new RulesError("unknown-id", `"${id}" is not a skill.`, { id });
  const points = legacySkillPoints(state, ruleset);
  if (!ruleset.skills || !points) throw new RulesError("not-allowed", "This ruleset has no skills.");
  assertWhole(value, "A skill rating", ruleset.skills.min, ruleset.skills.max);
  const before = legacy.skills[id];
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
  return result(changes([`system.legacy.skills.${id}`, before, value]), value);
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
  /** The skill's rating after the roll (skill development), or null. */
  readonly rating: number | null;
}

/** R-LEG-13 the target of an Advancement roll: Ego max + HP max. */
export function advancementRollTarget(state: CharacterState): number {
  const { derived } = legacyState(state);
  return derived.ego.max + derived.hp.max;
}

/**
 * R-LEG-13 the Advancement roll: one die per Experience spent (spent whatever the result); a sum at least
 * Ego max + HP max wins an Advancement, kept in `legacy.advancementsWon` until one is taken from the
 * compendium (its +1 HP max comes with it, R-LEG-4).
 */
export function advancementRollOperation(
  state: CharacterState,
  ruleset: Ruleset,
  faces: readonly number[],
): OperationResult<ExperienceRollOutcome> {
  assertAlive(state, "roll for an Advancement");
  const { derived, legacy } = legacyState(state);
  const roll = rollForAdvancement(
    ruleset,
    faces,
    state.source.xp,
    advancementTarget(ruleset, derived.ego.max, derived.hp.max),
  );
  const update = changes(
    ["system.xp", state.source.xp, roll.xpAfter],
    ["system.legacy.advancementsWon", legacy.advancementsWon, legacy.advancementsWon + (roll.success ? 1 : 0)],
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

/**
 * R-LEG-13 skill development: one die per Experience spent; a sum at least `perRating` × the rating raises
 * the skill by 1.
 */
export function skillRollOperation(
  state: CharacterState,
  ruleset: Ruleset,
  skill: string,
  faces: readonly number[],
): OperationResult<ExperienceRollOutcome> {
  assertAlive(state, "develop a skill");
  if (!isLegacySkill(skill)) throw new RulesError("unknown-id", `"${skill}" is not a skill.`, { id: skill });
  const { legacy } = legacyState(state);
  const rating = legacy.skills[skill];
  const roll = developSkill(ruleset, faces, state.source.xp, rating);
  const update = changes(
    ["system.xp", state.source.xp, roll.xpAfter],
    [`system.legacy.skills.${skill}`, rating, roll.rating],
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

/**
 * R-LEG-15 (ruling) the starting Advancement is open: the character is still in creation, i.e. it has
 * had no part of play yet — no Advancement held, none won by a roll and waiting, no Experience, no Ego
 * lost this session. A character who skipped the optional start does not get it later for free.
 */
export function startingAdvancementOpen(state: CharacterState): boolean {
  const { legacy, derived } = legacyState(state);
  return derived.advancements === 0 && legacy.advancementsWon === 0 && state.source.xp === 0 && legacy.egoLost === 0;
}

/**
 * R-LEG-13 / R-LEG-15 an Advancement taken from the compendium uses one won by a roll; the starting one
 * is free while `startingAdvancementOpen` (creation; ruling). A won Advancement is always spent first.
 * `raise` is *Extra Attribute*'s attribute (+1, not above the ruleset's maximum). `override`: a GM adds
 * it without a won roll.
 */
export function legacyAdvancementTakenOperation(
  state: CharacterState,
  ruleset: Ruleset,
  options: { readonly raise?: LegacyAttribute; readonly override?: boolean } = {},
): OperationResult<{ readonly free: boolean }> {
  assertAlive(state, "take an Advancement");
  const { legacy } = legacyState(state);
  const entries: Change[] = [];
  if (options.raise) {
    const value = legacy.attributes[options.raise];
    if (value >= ruleset.attributes.max)
      throw new RulesError("attribute-cap", `${options.raise} is already at ${ruleset.attributes.max}.`, {
        attribute: options.raise,
      });
    entries.push([`system.legacy.attributes.${options.raise}`, value, value + 1]);
  }
  // R-LEG-15 Retire's successor takes its ⌈n ÷ 2⌉ for free first (./successor.ts), the starting one among them.
  const successorFree = Math.max(0, state.source.freeAdvancements ?? 0);
  if (successorFree > 0) entries.push(["system.freeAdvancements", successorFree, successorFree - 1]);
  const free = successorFree > 0 || startingAdvancementOpen(state);
  if (!free && legacy.advancementsWon > 0)
    entries.push(["system.legacy.advancementsWon", legacy.advancementsWon, legacy.advancementsWon - 1]);
  else if (!free && !options.override)
    throw new RulesError("not-enough-xp", "Win an Advancement with the Advancement roll first.", { cost: 1, xp: 0 });
  return result(changes(...entries), { free });
}

// ---------------------------------------------------------------------------------------------
// The Effect roll

export interface LegacyEffect {
  /** The tool tier's dice thrown. */
  readonly faces: readonly number[];
  /** The kept (highest) die and its explosion chain. */
  readonly kept: number;
  readonly chain: readonly number[];
  readonly halved: boolean;
  readonly bonus: number;
  readonly total: number;
}

/** R-LEG-11 the ruleset's tool tier for a stored rank (ruleset-neutral 0–4). */
export function toolFor(ruleset: Ruleset, rank: number) {
  return ruleset.tools.find((t) => t.ranks.some((r) => r === rank)) ?? ruleset.tools[0] ?? null;
}

/**
 * R-LEG-11 an Effect roll with a tool, read by the engine's `effectRoll` (src/rules/effect-roll.ts): its
 * dice, the highest kept; a natural 6 on it is rolled again and added while 6s come (`chain`); a d/2 tool
 * halves the total, rounded up; a Normal tool held in both hands adds its bonus (every Normal tool is
 * Versatile, R-LEG-11 ruling); an improvised one reads as Lesser.
 */
export function legacyEffect(
  ruleset: Ruleset,
  rank: TierRank,
  tags: EffectTags,
  faces: readonly number[],
  chain: readonly number[],
  extra = 0,
): LegacyEffect {
  // R-LEG-15 (ruling, R-LEG-11) Sneak attack's or Sniper's +1d is one more die, the highest still kept.
  const roll = effectRoll(ruleset, { rank, tags, faces, chain, extra });
  const halved = roll.tool.halved;
  const bonus = tags.versatileTwoHanded ? roll.tool.twoHandedBonus : 0;
  return { faces, kept: roll.kept, chain, halved, bonus, total: roll.value };
}
