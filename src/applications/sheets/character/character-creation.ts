/**
 * The character sheet's creation helper (R-CHAR-4 the group dice and their split, R-GRIT-1 / R-EGO-1
 * the starting rolls, R-CHAR-7 the free advancement): part of the pure context builder
 * (character-context.ts). Pure: no Foundry, no DOM.
 */
import {
  advancementRefusal,
  ATTRIBUTE_MAX,
  attributeTotal,
  creationPoints,
  GROUP_ATTRIBUTES,
  GROUPS,
  type Ruleset,
} from "../../../rules/index.ts";
import type { CharacterDerived } from "../../../data/derived.ts";
import { button, message } from "../common.ts";
import type { Gate } from "./character-context.ts";
import type { CreationGroupView, CreationView, ShareOptionView } from "./character-views.ts";
import type { CharacterSheetInput, CreationDraft } from "../inputs.ts";

// ---------------------------------------------------------------------------------------------
// Creation helper

export function creationOf(
  input: CharacterSheetInput,
  ruleset: Ruleset,
  derived: CharacterDerived,
  g: Gate,
): CreationView {
  const { system } = input;
  const draft: CreationDraft = input.ui.creation;
  const shown = derived.inCreation && !system.dead && input.permissions.editable;
  const ratingsDone = attributeTotal(system.attributes) > 0;
  const groups: CreationGroupView[] = draft.roll
    ? GROUPS.map((group) => {
        const face = draft.roll?.[group] ?? 1;
        const points = creationPoints(face);
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
        return {
          id: group,
          labelKey: `TERRAN.Group.${group}`,
          face,
          points,
          firstLabelKey: `TERRAN.Attribute.${first}`,
          secondLabelKey: `TERRAN.Attribute.${second}`,
          options,
        };
      })
    : [];
  const allChosen = groups.length === GROUPS.length && groups.every((grp) => grp.options.some((o) => o.selected));
  const gritDone = system.grit.max > 0;
  const egoDone = system.ego.max > 0;
  const notYet = !ratingsDone || !gritDone || !egoDone ? message("TERRAN.Sheet.Creation.advancementLast") : null;
  const owner = {
    advancements: input.items.flatMap((i) => (i.type === "advancement" ? [i.system.key] : [])),
    cult: system.identity.cult,
    mutations: derived.mutations,
  };
  const keys = [...ruleset.advancements, ...(ruleset.cults[system.identity.cult] ?? [])];
  return {
    shown,
    ratings: {
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
    },
    grit: {
      done: gritDone,
      value: system.grit.max,
      roll: button(
        message("TERRAN.Sheet.Creation.rollGrit"),
        g.notEditable,
        gritDone && message("TERRAN.Sheet.Disabled.rolledValue", system.grit.max),
      ),
    },
    ego: {
      done: egoDone,
      value: system.ego.max,
      roll: button(
        message("TERRAN.Sheet.Creation.rollEgo"),
        g.notEditable,
        egoDone && message("TERRAN.Sheet.Disabled.rolledValue", system.ego.max),
      ),
    },
    advancement: {
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
    },
  };
}
