/** A weapon (R-EQ-1 … R-EQ-3). */
import { WEAPON_TAGS } from "../../rules/index.ts";
import { booleanField, htmlField, integerField, unmigratedField, repairsField } from "../fields.ts";
import { TerranDataModel } from "../base-model.ts";
import { migrateWeapon } from "../migrations/index.ts";
import { ALL_RANGE_IDS } from "./ranges.ts";

export function defineWeaponSchema() {
  const { ArrayField, SetField, StringField } = foundry.data.fields;
  return {
    /** Ruleset-neutral 0–4. */
    rank: integerField(1, 0, 4),
    ranges: new SetField(new StringField({ required: true, blank: false, choices: [...ALL_RANGE_IDS] }), {
      initial: ["contact"],
    }),
    tags: new SetField(new StringField({ required: true, blank: false, choices: [...WEAPON_TAGS] })),
    customTags: new ArrayField(new StringField({ required: true, blank: false })),
    twoHanded: booleanField(),
    equipped: booleanField(),
    description: htmlField(),
    unmigrated: unmigratedField(),
    repairs: repairsField(),
  };
}

export type WeaponSchema = ReturnType<typeof defineWeaponSchema>;

export class WeaponData extends TerranDataModel<WeaponSchema, Item.Implementation> {
  static override readonly KIND = "weapon";
  static override readonly MIGRATION = migrateWeapon;
  static override LOCALIZATION_PREFIXES = ["TERRAN.WeaponItem"];

  static override defineSchema(): WeaponSchema {
    return defineWeaponSchema();
  }
}
