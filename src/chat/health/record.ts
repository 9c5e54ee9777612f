/**
 * What the Challenge card's harm records share, whatever the health model (./grit.ts, ./hp.ts): who took
 * the harm and who applied it, the armour the record names read as one value, and the rule that a
 * record the rules refuse does not follow from the card. Pure.
 */
import { assertText, RulesError, type ArmourState } from "../../rules/index.ts";

/** The target and the user a stored record names, checked (a flag can hold anything a client wrote). */
export function assertRecordNames(entry: {
  readonly targetName: string;
  readonly targetUuid?: string;
  readonly userId: string;
}): void {
  assertText(entry.targetName, "The target's name");
  // Stored as JSON, an optional field is absent, never present and undefined.
  if ("targetUuid" in entry) assertText(entry.targetUuid, "The target's id");
  assertText(entry.userId, "The user's id");
}

/** R-HARM-2 / R-LEG-6 a record's armour as one value (its lines add up to it, the sacrificed shield included). */
export function recordArmour(armour: number, shieldSacrificed: boolean): ArmourState {
  return { body: "light", bodyValue: armour, shield: shieldSacrificed, shieldValue: 0, elephantSkin: false };
}

/** Whether `check` holds; a case the rules refuse (a RulesError) does not. */
export function holdsUnlessRefused(check: () => boolean): boolean {
  try {
    return check();
  } catch (error) {
    if (error instanceof RulesError) return false;
    throw error;
  }
}
