/**
 * The system's Actor document. Its game moves are plain functions that take the actor
 * (./character-moves.ts: each reads the character's state, rolls with Foundry where the rules need
 * dice, computes the update with the pure operations and persists it in one update); the methods here
 * name them for callers. A move the rules refuse (an advancement without the XP, harm to the dead…) is
 * explained by a localised warning and changes nothing.
 *
 * ./character-moves.ts and ./token-states.ts, and the modules they import, take TerranActor as a type
 * only (`import type`): a value import of this file from any of them would make an import cycle.
 */
import { RulesError, type Attribute, type CreationRoll, type HarmChoices, type WoundTrack } from "../rules/index.ts";
import { hasStatusEffect } from "../compat/generation.ts";
import { currentRuleset } from "../settings/settings.ts";
import type * as Ops from "./operations/index.ts";
import * as moves from "./character-moves.ts";
import { characterState } from "./state.ts";
import { SYSTEM_ID } from "../system-id.ts";
import { findTokenState, stateChanges } from "../rules/states.ts";
import { stateFacts, toggleTokenState } from "../table/token-states.ts";

export class TerranActor<out SubType extends Actor.SubType = Actor.SubType> extends Actor<SubType> {
  /** The character's state for the pure operations; refuses a non-character. */
  characterState(): Ops.CharacterState {
    const state = characterState(this);
    if (!state) throw new RulesError("not-allowed", `${this.name} is not a character.`, { name: this.name });
    return state;
  }

  /** Persists an operation's result (one actor update, one batch of item updates); throws on refusal. */
  async commitOperation<T>(result: Ops.OperationResult<T>): Promise<T> {
    if (Object.keys(result.update).length > 0) await this.update(result.update);
    if (result.itemUpdates.length > 0) await this.updateEmbeddedDocuments("Item", [...result.itemUpdates]);
    return result.outcome;
  }

  /** R-ADV-1 Brainwave / R-ADV-2 Nova: roll the advancement's attribute and keep what it grants until the scene ends. */
  activateAdvancement(itemId: string) {
    return moves.activateAdvancement(this, itemId);
  }

  /** R-ADV-1 / R-ADV-2 the scene's effects of activated advancements, as kept on the character. */
  get sceneEffects() {
    return characterState(this)?.scene ?? [];
  }

  /** R-ADV-1 / R-ADV-2 the scene ends: every activated advancement's effect goes (or only `advancement`'s). */
  endScene(advancement?: string) {
    return moves.endScene(this, advancement);
  }

  /** R-SAY-1 / R-LEG-15 a departed character's successor: a new character with ⌈n ÷ 2⌉ free advancements. */
  startSuccessor() {
    return moves.startSuccessor(this);
  }

  /** R-LEG-2 the four attributes were rolled once (only a GM rolls them again). */
  get legacyCreationRolled(): boolean {
    return this.getFlag(SYSTEM_ID, "legacyCreationRolled") === true;
  }

  /** R-SAY-1 / R-LEG-15 the successor started for this departed character (its uuid), or null. */
  get successorUuid(): string | null {
    const uuid = this.getFlag(SYSTEM_ID, "successor");
    return typeof uuid === "string" ? uuid : null;
  }

  /** R-SAY-1 the character's last scene is running: the end of the scene concerns them even with no effect. */
  get inLastScene(): boolean {
    return characterState(this)?.source.sayonara ?? false;
  }

  /** R-ADV-2 Tesla: the 2d Effect of a Failed roll with Tesla's +1d, taken by the roller from that Risky card. */
  takeTeslaBacklash(messageId: string) {
    return moves.takeTeslaBacklash(this, messageId);
  }

  /** R-HARM-1 … R-HARM-5, R-CH-4: an incoming Effect; asks for the wound track when there is a choice. */
  applyHarm(effect: number, choices: HarmChoices = {}) {
    return moves.applyHarm(this, effect, choices);
  }

  /**
   * A character's state clicked in the token HUD runs the sheet's operation with its
   * refusals (src/table/token-states.ts); every other status (and any status of a Challenge) is core's.
   */
  override async toggleStatusEffect(
    ...args: Parameters<Actor["toggleStatusEffect"]>
  ): ReturnType<Actor["toggleStatusEffect"]> {
    const [statusId, options] = args;
    const def = this.type === "character" ? findTokenState(currentRuleset(), statusId) : null;
    if (!def) return super.toggleStatusEffect(...args);
    return toggleTokenState(this, def, options?.active ?? undefined);
  }

  /** The client that changed the character shows its states on its tokens. */
  protected override _onUpdate(...args: Parameters<Actor["_onUpdate"]>): void {
    super._onUpdate(...args);
    if (args[2] === game.user?.id)
      this.syncTokenStates().catch((error: unknown) =>
        console.error(`${SYSTEM_ID} | token states of ${this.name}`, error),
      );
  }

  /** Adds and removes core status effects (core's own toggle) until they are exactly the character's states. */
  async syncTokenStates(): Promise<void> {
    const state = characterState(this);
    if (!state) return;
    const shown = new Set<string>();
    for (const effect of this.effects) for (const id of effect.statuses) shown.add(id);
    const { add, remove } = stateChanges(currentRuleset(), stateFacts(state.source), shown);
    // A state core does not list (a module replaced the list after setup) is left off, never thrown over.
    for (const def of add)
      if (hasStatusEffect(def.id))
        await super.toggleStatusEffect(def.id, { active: true, overlay: def.overlay ?? false });
    for (const def of remove) if (hasStatusEffect(def.id)) await super.toggleStatusEffect(def.id, { active: false });
  }

  /** R-HARM-5 / R-HARM-6 the GM undoes a death; refused for a player. */
  revive() {
    return moves.revive(this);
  }

  /** R-HARM-3 mark a wound track by hand. */
  markWound(track: WoundTrack) {
    return moves.markWound(this, track, true);
  }

  /** R-HARM-5 recover a wound after care and a week of rest. */
  recoverWound(track: WoundTrack) {
    return moves.markWound(this, track, false);
  }

  /** R-EGO-2 / R-EGO-3 / R-SAY-1 spend the Ego a roll's Dark Dice cost. */
  spendEgo(darkFaces: readonly number[]) {
    return moves.spendEgo(this, darkFaces);
  }

  /** Gives back Ego that was spent (a chat card's Undo): value + amount, at most the maximum. */
  restoreEgo(amount: number) {
    return moves.restoreEgo(this, amount);
  }

  /** R-GRIT-2 a night's rest resets Grit; a poor night or poor food takes −1d (Asceticism cancels the food's). */
  rest(options: Ops.RestOptions = {}) {
    return moves.rest(this, options);
  }

  /** R-EGO-4 / R-EGO-5 reset Ego by gaining a Condition (Core) or consuming spores (Degenesis). */
  resetEgo() {
    return moves.resetEgo(this);
  }

  /** R-HARM-6 roll a Malaise and apply it; asks which attribute when the group offers two. */
  rollMalaise() {
    return moves.rollMalaise(this);
  }

  /** R-XP-2 / R-GRIT-3 buy an Advancement (`data`: the item as it will be created; its `system` is what is bought). */
  gainAdvancement(data: moves.AdvancementData, options: { gmOverride?: boolean } = {}) {
    return moves.gainAdvancement(this, data, options);
  }

  /** R-XP-1 award XP (a session played and survived: 2). */
  awardXp(amount: number) {
    return moves.awardXp(this, amount);
  }

  /** R-SAY-1 declare the last scene: re-roll Grit and Ego. */
  declareSayonara() {
    return moves.declareSayonara(this);
  }

  /** R-CHAR-1 / R-CHAR-5 set one rating by hand (a circle on the sheet); refused past the total of 10. */
  setAttribute(attribute: Attribute, value: number) {
    return moves.setAttribute(this, attribute, value);
  }

  /** R-CHAR-4 the creation dice rolled for this character, or null before they are rolled. */
  get creationRoll(): CreationRoll | null {
    return this.getFlag(SYSTEM_ID, "creationRoll") ?? null;
  }

  /** R-CHAR-4 roll the three group dice, keep them on the actor and post the creation card (a GM alone may roll again). */
  rollCreationRatings() {
    return moves.rollCreationRatings(this);
  }

  /** R-CHAR-4 place the points of the kept creation roll (refused before the dice are rolled). */
  placeCreationPoints(shares: Readonly<Partial<Record<Attribute, number>>>) {
    return moves.placeCreationPoints(this, shares);
  }

  /** R-CHAR-7 / R-GRIT-1 roll the starting Grit: the roll becomes value and maximum. */
  rollStartingGrit() {
    return moves.rollStartingTrack(this, "grit");
  }

  /** R-CHAR-7 / R-EGO-1 roll the starting Ego: the roll becomes value and maximum. */
  rollStartingEgo() {
    return moves.rollStartingTrack(this, "ego");
  }
}
