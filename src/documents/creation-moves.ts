/**
 * v0.6.2's creation moves (R-V-2, R-V-4, R-V-6): the extra skills die, kept on the actor as the creation roll
 * is; the two groups chosen with the GM; the no-skills point, noted once. Each is an `attempt`.
 */
import { isAttribute, RulesError, type Attribute } from "../rules/index.ts";
import { skillRollCard } from "../chat/result-cards.ts";
import { currentRuleset } from "../settings/settings.ts";
import { SYSTEM_ID } from "../system-id.ts";
import { attempt } from "../prompts/notify.ts";
import { postCard, rollFaces } from "./actor-dice.ts";
import type { TerranActor } from "./actor.ts";
import * as ops from "./operations/index.ts";

/** R-V-6 the extra die's face; null before it is rolled. */
export function creationSkillRoll(actor: TerranActor): number | null {
  const face = actor.getFlag(SYSTEM_ID, "creationSkillRoll");
  return typeof face === "number" ? face : null;
}

/** R-V-4 the attribute the no-skills point went to; null before it is given. */
export function creationPoint(actor: TerranActor): Attribute | null {
  const attribute = actor.getFlag(SYSTEM_ID, "creationPoint");
  return typeof attribute === "string" && isAttribute(attribute) ? attribute : null;
}

/** R-V-6 thrown with Foundry's dice once (a GM may again), its face kept, its card posted. */
export function rollCreationSkills(actor: TerranActor) {
  return attempt(async () => {
    const state = actor.characterState();
    const ruleset = currentRuleset();
    const by = { isGM: game.user?.isGM ?? false };
    ops.assertSkillRollOpen(state, ruleset, creationSkillRoll(actor), by); // Refused before the die is thrown.
    const { roll, faces } = await rollFaces(1);
    const outcome = ops.creationSkillRollOperation(state, ruleset, faces, creationSkillRoll(actor), by);
    await actor.setFlag(SYSTEM_ID, "creationSkillRoll", outcome.face);
    await postCard(actor, [roll], skillRollCard({ actorName: actor.name, ...outcome }));
    return outcome;
  });
}

/** R-V-2 (ruling) Spacer's or an archetype of one's own. */
export function chooseSkillGroups(actor: TerranActor, groups: readonly string[]) {
  return attempt(() =>
    actor.commitOperation(ops.creationSkillGroupsOperation(actor.characterState(), currentRuleset(), groups)),
  );
}

/** R-V-4 (ruling) one point, then noted on the actor so it is given once. */
export function takeCreationPoint(actor: TerranActor, attribute: string) {
  return attempt(async () => {
    if (!isAttribute(attribute))
      throw new RulesError("unknown-id", `"${attribute}" is not an attribute.`, { id: attribute });
    const given = creationPoint(actor) !== null;
    const operation = ops.creationPointOperation(actor.characterState(), currentRuleset(), attribute, given);
    const outcome = await actor.commitOperation(operation);
    await actor.setFlag(SYSTEM_ID, "creationPoint", attribute);
    return outcome;
  });
}
