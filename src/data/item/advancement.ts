/** An advancement (R-ADV-1, R-ADV-2). */
import { choiceField, htmlField, integerField, repairsField, textField, unmigratedField } from "../fields.ts";
import { ADVANCEMENT_SOURCES, DEFAULT_ADVANCEMENT_SOURCE } from "../../rules/index.ts";
import { DEVELOPED_CHOICES } from "../limits.ts";
import { TerranDataModel } from "../base-model.ts";
import { migrateAdvancement } from "../migrations/index.ts";
import { diceModifiersField, flagsField } from "./modifiers.ts";

export { ADVANCEMENT_SOURCES };

export function defineAdvancementSchema() {
  const { StringField } = foundry.data.fields;
  return {
    key: textField(),
    source: choiceField(ADVANCEMENT_SOURCES, DEFAULT_ADVANCEMENT_SOURCE),
    cult: textField(),
    dice: diceModifiersField(),
    flags: flagsField(),
    /** R-CHAR-5 */
    developed: new StringField({ required: true, blank: true, choices: [...DEVELOPED_CHOICES], initial: "" }),
    specialty: textField(),
    requiresMutations: integerField(0, 0, 20),
    description: htmlField(),
    unmigrated: unmigratedField(),
    repairs: repairsField(),
  };
}

export type AdvancementSchema = ReturnType<typeof defineAdvancementSchema>;

export class AdvancementData extends TerranDataModel<AdvancementSchema, Item.Implementation> {
  static override readonly KIND = "advancement";
  static override readonly MIGRATION = migrateAdvancement;
  static override LOCALIZATION_PREFIXES = ["TERRAN.AdvancementItem"];

  static override defineSchema(): AdvancementSchema {
    return defineAdvancementSchema();
  }
}
