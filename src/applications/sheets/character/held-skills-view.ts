/** R-V-5 the sheet's Skills block: the held skills by group, and in edit mode the controls that add or remove one. */
import type { HeldSkillScheme, Ruleset } from "../../../rules/index.ts";
import { heldSkillLabel, readHeldSkills, type HeldSkillLabel } from "../../../data/held-skills.ts";
import type { CharacterSource } from "../../../data/source.ts";
import { button, message, type ButtonView } from "../common.ts";
import type { Gate } from "./character-context.ts";

export interface HeldSkillRowView extends HeldSkillLabel {
  /** The stored entry the remove button passes back. */
  readonly stored: string;
}

export interface HeldSkillsView {
  readonly groups: readonly { readonly labelKey: string; readonly skills: readonly HeldSkillRowView[] }[];
  /** Entries this edition cannot read: shown as stored, removable, never rolled. */
  readonly unread: readonly string[];
  readonly empty: boolean;
  /** Edit mode on a sheet the viewer may change: the add row and the remove buttons. */
  readonly editing: boolean;
  /** Listed skills not yet held, by group (the select's optgroups). */
  readonly choices: readonly {
    readonly labelKey: string;
    readonly skills: readonly { readonly id: string; readonly labelKey: string }[];
  }[];
  readonly groupChoices: readonly { readonly id: string; readonly labelKey: string }[];
  readonly add: ButtonView;
}

function heldByGroup(scheme: HeldSkillScheme, stored: readonly string[] | undefined) {
  const { held, unread } = readHeldSkills(scheme, stored);
  const rows = held.map((h) => ({ stored: h.stored, ...heldSkillLabel(scheme, h.skill) }));
  const groups = scheme.groups
    .map((g) => ({
      labelKey: g.labelKey,
      skills: rows.filter((r) => r.groupKey === g.labelKey),
    }))
    .filter((g) => g.skills.length > 0);
  return { groups, unread, listed: new Set(held.map((h) => h.stored)) };
}

/** R-V-5 null where the world plays without held skills. */
export function heldSkillsView(ruleset: Ruleset, source: CharacterSource, g: Gate): HeldSkillsView | null {
  const scheme = ruleset.heldSkills;
  if (scheme === null) return null;
  const { groups, unread, listed } = heldByGroup(scheme, source.heldSkills);
  return {
    groups,
    unread: [...unread],
    empty: groups.length === 0 && unread.length === 0,
    editing: g.notEditable === null && g.playMode === null,
    choices: scheme.groups.map((group) => ({
      labelKey: group.labelKey,
      skills: group.skills.filter((s) => !listed.has(s.id)).map((s) => ({ id: s.id, labelKey: s.labelKey })),
    })),
    groupChoices: scheme.groups.map((group) => ({ id: group.id, labelKey: group.labelKey })),
    add: button(message("TERRAN.Sheet.Skills.addHint"), g.notEditable, g.notOwner, g.dead),
  };
}
