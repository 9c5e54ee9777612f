/** Armour (R-EQ-4, R-HARM-2): kind, value, equipped, destroyed (a sacrificed shield). */
import { ARMOUR_VALUE } from "../../rules/index.ts";
import { booleanField, choiceField, htmlField, integerField, unmigratedField } from "../fields.ts";
import { migrateArmour, overwriteSource } from "../migrations/index.ts";
import type { ArmourKind } from "../source.ts";

export const ARMOUR_KINDS: readonly ArmourKind[] = ["light", "heavy", "shield"];

/** R-EQ-4 the value a new piece of armour of this kind starts with. */
export function defaultArmourValue(kind: ArmourKind): number {
  return ARMOUR_VALUE[kind];
}

export function defineArmourSchema() {
  return {
    kind: choiceField(ARMOUR_KINDS, "light"),
    value: integerField(1, 0, 10),
    equipped: booleanField(),
    destroyed: booleanField(),
    description: htmlField(),
    unmigrated: unmigratedField(),
  };
}

export type ArmourSchema = ReturnType<typeof defineArmourSchema>;

export class ArmourData extends foundry.abstract.TypeDataModel<ArmourSchema, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = ["TERRAN.ArmourItem"];

  static override defineSchema(): ArmourSchema {
    return defineArmourSchema();
  }

  static override migrateData(source: Record<string, unknown>) {
    // Foundry keeps the object it passed in (foundryvtt#13141): migrate it in place, and return it.
    return super.migrateData(overwriteSource(source, migrateArmour(source)));
  }
}
