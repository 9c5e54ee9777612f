/**
 * The HP model's operations (R-LEG-4 … R-LEG-6): harm one stage at most, and recovery. The Grit model's harm is
 * ./harm.ts; documents/health/ says which a world uses.
 */
import {
  applyHpHarm,
  assertFaces,
  assessHpHarm,
  LEGACY,
  RulesError,
  type HpHarmTarget,
  type HpWound,
  type Ruleset,
} from "../../rules/index.ts";
import { deriveCharacter } from "../../data/derived.ts";
import { isLegacyAttribute, type LegacyAttribute } from "../../data/ratings.ts";
import { carriedShield } from "./harm.ts";
import { spendEgoOperation } from "./ego.ts";
import { legacyState, legacyWithinMax } from "./legacy.ts";
import {
  assertAlive,
  changes,
  result,
  type ActorUpdate,
  type Change,
  type CharacterState,
  type ItemUpdate,
  type OperationResult,
} from "./types.ts";

// ---------------------------------------------------------------------------------------------
// Harm

export interface HpHarmOperationChoices {
  /** R-LEG-6 */
  readonly sacrificeShield?: boolean;
  /** R-LEG-5 the player's choice, lost for good. */
  readonly attribute?: LegacyAttribute;
  /** R-LEG-6 (none: not used). */
  readonly protectedFaces?: readonly number[];
}

/** R-LEG-6 / R-LEG-8 */
export interface ProtectedOutcome {
  readonly faces: readonly number[];
  /** Never more than the damage after armour. */
  readonly by: number;
  readonly costly: readonly boolean[];
  readonly ego: { readonly before: number; readonly after: number };
  /** R-LEG-7 the dice took the last Ego. */
  readonly lost: boolean;
}

export interface HpHarmOutcome {
  readonly effect: number;
  readonly armour: number;
  readonly damage: number;
  readonly hp: { readonly before: number; readonly after: number };
  /** Or null. */
  readonly wound: "critical" | "mortal" | null;
  readonly attributeLost: LegacyAttribute | null;
  readonly dead: boolean;
  readonly shieldItemId: string | null;
  /** R-LEG-6 when thrown. */
  readonly protected: ProtectedOutcome | null;
}

/** As rules/hp.ts sees it. */
function hpTarget(state: CharacterState): HpHarmTarget {
  const { rated, hitPoints } = legacyState(state);
  const wound: HpWound = hitPoints.mortal ? "mortal" : hitPoints.critical ? "critical" : "none";
  return {
    hp: hitPoints.value,
    wound,
    dead: state.source.dead,
    ratings: rated.attributes,
    armour: deriveCharacter(state.source, state.items).armour,
  };
}

/** Before the attribute is chosen: the UI asks for one when `asksAttribute`. */
export function assessHpHarmOperation(
  state: CharacterState,
  effect: number,
  choices: Pick<HpHarmOperationChoices, "sacrificeShield" | "protectedFaces"> = {},
  ruleset: Ruleset = LEGACY,
) {
  assertAlive(state, "be harmed further");
  const assessed = assessHpHarm(ruleset, hpTarget(state), effect, choices);
  const choosable = assessed.lossOptions.filter(isLegacyAttribute);
  return {
    damage: assessed.damage,
    armour: assessed.armour,
    asksAttribute: assessed.attributeLoss > 0 && choosable.length > 1,
    choosable,
  };
}

/** R-LEG-6 an Advancement's flag. */
export function holdsProtected(state: CharacterState): boolean {
  return deriveCharacter(state.source, state.items).flags.has("protected");
}

/**
 * R-LEG-6 open when held, not lost and some damage gets through; R-LEG-8 each die at or below the Ego at stake
 * costs 1.
 */
export function hpProtectedOffer(
  state: CharacterState,
  effect: number,
  choices: Pick<HpHarmOperationChoices, "sacrificeShield"> = {},
  ruleset: Ruleset = LEGACY,
) {
  const damage = assessHpHarmOperation(state, effect, choices, ruleset).damage;
  // R-LEG-4 (ruling) a value stored above the maximum reads as it.
  const ego = legacyState(state).derived.ratings.ego.value;
  return { open: holdsProtected(state) && !state.source.lost && damage > 0, damage, ego };
}

/** R-LEG-5 / R-LEG-6 refuses a harm no dice could make possible, so the glue throws none for it. */
export function assertHpHarmOpen(
  state: CharacterState,
  ruleset: Ruleset,
  effect: number,
  choices: Pick<HpHarmOperationChoices, "sacrificeShield" | "attribute"> = {},
): void {
  assertAlive(state, "be harmed further");
  if (choices.sacrificeShield && !carriedShield(state.items))
    throw new RulesError("not-allowed", "There is no shield to sacrifice.");
  applyHpHarm(ruleset, hpTarget(state), effect, {
    ...(choices.sacrificeShield !== undefined ? { sacrificeShield: choices.sacrificeShield } : {}),
    ...(choices.attribute ? { lostAttribute: choices.attribute } : {}),
  });
}

/**
 * R-LEG-4 … R-LEG-6 by `applyHpHarm` (rules/hp.ts); Mortal keeps Critical marked, so a week of care steps back
 * to Critical.
 */
export function hpHarmOperation(
  state: CharacterState,
  ruleset: Ruleset,
  effect: number,
  choices: HpHarmOperationChoices = {},
): OperationResult<HpHarmOutcome> {
  assertAlive(state, "be harmed further");
  const { rated, hitPoints } = legacyState(state);
  const shield = carriedShield(state.items);
  if (choices.sacrificeShield && !shield) throw new RulesError("not-allowed", "There is no shield to sacrifice.");
  const faces = assertFaces(choices.protectedFaces ?? [], "A Protected die");
  if (faces.length > 0 && !holdsProtected(state)) {
    throw new RulesError("not-allowed", "Only a character holding Protected throws Dark Dice against harm.", {
      reason: "notProtected",
    });
  }
  // R-LEG-6 / R-LEG-8 Dark Dice cost Ego as any (refused when lost).
  const spend = faces.length > 0 ? spendEgoOperation(state, ruleset, faces) : null;
  const harm = applyHpHarm(ruleset, hpTarget(state), effect, {
    ...(choices.sacrificeShield !== undefined ? { sacrificeShield: choices.sacrificeShield } : {}),
    ...(choices.attribute ? { lostAttribute: choices.attribute } : {}),
    protectedFaces: faces,
  });
  const reached = harm.wound !== harm.assessment.woundBefore && harm.wound !== "none" ? harm.wound : null;
  const attributeLost = harm.lost !== null && isLegacyAttribute(harm.lost) ? harm.lost : null;
  const entries: Change[] = [];
  if (attributeLost)
    entries.push([
      `system.ratings.attributes.${attributeLost}`,
      rated.attributes[attributeLost],
      harm.ratings[attributeLost] ?? 0,
    ]);
  entries.push(["system.hitPoints.value", hitPoints.value, harm.hp]);
  if (reached) entries.push([`system.hitPoints.${reached}`, hitPoints[reached], true]);
  entries.push(["system.dead", state.source.dead, harm.dead]);
  const itemUpdates: ItemUpdate[] =
    harm.shieldDestroyed && shield ? [{ _id: shield.id, "system.destroyed": true }] : [];
  const outcome: HpHarmOutcome = {
    effect,
    armour: harm.assessment.armour,
    damage: harm.assessment.damage,
    hp: { before: hitPoints.value, after: harm.hp },
    wound: harm.dead ? null : reached,
    attributeLost,
    dead: harm.dead,
    shieldItemId: itemUpdates.length > 0 && shield ? shield.id : null,
    protected: spend
      ? {
          faces,
          by: harm.assessment.protectedBy,
          costly: spend.outcome.costly,
          ego: { before: spend.outcome.before, after: spend.outcome.after },
          lost: spend.outcome.lost,
        }
      : null,
  };
  // R-LEG-4 / R-LEG-7 (ruling) current HP and Ego follow a lowered maximum down.
  const within = attributeLost
    ? legacyWithinMax(state, {
        attributes: { [attributeLost]: harm.ratings[attributeLost] ?? 0 },
        hp: harm.hp,
        ...(spend ? { ego: spend.outcome.after } : {}),
      })
    : [];
  // One update: the harm and the dice's Ego (their paths never overlap; the maxima's last).
  return result({ ...changes(...entries), ...(spend?.update ?? {}), ...changes(...within) }, outcome, itemUpdates);
}

export type HpRecovery = "night" | "week";

/**
 * R-LEG-5 recovery (the lost point never comes back); R-LEG-4 (ruling) a night sets HP to the maximum as it is
 * now.
 */
export function hpRecoverOperation(
  state: CharacterState,
  kind: HpRecovery,
): OperationResult<{ readonly kind: HpRecovery; readonly changed: boolean }> {
  assertAlive(state, "recover");
  const { hitPoints, derived } = legacyState(state);
  let update: ActorUpdate;
  if (kind === "night") {
    if (hitPoints.critical || hitPoints.mortal)
      throw new RulesError("not-allowed", "A wounded character needs a week of care, not a night.");
    update = changes(["system.hitPoints.value", hitPoints.value, derived.hitPoints.max]);
  } else if (hitPoints.mortal)
    update = changes(["system.hitPoints.mortal", true, false], ["system.hitPoints.critical", hitPoints.critical, true]);
  else update = changes(["system.hitPoints.critical", hitPoints.critical, false]);
  return result(update, { kind, changed: Object.keys(update).length > 0 });
}
