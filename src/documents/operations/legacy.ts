/**
 * The Legacy ruleset's operations (issue 15, R-LEG-*): the pure "compute the update" half of creation,
 * a rating set by hand, Ego spent on Dark Dice, the end of a session, a Condition's Ego refill, harm
 * through Critical and Mortal to death, recovery, and the two Experience rolls. Every value lives under
 * `system.legacy` (src/data/legacy.ts); shared fields (`xp`, `dead`, `lost`) keep their paths. Core's
 * values are never read or written here, so a Legacy session leaves them exactly as they were.
 *
 * The numbers come from the ruleset's data (`health`, `ego`, `darkDice`, `experience`, `tools`,
 * `attributes.creation`), never from the ruleset's id.
 */
import {
  advancementTarget,
  applyHpHarm,
  assertFaces,
  assessHpHarm,
  developSkill,
  highest,
  LEGACY,
  rollForAdvancement,
  RulesError,
  effectRoll,
  sessionXp,
  spendDarkDice,
  type DarkDiceOptions,
  type EffectTags,
  type TierRank,
  type HpHarmTarget,
  type HpWound,
  type Ruleset,
} from "../../rules/index.ts";
import { deriveCharacter } from "../../data/derived.ts";
import { carriedShield } from "./harm.ts";
import { sessionAwardOperation } from "./session.ts";
import { deriveLegacy, isLegacyAttribute, isLegacySkill, legacyOf, LEGACY_ATTRIBUTES, LEGACY_SKILLS, type LegacyAttribute, type LegacySkill } from "../../data/legacy.ts";
import { assertAlive, changes, result, type ActorUpdate, type CharacterState, type Change, type ItemUpdate, type OperationResult } from "./types.ts";

// Where the stored lists live (src/data/legacy.ts); re-exported for the operations' callers.
export { isLegacyAttribute, isLegacySkill };

function assertWhole(value: number, what: string, min: number, max: number): number {
  if (!Number.isInteger(value)) throw new RulesError("not-integer", `${what} must be a whole number.`, { what });
  if (value < min || value > max) throw new RulesError("out-of-range", `${what} must be from ${min} to ${max}.`, { what, min, max });
  return value;
}

function legacyState(state: CharacterState) {
  const legacy = legacyOf(state.source);
  return { legacy, derived: deriveLegacy(state.source, state.items) };
}

// ---------------------------------------------------------------------------------------------
// Creation and ratings

/** R-LEG-2 one creation roll: the highest of the faces read through the ruleset's bands. */
export function creationRating(ruleset: Ruleset, faces: readonly number[]): number {
  const creation = ruleset.attributes.creation;
  const kept = highest(assertFaces(faces, "A creation die"));
  if (faces.length !== creation.dice) throw new RulesError("no-dice", `A creation roll throws ${creation.dice} dice.`, { expected: creation.dice });
  const band = creation.bands.find((b) => kept >= b.min && kept <= b.max);
  if (!band) throw new RulesError("bad-face", `No creation band holds ${kept}.`, { face: kept });
  return band.value;
}

export interface LegacyCreationOutcome {
  readonly ratings: Readonly<Record<LegacyAttribute, number>>;
  readonly faces: readonly (readonly number[])[];
  readonly hp: number;
  readonly ego: number;
}

/**
 * R-LEG-2 the four attributes rolled at creation (one roll per attribute, in sheet order); HP and Ego
 * start at their new maxima (R-LEG-4, R-LEG-7). Refused once the character holds an Advancement.
 */
export function legacyCreationOperation(state: CharacterState, ruleset: Ruleset, faces: readonly (readonly number[])[]): OperationResult<LegacyCreationOutcome> {
  assertAlive(state, "roll their attributes");
  if (faces.length !== LEGACY_ATTRIBUTES.length) throw new RulesError("no-dice", "One creation roll per attribute is needed.", { expected: LEGACY_ATTRIBUTES.length });
  const { legacy, derived } = legacyState(state);
  if (derived.advancements > 0) throw new RulesError("already-rolled", "The character is past creation: the attributes are no longer rolled.");
  const ratings = Object.fromEntries(LEGACY_ATTRIBUTES.map((a, i) => [a, creationRating(ruleset, faces[i] ?? [])])) as Record<LegacyAttribute, number>;
  const after = deriveLegacy({ legacy: { ...legacy, attributes: ratings } }, state.items);
  const entries: Change[] = [
    ...LEGACY_ATTRIBUTES.map((a): Change => [`system.legacy.attributes.${a}`, legacy.attributes[a], ratings[a]]),
    ["system.legacy.hp.value", legacy.hp.value, after.hp.max],
    ["system.legacy.ego.value", legacy.ego.value, after.ego.max],
  ];
  return result(changes(...entries), { ratings, faces, hp: after.hp.max, ego: after.ego.max });
}

/** R-LEG-3 the skill points of creation: placed over the skills, the ruleset's points, what is left; null without skills. */
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
  return { placed, points: scheme.creationPoints, left: Math.max(0, scheme.creationPoints - placed), inCreation: derived.advancements === 0 };
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
    return result(changes([`system.legacy.attributes.${id}`, legacy.attributes[id], value]), value);
  }
  if (!isLegacySkill(id)) throw new RulesError("unknown-id", `"${id}" is not a skill.`, { id });
  const points = legacySkillPoints(state, ruleset);
  if (!ruleset.skills || !points) throw new RulesError("not-allowed", "This ruleset has no skills.");
  assertWhole(value, "A skill rating", ruleset.skills.min, ruleset.skills.max);
  const before = legacy.skills[id];
  if (points.inCreation) {
    const placed = points.placed - before + value;
    if (value > before && placed > points.points) {
      throw new RulesError("bad-distribution", `At creation the skills share ${points.points} points; this would place ${placed}.`, {
        reason: "skillPoints",
        group: "skills",
        points: points.points,
        placed,
      });
    }
  } else if (!by.gm && value !== before) {
    throw new RulesError("not-allowed", "After creation a skill rises by skill development (or by the GM's hand).", { reason: "skillsAfterCreation" });
  }
  return result(changes([`system.legacy.skills.${id}`, before, value]), value);
}

// ---------------------------------------------------------------------------------------------
// Ego

export interface LegacyEgoSpend {
  readonly before: number;
  readonly after: number;
  readonly cost: number;
  /** Which Dark Dice cost Ego (in the order given). */
  readonly costly: readonly boolean[];
  readonly lost: boolean;
}

/**
 * R-LEG-8 each Dark Die showing a face at or below the Ego at the throw costs `darkDice.cost` Ego
 * (floor 0); R-LEG-7 at 0 the character is lost. The Ego lost is kept for the session's Experience
 * (R-LEG-12) in `legacy.egoLost`.
 */
export function legacySpendEgoOperation(state: CharacterState, ruleset: Ruleset, darkFaces: readonly number[], options: DarkDiceOptions = {}): OperationResult<LegacyEgoSpend> {
  assertAlive(state, "spend Ego");
  if (state.source.lost) throw new RulesError("not-allowed", "The character is lost (Ego 0); they spend no more Ego.");
  const { legacy } = legacyState(state);
  const before = legacy.ego.value;
  // The engine's R-LEG-8 (src/rules/dark-dice.ts); an Ego stored above the ruleset's most (10) reads as it.
  // R-LEG-14 in a montage (`options.montage`) each costly die costs 2.
  const spend = spendDarkDice(ruleset, darkFaces, Math.min(before, ruleset.ego.max), options);
  const { costly } = spend;
  const after = Math.max(0, before - spend.cost);
  const lost = after === 0 && spend.cost > 0;
  const update = changes(
    ["system.legacy.ego.value", before, after],
    ["system.legacy.egoLost", legacy.egoLost, legacy.egoLost + (before - after)],
    ["system.lost", state.source.lost, lost || state.source.lost],
  );
  return result(update, { before, after, cost: before - after, costly, lost });
}

/** R-LEG-7 taking a Condition fills Ego back to its maximum (the Condition itself is added as an item). */
export function legacyRefillEgoOperation(state: CharacterState): OperationResult<{ readonly before: number; readonly after: number }> {
  assertAlive(state, "take a Condition");
  const { derived } = legacyState(state);
  const update = changes(["system.legacy.ego.value", derived.ego.value, derived.ego.max], ["system.lost", state.source.lost, false]);
  return result(update, { before: derived.ego.value, after: derived.ego.max });
}

/**
 * R-LEG-12 the session ends (the sheet's "Session over"): Experience for the Ego lost in it, and the
 * count starts over. The same operation as the GM's end-of-session award (./session.ts, its ruling):
 * one stored count, so the two never pay a session twice. With no Ego lost it gives nothing.
 */
export function legacyEndSessionOperation(state: CharacterState, ruleset: Ruleset): OperationResult<{ readonly gained: number; readonly xp: number }> {
  const { legacy } = legacyState(state);
  const gained = sessionXp(ruleset, { egoLost: legacy.egoLost });
  if (gained === 0) return result(changes(["system.legacy.egoLost", legacy.egoLost, 0]), { gained, xp: state.source.xp });
  const award = sessionAwardOperation(state, gained, ruleset);
  return result(award.update, { gained, xp: award.outcome.xp });
}

// ---------------------------------------------------------------------------------------------
// Harm

export interface LegacyHarmChoices {
  /** R-LEG-6 the shield is sacrificed to take nothing from this Effect. */
  readonly sacrificeShield?: boolean;
  /** R-LEG-5 the attribute that loses a point for good on becoming Mortally Wounded (the player's choice). */
  readonly attribute?: LegacyAttribute;
  /** R-LEG-6 *Protected*: the faces of the Dark Dice thrown against this harm (none: not used). */
  readonly protectedFaces?: readonly number[];
}

/** R-LEG-6 R-LEG-8 what *Protected*'s dice did: their faces, what they took off the damage, the Ego they cost. */
export interface LegacyProtectedOutcome {
  readonly faces: readonly number[];
  /** What came off the damage (their sum, never more than the damage after armour). */
  readonly by: number;
  readonly costly: readonly boolean[];
  readonly ego: { readonly before: number; readonly after: number };
  /** R-LEG-7 the dice took the last Ego: the character is lost. */
  readonly lost: boolean;
}

export interface LegacyHarmOutcome {
  readonly effect: number;
  readonly armour: number;
  readonly damage: number;
  readonly hp: { readonly before: number; readonly after: number };
  /** The wound stage this harm reached ("critical", "mortal"), or null. */
  readonly wound: "critical" | "mortal" | null;
  readonly attributeLost: LegacyAttribute | null;
  readonly dead: boolean;
  readonly shieldItemId: string | null;
  /** R-LEG-6 *Protected*'s dice, when thrown. */
  readonly protected: LegacyProtectedOutcome | null;
}

/** The character as the HP harm rules see it (src/rules/hp.ts): HP, the wound stage, ratings, worn armour. */
function hpTarget(state: CharacterState): HpHarmTarget {
  const { legacy } = legacyState(state);
  const wound: HpWound = legacy.wounds.mortal ? "mortal" : legacy.wounds.critical ? "critical" : "none";
  return { hp: legacy.hp.value, wound, dead: state.source.dead, ratings: legacy.attributes, armour: deriveCharacter(state.source, state.items).armour };
}

/** What harm would do, before the attribute is chosen: the UI asks for one when `asksAttribute`. */
export function assessLegacyHarm(state: CharacterState, effect: number, choices: Pick<LegacyHarmChoices, "sacrificeShield" | "protectedFaces"> = {}, ruleset: Ruleset = LEGACY) {
  assertAlive(state, "be harmed further");
  const assessed = assessHpHarm(ruleset, hpTarget(state), effect, choices);
  const choosable = assessed.lossOptions.filter(isLegacyAttribute);
  return { damage: assessed.damage, armour: assessed.armour, asksAttribute: assessed.attributeLoss > 0 && choosable.length > 1, choosable };
}

/** R-LEG-6 does the character hold *Protected* (an Advancement's flag)? */
export function holdsProtected(state: CharacterState): boolean {
  return deriveCharacter(state.source, state.items).flags.has("protected");
}

/**
 * R-LEG-6 what the *Protected* prompt needs: open when the character holds it, is not lost (Ego 0
 * spends no more) and some damage gets past armour (or the shield); the damage its dice may take off,
 * and the Ego at stake (R-LEG-8: each die at or below it costs 1).
 */
export function legacyProtectedOffer(state: CharacterState, effect: number, choices: Pick<LegacyHarmChoices, "sacrificeShield"> = {}, ruleset: Ruleset = LEGACY) {
  const damage = assessLegacyHarm(state, effect, choices, ruleset).damage;
  const ego = legacyOf(state.source).ego.value;
  return { open: holdsProtected(state) && !state.source.lost && damage > 0, damage, ego };
}

/**
 * R-LEG-4 … R-LEG-6 an Effect taken as harm, by the engine's `applyHpHarm` (src/rules/hp.ts): armour
 * first (or the shield sacrificed); HP fall, floor 0; one step per harm — the hit that brings HP to 0
 * makes the character Critically Wounded, the next that gets through Mortally Wounded (−1 to an
 * attribute of the player's choice, for good; with every attribute at 0 they die), the next kills.
 * Stored as `legacy.wounds.critical` / `.mortal` (Mortal keeps Critical marked, so a week of care
 * steps back to Critical).
 */
export function legacyHarmOperation(state: CharacterState, ruleset: Ruleset, effect: number, choices: LegacyHarmChoices = {}): OperationResult<LegacyHarmOutcome> {
  assertAlive(state, "be harmed further");
  const { legacy } = legacyState(state);
  const shield = carriedShield(state.items);
  if (choices.sacrificeShield && !shield) throw new RulesError("not-allowed", "There is no shield to sacrifice.");
  const faces = assertFaces(choices.protectedFaces ?? [], "A Protected die");
  if (faces.length > 0 && !holdsProtected(state)) {
    throw new RulesError("not-allowed", "Only a character holding Protected throws Dark Dice against harm.", { reason: "notProtected" });
  }
  // R-LEG-6 R-LEG-8 Protected's dice are Dark Dice: they cost Ego as every Dark Die does (refused when lost).
  const spend = faces.length > 0 ? legacySpendEgoOperation(state, ruleset, faces) : null;
  const harm = applyHpHarm(ruleset, hpTarget(state), effect, {
    ...(choices.sacrificeShield !== undefined ? { sacrificeShield: choices.sacrificeShield } : {}),
    ...(choices.attribute ? { lostAttribute: choices.attribute } : {}),
    protectedFaces: faces,
  });
  const reached = harm.wound !== harm.assessment.woundBefore && harm.wound !== "none" ? harm.wound : null;
  const attributeLost = harm.lost !== null && isLegacyAttribute(harm.lost) ? harm.lost : null;
  const entries: Change[] = [];
  if (attributeLost) entries.push([`system.legacy.attributes.${attributeLost}`, legacy.attributes[attributeLost], harm.ratings[attributeLost] ?? 0]);
  entries.push(["system.legacy.hp.value", legacy.hp.value, harm.hp]);
  if (reached) entries.push([`system.legacy.wounds.${reached}`, legacy.wounds[reached], true]);
  entries.push(["system.dead", state.source.dead, harm.dead]);
  const itemUpdates: ItemUpdate[] = harm.shieldDestroyed && shield ? [{ _id: shield.id, "system.destroyed": true }] : [];
  const outcome: LegacyHarmOutcome = {
    effect,
    armour: harm.assessment.armour,
    damage: harm.assessment.damage,
    hp: { before: legacy.hp.value, after: harm.hp },
    wound: harm.dead ? null : reached,
    attributeLost,
    dead: harm.dead,
    shieldItemId: itemUpdates.length > 0 && shield ? shield.id : null,
    protected: spend
      ? { faces, by: harm.assessment.protectedBy, costly: spend.outcome.costly, ego: { before: spend.outcome.before, after: spend.outcome.after }, lost: spend.outcome.lost }
      : null,
  };
  // One update: the harm and the Ego the dice cost (their paths never overlap).
  return result({ ...changes(...entries), ...(spend?.update ?? {}) }, outcome, itemUpdates);
}

export type LegacyRecovery = "night" | "week";

/**
 * R-LEG-5 recovery: a well-rested night brings HP back to its maximum when there is no wound; a week of
 * care turns a Mortal Wound into a Critical one, or heals a Critical one (HP stays where it is until
 * the next good night). The lost attribute point does not come back.
 * R-LEG-4 (ruling): current HP is never above the maximum, so a night sets it to the maximum as it is now.
 */
export function legacyRecoverOperation(state: CharacterState, kind: LegacyRecovery): OperationResult<{ readonly kind: LegacyRecovery; readonly changed: boolean }> {
  assertAlive(state, "recover");
  const { legacy, derived } = legacyState(state);
  let update: ActorUpdate;
  if (kind === "night") {
    if (legacy.wounds.critical || legacy.wounds.mortal) throw new RulesError("not-allowed", "A wounded character needs a week of care, not a night.");
    update = changes(["system.legacy.hp.value", legacy.hp.value, derived.hp.max]);
  } else if (legacy.wounds.mortal) update = changes(["system.legacy.wounds.mortal", true, false], ["system.legacy.wounds.critical", legacy.wounds.critical, true]);
  else update = changes(["system.legacy.wounds.critical", legacy.wounds.critical, false]);
  return result(update, { kind, changed: Object.keys(update).length > 0 });
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
export function advancementRollOperation(state: CharacterState, ruleset: Ruleset, faces: readonly number[]): OperationResult<ExperienceRollOutcome> {
  assertAlive(state, "roll for an Advancement");
  const { derived, legacy } = legacyState(state);
  const roll = rollForAdvancement(ruleset, faces, state.source.xp, advancementTarget(ruleset, derived.ego.max, derived.hp.max));
  const update = changes(
    ["system.xp", state.source.xp, roll.xpAfter],
    ["system.legacy.advancementsWon", legacy.advancementsWon, legacy.advancementsWon + (roll.success ? 1 : 0)],
  );
  return result(update, { kind: "advancement", faces, sum: roll.sum, target: roll.target, success: roll.success, skill: null, rating: null });
}

/** R-LEG-13 skill development: one die per Experience spent; a sum at least `perRating` × the rating raises the skill by 1. */
export function skillRollOperation(state: CharacterState, ruleset: Ruleset, skill: string, faces: readonly number[]): OperationResult<ExperienceRollOutcome> {
  assertAlive(state, "develop a skill");
  if (!isLegacySkill(skill)) throw new RulesError("unknown-id", `"${skill}" is not a skill.`, { id: skill });
  const { legacy } = legacyState(state);
  const rating = legacy.skills[skill];
  const roll = developSkill(ruleset, faces, state.source.xp, rating);
  const update = changes(["system.xp", state.source.xp, roll.xpAfter], [`system.legacy.skills.${skill}`, rating, roll.rating]);
  return result(update, { kind: "skill", faces, sum: roll.sum, target: roll.target, success: roll.success, skill, rating: roll.rating });
}

/**
 * R-LEG-13 / R-LEG-15 an Advancement taken from the compendium uses one won by a roll (the first, at
 * creation, is free); `raise` is *Extra Attribute*'s attribute (+1, not above the ruleset's maximum).
 * `override`: a GM adds it without a won roll.
 */
export function legacyAdvancementTakenOperation(
  state: CharacterState,
  ruleset: Ruleset,
  options: { readonly raise?: LegacyAttribute; readonly override?: boolean } = {},
): OperationResult<{ readonly free: boolean }> {
  assertAlive(state, "take an Advancement");
  const { legacy, derived } = legacyState(state);
  const entries: Change[] = [];
  if (options.raise) {
    const value = legacy.attributes[options.raise];
    if (value >= ruleset.attributes.max) throw new RulesError("attribute-cap", `${options.raise} is already at ${ruleset.attributes.max}.`, { attribute: options.raise });
    entries.push([`system.legacy.attributes.${options.raise}`, value, value + 1]);
  }
  const free = derived.advancements === 0;
  if (!free && !options.override) {
    if (legacy.advancementsWon <= 0) throw new RulesError("not-enough-xp", "Win an Advancement with the Advancement roll first.", { cost: 1, xp: 0 });
    entries.push(["system.legacy.advancementsWon", legacy.advancementsWon, legacy.advancementsWon - 1]);
  }
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
export function legacyEffect(ruleset: Ruleset, rank: TierRank, tags: EffectTags, faces: readonly number[], chain: readonly number[], extra = 0): LegacyEffect {
  // R-LEG-15 (ruling, R-LEG-11) Sneak attack's or Sniper's +1d is one more die, the highest still kept.
  const roll = effectRoll(ruleset, { rank, tags, faces, chain, extra });
  const halved = roll.tool.halved;
  const bonus = tags.versatileTwoHanded ? roll.tool.twoHandedBonus : 0;
  return { faces, kept: roll.kept, chain, halved, bonus, total: roll.value };
}
