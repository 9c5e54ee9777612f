/**
 * The system's Actor document and a character's moves: each rolls with Foundry, computes with ./operations,
 * persists in one update (`commitOperation`, the one place that persists) and posts its card; a refusal is a
 * warning and changes nothing. The modules it imports take TerranActor as a type only: a value import back
 * would be a cycle.
 */
import {
  EXPLODE_ON,
  explodes,
  GROUPS,
  highest,
  RulesError,
  teslaBacklash,
  type Attribute,
  type HeldSkill,
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
import * as creation from "./creation-moves.ts";
import { characterState } from "./state.ts";
import { takePanic } from "./panic.ts";
import { findTokenState, stateChanges } from "../rules/states.ts";
import { stateFacts, toggleTokenState } from "../table/token-states.ts";

export class TerranActor<out SubType extends Actor.SubType = Actor.SubType> extends Actor<SubType> {
  /** Refuses a non-character. */
  characterState(): ops.CharacterState {
    const state = characterState(this);
    if (!state) throw new RulesError("not-allowed", `${this.name} is not a character.`, { name: this.name });
    return state;
  }

  /** One actor update, one batch of item updates; throws on refusal. */
  async commitOperation<T>(result: ops.OperationResult<T>): Promise<T> {
    if (Object.keys(result.update).length > 0) await this.update(result.update);
    if (result.itemUpdates.length > 0) await this.updateEmbeddedDocuments("Item", [...result.itemUpdates]);
    return result.outcome;
  }

  /** R-ADV-1 Brainwave / R-ADV-2 Nova */
  activateAdvancement(itemId: string) {
    return activateAdvancement(this, itemId);
  }

  /** R-ADV-1 / R-ADV-2 */
  get sceneEffects() {
    return characterState(this)?.scene ?? [];
  }

  /** R-ADV-1 / R-ADV-2 every effect goes, or only `advancement`'s. */
  endScene(advancement?: string) {
    return endScene(this, advancement);
  }

  /** R-SAY-1 / R-LEG-15 */
  startSuccessor() {
    return startSuccessor(this);
  }

  /** R-LEG-2 only a GM rolls them again. */
  get legacyCreationRolled(): boolean {
    return this.getFlag(SYSTEM_ID, "legacyCreationRolled") === true;
  }

  /** R-SAY-1 / R-LEG-15 its uuid, or null. */
  get successorUuid(): string | null {
    const uuid = this.getFlag(SYSTEM_ID, "successor");
    return typeof uuid === "string" ? uuid : null;
  }

  /** R-SAY-1 the scene's end concerns them even with no effect. */
  get inLastScene(): boolean {
    return characterState(this)?.source.sayonara ?? false;
  }

  /** R-ADV-1 / R-ADV-2 / R-SAY-1 / R-V-8 */
  get sceneToEnd(): boolean {
    return this.sceneEffects.length > 0 || this.inLastScene || (characterState(this)?.panic ?? null) !== null;
  }

  /** R-V-8 taken by the roller from that failed Risky card. */
  takePanic(messageId: string) {
    return attempt(() => takePanic(this, messageId));
  }

  /** R-ADV-2 taken by the roller from that Risky card. */
  takeTeslaBacklash(messageId: string) {
    return takeTeslaBacklash(this, messageId);
  }

  /** R-HARM-1 … R-HARM-5, R-CH-4 asks for the wound track when there is a choice. */
  applyHarm(effect: number, choices: HarmChoices = {}) {
    return applyHarm(this, effect, choices);
  }

  /**
   * A character's state in the token HUD runs the sheet's operation (table/token-states.ts); other statuses are
   * core's.
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

  /** Core's own toggle, until they are exactly the character's states. */
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

  /** R-HARM-5 / R-HARM-6 refused for a player. */
  revive() {
    return revive(this);
  }

  /** R-HARM-3 */
  markWound(track: WoundTrack) {
    return markWound(this, track, true);
  }

  /** R-HARM-5 */
  recoverWound(track: WoundTrack) {
    return markWound(this, track, false);
  }

  /** R-EGO-2 / R-EGO-3 / R-SAY-1 / R-LEG-8 */
  spendEgo(darkFaces: readonly number[]) {
    return spendEgo(this, darkFaces);
  }

  /** A chat card's Undo; at most the maximum. */
  restoreEgo(amount: number) {
    return restoreEgo(this, amount);
  }

  /** R-GRIT-2 */
  rest(options: ops.RestOptions = {}) {
    return rest(this, options);
  }

  /** R-EGO-4 / R-EGO-5 */
  resetEgo() {
    return resetEgo(this);
  }

  /** R-HARM-6 */
  rollMalaise() {
    return rollMalaise(this);
  }

  /** R-XP-2 / R-GRIT-3 (`data`: the item as it will be created). */
  gainAdvancement(data: AdvancementData, options: { gmOverride?: boolean } = {}) {
    return gainAdvancement(this, data, options);
  }

  /** R-XP-1 */
  awardXp(amount: number) {
    return awardXp(this, amount);
  }

  /** R-SAY-1 */
  declareSayonara() {
    return declareSayonara(this);
  }

  /** R-CHAR-1 / R-CHAR-5 */
  setAttribute(attribute: Attribute, value: number) {
    return setAttribute(this, attribute, value);
  }

  /** R-V-5 recorded under the world's scheme. */
  addHeldSkill(skill: HeldSkill) {
    return attempt(() =>
      this.commitOperation(ops.addHeldSkillOperation(this.characterState(), currentRuleset(), skill)),
    );
  }

  /** R-V-5 one stored entry (`system.heldSkills`). */
  removeHeldSkill(entry: string) {
    return attempt(() => this.commitOperation(ops.removeHeldSkillOperation(this.characterState(), entry)));
  }

  /** R-CHAR-4 null before they are rolled. */
  get creationRoll(): CreationRoll | null {
    return this.getFlag(SYSTEM_ID, "creationRoll") ?? null;
  }

  /** R-CHAR-4 a GM alone may roll again. */
  rollCreationRatings() {
    return rollCreationRatings(this);
  }

  /** R-CHAR-4 */
  placeCreationPoints(shares: Readonly<Partial<Record<Attribute, number>>>) {
    return placeCreationPoints(this, shares);
  }

  /** R-V-6 the extra skills die's face; null before it is rolled. */
  get creationSkillRoll(): number | null {
    return creation.creationSkillRoll(this);
  }

  /** R-V-6 a GM alone may roll again. */
  rollCreationSkills() {
    return creation.rollCreationSkills(this);
  }

  /** R-V-2 (ruling) Spacer's or an archetype of one's own. */
  chooseSkillGroups(groups: readonly string[]) {
    return creation.chooseSkillGroups(this, groups);
  }

  /** R-V-4 the attribute the no-skills point went to; null before it is given. */
  get creationPoint(): Attribute | null {
    return creation.creationPoint(this);
  }

  /** R-V-4 (ruling) once, after the dice. */
  takeCreationPoint(attribute: string) {
    return creation.takeCreationPoint(this, attribute);
  }

  /** R-CHAR-7 / R-GRIT-1 */
  rollStartingGrit() {
    return rollStartingTrack(this, "grit");
  }

  /** R-CHAR-7 / R-EGO-1 */
  rollStartingEgo() {
    return rollStartingTrack(this, "ego");
  }
}

// The moves, as plain functions of the actor.

/** Derived in one place. */
function characterFlags(state: ops.CharacterState): ReadonlySet<MechanicsFlag> {
  return deriveCharacter(state.source, state.items).flags;
}

/** Undefined: none asked; null: cancelled. */
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
 * The `scene` flag keeps a tickable +1d or Nova's state; Brainwave's Fail marks Stressed. One actor update.
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

/** R-SAY-1 a character whose last scene it was departs in the same update, and the owner is told. */
async function endScene(actor: TerranActor, advancement?: string) {
  return attempt(async () => {
    assertOwner(actor);
    const { update, outcome } = ops.endSceneOperation(actor.characterState(), advancement);
    const panic = outcome.panicEnded ? { panic: null } : {};
    await actor.update({ ...update, flags: { [SYSTEM_ID]: { scene: [...outcome.scene], ...panic } } });
    if (outcome.panicEnded) {
      say("info", game.i18n?.format("TERRAN.Panic.conditionOwed", { name: actor.name }) ?? actor.name);
    }
    if (outcome.departed) {
      say("info", game.i18n?.format("TERRAN.Successor.departedNotice", { name: actor.name }) ?? actor.name);
    }
    return outcome;
  });
}

/** A GM, or a player given Foundry's "Create New Actors". */
function mayCreateActors(): boolean {
  const user = game.user;
  return user ? user.isGM || user.can("ACTOR_CREATE") : false;
}

/**
 * Owned as the departed one is, after a confirmation; the departed one notes its successor, so a player starts
 * one only once (a GM may start another). Opens the new sheet.
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
    // An ApplicationV2 sheet renders with options, as the Quench batches do.
    const sheet = created.sheet as { render(options: { force: boolean }): Promise<unknown> } | null;
    await sheet?.render({ force: true });
    return plan;
  });
}

/**
 * R-ADV-2 (R-HARM-1 … R-HARM-5) the card notes it first, so it happens once; a refused harm withdraws the note.
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

async function applyHarm(actor: TerranActor, effect: number, choices: HarmChoices) {
  return attempt(async () => {
    const state = actor.characterState();
    const woundTrack = await chooseWound(state, effect, choices);
    if (woundTrack === null) return null;
    return actor.commitOperation(ops.applyHarmOperation(state, effect, { ...choices, woundTrack }));
  });
}

async function revive(actor: TerranActor) {
  return attempt(async () => {
    if (!(game.user?.isGM ?? false))
      throw new RulesError("not-allowed", "Only a GM can bring a dead character back.", { reason: "notGm" });
    return actor.commitOperation(ops.reviveOperation(actor.characterState()));
  });
}

async function markWound(actor: TerranActor, track: WoundTrack, marked: boolean) {
  return attempt(async () =>
    actor.commitOperation((marked ? ops.markWoundOperation : ops.recoverWoundOperation)(actor.characterState(), track)),
  );
}

async function spendEgo(actor: TerranActor, darkFaces: readonly number[]) {
  return attempt(async () =>
    actor.commitOperation(ops.spendEgoOperation(actor.characterState(), currentRuleset(), darkFaces)),
  );
}

async function restoreEgo(actor: TerranActor, amount: number) {
  return attempt(async () => {
    const state = actor.characterState();
    const ego = state.source.ego;
    return actor.commitOperation(ops.setTrackOperation(state, "ego", { value: Math.min(ego.max, ego.value + amount) }));
  });
}

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

/** `system` is what is bought. */
export type AdvancementData = Readonly<Record<string, unknown>> & {
  readonly name: string;
  readonly system: AdvancementSource;
};

/** A dropped one keeps its flags and source link, as core's compendium import does. */
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
    if (
      result.outcome.offerGritRoll &&
      (await confirm("TERRAN.Advancement.gritTitle", "TERRAN.Advancement.gritPrompt"))
    ) {
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

async function awardXp(actor: TerranActor, amount: number) {
  return attempt(async () => actor.commitOperation(ops.awardXpOperation(actor.characterState(), amount)));
}

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

async function setAttribute(actor: TerranActor, attribute: Attribute, value: number) {
  return attempt(async () =>
    actor.commitOperation(ops.setAttributeOperation(actor.characterState(), attribute, value)),
  );
}

async function placeCreationPoints(actor: TerranActor, shares: Readonly<Partial<Record<Attribute, number>>>) {
  return attempt(async () => {
    const roll = actor.creationRoll;
    if (!roll) throw new RulesError("choice-required", "Roll the creation dice first.");
    const outcome = await actor.commitOperation(ops.creationRatingsOperation(actor.characterState(), roll, shares));
    // R-V-4 new ratings hold no extra point: it may be given again.
    if (actor.creationPoint !== null) await actor.setFlag(SYSTEM_ID, "creationPoint", null);
    return outcome;
  });
}

/** Kept on the actor, so the points can be placed later (after a reload too). */
async function rollCreationRatings(actor: TerranActor) {
  return attempt(async () => {
    const state = actor.characterState();
    const by = { isGM: game.user?.isGM ?? false };
    ops.assertCreationRollOpen(state, actor.creationRoll, by); // Refused before any die is thrown.
    const { roll, faces } = await rollFaces(GROUPS.length);
    const creation = ops.creationRollOperation(state, faces, actor.creationRoll, by);
    await actor.setFlag(SYSTEM_ID, "creationRoll", creation);
    await postCard(actor, [roll], creationCard({ actorName: actor.name, roll: creation }));
    return creation;
  });
}

/** R-CHAR-7 the roll becomes value and maximum. */
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
