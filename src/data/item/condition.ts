/** A condition, stigma, mutation or malaise (R-COND-1, R-EGO-5, R-HARM-6). */
import { CONDITION_KINDS } from "../../rules/index.ts";
import { choiceField, htmlField, textField, unmigratedField, repairsField } from "../fields.ts";
import { SHIFT_CHOICES } from "../limits.ts";
import { TerranDataModel } from "../base-model.ts";
import { migrateCondition } from "../migrations/index.ts";
import { diceModifiersField, flagsField } from "./modifiers.ts";

/** R-COND-1 "" for none. */
function shiftPart() {
  return new foundry.data.fields.StringField({ required: true, blank: true, choices: [...SHIFT_CHOICES], initial: "" });
}

export function defineConditionSchema() {
  const { SchemaField } = foundry.data.fields;
  return {
    kind: choiceField(CONDITION_KINDS, "condition"),
    key: textField(),
    dice: diceModifiersField(),
    flags: flagsField(),
    /** R-COND-1 undone when removed; all "" or absent when it moved nothing. Optional, so no migration. */
    shift: new SchemaField({ raise: shiftPart(), lower1: shiftPart(), lower2: shiftPart() }, { required: false }),
    description: htmlField(),
    unmigrated: unmigratedField(),
    repairs: repairsField(),
  };
}

export type ConditionSchema = ReturnType<typeof defineConditionSchema>;

export class ConditionData extends TerranDataModel<ConditionSchema, Item.Implementation> {
  static override readonly KIND = "condition";
  static override readonly MIGRATION = migrateCondition;
  static override LOCALIZATION_PREFIXES = ["TERRAN.ConditionItem"];

  static override defineSchema(): ConditionSchema {
    return defineConditionSchema();
  }
}
