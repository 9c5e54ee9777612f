/** Armour (R-EQ-4, R-HARM-2): kind, value, equipped, destroyed (a sacrificed shield). */
import { ARMOUR_VALUE } from "../../rules/index.ts";
import { booleanField, choiceField, htmlField, integerField, repairsField, unmigratedField } from "../fields.ts";
import { ARMOUR_KINDS } from "../limits.ts";
import { migrateArmour, overwriteSource, repairWithRecords } from "../migrations/index.ts";
import { preUpdateRepairs } from "../update-repair.ts";
import type { ArmourKind } from "../source.ts";

export { ARMOUR_KINDS };

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
    repairs: repairsField(),
  };
}

export type ArmourSchema = ReturnType<typeof defineArmourSchema>;

export class ArmourData extends foundry.abstract.TypeDataModel<ArmourSchema, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = ["TERRAN.ArmourItem"];

  static override defineSchema(): ArmourSchema {
    return defineArmourSchema();
  }

  static override migrateData(source: Record<string, unknown>) {
    // Foundry keeps the object it passed in (foundryvtt#13141): migrate and repair it in place, and return it.
    return super.migrateData(overwriteSource(source, repairWithRecords("armour", migrateArmour(source)).source));
  }
  /** The rule limits on every update, without relying on a throw (src/data/update-repair.ts). */
  override async _preUpdate(...args: Parameters<foundry.abstract.TypeDataModel<ArmourSchema, Item.Implementation>["_preUpdate"]>) {
    const allowed = await super._preUpdate(...args);
    if (allowed === false) return false;
    const [changes, options] = args;
    preUpdateRepairs(this, "armour", ArmourData.LOCALIZATION_PREFIXES, changes, options);
    return allowed;
  }

}
