/** An advancement (R-ADV-1, R-ADV-2): its mechanics as the engine reads them. */
import { choiceField, htmlField, integerField, repairsField, textField, unmigratedField } from "../fields.ts";
import { ADVANCEMENT_SOURCES, DEVELOPED_CHOICES } from "../limits.ts";
import { migrateAdvancement, overwriteSource, repairWithRecords } from "../migrations/index.ts";
import { preUpdateRepairs } from "../update-repair.ts";
import { diceModifiersField, flagsField } from "./modifiers.ts";

export { ADVANCEMENT_SOURCES };

export function defineAdvancementSchema() {
  const { StringField } = foundry.data.fields;
  return {
    key: textField(),
    source: choiceField(ADVANCEMENT_SOURCES, "core"),
    cult: textField(),
    dice: diceModifiersField(),
    flags: flagsField(),
    /** R-CHAR-5 Developed: the attribute it raised. */
    developed: new StringField({ required: true, blank: true, choices: [...DEVELOPED_CHOICES], initial: "" }),
    specialty: textField(),
    requiresMutations: integerField(0, 0, 20),
    description: htmlField(),
    unmigrated: unmigratedField(),
    repairs: repairsField(),
  };
}

export type AdvancementSchema = ReturnType<typeof defineAdvancementSchema>;

export class AdvancementData extends foundry.abstract.TypeDataModel<AdvancementSchema, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = ["TERRAN.AdvancementItem"];

  static override defineSchema(): AdvancementSchema {
    return defineAdvancementSchema();
  }

  static override migrateData(source: Record<string, unknown>) {
    // Foundry keeps the object it passed in (foundryvtt#13141): migrate and repair it in place, and return it.
    return super.migrateData(overwriteSource(source, repairWithRecords("advancement", migrateAdvancement(source)).source));
  }
  /** The rule limits on every update, without relying on a throw (src/data/update-repair.ts). */
  override async _preUpdate(...args: Parameters<foundry.abstract.TypeDataModel<AdvancementSchema, Item.Implementation>["_preUpdate"]>) {
    const allowed = await super._preUpdate(...args);
    if (allowed === false) return false;
    const [changes, options] = args;
    preUpdateRepairs(this, "advancement", AdvancementData.LOCALIZATION_PREFIXES, changes, options);
    return allowed;
  }

}
