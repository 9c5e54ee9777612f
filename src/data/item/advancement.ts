/** An advancement (R-ADV-1, R-ADV-2): its mechanics as the engine reads them. */
import { ATTRIBUTES } from "../../rules/index.ts";
import { choiceField, htmlField, integerField, textField, unmigratedField } from "../fields.ts";
import { migrateAdvancement, overwriteSource } from "../migrations/index.ts";
import type { AdvancementSourceKind } from "../source.ts";
import { diceModifiersField, flagsField } from "./modifiers.ts";

export const ADVANCEMENT_SOURCES: readonly AdvancementSourceKind[] = ["core", "degenesis", "cult"];

export function defineAdvancementSchema() {
  const { StringField } = foundry.data.fields;
  return {
    key: textField(),
    source: choiceField(ADVANCEMENT_SOURCES, "core"),
    cult: textField(),
    dice: diceModifiersField(),
    flags: flagsField(),
    /** R-CHAR-5 Developed: the attribute it raised. */
    developed: new StringField({ required: true, blank: true, choices: ["", ...ATTRIBUTES], initial: "" }),
    specialty: textField(),
    requiresMutations: integerField(0, 0, 20),
    description: htmlField(),
    unmigrated: unmigratedField(),
  };
}

export type AdvancementSchema = ReturnType<typeof defineAdvancementSchema>;

export class AdvancementData extends foundry.abstract.TypeDataModel<AdvancementSchema, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = ["TERRAN.AdvancementItem"];

  static override defineSchema(): AdvancementSchema {
    return defineAdvancementSchema();
  }

  static override migrateData(source: Record<string, unknown>) {
    // Foundry keeps the object it passed in (foundryvtt#13141): migrate it in place, and return it.
    return super.migrateData(overwriteSource(source, migrateAdvancement(source)));
  }
}
