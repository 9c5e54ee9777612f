/** A condition, stigma, mutation or malaise (R-COND-1, R-EGO-5, R-HARM-6). */
import { CONDITION_KINDS } from "../../rules/index.ts";
import { choiceField, htmlField, textField, unmigratedField } from "../fields.ts";
import { migrateCondition, overwriteSource } from "../migrations/index.ts";
import { diceModifiersField, flagsField } from "./modifiers.ts";

export function defineConditionSchema() {
  return {
    kind: choiceField(CONDITION_KINDS, "condition"),
    key: textField(),
    dice: diceModifiersField(),
    flags: flagsField(),
    description: htmlField(),
    unmigrated: unmigratedField(),
  };
}

export type ConditionSchema = ReturnType<typeof defineConditionSchema>;

export class ConditionData extends foundry.abstract.TypeDataModel<ConditionSchema, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = ["TERRAN.ConditionItem"];

  static override defineSchema(): ConditionSchema {
    return defineConditionSchema();
  }

  static override migrateData(source: Record<string, unknown>) {
    // Foundry keeps the object it passed in (foundryvtt#13141): migrate it in place, and return it.
    return super.migrateData(overwriteSource(source, migrateCondition(source)));
  }
}
