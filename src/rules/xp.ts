/**
 * R-XP-1 gaining experience and R-XP-2 the cost of an advancement.
 */
import { assertInteger, RulesError } from "./errors.ts";

/** R-XP-1 per session played and survived. */
export const XP_PER_SESSION = 2;
/** R-XP-1 per new Condition (not for those taken while creating the character). */
export const XP_PER_CONDITION = 1;

/** R-XP-1 XP for gaining a Condition: +1, none during creation. */
export function conditionXp(duringCreation: boolean): number {
  return duringCreation ? 0 : XP_PER_CONDITION;
}

/**
 * R-XP-2 a new advancement costs 2 × the advancements the character has now; the starting one
 * (R-CHAR-7, with none yet) is free. (The seed's 3× sentence was deleted by its author.)
 */
export function advancementCost(advancementsHeld: number): number {
  return 2 * assertInteger(advancementsHeld, "The number of advancements", 0);
}

/** R-XP-2 the XP left after buying the next advancement, or a readable refusal. */
export function spendXpForAdvancement(xp: number, advancementsHeld: number): number {
  assertInteger(xp, "Experience", 0);
  const cost = advancementCost(advancementsHeld);
  if (xp < cost) {
    throw new RulesError("not-enough-xp", `The next advancement costs ${cost} XP; only ${xp} XP are available.`, {
      cost,
      xp,
    });
  }
  return xp - cost;
}
