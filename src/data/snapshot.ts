/**
 * The bridge from Foundry items to the plain snapshots the pure operations and derived data read:
 * each is built from the item's stored source (plain arrays and strings, validated by the schema).
 */
import { asTierRank } from "../rules/index.ts";
import { AdvancementData } from "./item/advancement.ts";
import { ArmourData } from "./item/armour.ts";
import { ConditionData } from "./item/condition.ts";
import { WeaponData } from "./item/weapon.ts";
import type { ItemSnapshot } from "./source.ts";

export function itemSnapshot(item: Item.Implementation): ItemSnapshot | null {
  const id = item.id ?? "";
  const name = item.name;
  const system = item.system;
  if (system instanceof WeaponData) {
    const s = system.toObject();
    return { id, name, type: "weapon", system: { ...s, rank: asTierRank(s.rank) } };
  }
  if (system instanceof ArmourData) return { id, name, type: "armour", system: system.toObject() };
  if (system instanceof AdvancementData) return { id, name, type: "advancement", system: system.toObject() };
  if (system instanceof ConditionData) return { id, name, type: "condition", system: system.toObject() };
  return null;
}
