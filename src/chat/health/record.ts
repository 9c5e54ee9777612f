/**
 * What every health model's harm record shares: who took and who applied it, its armour as one value, and a
 * record the rules refuse following from nothing.
 */
import { assertText, RulesError, type ArmourState } from "../../rules/index.ts";

export function assertRecordNames(entry: {
  readonly targetName: string;
  readonly targetUuid?: string;
  readonly userId: string;
}): void {
  assertText(entry.targetName, "The target's name");
  // An optional field is absent in JSON, never present and undefined.
  if ("targetUuid" in entry) assertText(entry.targetUuid, "The target's id");
  assertText(entry.userId, "The user's id");
}

/** R-HARM-2 / R-LEG-6 the sacrificed shield included. */
export function recordArmour(armour: number, shieldSacrificed: boolean): ArmourState {
  return { body: "light", bodyValue: armour, shield: shieldSacrificed, shieldValue: 0, elephantSkin: false };
}

/** A case the rules refuse (a RulesError) does not hold. */
export function holdsUnlessRefused(check: () => boolean): boolean {
  try {
    return check();
  } catch (error) {
    if (error instanceof RulesError) return false;
    throw error;
  }
}
