/** R-XP-1 gaining experience, R-XP-2 the cost of an advancement. */
import { assertInteger, RulesError } from "./errors.ts";

/** R-XP-1 */
export const XP_PER_SESSION = 2;
/** R-XP-1 (none while creating the character). */
export const XP_PER_CONDITION = 1;

/** R-XP-1 */
export function conditionXp(duringCreation: boolean): number {
  return duringCreation ? 0 : XP_PER_CONDITION;
}

/** R-XP-2 (R-CHAR-7's starting one is free; the seed's deleted 3× sentence does not count). */
export function advancementCost(advancementsHeld: number): number {
  return 2 * assertInteger(advancementsHeld, "The number of advancements", 0);
}

/** R-XP-2 */
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
