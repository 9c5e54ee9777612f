/** R-V-5 the held skills the owner records on the sheet: added under the world's scheme, removed by entry. */
import {
  assertHeldSkill,
  heldSkillKey,
  RulesError,
  type HeldSkill,
  type HeldSkillScheme,
  type Ruleset,
} from "../../rules/index.ts";
import { readHeldSkills, storedSkill } from "../../data/held-skills.ts";
import { assertAlive, result, type CharacterState, type OperationResult } from "./types.ts";

function heldScheme(ruleset: Ruleset): HeldSkillScheme {
  if (ruleset.heldSkills === null)
    throw new RulesError("not-allowed", "This world plays without skills.", { reason: "noHeldSkills" });
  return ruleset.heldSkills;
}

function knownSkill(scheme: HeldSkillScheme, skill: HeldSkill): HeldSkill {
  if (typeof skill === "object" && skill !== null && typeof skill.name === "string" && skill.name.trim() === "")
    throw new RulesError("choice-required", "A skill added to a group needs a name.", { reason: "skillNameless" });
  try {
    return assertHeldSkill(scheme, skill);
  } catch (error) {
    if (!(error instanceof RulesError)) throw error;
    throw new RulesError(error.code, error.message, { ...error.data, reason: "skillUnknown" });
  }
}

/** R-V-5, R-V-6 a listed skill or one added to a group, never twice; entries the scheme cannot read stay. */
export function addHeldSkillOperation(
  state: CharacterState,
  ruleset: Ruleset,
  skill: HeldSkill,
): OperationResult<{ stored: string }> {
  assertAlive(state, "learn a skill");
  const scheme = heldScheme(ruleset);
  const added = knownSkill(scheme, skill);
  const stored = state.source.heldSkills ?? [];
  const key = heldSkillKey(scheme, added);
  if (readHeldSkills(scheme, stored).held.some((h) => heldSkillKey(scheme, h.skill) === key))
    throw new RulesError("bad-choice", "The character already holds that skill.", { reason: "skillHeld" });
  const entry = storedSkill(added);
  return result({ "system.heldSkills": [...stored, entry] }, { stored: entry });
}

/** R-V-5 one stored entry out (a read one or not), its other copies too; the rest as stored. */
export function removeHeldSkillOperation(state: CharacterState, entry: string): OperationResult<{ stored: string }> {
  assertAlive(state, "forget a skill");
  const stored = state.source.heldSkills ?? [];
  if (!stored.includes(entry))
    throw new RulesError("unknown-id", `"${entry}" is not a skill the character holds.`, { id: entry });
  return result({ "system.heldSkills": stored.filter((s) => s !== entry) }, { stored: entry });
}
