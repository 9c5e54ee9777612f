/** A weapon (R-EQ-1 … R-EQ-3): Effect tier rank, ranges, tags, two-handed, equipped. */
import { WEAPON_TAGS } from "../../rules/index.ts";
import { booleanField, htmlField, integerField, unmigratedField, repairsField } from "../fields.ts";
import { migrateWeapon, overwriteSource, repairWithRecords } from "../migrations/index.ts";
import { preUpdateRepairs } from "../update-repair.ts";
import { ALL_RANGE_IDS } from "./ranges.ts";

export function defineWeaponSchema() {
  const { ArrayField, SetField, StringField } = foundry.data.fields;
  return {
    /** Ruleset-neutral tier rank 0–4: Core Bad −1e … Best +3e; Degenesis Improvised 1e … Extreme 5e. */
    rank: integerField(1, 0, 4),
    ranges: new SetField(new StringField({ required: true, blank: false, choices: [...ALL_RANGE_IDS] }), { initial: ["contact"] }),
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

export class WeaponData extends foundry.abstract.TypeDataModel<WeaponSchema, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = ["TERRAN.WeaponItem"];

  static override defineSchema(): WeaponSchema {
    return defineWeaponSchema();
  }

  static override migrateData(source: Record<string, unknown>) {
    // Foundry keeps the object it passed in (foundryvtt#13141): migrate and repair it in place, and return it.
    return super.migrateData(overwriteSource(source, repairWithRecords("weapon", migrateWeapon(source)).source));
  }
  /** The rule limits on every update, without relying on a throw (src/data/update-repair.ts). */
  override async _preUpdate(...args: Parameters<foundry.abstract.TypeDataModel<WeaponSchema, Item.Implementation>["_preUpdate"]>) {
    const allowed = await super._preUpdate(...args);
    if (allowed === false) return false;
    const [changes, options] = args;
    preUpdateRepairs(this, "weapon", WeaponData.LOCALIZATION_PREFIXES, changes, options);
    return allowed;
  }

}
