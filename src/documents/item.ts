/**
 * The system's Item document. A Condition added to a character brings +1 XP (R-XP-1), except while
 * the character is being created (before its first advancement).
 */
import { conditionAddedOperation } from "./operations/index.ts";
import { characterState } from "./state.ts";

export class TerranItem<out SubType extends Item.SubType = Item.SubType> extends Item<SubType> {
  protected override _onCreate(data: Item.CreateData, options: Item.Database.OnCreateOperation, userId: string): void {
    super._onCreate(data, options, userId);
    if (userId !== game.user?.id || this.type !== "condition") return;
    const actor = this.parent;
    const state = actor ? characterState(actor) : null;
    if (!actor || !state) return;
    const { update } = conditionAddedOperation(state);
    if (Object.keys(update).length > 0) void actor.update(update);
  }
}
