/** A condition, stigma, mutation or malaise (R-COND-1, R-EGO-5, R-HARM-6). */
import { CONDITION_KINDS } from "../../rules/index.ts";
import { choiceField, htmlField, textField, unmigratedField, repairsField } from "../fields.ts";
import { SHIFT_CHOICES } from "../limits.ts";
import { migrateCondition, overwriteSource, repairWithRecords } from "../migrations/index.ts";
import { preUpdateRepairs } from "../update-repair.ts";
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

export class ConditionData extends foundry.abstract.TypeDataModel<ConditionSchema, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = ["TERRAN.ConditionItem"];

  static override defineSchema(): ConditionSchema {
    return defineConditionSchema();
  }

  static override migrateData(source: Record<string, unknown>) {
    // Foundry keeps the object it passed in (foundryvtt#13141): migrate and repair it in place, and return it.
    return super.migrateData(overwriteSource(source, repairWithRecords("condition", migrateCondition(source)).source));
  }
  /** The rule limits on every update, without relying on a throw (src/data/update-repair.ts). */
  override async _preUpdate(...args: Parameters<foundry.abstract.TypeDataModel<ConditionSchema, Item.Implementation>["_preUpdate"]>) {
    const allowed = await super._preUpdate(...args);
    if (allowed === false) return false;
    const [changes, options] = args;
    preUpdateRepairs(this, "condition", ConditionData.LOCALIZATION_PREFIXES, changes, options);
    return allowed;
  }

}
