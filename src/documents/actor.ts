/**
 * The system's Actor document: the game's operations on a character. Each one reads the character's
 * state, rolls with Foundry where the rules need dice, computes the update with the pure operations
 * (./operations, which call src/rules/) and persists it in one update. A move the rules refuse (an
 * advancement without the XP, harm to the dead…) is explained by a localised warning and changes
 * nothing.
 */
import { RulesError, type Attribute, type CreationRoll, type HarmChoices, type WoundTrack } from "../rules/index.ts";
import type { AdvancementSource } from "../data/source.ts";
import { currentRuleset } from "../settings/settings.ts";
import { chooseOne, confirm } from "./dialogs.ts";
import { attempt } from "./notify.ts";
import * as ops from "./operations/index.ts";
import { characterState } from "./state.ts";

export class TerranActor<out SubType extends Actor.SubType = Actor.SubType> extends Actor<SubType> {
  /** The character's state for the pure operations; refuses a non-character. */
  characterState(): ops.CharacterState {
    const state = characterState(this);
    if (!state) throw new RulesError("not-allowed", `${this.name} is not a character.`, { name: this.name });
    return state;
  }

  /** Persists an operation's result: one actor update, one batch of item updates. */
  async #persist<T>(result: ops.OperationResult<T>): Promise<T> {
    if (Object.keys(result.update).length > 0) await this.update(result.update);
    if (result.itemUpdates.length > 0) await this.updateEmbeddedDocuments("Item", [...result.itemUpdates]);
    return result.outcome;
  }

  /** Rolls `count` d6 with Foundry (shown in chat with `flavor`) and returns the faces. */
  async #rollFaces(count: number, flavor: string): Promise<number[]> {
    if (count <= 0) return [];
    const roll = await new Roll(`${count}d6`).evaluate();
    await roll.toMessage({ speaker: ChatMessage.getSpeaker({ actor: this }), flavor: game.i18n?.localize(flavor) ?? flavor });
    return roll.dice.flatMap((die) => die.results.map((r) => r.result));
  }

  /** R-HARM-1 … R-HARM-5, R-CH-4: an incoming Effect; asks for the wound track when there is a choice. */
  async applyHarm(effect: number, choices: HarmChoices = {}) {
    return attempt(async () => {
      const state = this.characterState();
      const assessment = ops.assessHarmOperation(state, effect, choices);
      let woundTrack = choices.woundTrack;
      if (assessment.marksWound && assessment.woundOptions.length > 1 && !woundTrack) {
        const picked = await chooseOne(
          "TERRAN.Harm.chooseWoundTitle",
          "TERRAN.Harm.chooseWound",
          assessment.woundOptions.map((t) => ({ value: t, label: `TERRAN.Wound.${t}` })),
        );
        if (!picked) return null;
        woundTrack = assessment.woundOptions.find((t) => t === picked);
      }
      return this.#persist(ops.applyHarmOperation(state, effect, { ...choices, woundTrack }));
    });
  }

  /** R-HARM-3 mark a wound track by hand; R-HARM-5 recover one after care and a week of rest. */
  async markWound(track: WoundTrack) {
    return attempt(() => this.#persist(ops.markWoundOperation(this.characterState(), track)));
  }

  async recoverWound(track: WoundTrack) {
    return attempt(() => this.#persist(ops.recoverWoundOperation(this.characterState(), track)));
  }

  /** R-EGO-2 / R-EGO-3 / R-SAY-1 spend the Ego a roll's Dark Dice cost. */
  async spendEgo(darkFaces: readonly number[]) {
    return attempt(() => this.#persist(ops.spendEgoOperation(this.characterState(), darkFaces)));
  }

  /** R-GRIT-2 a night's rest resets Grit; `poorRest` takes −1d (not with Asceticism). */
  async rest(options: { poorRest?: boolean } = {}) {
    return attempt(async () => {
      const state = this.characterState();
      const faces = await this.#rollFaces(ops.gritDiceFor(state, options), "TERRAN.Roll.grit");
      return this.#persist(ops.restOperation(state, faces, options));
    });
  }

  /** R-EGO-4 / R-EGO-5 reset Ego by gaining a Condition (Core) or consuming spores (Degenesis). */
  async resetEgo() {
    return attempt(async () => {
      const state = this.characterState();
      const faces = await this.#rollFaces(ops.egoDiceFor(state), "TERRAN.Roll.ego");
      const outcome = await this.#persist(ops.resetEgoOperation(state, faces, currentRuleset()));
      if (outcome.row) ui.notifications?.info(game.i18n?.localize(outcome.row.labelKey) ?? outcome.row.labelKey);
      return outcome;
    });
  }

  /** R-HARM-6 roll a Malaise and apply it; asks which attribute when the group offers two. */
  async rollMalaise() {
    return attempt(async () => {
      const state = this.characterState();
      const [face = 0] = await this.#rollFaces(1, "TERRAN.Roll.malaise");
      try {
        return await this.#persist(ops.malaiseOperation(state, face));
      } catch (error) {
        if (!(error instanceof RulesError) || error.code !== "choice-required") throw error;
        const options = String(error.data.options ?? "").split(",").filter(Boolean);
        const picked = await chooseOne(
          "TERRAN.Malaise.chooseTitle",
          "TERRAN.Malaise.choose",
          options.map((a) => ({ value: a, label: `TERRAN.Attribute.${a}` })),
        );
        const choice = options.find((a): a is Attribute => a === picked);
        if (!choice) return null;
        return this.#persist(ops.malaiseOperation(state, face, choice));
      }
    });
  }

  /**
   * R-XP-2 gain an advancement: checks eligibility and XP (the first is free; a GM may override),
   * spends the XP, adds the item, then offers the Grit maximum roll of R-GRIT-3.
   */
  async gainAdvancement(name: string, advancement: AdvancementSource, options: { gmOverride?: boolean; img?: string } = {}) {
    return attempt(async () => {
      const state = this.characterState();
      const gmOverride = (options.gmOverride ?? false) && (game.user?.isGM ?? false);
      const result = ops.gainAdvancementOperation(state, advancement, currentRuleset(), { gmOverride });
      await this.#persist(result);
      const developed = result.outcome.developed ?? advancement.developed;
      await this.createEmbeddedDocuments("Item", [
        { name, type: "advancement", ...(options.img ? { img: options.img } : {}), system: { ...advancement, developed } },
      ]);
      if (await confirm("TERRAN.Advancement.gritTitle", "TERRAN.Advancement.gritPrompt")) {
        const after = this.characterState();
        const faces = await this.#rollFaces(ops.gritDiceFor(after), "TERRAN.Roll.grit");
        await this.#persist(ops.advancementGritOperation(after, faces));
      }
      return result.outcome;
    });
  }

  /** R-XP-1 award XP (a session played and survived: 2). */
  async awardXp(amount: number) {
    return attempt(() => this.#persist(ops.awardXpOperation(this.characterState(), amount)));
  }

  /** R-SAY-1 declare the last scene: re-roll Grit and Ego. */
  async declareSayonara() {
    return attempt(async () => {
      const state = this.characterState();
      const grit = await this.#rollFaces(ops.gritDiceFor(state), "TERRAN.Roll.grit");
      const ego = await this.#rollFaces(ops.egoDiceFor(state), "TERRAN.Roll.ego");
      return this.#persist(ops.sayonaraOperation(state, currentRuleset(), grit, ego));
    });
  }

  /** R-CHAR-4 the creation roll's points, distributed by the player. */
  async rateAttributes(roll: CreationRoll, shares: Readonly<Partial<Record<Attribute, number>>>) {
    return attempt(() => this.#persist(ops.creationRatingsOperation(this.characterState(), roll, shares)));
  }
}
