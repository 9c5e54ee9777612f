/**
 * The creation steps a ruleset's data adds to the creation helper (character-creation.ts): the archetype's
 * skill groups (R-V-2), the skills owed (R-V-6) and, without skills, the extra attribute point (R-V-4). Pure.
 */
import {
  archetypeGroups,
  ATTRIBUTE_MAX,
  ATTRIBUTES,
  ADVANCEMENTS,
  creationSkillsProgress,
  extraSkillCount,
  RulesError,
  type CreationSkillsProgress,
  type Attribute,
  type HeldSkillScheme,
  type Ruleset,
} from "../../../rules/index.ts";
import { heldSkillLabel, readHeldSkills } from "../../../data/held-skills.ts";
import type { CharacterSource } from "../../../data/source.ts";
import { button, message } from "../common.ts";
import type { Gate } from "./character-context.ts";
import type {
  CreationArchetypeView,
  CreationChoiceView,
  CreationFirstSkillView,
  CreationPointView,
  CreationSkillsView,
  SkillChoicesView,
} from "./character-views.ts";
import type { CharacterSheetInput } from "../inputs.ts";

/** R-V-2 the archetype's groups, or null while they are owed (no archetype, or none chosen for it). */
export function knownGroups(scheme: HeldSkillScheme, source: CharacterSource): readonly [string, string] | null {
  const named = scheme.archetypes.find((a) => a.id === source.archetype)?.groups;
  if (named) return named;
  try {
    return archetypeGroups(scheme, source.archetype, source.skillGroups ?? []);
  } catch (error) {
    if (error instanceof RulesError) return null;
    throw error;
  }
}

function groupChoices(scheme: HeldSkillScheme, selected: string | undefined): CreationChoiceView[] {
  return scheme.groups.map((g) => ({ id: g.id, labelKey: g.labelKey, selected: g.id === selected }));
}

/** R-V-2; (ruling) Spacer and an archetype of one's own choose two different groups, stored. */
export function archetypeStepOf(scheme: HeldSkillScheme, source: CharacterSource, g: Gate): CreationArchetypeView {
  const groups = knownGroups(scheme, source);
  const groupKeys = (groups ?? []).map((id) => scheme.groups.find((x) => x.id === id)?.labelKey ?? id);
  const listed = scheme.archetypes.find((a) => a.id === source.archetype);
  const chooses = source.archetype.trim() !== "" && !listed?.groups;
  const [first, second] = source.skillGroups ?? [];
  return {
    done: groups !== null,
    groupKeys,
    owed:
      groups !== null
        ? null
        : message(chooses ? "TERRAN.Sheet.Creation.groupsOwed" : "TERRAN.Sheet.Creation.archetypeOwed"),
    choose: chooses
      ? {
          first: groupChoices(scheme, first),
          second: groupChoices(scheme, second),
          set: button(message("TERRAN.Sheet.Creation.setGroups"), g.notEditable),
        }
      : null,
  };
}

function unheldChoices(scheme: HeldSkillScheme, held: ReadonlySet<string>): SkillChoicesView[] {
  return scheme.groups.map((group) => ({
    labelKey: group.labelKey,
    skills: group.skills.filter((s) => !held.has(s.id)).map((s) => ({ id: s.id, labelKey: s.labelKey })),
  }));
}

export interface SkillsStepInput {
  readonly input: CharacterSheetInput;
  readonly scheme: HeldSkillScheme;
  /** *Expert* held, taken at creation (R-V-6 ruling). */
  readonly expert: boolean;
  /** The extra die may be rolled (in creation). */
  readonly rollOpen: boolean;
}

/** R-V-6 each archetype group's slot: the held skill that fills it, or a select of the group's others. */
function firstsOf(
  scheme: HeldSkillScheme,
  progress: CreationSkillsProgress | null,
  choices: SkillChoicesView[],
  g: Gate,
) {
  return (progress?.firsts ?? []).map((slot): CreationFirstSkillView => {
    const index = scheme.groups.findIndex((x) => x.id === slot.group);
    return {
      group: slot.group,
      groupKey: scheme.groups[index]?.labelKey ?? slot.group,
      held: slot.skill === null ? null : heldSkillLabel(scheme, slot.skill),
      options: choices[index]?.skills ?? [],
      take: button(message("TERRAN.Sheet.Creation.takeSkill"), g.notEditable),
    };
  });
}

/** R-V-6 one skill of each archetype group, the extra die rolled once, then its count and Expert's. */
export function skillsStepOf({ input, scheme, expert, rollOpen }: SkillsStepInput, g: Gate): CreationSkillsView {
  const { system, permissions } = input;
  const face = input.ui.creation.skillRoll ?? null;
  const held = readHeldSkills(scheme, system.heldSkills).held.map((h) => h.skill);
  const groups = knownGroups(scheme, system);
  const progress = groups && creationSkillsProgress(scheme, groups, held, face, expert);
  const choices = unheldChoices(scheme, new Set(held.filter((s) => typeof s === "string")));
  const expertOwed = expert ? scheme.expertSkills : 0;
  const owed = (face === null ? 0 : extraSkillCount(scheme, face)) + expertOwed;
  const taken = Math.min(progress?.more ?? 0, owed);
  return {
    done: progress?.done ?? false,
    firsts: firstsOf(scheme, progress, choices, g),
    firstsOwed: groups === null ? message("TERRAN.Sheet.Creation.groupsFirst") : null,
    rolled: face !== null,
    roll: button(
      message("TERRAN.Sheet.Creation.rollSkills"),
      g.notEditable,
      (!rollOpen || (face !== null && !permissions.isGM)) && message("TERRAN.Sheet.Disabled.rolled"),
    ),
    face: face === null ? null : message("TERRAN.Sheet.Creation.skillDie", face),
    more: {
      owed,
      taken,
      expert: expertOwed,
      text: message("TERRAN.Sheet.Creation.moreSkills", `${taken} / ${owed}`),
      choices,
      take: button(
        message("TERRAN.Sheet.Creation.takeSkill"),
        g.notEditable,
        face === null && message("TERRAN.Sheet.Disabled.rollSkillsFirst"),
        taken >= owed && message("TERRAN.Sheet.Disabled.skillsChosen"),
      ),
    },
  };
}

/** R-V-4 (ruling) after the dice, one point to an attribute below 4, once. */
export function pointStepOf(input: CharacterSheetInput, ratingsDone: boolean, g: Gate): CreationPointView {
  const given: Attribute | null = input.ui.creation.point ?? null;
  const { attributes } = input.system;
  return {
    done: given !== null,
    givenKey: given === null ? "" : `TERRAN.Attribute.${given}`,
    options: ATTRIBUTES.map((id) => ({
      id,
      labelKey: `TERRAN.Attribute.${id}`,
      take: button(
        message("TERRAN.Sheet.Creation.takePoint"),
        g.notEditable,
        given !== null && message("TERRAN.Sheet.Disabled.pointGiven"),
        !ratingsDone && message("TERRAN.Sheet.Disabled.ratingsFirst"),
        attributes[id] >= ATTRIBUTE_MAX && message("TERRAN.Sheet.Disabled.atMax"),
      ),
    })),
  };
}

/** R-V-6 (ruling) an Advancement that gives skills at creation (Expert) is held: it owes them. */
export function holdsCreationSkills(input: CharacterSheetInput, ruleset: Ruleset): boolean {
  if (ruleset.heldSkills === null) return false;
  return input.items.some((i) => i.type === "advancement" && ADVANCEMENTS.get(i.system.key)?.creationSkills === true);
}
