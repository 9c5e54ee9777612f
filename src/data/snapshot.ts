/**
 * Foundry items into the plain snapshots the operations and derived data read, from each item's stored source.
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
