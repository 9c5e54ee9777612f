/**
 * The system's Actor document and a character's moves (the methods that change it). Each move reads the
 * character's state, rolls with Foundry where the rules need dice, computes the update with the pure
 * operations (./operations, which call src/rules/), persists it in one update (`commitOperation`, the one
 * place that persists) and posts its card. The class names the moves for callers; their bodies follow it,
 * as plain functions of the actor. A move the rules refuse (an advancement without the XP, harm to the
 * dead…) is explained by a localised warning and changes nothing (`attempt`).
 *
 * The modules this file imports (./token-states.ts, ./actor-dice.ts, the cards of src/chat, the prompts…)
 * take TerranActor as a type only (`import type`): a value import of this file from any of them would make
 * an import cycle.
 */
import {
  EXPLODE_ON,
  explodes,
  GROUPS,
  highest,
  RulesError,
  teslaBacklash,
  type Attribute,
  type CreationRoll,
  type HarmChoices,
  type MechanicsFlag,
  type WoundTrack,
} from "../rules/index.ts";
import { hasStatusEffect } from "../compat/generation.ts";
import { deriveCharacter } from "../data/derived.ts";
import type { AdvancementSource } from "../data/source.ts";
import { trustedCard } from "./provenance.ts";
import { activationCard, teslaButton, teslaCard, teslaTaken, type TeslaRecord } from "../chat/activation-cards.ts";
import { explosionFormula } from "../dice/terran-roll.ts";
import {
  creationCard,
  egoResetCard,
  gritResetCard,
  malaiseCard,
  sayonaraCard,
  startingTrackCard,
} from "../chat/index.ts";
import { currentRuleset } from "../settings/settings.ts";
import { SYSTEM_ID } from "../system-id.ts";
import { assertOwner, postCard, rollFaces } from "./actor-dice.ts";
import { attempt, chooseOne, confirm, say } from "../prompts/notify.ts";
import * as ops from "./operations/index.ts";
import { characterState } from "./state.ts";
import { findTokenState, stateChanges } from "../rules/states.ts";
import { stateFacts, toggleTokenState } from "../table/token-states.ts";

export class TerranActor<out SubType extends Actor.SubType = Actor.SubType> extends Actor<SubType> {
  /** The character's state for the pure operations; refuses a non-character. */
  characterState(): ops.CharacterState {
    const state = characterState(this);
    if (!state) throw new RulesError("not-allowed", `${this.name} is not a character.`, { name: this.name });
    return state;
  }

  /** Persists an operation's result (one actor update, one batch of item updates); throws on refusal. */
  async commitOperation<T>(result: ops.OperationResult<T>): Promise<T> {
    if (Object.keys(result.update).length > 0) await this.update(result.update);
    if (result.itemUpdates.length > 0) await this.updateEmbeddedDocuments("Item", [...result.itemUpdates]);
    return result.outcome;
  }

  /**
   * R-ADV-1 Brainwave / R-ADV-2 Nova: roll the advancement's attribute and keep what it grants until the scene ends.
   */
  activateAdvancement(itemId: string) {
    return activateAdvancement(this, itemId);
  }

  /** R-ADV-1 / R-ADV-2 the scene's effects of activated advancements, as kept on the character. */
  get sceneEffects() {
    return characterState(this)?.scene ?? [];
  }

  /** R-ADV-1 / R-ADV-2 the scene ends: every activated advancement's effect goes (or only `advancement`'s). */
  endScene(advancement?: string) {
    return endScene(this, advancement);
  }

  /** R-SAY-1 / R-LEG-15 a departed character's successor: a new character with ⌈n ÷ 2⌉ free advancements. */
  startSuccessor() {
    return startSuccessor(this);
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

  /** R-ADV-1 / R-ADV-2 / R-SAY-1 ending the scene changes something: effects last, or it is the last scene. */
  get sceneToEnd(): boolean {
    return this.sceneEffects.length > 0 || this.inLastScene;
  }

  /** R-ADV-2 Tesla: the 2d Effect of a Failed roll with Tesla's +1d, taken by the roller from that Risky card. */
  takeTeslaBacklash(messageId: string) {
    return takeTeslaBacklash(this, messageId);
  }

  /** R-HARM-1 … R-HARM-5, R-CH-4: an incoming Effect; asks for the wound track when there is a choice. */
  applyHarm(effect: number, choices: HarmChoices = {}) {
    return applyHarm(this, effect, choices);
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
    return revive(this);
  }

  /** R-HARM-3 mark a wound track by hand. */
  markWound(track: WoundTrack) {
    return markWound(this, track, true);
  }

  /** R-HARM-5 recover a wound after care and a week of rest. */
  recoverWound(track: WoundTrack) {
    return markWound(this, track, false);
  }

  /** R-EGO-2 / R-EGO-3 / R-SAY-1 / R-LEG-8 spend the Ego a roll's Dark Dice cost, in the world's ruleset. */
  spendEgo(darkFaces: readonly number[]) {
    return spendEgo(this, darkFaces);
  }

  /** Gives back Ego that was spent (a chat card's Undo): value + amount, at most the maximum. */
  restoreEgo(amount: number) {
    return restoreEgo(this, amount);
  }

  /** R-GRIT-2 a night's rest resets Grit; a poor night or poor food takes −1d (Asceticism cancels the food's). */
  rest(options: ops.RestOptions = {}) {
    return rest(this, options);
  }

  /** R-EGO-4 / R-EGO-5 reset Ego by gaining a Condition (Core) or consuming spores (Degenesis). */
  resetEgo() {
    return resetEgo(this);
  }

  /** R-HARM-6 roll a Malaise and apply it; asks which attribute when the group offers two. */
  rollMalaise() {
    return rollMalaise(this);
  }

  /** R-XP-2 / R-GRIT-3 buy an Advancement (`data`: the item as it will be created; its `system` is what is bought). */
  gainAdvancement(data: AdvancementData, options: { gmOverride?: boolean } = {}) {
    return gainAdvancement(this, data, options);
  }

  /** R-XP-1 award XP (a session played and survived: 2). */
  awardXp(amount: number) {
    return awardXp(this, amount);
  }

  /** R-SAY-1 declare the last scene: re-roll Grit and Ego. */
  declareSayonara() {
    return declareSayonara(this);
  }

  /** R-CHAR-1 / R-CHAR-5 set one rating by hand (a circle on the sheet); refused past the total of 10. */
  setAttribute(attribute: Attribute, value: number) {
    return setAttribute(this, attribute, value);
  }

  /** R-CHAR-4 the creation dice rolled for this character, or null before they are rolled. */
  get creationRoll(): CreationRoll | null {
    return this.getFlag(SYSTEM_ID, "creationRoll") ?? null;
  }

  /**
   * R-CHAR-4 roll the three group dice, keep them on the actor and post the creation card (a GM alone may roll again).
   */
  rollCreationRatings() {
    return rollCreationRatings(this);
  }

  /** R-CHAR-4 place the points of the kept creation roll (refused before the dice are rolled). */
  placeCreationPoints(shares: Readonly<Partial<Record<Attribute, number>>>) {
    return placeCreationPoints(this, shares);
  }

  /** R-CHAR-7 / R-GRIT-1 roll the starting Grit: the roll becomes value and maximum. */
  rollStartingGrit() {
    return rollStartingTrack(this, "grit");
  }

  /** R-CHAR-7 / R-EGO-1 roll the starting Ego: the roll becomes value and maximum. */
  rollStartingEgo() {
    return rollStartingTrack(this, "ego");
  }
}

// A character's moves, as plain functions of the actor (the class above names them).

/** The mechanics flags of a character's advancements and conditions (derived in one place). */
function characterFlags(state: ops.CharacterState): ReadonlySet<MechanicsFlag> {
  return deriveCharacter(state.source, state.items).flags;
}

/** Asks which wound track an Effect marks, when the rules leave a choice (undefined: none asked; null: cancelled). */
async function chooseWound(
  state: ops.CharacterState,
  effect: number,
  choices: HarmChoices,
): Promise<WoundTrack | undefined | null> {
  const assessment = ops.assessHarmOperation(state, effect, choices);
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
async function activateAdvancement(actor: TerranActor, itemId: string) {
  return attempt(async () => {
    assertOwner(actor);
    const state = actor.characterState();
    const ruleset = currentRuleset();
    const plan = ops.activationPlan(state, itemId, ruleset);
    const { roll, faces } = await rollFaces(plan.dice);
    const { update, outcome } = ops.activateOperation(state, itemId, faces, ruleset);
    await actor.update({ ...update, flags: { [SYSTEM_ID]: { scene: [...outcome.scene] } } });
    const wound = outcome.woundMarked
      ? { track: outcome.woundMarked.track, already: outcome.woundMarked.already }
      : null;
    await postCard(
      actor,
      [roll],
      activationCard({
        actorName: actor.name,
        advancementName: outcome.advancementName,
        faces,
        band: outcome.band,
        noteKey: outcome.noteKey,
        wound,
      }),
    );
    return outcome;
  });
}

/**
 * R-ADV-1 / R-ADV-2 the scene ends: every activated advancement's effect goes (or only `advancement`'s,
 * which stays used until the scene ends). R-SAY-1 a character whose last scene it was departs: one
 * actor update holds both, and the owner is told that a successor may start.
 */
async function endScene(actor: TerranActor, advancement?: string) {
  return attempt(async () => {
    assertOwner(actor);
    const { update, outcome } = ops.endSceneOperation(actor.characterState(), advancement);
    await actor.update({ ...update, flags: { [SYSTEM_ID]: { scene: [...outcome.scene] } } });
    if (outcome.departed) {
      say("info", game.i18n?.format("TERRAN.Successor.departedNotice", { name: actor.name }) ?? actor.name);
    }
    return outcome;
  });
}

/** Whether the current user may create a character (a GM, or a player given Foundry's "Create New Actors"). */
function mayCreateActors(): boolean {
  const user = game.user;
  return user ? user.isGM || user.can("ACTOR_CREATE") : false;
}

/**
 * R-SAY-1 / R-LEG-15 start the successor of a departed character: a new character, owned as the departed
 * one is, who takes ⌈n ÷ 2⌉ advancements for free (`system.freeAdvancements`, spent by the advancement
 * operations). Asked to confirm first. The departed character notes its successor (a flag), so a player
 * starts one only once; a GM may start another (the first was deleted, say). Opens the new sheet.
 */
async function startSuccessor(actor: TerranActor) {
  return attempt(async () => {
    assertOwner(actor);
    const plan = ops.successorPlan(actor.characterState());
    const isGM = game.user?.isGM ?? false;
    if (actor.successorUuid !== null && !isGM)
      throw new RulesError("not-allowed", "A successor has already been started.", { reason: "successorStarted" });
    if (!mayCreateActors())
      throw new RulesError("not-allowed", "Only a GM may create the successor.", { reason: "cannotCreateActor" });
    const ok = await confirm("TERRAN.Successor.confirmTitle", "TERRAN.Successor.confirm", {
      name: actor.name,
      free: plan.freeAdvancements,
    });
    if (!ok) return null;
    const name = game.i18n?.format("TERRAN.Successor.name", { name: actor.name }) ?? actor.name;
    const created = await Actor.create({
      name,
      type: "character",
      ownership: { ...actor.ownership },
      system: { freeAdvancements: plan.freeAdvancements },
    });
    if (!created) return null;
    await actor.setFlag(SYSTEM_ID, "successor", created.uuid);
    // The sheet is an ApplicationV2 (src/applications/sheets/): it renders with options, as the Quench batches do.
    const sheet = created.sheet as { render(options: { force: boolean }): Promise<unknown> } | null;
    await sheet?.render({ force: true });
    return plan;
  });
}

/**
 * R-ADV-2 Tesla: from a Risky card of this character that Failed with Tesla's +1d, roll the 2d Effect
 * against the wielder (highest kept, exploding) and take it as harm (R-HARM-1…5). The card notes it
 * first, so it happens once; if the harm is refused the note is withdrawn.
 */
async function takeTeslaBacklash(actor: TerranActor, messageId: string) {
  return attempt(async () => {
    const message = game.messages?.get(messageId);
    const stored = message ? trustedCard(message) : null;
    if (!message || stored?.kind !== "risky")
      throw new RulesError("not-allowed", "That message holds no Risky Action card.", { reason: "badRequest" });
    const card = stored.state;
    if (card.actorUuid !== actor.uuid)
      throw new RulesError("not-allowed", "Tesla's charge turns only on the character who rolled.", {
        reason: "badRequest",
      });
    const user = { id: game.user?.id ?? "", isGM: game.user?.isGM ?? false };
    const button = teslaButton(card, user, teslaTaken(message.getFlag(SYSTEM_ID, "tesla")));
    if (!button)
      throw new RulesError("not-allowed", "This roll did not Fail with Tesla's +1d.", { reason: "badRequest" });
    if (button.disabled) {
      const reason = {
        "TERRAN.Activation.Tesla.taken": "alreadyApplied",
        "TERRAN.Card.Reason.notRoller": "notRoller",
        "TERRAN.Activation.Tesla.confirmFirst": "notConfirmed",
      }[button.tooltipKey ?? ""];
      throw new RulesError("not-allowed", "Tesla's Effect cannot be taken from this card now.", {
        reason: reason ?? "badRequest",
      });
    }
    assertOwner(actor);
    const state = actor.characterState();
    const thrown = await rollFaces(2);
    const chainRoll = explodes(highest(thrown.faces), EXPLODE_ON)
      ? await new Roll(explosionFormula(EXPLODE_ON)).evaluate()
      : null;
    const chain = chainRoll ? chainRoll.dice.flatMap((d) => d.results.map((r) => r.result)) : [];
    const effect = teslaBacklash(thrown.faces, chain).value;
    const woundTrack = await chooseWound(state, effect, {});
    if (woundTrack === null) return null;
    const harm = ops.applyHarmOperation(state, effect, woundTrack ? { woundTrack } : {});
    const out = harm.outcome;
    const record: TeslaRecord = {
      userId: user.id,
      effect,
      damage: out.assessment.damage,
      gritBefore: state.source.grit.value,
      gritAfter: out.grit,
      wound: out.wound,
    };
    await message.update({ flags: { [SYSTEM_ID]: { tesla: record } } });
    try {
      await actor.commitOperation(harm);
    } catch (error) {
      await message.update({ flags: { [SYSTEM_ID]: { tesla: null } } });
      throw error;
    }
    await postCard(
      actor,
      [thrown.roll, chainRoll],
      teslaCard({
        actorName: actor.name,
        faces: thrown.faces,
        chain,
        effect,
        armour: out.assessment.armour,
        damage: out.assessment.damage,
        gritBefore: record.gritBefore,
        gritAfter: out.grit,
        wound: out.wound,
        dead: out.dead,
      }),
    );
    return out;
  });
}

/** R-HARM-1 … R-HARM-5, R-CH-4: an incoming Effect; asks for the wound track when there is a choice. */
async function applyHarm(actor: TerranActor, effect: number, choices: HarmChoices) {
  return attempt(async () => {
    const state = actor.characterState();
    const woundTrack = await chooseWound(state, effect, choices);
    if (woundTrack === null) return null;
    return actor.commitOperation(ops.applyHarmOperation(state, effect, { ...choices, woundTrack }));
  });
}

/** R-HARM-5 / R-HARM-6 the GM undoes a death; refused for a player. */
async function revive(actor: TerranActor) {
  return attempt(async () => {
    if (!(game.user?.isGM ?? false))
      throw new RulesError("not-allowed", "Only a GM can bring a dead character back.", { reason: "notGm" });
    return actor.commitOperation(ops.reviveOperation(actor.characterState()));
  });
}

/** R-HARM-3 mark a wound track by hand; R-HARM-5 recover one after care and a week of rest. */
async function markWound(actor: TerranActor, track: WoundTrack, marked: boolean) {
  return attempt(async () =>
    actor.commitOperation((marked ? ops.markWoundOperation : ops.recoverWoundOperation)(actor.characterState(), track)),
  );
}

/** R-EGO-2 / R-EGO-3 / R-SAY-1 / R-LEG-8 spend the Ego a roll's Dark Dice cost, in the world's ruleset. */
async function spendEgo(actor: TerranActor, darkFaces: readonly number[]) {
  return attempt(async () =>
    actor.commitOperation(ops.spendEgoOperation(actor.characterState(), currentRuleset(), darkFaces)),
  );
}

/** Gives back Ego that was spent (a chat card's Undo): value + amount, at most the maximum. */
async function restoreEgo(actor: TerranActor, amount: number) {
  return attempt(async () => {
    const state = actor.characterState();
    const ego = state.source.ego;
    return actor.commitOperation(ops.setTrackOperation(state, "ego", { value: Math.min(ego.max, ego.value + amount) }));
  });
}

/** R-GRIT-2 a night's rest resets Grit; a poor night or poor food takes −1d (Asceticism cancels the food's). */
async function rest(actor: TerranActor, options: ops.RestOptions) {
  return attempt(async () => {
    const state = actor.characterState();
    const { roll, faces } = await rollFaces(ops.gritDiceFor(state, options));
    const outcome = await actor.commitOperation(ops.restOperation(state, faces, options));
    const flags = characterFlags(state);
    await postCard(
      actor,
      [roll],
      gritResetCard({
        actorName: actor.name,
        faces,
        dieHard: flags.has("dieHard"),
        kind: "rest",
        poorNight: options.poorNight ?? false,
        poorFood: options.poorFood ?? false,
        asceticism: flags.has("asceticism"),
        previous: state.source.grit,
      }),
    );
    return outcome;
  });
}

/** R-EGO-4 / R-EGO-5 reset Ego by gaining a Condition (Core) or consuming spores (Degenesis). */
async function resetEgo(actor: TerranActor) {
  return attempt(async () => {
    const state = actor.characterState();
    const ruleset = currentRuleset();
    const { roll, faces } = await rollFaces(ops.egoDiceFor(state));
    const outcome = await actor.commitOperation(ops.resetEgoOperation(state, faces, ruleset));
    await postCard(
      actor,
      [roll],
      egoResetCard({ actorName: actor.name, rulesetId: ruleset.id, faces, previous: state.source.ego }),
    );
    return outcome;
  });
}

/** R-HARM-6 roll a Malaise and apply it; asks which attribute when the group offers two. */
async function rollMalaise(actor: TerranActor) {
  return attempt(async () => {
    const state = actor.characterState();
    const { roll, faces } = await rollFaces(1);
    const face = faces[0] ?? 0;
    const post = async (outcome: { attribute: Attribute | null; dies: boolean }) => {
      await postCard(
        actor,
        [roll],
        malaiseCard({ actorName: actor.name, face, attribute: outcome.attribute, dies: outcome.dies }),
      );
      return outcome;
    };
    try {
      return await post(await actor.commitOperation(ops.malaiseOperation(state, face)));
    } catch (error) {
      if (!(error instanceof RulesError) || error.code !== "choice-required") throw error;
      const options = String(error.data.options ?? "")
        .split(",")
        .filter(Boolean);
      const picked = await chooseOne(
        "TERRAN.Malaise.chooseTitle",
        "TERRAN.Malaise.choose",
        options.map((a) => ({ value: a, label: `TERRAN.Attribute.${a}` })),
      );
      const choice = options.find((a): a is Attribute => a === picked);
      if (!choice) return null;
      return post(await actor.commitOperation(ops.malaiseOperation(state, face, choice)));
    }
  });
}

/** What `gainAdvancement` creates: the item as it will be created, whose `system` is what is bought. */
export type AdvancementData = Readonly<Record<string, unknown>> & {
  readonly name: string;
  readonly system: AdvancementSource;
};

/**
 * R-XP-2 / R-GRIT-3 buy an Advancement. `data` is the item as it will be created (the sheet prepares a
 * dropped one as core imports from a compendium: its flags and source link stay).
 */
async function gainAdvancement(actor: TerranActor, data: AdvancementData, options: { gmOverride?: boolean }) {
  return attempt(async () => {
    const advancement = data.system;
    const state = actor.characterState();
    const gmOverride = (options.gmOverride ?? false) && (game.user?.isGM ?? false);
    const result = ops.gainAdvancementOperation(state, advancement, currentRuleset(), { gmOverride });
    await actor.commitOperation(result);
    const developed = result.outcome.developed ?? advancement.developed;
    const created = { ...data, type: "advancement", system: { ...advancement, developed } };
    await actor.createEmbeddedDocuments("Item", [created as Item.CreateData]);
    if (await confirm("TERRAN.Advancement.gritTitle", "TERRAN.Advancement.gritPrompt")) {
      const after = actor.characterState();
      const { roll, faces } = await rollFaces(ops.gritDiceFor(after));
      await actor.commitOperation(ops.advancementGritOperation(after, faces));
      const dieHard = characterFlags(after).has("dieHard");
      await postCard(
        actor,
        [roll],
        gritResetCard({ actorName: actor.name, faces, dieHard, kind: "advancement", previous: after.source.grit }),
      );
    }
    return result.outcome;
  });
}

/** R-XP-1 award XP (a session played and survived: 2). */
async function awardXp(actor: TerranActor, amount: number) {
  return attempt(async () => actor.commitOperation(ops.awardXpOperation(actor.characterState(), amount)));
}

/** R-SAY-1 declare the last scene: re-roll Grit and Ego. */
async function declareSayonara(actor: TerranActor) {
  return attempt(async () => {
    const state = actor.characterState();
    const ruleset = currentRuleset();
    const grit = await rollFaces(ops.gritDiceFor(state));
    const ego = await rollFaces(ops.egoDiceFor(state));
    const outcome = await actor.commitOperation(ops.sayonaraOperation(state, ruleset, grit.faces, ego.faces));
    const old = { grit: state.source.grit, ego: state.source.ego };
    await postCard(
      actor,
      [grit.roll, ego.roll],
      sayonaraCard({
        actorName: actor.name,
        rulesetId: ruleset.id,
        old,
        rolls: { grit: outcome.gritRoll, ego: outcome.egoRoll },
      }),
    );
    return outcome;
  });
}

/** R-CHAR-1 / R-CHAR-5 set one rating by hand (a circle on the sheet); refused past the total of 10. */
async function setAttribute(actor: TerranActor, attribute: Attribute, value: number) {
  return attempt(async () =>
    actor.commitOperation(ops.setAttributeOperation(actor.characterState(), attribute, value)),
  );
}

/** R-CHAR-4 place the points of the kept creation roll (refused before the dice are rolled). */
async function placeCreationPoints(actor: TerranActor, shares: Readonly<Partial<Record<Attribute, number>>>) {
  return attempt(async () => {
    const roll = actor.creationRoll;
    if (!roll) throw new RulesError("choice-required", "Roll the creation dice first.");
    return actor.commitOperation(ops.creationRatingsOperation(actor.characterState(), roll, shares));
  });
}

/**
 * R-CHAR-4 roll the three group dice, keep them on the actor (so the points can be placed later, after
 * a reload too) and post the creation card. Only a GM may roll them again.
 */
async function rollCreationRatings(actor: TerranActor) {
  return attempt(async () => {
    const state = actor.characterState();
    const by = { isGM: game.user?.isGM ?? false };
    ops.assertCreationRollOpen(state, actor.creationRoll, by); // refuse before any die is thrown
    const { roll, faces } = await rollFaces(GROUPS.length);
    const creation = ops.creationRollOperation(state, faces, actor.creationRoll, by);
    await actor.setFlag(SYSTEM_ID, "creationRoll", creation);
    await postCard(actor, [roll], creationCard({ actorName: actor.name, roll: creation }));
    return creation;
  });
}

/** R-CHAR-7 / R-GRIT-1 / R-EGO-1 roll the starting Grit or Ego: the roll becomes value and maximum. */
async function rollStartingTrack(actor: TerranActor, track: "grit" | "ego") {
  return attempt(async () => {
    const state = actor.characterState();
    const { roll, faces } = await rollFaces(track === "grit" ? ops.gritDiceFor(state) : ops.egoDiceFor(state));
    const outcome = await actor.commitOperation(
      track === "grit" ? ops.creationGritOperation(state, faces) : ops.creationEgoOperation(state, faces),
    );
    const dieHard = track === "grit" ? { dieHard: characterFlags(state).has("dieHard") } : {};
    await postCard(actor, [roll], startingTrackCard({ actorName: actor.name, track, faces, ...dieHard }));
    return outcome;
  });
}
