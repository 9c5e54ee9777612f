/**
 * R-V-4 … R-V-6 v0.6.2's held skills (no rating): the skill die, the choice at creation, and the extra attribute
 * point of a world without skills.
 */
import { ATTRIBUTE_MAX, assertAttribute, assertAttributes, type Attribute, type Attributes } from "./attributes.ts";
import { assertFace } from "./dice.ts";
import { assertText, RulesError } from "./errors.ts";
import type { HeldSkillScheme, SkillGroupDef } from "./rulesets/types.ts";

/** A listed skill by its id, or one the GM added to a group: `{ group, name }`, the name trimmed and not empty. */
export type HeldSkill = string | { readonly group: string; readonly name: string };

function assertGroupOf(scheme: HeldSkillScheme, id: string): SkillGroupDef {
  const group = scheme.groups.find((g) => g.id === id);
  if (!group) throw new RulesError("unknown-id", `"${String(id)}" is not a skill group.`, { id: String(id) });
  return group;
}

/** R-V-5 a listed id, or a custom skill with its name trimmed. */
export function assertHeldSkill(scheme: HeldSkillScheme, skill: HeldSkill): HeldSkill {
  if (typeof skill === "string") {
    listedGroup(scheme, skill);
    return skill;
  }
  if (typeof skill !== "object" || skill === null)
    throw new RulesError("bad-choice", `A skill must be a listed skill or a named one (got ${String(skill)}).`);
  const group = assertGroupOf(scheme, skill.group).id;
  const name = assertText(skill.name, "A skill's name").trim();
  if (name === "") throw new RulesError("bad-choice", "A skill added to a group needs a name.", { group });
  return { group, name };
}

/** R-V-5 */
export function heldSkillGroup(scheme: HeldSkillScheme, skill: HeldSkill): string {
  const checked = assertHeldSkill(scheme, skill);
  return typeof checked === "string" ? listedGroup(scheme, checked) : checked.group;
}

function listedGroup(scheme: HeldSkillScheme, id: string): string {
  const group = scheme.groups.find((g) => g.skills.some((s) => s.id === id));
  if (!group) throw new RulesError("unknown-id", `"${String(id)}" is not a skill.`, { id: String(id) });
  return group.id;
}

/** Custom names compare without case, within their group. */
export function heldSkillKey(scheme: HeldSkillScheme, skill: HeldSkill): string {
  const checked = assertHeldSkill(scheme, skill);
  return typeof checked === "string" ? checked : `${checked.group}:${checked.name.toLowerCase()}`;
}

function skillLabel(skill: HeldSkill): string {
  return typeof skill === "string" ? skill : `${skill.name} (${skill.group})`;
}

/** R-V-6 a skill is never taken twice. */
export function assertDistinctSkills(scheme: HeldSkillScheme, skills: readonly HeldSkill[]): HeldSkill[] {
  const seen = new Set<string>();
  return skills.map((skill) => {
    const checked = assertHeldSkill(scheme, skill);
    const key = heldSkillKey(scheme, checked);
    if (seen.has(key))
      throw new RulesError("bad-choice", `${skillLabel(checked)} is taken twice.`, { skill: skillLabel(checked) });
    seen.add(key);
    return checked;
  });
}

/** R-V-5 the skills ticked in the roll dialog, each one the character holds. */
export function assertTickedSkills(
  scheme: HeldSkillScheme,
  held: readonly HeldSkill[],
  ticked: readonly HeldSkill[],
): HeldSkill[] {
  const holds = new Set(held.map((s) => heldSkillKey(scheme, s)));
  return ticked.map((skill) => {
    const checked = assertHeldSkill(scheme, skill);
    if (!holds.has(heldSkillKey(scheme, checked)))
      throw new RulesError("bad-choice", `${skillLabel(checked)} is not a skill the character holds.`, {
        skill: skillLabel(checked),
      });
    return checked;
  });
}

/** R-V-5 `fits`: the held skills ticked as fitting the roll; (ruling) one die however many fit, Reactions too. */
export function skillDie(scheme: HeldSkillScheme, skillsOn: boolean, fits: readonly HeldSkill[]): number {
  for (const skill of fits) assertHeldSkill(scheme, skill);
  return skillsOn && fits.length > 0 ? scheme.die : 0;
}

/** R-V-6 more skills from any group, by the extra die's face. */
export function extraSkillCount(scheme: HeldSkillScheme, face: number): number {
  const f = assertFace(face, "The extra skills die");
  const band = scheme.extra.find((b) => f >= b.min && f <= b.max);
  if (!band) throw new RulesError("out-of-range", `The extra skills table has no row for ${f}.`, { value: f });
  return band.value;
}

/** R-V-6 one from each archetype group, the extra die's, and *Expert*'s. */
export function skillsOwed(scheme: HeldSkillScheme, extraFace: number, expert: boolean): number {
  return 2 + extraSkillCount(scheme, extraFace) + (expert ? scheme.expertSkills : 0);
}

/** R-V-2; (ruling) Spacer and a free-text archetype take two different groups chosen with the GM. */
export function archetypeGroups(
  scheme: HeldSkillScheme,
  archetype: string,
  chosen?: readonly string[],
): readonly [string, string] {
  const name = assertText(archetype, "An archetype").trim();
  if (name === "") throw new RulesError("choice-required", "Choose or name an archetype.");
  const listed = scheme.archetypes.find((a) => a.id === name);
  if (listed?.groups) {
    if (chosen !== undefined && !samePair(chosen, listed.groups))
      throw new RulesError("bad-choice", `${name} names its own groups: ${listed.groups.join(" and ")}.`, {
        archetype: name,
      });
    return listed.groups;
  }
  if (chosen?.length !== 2)
    throw new RulesError("choice-required", `Choose two skill groups for ${name}.`, { archetype: name });
  const [a, b] = chosen.map((g) => assertGroupOf(scheme, g).id) as [string, string];
  if (a === b) throw new RulesError("bad-choice", `Choose two different skill groups, not ${a} twice.`, { group: a });
  return [a, b];
}

function samePair(chosen: readonly string[], groups: readonly [string, string]): boolean {
  return chosen.length === 2 && groups.every((g) => chosen.includes(g));
}

/** R-V-6 (ruling) *Expert*: at creation only, and only where the world uses skills. */
export function assertExpert(skillsOn: boolean, atCreation: boolean): void {
  if (!skillsOn)
    throw new RulesError("not-allowed", "Expert gives skills, and this world plays without them.", {
      advancement: "expert",
    });
  if (!atCreation)
    throw new RulesError("not-allowed", "Expert is taken only at character creation.", { advancement: "expert" });
}

export interface CreationSkills {
  readonly skillsOn: boolean;
  /** An archetype's id, or free text (R-V-2). */
  readonly archetype: string;
  /** The two groups chosen with the GM, when the archetype names none. */
  readonly groups?: readonly string[];
  /** One skill of each archetype group, in either order. */
  readonly firsts: readonly HeldSkill[];
  readonly extraFace: number;
  /** As many as the extra die gives, from any group. */
  readonly more: readonly HeldSkill[];
  /** *Expert* taken as a creation Advancement: its two skills; null without it. */
  readonly expert: readonly HeldSkill[] | null;
}

/** R-V-6 every skill owed and no other, none twice; the character's skills, in that order. */
export function assertCreationSkills(scheme: HeldSkillScheme, input: CreationSkills): HeldSkill[] {
  if (input.expert !== null) assertExpert(input.skillsOn, true);
  if (!input.skillsOn) throw new RulesError("not-allowed", "This world plays without skills.");
  const [a, b] = archetypeGroups(scheme, input.archetype, input.groups);
  assertFirsts(scheme, input.firsts, a, b);
  assertCount(input.more, extraSkillCount(scheme, input.extraFace), "The extra die");
  if (input.expert !== null) assertCount(input.expert, scheme.expertSkills, "Expert");
  return assertDistinctSkills(scheme, [...input.firsts, ...input.more, ...(input.expert ?? [])]);
}

function assertFirsts(scheme: HeldSkillScheme, firsts: readonly HeldSkill[], a: string, b: string): void {
  const groups = firsts.map((s) => heldSkillGroup(scheme, s));
  if (groups.length !== 2 || !groups.includes(a) || !groups.includes(b))
    throw new RulesError("bad-choice", `Choose one skill from ${a} and one from ${b}.`, { groups: `${a}, ${b}` });
}

function assertCount(skills: readonly HeldSkill[], owed: number, source: string): void {
  if (skills.length !== owed)
    throw new RulesError(
      "bad-choice",
      `${source} gives ${owed} skill${owed === 1 ? "" : "s"}; ${skills.length} ${skills.length === 1 ? "was" : "were"} chosen.`,
      { owed, chosen: skills.length },
    );
}

export interface CreationSkillsProgress {
  /** Each archetype group and the held skill that fills it (null: still owed). */
  readonly firsts: readonly { readonly group: string; readonly skill: HeldSkill | null }[];
  /** The extra die's skills; null before it is rolled. */
  readonly extra: number | null;
  /** *Expert*'s, when taken at creation. */
  readonly expert: number;
  /** Held skills beyond the two firsts (from any group). */
  readonly more: number;
  readonly done: boolean;
}

/** R-V-6 what the held skills already give of the creation's, and whether every one owed is held. */
export function creationSkillsProgress(
  scheme: HeldSkillScheme,
  groups: readonly [string, string],
  held: readonly HeldSkill[],
  extraFace: number | null,
  expert: boolean,
): CreationSkillsProgress {
  const keys = new Set<string>();
  const distinct = held.filter((s) => !keys.has(heldSkillKey(scheme, s)) && keys.add(heldSkillKey(scheme, s)));
  const firsts = groups.map((group) => ({
    group: assertGroupOf(scheme, group).id,
    skill: distinct.find((s) => heldSkillGroup(scheme, s) === group) ?? null,
  }));
  const filled = firsts.filter((f) => f.skill !== null).length;
  const extra = extraFace === null ? null : extraSkillCount(scheme, extraFace);
  const owedExpert = expert ? scheme.expertSkills : 0;
  const more = distinct.length - filled;
  const done = filled === firsts.length && extra !== null && more >= extra + owedExpert;
  return { firsts, extra, expert: owedExpert, more, done };
}

/** R-V-4 (ruling) a world without skills: one more point, after the dice, to an attribute below 4. */
export function addNoSkillsPoint(skillsOn: boolean, attributes: Attributes, attribute: Attribute): Attributes {
  if (skillsOn) throw new RulesError("not-allowed", "The extra attribute point is for a world without skills.");
  assertAttributes(attributes);
  const id = assertAttribute(attribute);
  if (attributes[id] >= ATTRIBUTE_MAX)
    throw new RulesError("attribute-cap", `${id} is already at ${ATTRIBUTE_MAX}, the most an attribute can have.`, {
      attribute: id,
    });
  return { ...attributes, [id]: attributes[id] + 1 };
}
