/**
 * Legacy's game moves on a character: roll with Foundry, compute with ./operations/legacy.ts, commit in one
 * update, post the card (chat/legacy-cards.ts). A refusal is a warning and changes nothing.
 */
import { effectDiceFor, effectOrder, RulesError, type Ruleset } from "../rules/index.ts";
import { hitPointsOf } from "../data/hit-points.ts";
import {
  attributeRatingLabel,
  ratingsOf,
  skillRatingLabel,
  LEGACY_ATTRIBUTES,
  type LegacyAttribute,
} from "../data/ratings.ts";
import { deriveCharacter } from "../data/derived.ts";
import type { MessageMode } from "../compat/generation.ts";
import { experienceRollCard, legacyCreationCard, legacyHarmCard, legacyRiskyCard } from "../chat/legacy-cards.ts";
import {
  createLegacyEffectCard,
  createLegacyRiskyCard,
  type AnswerLink,
  type LegacyActionLink,
  type LegacyTool,
} from "../chat/index.ts";
import { TerranRoll } from "../dice/terran-roll.ts";
import { currentRuleset } from "../settings/settings.ts";
import { SYSTEM_ID } from "../system-id.ts";
import type { TerranActor } from "./actor.ts";
import { assertOwner, postCard, postStoredCard, rollExplosionChain, rollFaces } from "./actor-dice.ts";
import { attempt, chooseOne, confirm, say } from "../prompts/notify.ts";
import { endSessionEgoOperation, refillEgoOperation, spendEgoOperation } from "./operations/ego.ts";
import * as legacy from "./operations/legacy.ts";
import * as hp from "./operations/hp-harm.ts";
import { carriedShield } from "./operations/harm.ts";
import { askProtectedDice, rollProtectedDice } from "../prompts/protected-dice.ts";
import { assertNotDeparted, type CharacterState } from "./operations/types.ts";
import { retireOperation } from "./operations/successor.ts";
import { EFFECT_EDGE_LABELS, effectEdgeDice, type EffectEdge } from "./operations/legacy-play.ts";
import { askEffectEdge } from "./legacy-play.ts";

export interface LegacyRiskyRequest {
  readonly attribute: LegacyAttribute;
  readonly skill: string;
  readonly light: number;
  readonly dark: number;
  readonly messageMode: MessageMode;
  /** See chat/request-card.ts: its link gains the attribute and the dice. */
  readonly answers?: AnswerLink | null;
}

/** R-LEG-8 / R-LEG-9 the Dark Dice's Ego is spent at once. */
export async function rollLegacyRisky(actor: TerranActor, request: LegacyRiskyRequest) {
  return attempt(async () => {
    assertOwner(actor);
    const ruleset = currentRuleset();
    const state = actor.characterState();
    const roll = TerranRoll.pool(request.light, request.dark);
    await roll.evaluate();
    const spend = request.dark > 0 ? spendEgoOperation(state, ruleset, roll.darkFaces) : null;
    if (spend) await actor.commitOperation(spend);
    const ego = ratingsOf(state.source).ego.value;
    const input = {
      actorName: actor.name,
      attributeLabelKey: attributeRatingLabel(request.attribute),
      skillLabelKey: legacy.isLegacySkill(request.skill) ? skillRatingLabel(request.skill) : null,
      light: roll.lightFaces,
      dark: roll.darkFaces,
      costly: spend?.outcome.costly ?? [],
      ego: { before: ego, after: spend?.outcome.after ?? ego },
      lost: spend?.outcome.lost ?? false,
    };
    const view = legacyRiskyCard(input);
    // R-LEG-11 an Effect per held tool; R-LEG-15 Multi-attack's extra hits.
    const card = createLegacyRiskyCard({
      rollerId: game.user?.id ?? "",
      actorUuid: actor.uuid,
      roll: input,
      tools: heldTools(state),
      multiAttack: deriveCharacter(state.source, state.items).flags.has("multiAttack"),
    });
    const link = request.answers
      ? {
          requestId: request.answers.requestId,
          actorUuid: request.answers.actorUuid,
          legacy: { attribute: request.attribute, light: roll.lightFaces, dark: roll.darkFaces },
        }
      : null;
    await postStoredCard(actor, [roll], { kind: "legacyRisky", state: card }, request.messageMode, link);
    return view;
  });
}

/** Equipped, in sheet order: the Risky card's Effect buttons. */
function heldTools(state: CharacterState): LegacyTool[] {
  return state.items.flatMap((i) => (i.type === "weapon" && i.system.equipped ? [{ id: i.id, name: i.name }] : []));
}

/**
 * R-LEG-11 the Effect roll of an item; R-LEG-15 (ruling) Sneak attack / Sniper each add a die when met
 * (`edges`, else asked; closing rolls nothing). Without `action` (from the sheet) the card applies to nothing.
 * R-RA-9 the card keeps the order.
 */
export async function rollLegacyEffect(
  actor: TerranActor,
  itemId: string,
  edges?: readonly EffectEdge[],
  action: LegacyActionLink | null = null,
) {
  return attempt(async () => {
    assertOwner(actor);
    const ruleset = currentRuleset();
    const state = actor.characterState();
    const item = state.items.find((i) => i.id === itemId);
    if (item?.type !== "weapon")
      throw new RulesError("unknown-id", `"${itemId}" is not a weapon or tool of ${actor.name}.`, { id: itemId });
    const tool = legacy.toolFor(ruleset, item.system.rank);
    if (!tool) throw new RulesError("not-allowed", "This ruleset rolls no tool Effects.");
    const claimed = edges ?? (await askEffectEdge(state.items));
    if (claimed === undefined) return null;
    const extra = effectEdgeDice(state.items, claimed);
    const tags = { versatileTwoHanded: item.system.twoHanded, improvised: item.system.tags.includes("improvised") };
    // Improvised reads as Lesser; +1d is one more die.
    const spec = effectDiceFor(ruleset, item.system.rank, tags, extra);
    const first = await rollFaces(spec.dice);
    const explosion = await rollExplosionChain(Math.max(...first.faces), ruleset.resolution.explodeOn);
    const rolls = [first.roll, ...explosion.rolls];
    const effect = legacy.legacyEffect(ruleset, item.system.rank, tags, first.faces, explosion.chain, extra);
    const { flags } = deriveCharacter(state.source, state.items);
    const card = createLegacyEffectCard({
      rollerId: game.user?.id ?? "",
      actorUuid: actor.uuid,
      rulesetId: ruleset.id,
      rank: item.system.rank,
      versatileTwoHanded: tags.versatileTwoHanded,
      improvised: tags.improvised,
      extra,
      roll: {
        actorName: actor.name,
        toolName: item.name,
        tierLabelKey: spec.tool.labelKey,
        ...effect,
        extraKeys: claimed.map((e) => EFFECT_EDGE_LABELS[e]),
      },
      action,
      order: effectOrder({
        fast: flags.has("effectFirst"),
        slow: flags.has("effectLast"),
        nimble: item.system.tags.includes("nimble"),
      }),
    });
    const message = await postStoredCard(actor, rolls, { kind: "legacyEffect", state: card });
    return { ...effect, messageId: message?.id ?? null };
  });
}

/**
 * R-LEG-5 asked of whoever takes or applies the harm (null: closed); `ifMortal`: before Protected's dice, which
 * may yet stop it.
 */
export async function askLostAttribute(
  choosable: readonly LegacyAttribute[],
  ifMortal: boolean,
): Promise<LegacyAttribute | null> {
  const [title, prompt] = ifMortal
    ? ["TERRAN.Card.Harm.loseIfMortalTitle", "TERRAN.Card.Harm.loseIfMortal"]
    : ["TERRAN.Sheet.Legacy.loseTitle", "TERRAN.Sheet.Legacy.losePrompt"];
  const choice = await chooseOne(
    title,
    prompt,
    choosable.map((a) => ({ value: a, label: attributeRatingLabel(a) })),
  );
  return choosable.find((a) => a === choice) ?? null;
}

/**
 * R-LEG-4 … R-LEG-6 asks for the shield, Protected's dice (their Ego spent in the same update) and the
 * attribute lost; posts the harm card.
 */
export async function applyLegacyHarm(actor: TerranActor, effect: number, choices: hp.HpHarmOperationChoices = {}) {
  return attempt(async () => {
    assertOwner(actor);
    const ruleset = currentRuleset();
    const state = actor.characterState();
    let picked: hp.HpHarmOperationChoices = { ...choices };
    // R-LEG-6 asked only when the shield would stop something.
    if (
      picked.sacrificeShield === undefined &&
      carriedShield(state.items) &&
      hp.assessHpHarmOperation(state, effect).damage > 0
    ) {
      picked = { ...picked, sacrificeShield: await confirm("TERRAN.Card.shieldTitle", "TERRAN.Card.shieldPrompt") };
    }
    // R-LEG-6 closing the prompt takes no harm.
    const thrown =
      picked.protectedFaces === undefined
        ? await throwProtected(actor, state, effect, picked)
        : { roll: null, faces: picked.protectedFaces };
    if (!thrown) return null;
    picked = { ...picked, protectedFaces: thrown.faces };
    const assessed = hp.assessHpHarmOperation(state, effect, picked);
    if (assessed.asksAttribute && !picked.attribute) {
      const attribute = await askLostAttribute(assessed.choosable, false);
      if (!attribute) return null;
      picked = { ...picked, attribute };
    }
    const op = hp.hpHarmOperation(state, ruleset, effect, picked);
    await actor.commitOperation(op);
    const o = op.outcome;
    const hpMax = deriveCharacter(state.source, state.items).hitPoints.max;
    await postCard(
      actor,
      [thrown.roll],
      legacyHarmCard({
        actorName: actor.name,
        effect: o.effect,
        armour: o.armour,
        damage: o.damage,
        hp: { ...o.hp, max: hpMax },
        wound: o.wound,
        attributeLostLabelKey: o.attributeLost ? attributeRatingLabel(o.attributeLost) : null,
        dead: o.dead,
        shieldSacrificed: o.shieldItemId !== null,
        protected: o.protected,
      }),
    );
    return o;
  });
}

/** R-LEG-6 null when the prompt was closed. */
async function throwProtected(
  actor: TerranActor,
  state: CharacterState,
  effect: number,
  picked: hp.HpHarmOperationChoices,
) {
  const offer = hp.hpProtectedOffer(state, effect, picked);
  if (!offer.open) return { roll: null, faces: [] };
  const count = await askProtectedDice({ name: actor.name, damage: offer.damage, ego: offer.ego });
  return count === null ? null : rollProtectedDice(count);
}

/** R-LEG-3 (setting) shown with what its dice gave; null if closed. */
async function askCreationBonus(
  ruleset: Ruleset,
  faces: readonly (readonly number[])[],
): Promise<LegacyAttribute | null> {
  const rated = LEGACY_ATTRIBUTES.map((a, i) => ({ a, rating: legacy.creationRating(ruleset, faces[i] ?? []) }));
  const open = rated.filter((r) => r.rating + (ruleset.creationBonus ?? 0) <= ruleset.attributes.max);
  const choice = await chooseOne(
    "TERRAN.Sheet.Legacy.bonusTitle",
    "TERRAN.Sheet.Legacy.bonusPrompt",
    open.map((r) => ({ value: r.a, label: attributeRatingLabel(r.a) })),
  );
  return open.find((r) => r.a === choice)?.a ?? null;
}

/**
 * R-LEG-2 HP and Ego set full; only a GM rolls again, losing nothing already lost (ruling, §10). R-LEG-3
 * (setting) then the no-skills +1 (ruling: after seeing the dice); closing saves nothing.
 */
export async function rollLegacyCreation(actor: TerranActor) {
  return attempt(async () => {
    assertOwner(actor);
    const ruleset = currentRuleset();
    const by = { isGM: game.user?.isGM ?? false, rolled: actor.legacyCreationRolled };
    legacy.assertLegacyCreationRollOpen(actor.characterState(), by); // Refused before any die is thrown.
    if (by.rolled && !(await confirm("TERRAN.Sheet.Legacy.rollAgainTitle", "TERRAN.Sheet.Legacy.rollAgainPrompt")))
      return null;
    const dice = ruleset.attributes.creation.dice;
    const rolled = await rollFaces(dice * LEGACY_ATTRIBUTES.length);
    const faces = LEGACY_ATTRIBUTES.map((_, i) => rolled.faces.slice(i * dice, (i + 1) * dice));
    const bonus = ruleset.creationBonus === undefined ? null : await askCreationBonus(ruleset, faces);
    if (ruleset.creationBonus !== undefined && bonus === null) return null;
    const op = legacy.legacyCreationOperation(actor.characterState(), ruleset, faces, by, bonus);
    await actor.update({ ...op.update, flags: { [SYSTEM_ID]: { legacyCreationRolled: true } } });
    const rolls = LEGACY_ATTRIBUTES.map((a, i) => ({
      labelKey: attributeRatingLabel(a),
      faces: faces[i] ?? [],
      rating: op.outcome.ratings[a],
    }));
    await postCard(
      actor,
      [rolled.roll],
      legacyCreationCard({ actorName: actor.name, rolls, hp: op.outcome.hp, ego: op.outcome.ego }),
    );
    return op.outcome;
  });
}

/** R-LEG-13 (`skill` given: skill development). */
export async function rollExperience(actor: TerranActor, dice: number, skill: string | null) {
  return attempt(async () => {
    assertOwner(actor);
    const ruleset = currentRuleset();
    const state = actor.characterState();
    if (!Number.isInteger(dice) || dice < 1)
      throw new RulesError("no-dice", "Spend at least 1 Experience: one die per point.");
    if (dice > state.source.xp)
      throw new RulesError(
        "not-enough-xp",
        `Rolling ${dice} dice costs ${dice} Experience; there is ${state.source.xp}.`,
        { cost: dice, xp: state.source.xp },
      );
    const { roll, faces } = await rollFaces(dice);
    const op =
      skill === null
        ? legacy.advancementRollOperation(state, ruleset, faces)
        : legacy.skillRollOperation(state, ruleset, skill, faces);
    await actor.commitOperation(op);
    const o = op.outcome;
    await postCard(
      actor,
      [roll],
      experienceRollCard({
        actorName: actor.name,
        kind: o.kind,
        skillLabelKey: o.skill ? skillRatingLabel(o.skill) : null,
        faces: o.faces,
        sum: o.sum,
        target: o.target,
        success: o.success,
        rating: o.rating,
      }),
    );
    return o;
  });
}

/** R-LEG-7 (the player then drags the Condition in); a lost character is refused first (ruling). */
export async function refillLegacyEgo(actor: TerranActor) {
  return attempt(async () => {
    assertOwner(actor);
    refillEgoOperation(actor.characterState());
    if (!(await confirm("TERRAN.Sheet.Legacy.refillTitle", "TERRAN.Sheet.Legacy.refillPrompt"))) return null;
    const op = refillEgoOperation(actor.characterState());
    await actor.commitOperation(op);
    return op.outcome;
  });
}

/** R-LEG-12 */
export async function endLegacySession(actor: TerranActor) {
  return attempt(async () => {
    assertOwner(actor);
    const op = endSessionEgoOperation(actor.characterState(), currentRuleset());
    await actor.commitOperation(op);
    return op.outcome;
  });
}

/** R-LEG-5 */
export async function recoverLegacy(actor: TerranActor, kind: hp.HpRecovery) {
  return attempt(async () => {
    assertOwner(actor);
    const op = hp.hpRecoverOperation(actor.characterState(), kind);
    await actor.commitOperation(op);
    return op.outcome;
  });
}

/** R-LEG-1 / R-LEG-3 (a skill: within the creation points, or by the GM after creation). */
export async function setLegacyRating(
  actor: TerranActor,
  kind: "attribute" | "skill",
  id: string,
  value: number,
  ruleset: Ruleset = currentRuleset(),
) {
  return attempt(async () => {
    assertOwner(actor);
    return actor.commitOperation(
      legacy.setLegacyRatingOperation(actor.characterState(), ruleset, kind, id, value, {
        gm: game.user?.isGM ?? false,
      }),
    );
  });
}

/** R-LEG-5 by hand (a GM's ruling, a healer's work). */
export async function toggleLegacyWound(actor: TerranActor, wound: "critical" | "mortal") {
  return attempt(async () => {
    assertOwner(actor);
    const current = hitPointsOf(actor.characterState().source)[wound];
    await actor.update({ [`system.hitPoints.${wound}`]: !current });
    return !current;
  });
}

/**
 * R-LEG-13 / R-LEG-15 it uses one won by the roll (creation's first and a successor's are free), or a GM
 * confirms. *Extra Attribute* asks which attribute; *Retire* asks, then departs (./operations/successor.ts).
 */
export async function takeLegacyAdvancement(
  actor: TerranActor,
  data: Record<string, unknown> & { readonly system: { readonly flags: readonly string[] } },
) {
  return attempt(async () => {
    assertOwner(actor);
    const ruleset = currentRuleset();
    const state = actor.characterState();
    assertNotDeparted(state, "take an Advancement"); // R-LEG-15
    let raise: LegacyAttribute | undefined;
    if (data.system.flags.includes("developed")) {
      const values = ratingsOf(state.source).attributes;
      const open = LEGACY_ATTRIBUTES.filter((a) => values[a] < ruleset.attributes.max);
      const picked = await chooseOne(
        "TERRAN.Sheet.Developed.title",
        "TERRAN.Sheet.Developed.prompt",
        open.map((a) => ({ value: a, label: attributeRatingLabel(a) })),
      );
      raise = open.find((a) => a === picked);
      if (!raise) return null;
    }
    let override = false;
    try {
      legacy.legacyAdvancementTakenOperation(state, ruleset, { raise });
    } catch (error) {
      if (!(error instanceof RulesError) || error.code !== "not-enough-xp" || !game.user?.isGM) throw error;
      override = await confirm("TERRAN.Sheet.Drop.overrideTitle", "TERRAN.Sheet.Drop.overridePrompt");
      if (!override) return null;
    }
    const retiring = (data.system as { readonly key?: unknown }).key === "retire";
    if (retiring && !(await confirm("TERRAN.Successor.retireTitle", "TERRAN.Successor.retirePrompt"))) return null;
    const op = legacy.legacyAdvancementTakenOperation(state, ruleset, { raise, override });
    await actor.commitOperation(op);
    await actor.createEmbeddedDocuments("Item", [data as Item.CreateData]);
    if (retiring) {
      await actor.commitOperation(retireOperation(actor.characterState()));
      say("info", game.i18n?.format("TERRAN.Successor.departedNotice", { name: actor.name }) ?? actor.name);
    }
    return op.outcome;
  });
}
