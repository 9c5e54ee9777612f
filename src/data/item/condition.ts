/** A condition, stigma, mutation or malaise (R-COND-1, R-EGO-5, R-HARM-6). */
import { CONDITION_KINDS } from "../../rules/index.ts";
import { choiceField, htmlField, textField, unmigratedField, repairsField } from "../fields.ts";
import { SHIFT_CHOICES } from "../limits.ts";
import { TerranDataModel } from "../base-model.ts";
import { migrateCondition } from "../migrations/index.ts";
import { diceModifiersField, flagsField } from "./modifiers.ts";

/** One part of an Obsessive Focus shift (R-COND-1): an attribute, or "" for none. */
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
    /**
     * R-COND-1 the ratings this condition moved when it was taken (+1 `raise`, −1 `lower1` and `lower2`),
     * undone when it is removed. All "" (or absent: old data, the compendium) for a condition that moved
     * nothing. Not required: a new optional field, so no migration is needed.
     */
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
