/**
 * The character sheet's creation helper (R-CHAR-4 the group dice and their split, R-GRIT-1 / R-EGO-1
 * the starting rolls, R-CHAR-7 the free advancement), with the steps the ruleset's data adds in its
 * book's order (R-V-1: ./creation-steps.ts): part of the pure context builder (character-context.ts).
 * Pure: no Foundry, no DOM.
 */
import {
  advancementRefusal,
  ATTRIBUTE_MAX,
  attributeTotal,
  creationPoints,
  GROUP_ATTRIBUTES,
  GROUPS,
  type Group,
  type Ruleset,
} from "../../../rules/index.ts";
import type { CharacterDerived } from "../../../data/derived.ts";
import { button, message, type Message } from "../common.ts";
import type { Gate } from "./character-context.ts";
import type { CreationGroupView, CreationView, ShareOptionView } from "./character-views.ts";
import { archetypeStepOf, holdsCreationSkills, pointStepOf, skillsStepOf } from "./creation-steps.ts";
import type { CharacterSheetInput, CreationDraft } from "../inputs.ts";

// ---------------------------------------------------------------------------------------------
// Creation helper

/** R-CHAR-4 the ways a group's points split between its two attributes (each at most the attribute maximum). */
function shareOptions(draft: CreationDraft, group: Group, points: number): ShareOptionView[] {
  const [first, second] = GROUP_ATTRIBUTES[group];
  const chosen = draft.shares[first];
  const options: ShareOptionView[] = [];
  for (let a = points; a >= 0; a--) {
    const b = points - a;
    if (a > ATTRIBUTE_MAX || b > ATTRIBUTE_MAX) continue;
    options.push({
      first: a,
      second: b,
      selected: chosen === a && draft.shares[second] === b,
      label: message("TERRAN.Sheet.Creation.split", `${a} / ${b}`),
    });
  }
  return options;
}

/** R-CHAR-4 each group's rolled die, the points it gives, and their splits (none before the roll). */
function creationGroupsOf(draft: CreationDraft): CreationGroupView[] {
  if (!draft.roll) return [];
  return GROUPS.map((group) => {
    const face = draft.roll?.[group] ?? 1;
    const points = creationPoints(face);
    const [first, second] = GROUP_ATTRIBUTES[group];
    return {
      id: group,
      labelKey: `TERRAN.Group.${group}`,
      face,
      points,
      firstLabelKey: `TERRAN.Attribute.${first}`,
      secondLabelKey: `TERRAN.Attribute.${second}`,
      options: shareOptions(draft, group, points),
    };
  });
}

/** R-CHAR-4 the ratings step: roll the group dice (once, unless GM), then apply a split chosen in every group. */
function ratingsOf(input: CharacterSheetInput, ratingsDone: boolean, g: Gate): CreationView["ratings"] {
  const draft: CreationDraft = input.ui.creation;
  const groups = creationGroupsOf(draft);
  const allChosen = groups.length === GROUPS.length && groups.every((grp) => grp.options.some((o) => o.selected));
  return {
    done: ratingsDone,
    rolled: draft.roll !== null,
    // The dice are kept on the actor; only a GM may roll them again.
    roll: button(
      message(draft.roll === null ? "TERRAN.Sheet.Creation.rollRatings" : "TERRAN.Sheet.Creation.rerollRatings"),
      g.notEditable,
      draft.roll !== null && !input.permissions.isGM && message("TERRAN.Sheet.Disabled.rolled"),
    ),
    groups,
    apply: button(
      message("TERRAN.Sheet.Creation.applyRatings"),
      g.notEditable,
      draft.roll === null && message("TERRAN.Sheet.Disabled.rollFirst"),
      !allChosen && message("TERRAN.Sheet.Disabled.splitEveryGroup"),
    ),
  };
}

/** R-GRIT-1 / R-EGO-1 a starting roll: done once its maximum is set, and closed with the value rolled. */
function startingRoll(max: number, hintKey: string, g: Gate): CreationView["grit"] {
  const done = max > 0;
  return {
    done,
    value: max,
    roll: button(message(hintKey), g.notEditable, done && message("TERRAN.Sheet.Disabled.rolledValue", max)),
  };
}

/** R-CHAR-7 the free advancement: the ruleset's and the cult's, each refused with the rules' reason. */
function freeAdvancementOf(
  input: CharacterSheetInput,
  ruleset: Ruleset,
  derived: CharacterDerived,
  notYet: Message | null,
  g: Gate,
): CreationView["advancement"] {
  const { system } = input;
  const owner = {
    advancements: input.items.flatMap((i) => (i.type === "advancement" ? [i.system.key] : [])),
    cult: system.identity.cult,
    mutations: derived.mutations,
    // R-V-6 (ruling) the panel's is creation's free Advancement.
    atCreation: true,
  };
  const keys = [...ruleset.advancements, ...(ruleset.cults[system.identity.cult] ?? [])];
  return {
    options: keys.map((key) => {
      const refusal = advancementRefusal(ruleset, owner, key);
      return {
        key,
        labelKey: `TERRAN.Adv.${key}`,
        take: button(
          message("TERRAN.Sheet.Creation.take"),
          g.notEditable,
          notYet,
          refusal && message(`TERRAN.Sheet.Disabled.refusal.${refusal}`),
        ),
      };
    }),
  };
}

/** R-CHAR-7 the free advancement comes last: after the ratings, Grit and Ego, and the ruleset's own steps. */
function advancementWait(
  before: { readonly ratings: boolean; readonly startingRolls: boolean },
  steps: Pick<CreationView, "archetype" | "skills" | "point">,
): Message | null {
  if (!before.ratings || !before.startingRolls) return message("TERRAN.Sheet.Creation.advancementLast");
  if ((steps.archetype && !steps.archetype.done) || (steps.skills && !steps.skills.done))
    return message("TERRAN.Sheet.Creation.advancementAfterSkills");
  if (steps.point && !steps.point.done) return message("TERRAN.Sheet.Creation.advancementAfterPoint");
  return null;
}

/** R-V-2, R-V-4, R-V-6 what the ruleset's data adds: archetype groups and skills, or the point in their place. */
function rulesetSteps(
  input: CharacterSheetInput,
  ruleset: Ruleset,
  derived: CharacterDerived,
  ratingsDone: boolean,
  g: Gate,
): Pick<CreationView, "archetype" | "skills" | "point" | "afterCreation"> {
  const scheme = ruleset.heldSkills;
  const expert = holdsCreationSkills(input, ruleset);
  const point = ruleset.creationBonus === undefined ? null : pointStepOf(input, ratingsDone, g);
  if (scheme === null) return { archetype: null, skills: null, point, afterCreation: null };
  const skills = skillsStepOf({ input, scheme, expert, rollOpen: derived.inCreation }, g);
  // R-V-6 (ruling) Expert's two are chosen after it ended creation.
  const owedLater = expert && !derived.inCreation && !skills.done && !input.system.dead && input.permissions.editable;
  return {
    archetype: archetypeStepOf(scheme, input.system, g),
    skills,
    point,
    afterCreation: owedLater ? skills : null,
  };
}

export function creationOf(
  input: CharacterSheetInput,
  ruleset: Ruleset,
  derived: CharacterDerived,
  g: Gate,
): CreationView {
  const { system } = input;
  const shown = derived.inCreation && !system.dead && input.permissions.editable;
  const startingRolls = system.grit.max > 0 && system.ego.max > 0;
  const before = { ratings: attributeTotal(system.attributes) > 0, startingRolls };
  const steps = rulesetSteps(input, ruleset, derived, before.ratings, g);
  const bookOrder = steps.archetype !== null || steps.skills !== null || steps.point !== null;
  return {
    shown,
    // R-V-1 a panel with steps of its own says their order.
    introKey: bookOrder ? "TERRAN.Sheet.Creation.introSteps" : "TERRAN.Sheet.Creation.intro",
    ...steps,
    keepsakes: ruleset.keepsakes,
    ratings: ratingsOf(input, before.ratings, g),
    grit: startingRoll(system.grit.max, "TERRAN.Sheet.Creation.rollGrit", g),
    ego: startingRoll(system.ego.max, "TERRAN.Sheet.Creation.rollEgo", g),
    advancement: freeAdvancementOf(input, ruleset, derived, advancementWait(before, steps), g),
  };
}
