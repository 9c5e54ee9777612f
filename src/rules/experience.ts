/**
 * How XP come and go, read from the ruleset's `experience`: R-XP-1 / R-LEG-12 the award, R-XP-2 / R-LEG-13 an
 * Advancement, R-LEG-13 skill development.
 */
import { assertFaces, sum } from "./dice.ts";
import { assertInteger, RulesError } from "./errors.ts";
import type { Ruleset } from "./rulesets/types.ts";

export interface SessionRecord {
  /** R-LEG-12 every point, whatever took it. */
  readonly egoLost: number;
}

/** R-XP-1 / R-LEG-12 */
export function sessionXp(ruleset: Ruleset, session: SessionRecord): number {
  const rule = ruleset.experience.session;
  const egoLost = assertInteger(session.egoLost, "The Ego lost this session", 0);
  return rule.kind === "flat" ? rule.amount : rule.perEgo * egoLost;
}

/** R-LEG-12 then every Ego a character loses is counted until the session's award. */
export function countsEgoLost(ruleset: Ruleset): boolean {
  return ruleset.experience.session.kind === "perEgoLost";
}

/** R-XP-1 (none during creation) / R-LEG-12 */
export function conditionXpFor(ruleset: Ruleset, duringCreation: boolean): number {
  return duringCreation ? 0 : ruleset.experience.perCondition;
}

/** R-LEG-13 */
export function advancementTarget(ruleset: Ruleset, egoMax: number, hpMax: number): number {
  if (ruleset.experience.advancement.kind !== "roll")
    throw new RulesError("not-allowed", "In this ruleset an Advancement costs XP (R-XP-2); there is no roll.");
  return assertInteger(egoMax, "Ego max", 0) + assertInteger(hpMax, "HP max", 0);
}

export interface XpRoll {
  /** One per die (ruling: spent whether the roll succeeds or not). */
  readonly spent: number;
  readonly sum: number;
  readonly target: number;
  readonly success: boolean;
  readonly xpAfter: number;
}

function xpRoll(faces: readonly number[], xp: number, target: number): XpRoll {
  const have = assertInteger(xp, "Experience", 0);
  const dice = assertFaces(faces, "An experience die");
  if (dice.length === 0) throw new RulesError("no-dice", "Spend at least one XP: one die per XP.");
  if (dice.length > have)
    throw new RulesError(
      "not-enough-xp",
      `${dice.length} dice need ${dice.length} XP; only ${have} XP are available.`,
      { cost: dice.length, xp: have },
    );
  const total = sum(dice);
  return { spent: dice.length, sum: total, target, success: total >= target, xpAfter: have - dice.length };
}

/** R-LEG-13 */
export function rollForAdvancement(ruleset: Ruleset, faces: readonly number[], xp: number, target: number): XpRoll {
  if (ruleset.experience.advancement.kind !== "roll")
    throw new RulesError("not-allowed", "In this ruleset an Advancement costs XP (R-XP-2); there is no roll.");
  return xpRoll(faces, xp, assertInteger(target, "The advancement target", 0));
}

/** R-LEG-13 */
export function skillTarget(ruleset: Ruleset, rating: number): number {
  const rule = ruleset.experience.skillRoll;
  if (!rule || !ruleset.skills) throw new RulesError("not-allowed", "This ruleset has no skills to develop.");
  return rule.perRating * assertInteger(rating, "A skill rating", ruleset.skills.min, ruleset.skills.max);
}

/** R-LEG-13 (never past the skills' max). */
export function developSkill(
  ruleset: Ruleset,
  faces: readonly number[],
  xp: number,
  rating: number,
): XpRoll & { readonly rating: number } {
  const target = skillTarget(ruleset, rating);
  const max = ruleset.skills?.max ?? 0;
  if (rating >= max)
    throw new RulesError("attribute-cap", `The skill is already at ${max}, the most a skill can have.`, {
      attribute: "skill",
      cap: max,
    });
  const roll = xpRoll(faces, xp, target);
  return { ...roll, rating: roll.success ? rating + 1 : rating };
}
