/**
 * The system's Item document: a Condition added or removed changes its character in the same update (R-XP-1 its
 * XP, R-COND-1 its attribute shift); R-LEG-4 / R-LEG-7 (ruling) HP and Ego follow a lowered maximum down.
 */
import { RulesError, type Attribute } from "../rules/index.ts";
import { ConditionData } from "../data/item/condition.ts";
import { removeConditionOperation, takeConditionOperation } from "./operations/condition.ts";
import { legacyWithinMaxOperation } from "./operations/legacy.ts";
import type { ActorUpdate, CharacterState } from "./operations/types.ts";
import { rulesErrorText, say } from "../prompts/notify.ts";
import { characterState } from "./state.ts";
import { currentRuleset } from "../settings/settings.ts";

/** R-COND-1 the shift's own reason when it has one, else the rules' code. */
function refusalText(error: RulesError): string {
  const reason = error.data.reason;
  if (
    error.code === "bad-choice" &&
    (reason === "sameAttribute" || reason === "raiseAtMax" || reason === "lowerAtZero")
  ) {
    return game.i18n?.localize(`TERRAN.AttributeShift.Refusal.${reason}`) ?? error.message;
  }
  return rulesErrorText(error);
}

const attributeNames = (list: readonly Attribute[]): string =>
  list.map((a) => game.i18n?.localize(`TERRAN.Attribute.${a}`) ?? a).join(", ");

const NO_SHIFT = { raise: "", lower1: "", lower2: "" } as const;

export class TerranItem<out SubType extends Item.SubType = Item.SubType> extends Item<SubType> {
  /** R-COND-1 a shift the ratings cannot take is refused before the item exists. */
  protected override async _preCreate(...args: Parameters<Item["_preCreate"]>): Promise<boolean | void> {
    const allowed = await super._preCreate(...args);
    if (allowed === false) return false;
    const system = this.system;
    if (!(system instanceof ConditionData)) return allowed;
    const shift = system.shift;
    const actor = this.parent;
    const state = actor ? characterState(actor) : null;
    if (!state || !shift || (shift.raise === "" && shift.lower1 === "" && shift.lower2 === "")) return allowed;
    try {
      takeConditionOperation(state, { kind: system.kind, shift });
    } catch (error) {
      if (!(error instanceof RulesError)) throw error;
      say("warn", refusalText(error));
      return false;
    }
    return allowed;
  }

  protected override _onCreate(data: Item.CreateData, options: Item.Database.OnCreateOperation, userId: string): void {
    super._onCreate(data, options, userId);
    if (userId !== game.user?.id) return;
    const actor = this.parent;
    const state = actor ? characterState(actor) : null;
    if (!actor || !state) return;
    const update = { ...this.#conditionTaken(state), ...legacyWithinMaxOperation(state).update };
    if (Object.keys(update).length > 0) void actor.update(update);
  }

  /** R-COND-1 / R-XP-1 nothing for another item or a dead character. */
  #conditionTaken(state: CharacterState): ActorUpdate {
    const system = this.system;
    if (!(system instanceof ConditionData) || state.source.dead) return {};
    let update: ActorUpdate;
    try {
      ({ update } = takeConditionOperation(
        state,
        { kind: system.kind, shift: system.shift },
        currentRuleset().experience.perCondition,
      ));
    } catch (error) {
      // Should the ratings have changed since _preCreate, the shift is dropped, not left claiming a move (the
      // XP still comes).
      if (!(error instanceof RulesError)) throw error;
      say("warn", refusalText(error));
      void this.update({ "system.shift": { ...NO_SHIFT } } as Item.UpdateData);
      ({ update } = takeConditionOperation(state, { kind: system.kind }, currentRuleset().experience.perCondition));
    }
    return update;
  }

  /**
   * R-COND-1 the deleting client gives the shift back (what is withheld is said); R-LEG-4 (ruling) HP and Ego
   * within the maxima left.
   */
  protected override _onDelete(options: Item.Database.OnDeleteOperation, userId: string): void {
    super._onDelete(options, userId);
    const system = this.system;
    if (userId !== game.user?.id) return;
    const actor = this.parent;
    const state = actor ? characterState(actor) : null;
    if (!actor || !state) return;
    const left = state.items.filter((i) => i.id !== this.id);
    const within = legacyWithinMaxOperation(state, left).update;
    if (!(system instanceof ConditionData)) {
      if (Object.keys(within).length > 0) void actor.update(within);
      return;
    }
    const { update: shifted, outcome } = removeConditionOperation(state, system);
    const update = { ...shifted, ...within };
    if (Object.keys(update).length > 0) void actor.update(update);
    if (outcome.withheld.length > 0) {
      ui.notifications?.warn(
        game.i18n?.format("TERRAN.AttributeShift.withheld", { attributes: attributeNames(outcome.withheld) }) ?? "",
      );
    }
  }
}
