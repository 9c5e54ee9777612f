/** R-CHAR-4 / R-CHAR-7, R-V-2 / R-V-4 / R-V-6 creating a character, open only while in creation. */
import {
  addNoSkillsPoint,
  archetypeGroups,
  attributeTotal,
  extraSkillCount,
  type HeldSkillScheme,
  type Ruleset,
  ATTRIBUTES,
  deriveSaves,
  assertFace,
  distributeCreationPoints,
  egoRoll,
  GROUPS,
  isLost,
  RulesError,
  type Attribute,
  type Attributes,
  type CreationRoll,
  type Saves,
  type Track,
} from "../../rules/index.ts";
import { deriveCharacter } from "../../data/derived.ts";
import { egoDiceFor } from "./ego.ts";
import { gritRollFor } from "./grit.ts";
import {
  assertAlive,
  assertDiceCount,
  changes,
  result,
  type Change,
  type CharacterState,
  type OperationResult,
} from "./types.ts";

function assertInCreation(state: CharacterState, action: string): void {
  assertAlive(state, action);
  if (!deriveCharacter(state.source, state.items).inCreation) {
    throw new RulesError(
      "not-allowed",
      `The character has taken an advancement and is no longer being created; they cannot ${action}.`,
      {
        action,
      },
    );
  }
}

/** R-CHAR-4 checked before any die is thrown. */
export function assertCreationRollOpen(
  state: CharacterState,
  previous: CreationRoll | null,
  by: { readonly isGM: boolean },
): void {
  assertInCreation(state, "roll their creation dice");
  if (previous && !by.isGM) {
    throw new RulesError(
      "already-rolled",
      "The creation dice have already been rolled; only a GM may roll them again.",
    );
  }
}

/** R-CHAR-4 Insight, Prowess, Resolve; (ruling) kept on the actor, and only a GM rolls again. */
export function creationRollOperation(
  state: CharacterState,
  faces: readonly number[],
  previous: CreationRoll | null,
  by: { readonly isGM: boolean },
): CreationRoll {
  assertCreationRollOpen(state, previous, by);
  assertDiceCount(faces, GROUPS.length, "The creation roll");
  const roll: Record<(typeof GROUPS)[number], number> = { insight: 0, prowess: 0, resolve: 0 };
  GROUPS.forEach((group, i) => (roll[group] = assertFace(faces[i] ?? 0, `The ${group} creation die`)));
  return roll;
}

export interface CreationRatingsOutcome {
  readonly attributes: Attributes;
  /** R-CHAR-3 */
  readonly saves: Saves;
}

/** R-CHAR-4 */
export function creationRatingsOperation(
  state: CharacterState,
  roll: CreationRoll,
  shares: Readonly<Partial<Record<Attribute, number>>>,
): OperationResult<CreationRatingsOutcome> {
  assertInCreation(state, "distribute creation points");
  const attributes = distributeCreationPoints(roll, shares);
  const update = changes(
    ...ATTRIBUTES.map((a): Change => [`system.attributes.${a}`, state.source.attributes[a], attributes[a]]),
  );
  return result(update, { attributes, saves: deriveSaves(attributes) });
}

export interface StartingTrackOutcome {
  readonly roll: number;
  readonly track: Track;
}

/** R-CHAR-7 / R-GRIT-1 */
export function creationGritOperation(
  state: CharacterState,
  faces: readonly number[],
): OperationResult<StartingTrackOutcome> {
  assertInCreation(state, "roll their starting Grit");
  const roll = gritRollFor(state, faces, {}, "The starting Grit roll");
  const { grit } = state.source;
  return result(changes(["system.grit.value", grit.value, roll], ["system.grit.max", grit.max, roll]), {
    roll,
    track: { value: roll, max: roll },
  });
}

/** R-CHAR-7 / R-EGO-1 (nothing gained, no table read, unlike a reset). */
export function creationEgoOperation(
  state: CharacterState,
  faces: readonly number[],
): OperationResult<StartingTrackOutcome> {
  assertInCreation(state, "roll their starting Ego");
  assertDiceCount(faces, egoDiceFor(state), "The starting Ego roll");
  const roll = egoRoll(faces);
  const { ego } = state.source;
  return result(
    changes(
      ["system.ego.value", ego.value, roll],
      ["system.ego.max", ego.max, roll],
      ["system.lost", state.source.lost, isLost(roll)],
    ),
    { roll, track: { value: roll, max: roll } },
  );
}

function heldSchemeOf(ruleset: Ruleset): HeldSkillScheme {
  if (ruleset.heldSkills === null) throw new RulesError("not-allowed", "This world plays without skills.");
  return ruleset.heldSkills;
}

/** R-V-6 checked before the die is thrown: open in creation, once unless GM. */
export function assertSkillRollOpen(
  state: CharacterState,
  ruleset: Ruleset,
  previous: number | null,
  by: { readonly isGM: boolean },
): HeldSkillScheme {
  const scheme = heldSchemeOf(ruleset);
  assertInCreation(state, "roll for more skills");
  if (previous !== null && !by.isGM)
    throw new RulesError("already-rolled", "The extra skills die has been rolled; only a GM may roll it again.");
  return scheme;
}

export interface SkillRollOutcome {
  /** Kept on the actor, as the creation roll is. */
  readonly face: number;
  /** More skills from any group. */
  readonly extra: number;
}

/** R-V-6 one die for more skills from any group. */
export function creationSkillRollOperation(
  state: CharacterState,
  ruleset: Ruleset,
  faces: readonly number[],
  previous: number | null,
  by: { readonly isGM: boolean },
): SkillRollOutcome {
  const scheme = assertSkillRollOpen(state, ruleset, previous, by);
  assertDiceCount(faces, 1, "The extra skills roll");
  const face = assertFace(faces[0] ?? 0, "The extra skills die");
  return { face, extra: extraSkillCount(scheme, face) };
}

/** R-V-2 (ruling) Spacer's or an archetype of one's own: two different groups, stored. */
export function creationSkillGroupsOperation(
  state: CharacterState,
  ruleset: Ruleset,
  groups: readonly string[],
): OperationResult<{ readonly groups: readonly [string, string] }> {
  const scheme = heldSchemeOf(ruleset);
  assertInCreation(state, "choose their skill groups");
  const chosen = archetypeGroups(scheme, state.source.archetype, groups);
  const before = state.source.skillGroups ?? [];
  const same = before.length === 2 && before.every((g, i) => g === chosen[i]);
  return result(same ? {} : { "system.skillGroups": [...chosen] }, { groups: chosen });
}

/** R-V-4 (ruling) without skills: one more point, after the dice, once. */
export function creationPointOperation(
  state: CharacterState,
  ruleset: Ruleset,
  attribute: Attribute,
  given: boolean,
): OperationResult<{ readonly attributes: Attributes }> {
  if (ruleset.creationBonus === undefined)
    throw new RulesError("not-allowed", "The extra attribute point is for a world without skills.");
  assertInCreation(state, "take the extra attribute point");
  const { attributes } = state.source;
  if (attributeTotal(attributes) === 0)
    throw new RulesError("choice-required", "Place the attribute points first: the extra point comes after the dice.");
  if (given) throw new RulesError("not-allowed", "The extra attribute point has already been given.");
  const raised = addNoSkillsPoint(false, attributes, attribute);
  const update = changes(...ATTRIBUTES.map((a): Change => [`system.attributes.${a}`, attributes[a], raised[a]]));
  return result(update, { attributes: raised });
}
