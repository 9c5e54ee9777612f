/**
 * The system's Item document. A Condition added to a character brings +1 XP (R-XP-1), except while
 * the character is being created (before its first advancement), for a Malaise (not a new Condition),
 * or for a dead character (nothing more to gain).
 */
import { ConditionData } from "../data/item/condition.ts";
import { conditionAddedOperation } from "./operations/index.ts";
import { characterState } from "./state.ts";

export class TerranItem<out SubType extends Item.SubType = Item.SubType> extends Item<SubType> {
  protected override _onCreate(data: Item.CreateData, options: Item.Database.OnCreateOperation, userId: string): void {
    super._onCreate(data, options, userId);
    const system = this.system;
    if (userId !== game.user?.id || !(system instanceof ConditionData)) return;
    const actor = this.parent;
    const state = actor ? characterState(actor) : null;
    if (!actor || !state || state.source.dead) return;
    const { update } = conditionAddedOperation(state, system.kind);
    if (Object.keys(update).length > 0) void actor.update(update);
  }
}
