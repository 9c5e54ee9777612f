/**
 * The system's Actor document: the game's operations on a character. Each one reads the character's
 * state, rolls with Foundry where the rules need dice, computes the update with the pure operations
 * (./operations, which call src/rules/) and persists it in one update. A move the rules refuse (an
 * advancement without the XP, harm to the dead…) is explained by a localised warning and changes
 * nothing.
 */
import { EXPLODE_ON, explodes, GROUPS, highest, RulesError, teslaBacklash, type Attribute, type CreationRoll, type HarmChoices, type MechanicsFlag, type WoundTrack } from "../rules/index.ts";
import { deriveCharacter } from "../data/derived.ts";
import type { AdvancementSource } from "../data/source.ts";
import { cardFlags, storedCard } from "./card-flags.ts";
import { applyMessageMode, hasStatusEffect } from "../compat/generation.ts";
import { activationCard, teslaButton, teslaCard, teslaTaken, type TeslaRecord } from "../chat/activation-cards.ts";
import { explosionFormula } from "../dice/terran-roll.ts";
import { creationCard, egoResetCard, gritResetCard, malaiseCard, sayonaraCard, startingTrackCard, type ResultCardView } from "../chat/index.ts";
import { currentRuleset } from "../settings/settings.ts";
import { chooseOne, confirm } from "./dialogs.ts";
import { attempt } from "./notify.ts";
import type * as Ops from "./operations/index.ts";

/** The pure operations load with the first change a user makes (not part of the startup bundle: bench/size.ts). */
const operations = () => import("./operations/index.ts");
import { characterState } from "./state.ts";
import { SYSTEM_ID } from "../system-id.ts";
import { findTokenState, stateChanges } from "../rules/states.ts";
import { stateFacts, toggleTokenState } from "./token-states.ts";

/** The mechanics flags of a character's advancements and conditions (derived in one place). */
function characterFlags(state: Ops.CharacterState): ReadonlySet<MechanicsFlag> {
  return deriveCharacter(state.source, state.items).flags;
}

export class TerranActor<out SubType extends Actor.SubType = Actor.SubType> extends Actor<SubType> {
  /** The character's state for the pure operations; refuses a non-character. */
  characterState(): Ops.CharacterState {
    const state = characterState(this);
    if (!state) throw new RulesError("not-allowed", `${this.name} is not a character.`, { name: this.name });
    return state;
  }

  /** Persists an operation's result: one actor update, one batch of item updates. */
  async #persist<T>(result: Ops.OperationResult<T>): Promise<T> {
    if (Object.keys(result.update).length > 0) await this.update(result.update);
    if (result.itemUpdates.length > 0) await this.updateEmbeddedDocuments("Item", [...result.itemUpdates]);
    return result.outcome;
  }

  /** Persists an operation's result computed elsewhere (a card's change, ./card-changes.ts); throws on refusal. */
  commitOperation<T>(result: Ops.OperationResult<T>): Promise<T> {
    return this.#persist(result);
  }

  /** Rolls `count` d6 with Foundry and returns the roll (null for no dice) and its faces. */
  async #rollFaces(count: number): Promise<{ roll: Roll | null; faces: number[] }> {
    if (count <= 0) return { roll: null, faces: [] };
    const roll = await new Roll(`${count}d6`).evaluate();
    return { roll, faces: roll.dice.flatMap((die) => die.results.map((r) => r.result)) };
  }

  /** Posts a result card (its dice as the message's rolls, so Dice So Nice shows them) under the chat's current mode. */
  async #postCard(rolls: readonly (Roll | null)[], view: ResultCardView): Promise<void> {
    const data = {
      speaker: ChatMessage.getSpeaker({ actor: this }),
      rolls: rolls.filter((r): r is Roll => r !== null),
      content: "",
      flags: cardFlags({ kind: "result", state: view }),
    };
    await ChatMessage.create(applyMessageMode(data));
  }

  /** Only an owner (or a GM) may change the character: refused before any die is thrown (Foundry would refuse the update). */
  #assertOwner(): void {
    if (!this.isOwner) throw new RulesError("not-allowed", `Only an owner of ${this.name} may do this.`, { reason: "notActorOwner" });
  }

  /** Asks which wound track an Effect marks, when the rules leave a choice (undefined: none asked; null: cancelled). */
  async #chooseWound(state: Ops.CharacterState, effect: number, choices: HarmChoices): Promise<WoundTrack | undefined | null> {
    const assessment = (await operations()).assessHarmOperation(state, effect, choices);
    if (!assessment.marksWound || assessment.woundOptions.length <= 1 || choices.woundTrack) return choices.woundTrack;
    const picked = await chooseOne(
      "TERRAN.Harm.chooseWoundTitle",
      "TERRAN.Harm.chooseWound",
      assessment.woundOptions.map((t) => ({ value: t, label: `TERRAN.Wound.${t}` })),
    );
    return assessment.woundOptions.find((t) => t === picked) ?? null;
  }

  /**
   * R-ADV-1 Brainwave / R-ADV-2 Nova: roll the advancement's attribute (Attunement), keep what it grants
   * until the scene ends (the actor's `scene` flag: a tickable +1d in later roll dialogs, or Nova's
   * state shown on the sheet), mark Stressed on Brainwave's Fail, and post the card. One actor update.
   */
  async activateAdvancement(itemId: string) {
    return attempt(async () => {
      this.#assertOwner();
      const state = this.characterState();
      const ruleset = currentRuleset();
      const plan = (await operations()).activationPlan(state, itemId, ruleset);
      const { roll, faces } = await this.#rollFaces(plan.dice);
      const { update, outcome } = (await operations()).activateOperation(state, itemId, faces, ruleset);
      await this.update({ ...update, flags: { [SYSTEM_ID]: { scene: [...outcome.scene] } } });
      const wound = outcome.woundMarked ? { track: outcome.woundMarked.track, already: outcome.woundMarked.already } : null;
      await this.#postCard([roll], activationCard({ actorName: this.name, advancementName: outcome.advancementName, faces, band: outcome.band, noteKey: outcome.noteKey, wound }));
      return outcome;
    });
  }

  /** R-ADV-1 / R-ADV-2 the scene's effects of activated advancements, as kept on the character. */
  get sceneEffects() {
    return characterState(this)?.scene ?? [];
  }

  /** R-ADV-1 / R-ADV-2 the scene ends: every activated advancement's effect goes (or only `advancement`'s). */
  async endScene(advancement?: string) {
    return attempt(async () => {
      this.#assertOwner();
      const scene = (await operations()).endSceneOperation(this.characterState(), advancement);
      await this.setFlag(SYSTEM_ID, "scene", [...scene]);
      return scene;
    });
  }

  /**
   * R-ADV-2 Tesla: from a Risky card of this character that Failed with Tesla's +1d, roll the 2d Effect
   * against the wielder (highest kept, exploding) and take it as harm (R-HARM-1…5). The card notes it
   * first, so it happens once; if the harm is refused the note is withdrawn.
   */
  async takeTeslaBacklash(messageId: string) {
    return attempt(async () => {
      const message = game.messages?.get(messageId);
      const stored = message ? storedCard(message) : null;
      if (!message || stored?.kind !== "risky") throw new RulesError("not-allowed", "That message holds no Risky Action card.", { reason: "badRequest" });
      const card = stored.state;
      if (card.actorUuid !== this.uuid) throw new RulesError("not-allowed", "Tesla's charge turns only on the character who rolled.", { reason: "badRequest" });
      const user = { id: game.user?.id ?? "", isGM: game.user?.isGM ?? false };
      const button = teslaButton(card, user, teslaTaken(message.getFlag(SYSTEM_ID, "tesla")));
      if (!button) throw new RulesError("not-allowed", "This roll did not Fail with Tesla's +1d.", { reason: "badRequest" });
      if (button.disabled) {
        const reason = { "TERRAN.Activation.Tesla.taken": "alreadyApplied", "TERRAN.Card.Reason.notRoller": "notRoller", "TERRAN.Activation.Tesla.confirmFirst": "notConfirmed" }[button.tooltipKey ?? ""];
        throw new RulesError("not-allowed", "Tesla's Effect cannot be taken from this card now.", { reason: reason ?? "badRequest" });
      }
      this.#assertOwner();
      const state = this.characterState();
      const thrown = await this.#rollFaces(2);
      const chainRoll = explodes(highest(thrown.faces), EXPLODE_ON) ? await new Roll(explosionFormula(EXPLODE_ON)).evaluate() : null;
      const chain = chainRoll ? chainRoll.dice.flatMap((d) => d.results.map((r) => r.result)) : [];
      const effect = teslaBacklash(thrown.faces, chain).value;
      const woundTrack = await this.#chooseWound(state, effect, {});
      if (woundTrack === null) return null;
      const harm = (await operations()).applyHarmOperation(state, effect, woundTrack ? { woundTrack } : {});
      const out = harm.outcome;
      const record: TeslaRecord = { userId: user.id, effect, damage: out.assessment.damage, gritBefore: state.source.grit.value, gritAfter: out.grit, wound: out.wound };
      await message.update({ flags: { [SYSTEM_ID]: { tesla: record } } });
      try {
        await this.#persist(harm);
      } catch (error) {
        await message.update({ flags: { [SYSTEM_ID]: { tesla: null } } });
        throw error;
      }
      await this.#postCard([thrown.roll, chainRoll], teslaCard({ actorName: this.name, faces: thrown.faces, chain, effect, armour: out.assessment.armour, damage: out.assessment.damage, gritBefore: record.gritBefore, gritAfter: out.grit, wound: out.wound, dead: out.dead }));
      return out;
    });
  }

  /** R-HARM-1 … R-HARM-5, R-CH-4: an incoming Effect; asks for the wound track when there is a choice. */
  async applyHarm(effect: number, choices: HarmChoices = {}) {
    return attempt(async () => {
      const state = this.characterState();
      const assessment = (await operations()).assessHarmOperation(state, effect, choices);
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
      return this.#persist((await operations()).applyHarmOperation(state, effect, { ...choices, woundTrack }));
    });
  }

  /**
   * Issue 16 §6: a character's state clicked in the token HUD runs the sheet's operation with its
   * refusals (./token-states.ts); every other status (and any status of a Challenge) is core's.
   */
  override async toggleStatusEffect(...args: Parameters<Actor["toggleStatusEffect"]>): ReturnType<Actor["toggleStatusEffect"]> {
    const [statusId, options] = args;
    const def = this.type === "character" ? findTokenState(currentRuleset(), statusId) : null;
    if (!def) return super.toggleStatusEffect(...args);
    return toggleTokenState(this, def, options?.active ?? undefined);
  }

  /** Issue 16 §6: the client that changed the character shows its states on its tokens. */
  protected override _onUpdate(...args: Parameters<Actor["_onUpdate"]>): void {
    super._onUpdate(...args);
    if (args[2] === game.user?.id) this.syncTokenStates().catch((error: unknown) => console.error(`${SYSTEM_ID} | token states of ${this.name}`, error));
  }

  /** Adds and removes core status effects (core's own toggle) until they are exactly the character's states. */
  async syncTokenStates(): Promise<void> {
    const state = characterState(this);
    if (!state) return;
    const shown = new Set<string>();
    for (const effect of this.effects) for (const id of effect.statuses) shown.add(id);
    const { add, remove } = stateChanges(currentRuleset(), stateFacts(state.source), shown);
    // A state core does not list (a module replaced the list after setup) is left off, never thrown over.
    for (const def of add) if (hasStatusEffect(def.id)) await super.toggleStatusEffect(def.id, { active: true, overlay: def.overlay ?? false });
    for (const def of remove) if (hasStatusEffect(def.id)) await super.toggleStatusEffect(def.id, { active: false });
  }

  /** R-HARM-5 / R-HARM-6 the GM undoes a death (reviveOperation); refused for a player. */
  async revive() {
    return attempt(async () => {
      if (!(game.user?.isGM ?? false)) throw new RulesError("not-allowed", "Only a GM can bring a dead character back.", { reason: "notGm" });
      return this.#persist((await operations()).reviveOperation(this.characterState()));
    });
  }

  /** R-HARM-3 mark a wound track by hand; R-HARM-5 recover one after care and a week of rest. */
  async markWound(track: WoundTrack) {
    return attempt(async () => this.#persist((await operations()).markWoundOperation(this.characterState(), track)));
  }

  async recoverWound(track: WoundTrack) {
    return attempt(async () => this.#persist((await operations()).recoverWoundOperation(this.characterState(), track)));
  }

  /** R-EGO-2 / R-EGO-3 / R-SAY-1 spend the Ego a roll's Dark Dice cost. */
  async spendEgo(darkFaces: readonly number[]) {
    return attempt(async () => this.#persist((await operations()).spendEgoOperation(this.characterState(), darkFaces)));
  }

  /** Gives back Ego that was spent (a chat card's Undo): value + amount, at most the maximum. */
  async restoreEgo(amount: number) {
    return attempt(async () => {
      const state = this.characterState();
      const ego = state.source.ego;
      return this.#persist((await operations()).setTrackOperation(state, "ego", { value: Math.min(ego.max, ego.value + amount) }));
    });
  }

  /** R-GRIT-2 a night's rest resets Grit; a poor night or poor food takes −1d (Asceticism cancels the food's). */
  async rest(options: Ops.RestOptions = {}) {
    return attempt(async () => {
      const state = this.characterState();
      const { roll, faces } = await this.#rollFaces((await operations()).gritDiceFor(state, options));
      const outcome = await this.#persist((await operations()).restOperation(state, faces, options));
      const flags = characterFlags(state);
      await this.#postCard([roll], gritResetCard({ actorName: this.name, faces, dieHard: flags.has("dieHard"), kind: "rest", poorNight: options.poorNight ?? false, poorFood: options.poorFood ?? false, asceticism: flags.has("asceticism"), previous: state.source.grit }));
      return outcome;
    });
  }

  /** R-EGO-4 / R-EGO-5 reset Ego by gaining a Condition (Core) or consuming spores (Degenesis). */
  async resetEgo() {
    return attempt(async () => {
      const state = this.characterState();
      const ruleset = currentRuleset();
      const { roll, faces } = await this.#rollFaces((await operations()).egoDiceFor(state));
      const outcome = await this.#persist((await operations()).resetEgoOperation(state, faces, ruleset));
      await this.#postCard([roll], egoResetCard({ actorName: this.name, rulesetId: ruleset.id, faces, previous: state.source.ego }));
      return outcome;
    });
  }

  /** R-HARM-6 roll a Malaise and apply it; asks which attribute when the group offers two. */
  async rollMalaise() {
    return attempt(async () => {
      const state = this.characterState();
      const { roll, faces } = await this.#rollFaces(1);
      const face = faces[0] ?? 0;
      const post = async (outcome: { attribute: Attribute | null; dies: boolean }) => {
        await this.#postCard([roll], malaiseCard({ actorName: this.name, face, attribute: outcome.attribute, dies: outcome.dies }));
        return outcome;
      };
      try {
        return await post(await this.#persist((await operations()).malaiseOperation(state, face)));
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
        return post(await this.#persist((await operations()).malaiseOperation(state, face, choice)));
      }
    });
  }

  /**
   * R-XP-2 / R-GRIT-3 buy an Advancement. `data` is the item as it will be created (the sheet prepares a
   * dropped one as core imports from a compendium: its flags and source link stay); its `system` is
   * what is bought.
   */
  async gainAdvancement(data: Readonly<Record<string, unknown>> & { readonly name: string; readonly system: AdvancementSource }, options: { gmOverride?: boolean } = {}) {
    return attempt(async () => {
      const advancement = data.system;
      const state = this.characterState();
      const gmOverride = (options.gmOverride ?? false) && (game.user?.isGM ?? false);
      const result = (await operations()).gainAdvancementOperation(state, advancement, currentRuleset(), { gmOverride });
      await this.#persist(result);
      const developed = result.outcome.developed ?? advancement.developed;
      const created = { ...data, type: "advancement", system: { ...advancement, developed } };
      await this.createEmbeddedDocuments("Item", [created as Item.CreateData]);
      if (await confirm("TERRAN.Advancement.gritTitle", "TERRAN.Advancement.gritPrompt")) {
        const after = this.characterState();
        const { roll, faces } = await this.#rollFaces((await operations()).gritDiceFor(after));
        await this.#persist((await operations()).advancementGritOperation(after, faces));
        const dieHard = characterFlags(after).has("dieHard");
        await this.#postCard([roll], gritResetCard({ actorName: this.name, faces, dieHard, kind: "advancement", previous: after.source.grit }));
      }
      return result.outcome;
    });
  }

  /** R-XP-1 award XP (a session played and survived: 2). */
  async awardXp(amount: number) {
    return attempt(async () => this.#persist((await operations()).awardXpOperation(this.characterState(), amount)));
  }

  /** R-SAY-1 declare the last scene: re-roll Grit and Ego. */
  async declareSayonara() {
    return attempt(async () => {
      const state = this.characterState();
      const ruleset = currentRuleset();
      const grit = await this.#rollFaces((await operations()).gritDiceFor(state));
      const ego = await this.#rollFaces((await operations()).egoDiceFor(state));
      const outcome = await this.#persist((await operations()).sayonaraOperation(state, ruleset, grit.faces, ego.faces));
      const old = { grit: state.source.grit, ego: state.source.ego };
      await this.#postCard([grit.roll, ego.roll], sayonaraCard({ actorName: this.name, rulesetId: ruleset.id, old, rolls: { grit: outcome.gritRoll, ego: outcome.egoRoll } }));
      return outcome;
    });
  }

  /** R-CHAR-1 / R-CHAR-5 set one rating by hand (a circle on the sheet); refused past the total of 10. */
  async setAttribute(attribute: Attribute, value: number) {
    return attempt(async () => this.#persist((await operations()).setAttributeOperation(this.characterState(), attribute, value)));
  }

  /** R-CHAR-4 the creation roll's points, distributed by the player. */
  async rateAttributes(roll: CreationRoll, shares: Readonly<Partial<Record<Attribute, number>>>) {
    return attempt(async () => this.#persist((await operations()).creationRatingsOperation(this.characterState(), roll, shares)));
  }

  /** R-CHAR-4 the creation dice rolled for this character, or null before they are rolled. */
  get creationRoll(): CreationRoll | null {
    return this.getFlag(SYSTEM_ID, "creationRoll") ?? null;
  }

  /**
   * R-CHAR-4 roll the three group dice, keep them on the actor (so the points can be placed later,
   * after a reload too) and post the creation card. Only a GM may roll them again.
   */
  async rollCreationRatings() {
    return attempt(async () => {
      const state = this.characterState();
      const by = { isGM: game.user?.isGM ?? false };
      (await operations()).assertCreationRollOpen(state, this.creationRoll, by); // refuse before any die is thrown
      const { roll, faces } = await this.#rollFaces(GROUPS.length);
      const creation = (await operations()).creationRollOperation(state, faces, this.creationRoll, by);
      await this.setFlag(SYSTEM_ID, "creationRoll", creation);
      await this.#postCard([roll], creationCard({ actorName: this.name, roll: creation }));
      return creation;
    });
  }

  /** R-CHAR-4 place the points of the kept creation roll (refused before the dice are rolled). */
  async placeCreationPoints(shares: Readonly<Partial<Record<Attribute, number>>>) {
    return attempt(async () => {
      const roll = this.creationRoll;
      if (!roll) throw new RulesError("choice-required", "Roll the creation dice first.");
      return this.#persist((await operations()).creationRatingsOperation(this.characterState(), roll, shares));
    });
  }

  /** R-CHAR-7 / R-GRIT-1 roll the starting Grit: the roll becomes value and maximum. */
  async rollStartingGrit() {
    return attempt(async () => {
      const state = this.characterState();
      const { roll, faces } = await this.#rollFaces((await operations()).gritDiceFor(state));
      const outcome = await this.#persist((await operations()).creationGritOperation(state, faces));
      await this.#postCard([roll], startingTrackCard({ actorName: this.name, track: "grit", faces, dieHard: characterFlags(state).has("dieHard") }));
      return outcome;
    });
  }

  /** R-CHAR-7 / R-EGO-1 roll the starting Ego: the roll becomes value and maximum. */
  async rollStartingEgo() {
    return attempt(async () => {
      const state = this.characterState();
      const { roll, faces } = await this.#rollFaces((await operations()).egoDiceFor(state));
      const outcome = await this.#persist((await operations()).creationEgoOperation(state, faces));
      await this.#postCard([roll], startingTrackCard({ actorName: this.name, track: "ego", faces }));
      return outcome;
    });
  }
}
