/**
 * An item dropped on the character sheet, copied in as core imports from a compendium (source kept;
 * folder, sort, ownership and id cleared): an Advancement paid as the ruleset says (R-XP-2, R-GRIT-3,
 * R-LEG-13), weapons and armour unequipped, a Condition's shift (R-COND-1) or skills (R-LEG-16) asked first.
 */
import { AdvancementData } from "../../../data/item/advancement.ts";
import { ConditionData } from "../../../data/item/condition.ts";
import type { TerranActor } from "../../../documents/actor.ts";
import { currentRuleset } from "../../../settings/settings.ts";
import { takeDroppedAdvancement } from "./advancement-drop.ts";
import { prepareConditionDrop } from "./condition-drop.ts";
import { prepareSkillFocusDrop } from "./skill-focus-drop.ts";
import { conditionOf, type Ruleset } from "../../../rules/index.ts";
import { importData } from "../sheet-glue.ts";

export async function addDroppedItem(actor: TerranActor, item: Item.Implementation): Promise<void> {
  const data = importData(item);
  const system = item.system;
  if (system instanceof AdvancementData) {
    const advancement = { ...data, name: item.name, system: system.toObject() };
    await takeDroppedAdvancement(actor, advancement, currentRuleset());
    return;
  }
  if (data.type === "weapon" || data.type === "armour") foundry.utils.setProperty(data, "system.equipped", false);
  const ruleset = currentRuleset();
  const created =
    system instanceof ConditionData
      ? readsAsSkillDice(ruleset, system.key)
        ? await prepareSkillFocusDrop(ruleset, data)
        : await prepareConditionDrop(actor.characterState().source.attributes, data, [...system.flags])
      : data;
  if (created) await actor.createEmbeddedDocuments("Item", [created as Item.CreateData]);
}

/** R-LEG-16 does the world's ruleset read this condition as skill dice chosen when taken (Legacy's Obsessive Focus)? */
function readsAsSkillDice(ruleset: Ruleset, key: string): boolean {
  if (!ruleset.conditions.includes(key)) return false;
  return conditionOf(ruleset, key).flags.includes("skillFocus");
}
