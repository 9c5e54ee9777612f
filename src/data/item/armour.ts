/** Armour (R-EQ-4, R-HARM-2); `destroyed`: a sacrificed shield. */
import { ARMOUR_VALUE } from "../../rules/index.ts";
import { booleanField, choiceField, htmlField, integerField, repairsField, unmigratedField } from "../fields.ts";
import { ARMOUR_KINDS } from "../limits.ts";
import { TerranDataModel } from "../base-model.ts";
import { migrateArmour } from "../migrations/index.ts";
import type { ArmourKind } from "../source.ts";

export { ARMOUR_KINDS };

/** R-EQ-4 */
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
    repairs: repairsField(),
  };
}

export type ArmourSchema = ReturnType<typeof defineArmourSchema>;

export class ArmourData extends TerranDataModel<ArmourSchema, Item.Implementation> {
  static override readonly KIND = "armour";
  static override readonly MIGRATION = migrateArmour;
  static override LOCALIZATION_PREFIXES = ["TERRAN.ArmourItem"];

  static override defineSchema(): ArmourSchema {
    return defineArmourSchema();
  }
}
