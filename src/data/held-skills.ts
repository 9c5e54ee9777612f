/** R-V-5 a character's held skills as stored: a listed skill's id, or `group:name` for one the GM added. */
import { assertHeldSkill, heldSkillKey, RulesError, type HeldSkill, type HeldSkillScheme } from "../rules/index.ts";

/** How `system.heldSkills` writes a skill (listed ids hold no colon). */
export function storedSkill(skill: HeldSkill): string {
  return typeof skill === "string" ? skill : `${skill.group}:${skill.name}`;
}

/** The skill a stored entry names under this scheme, or null when the scheme does not know it. */
export function parseStoredSkill(scheme: HeldSkillScheme, stored: string): HeldSkill | null {
  const at = stored.indexOf(":");
  const skill: HeldSkill = at < 0 ? stored : { group: stored.slice(0, at), name: stored.slice(at + 1) };
  try {
    return assertHeldSkill(scheme, skill);
  } catch (error) {
    if (error instanceof RulesError) return null;
    throw error;
  }
}

export interface HeldSkillEntry {
  /** The entry as stored: the key the sheet and the dialog pass back. */
  readonly stored: string;
  readonly skill: HeldSkill;
}

export interface HeldSkillsRead {
  /** Each known skill once, in stored order. */
  readonly held: readonly HeldSkillEntry[];
  /** Entries the scheme cannot read (another edition's, or hand-edited): kept, never counted. */
  readonly unread: readonly string[];
}

/** `system.heldSkills` under the world's scheme; a repeated skill counts once. */
export function readHeldSkills(scheme: HeldSkillScheme, stored: readonly string[] | undefined): HeldSkillsRead {
  const held: HeldSkillEntry[] = [];
  const unread: string[] = [];
  const seen = new Set<string>();
  for (const entry of stored ?? []) {
    const skill = parseStoredSkill(scheme, entry);
    if (skill === null) unread.push(entry);
    else if (!seen.has(heldSkillKey(scheme, skill))) {
      seen.add(heldSkillKey(scheme, skill));
      held.push({ stored: entry, skill });
    }
  }
  return { held, unread };
}

export interface HeldSkillLabel {
  /** A listed skill's key; null for a skill the GM added (its name is the user's text). */
  readonly labelKey: string | null;
  readonly labelText: string;
  readonly groupKey: string;
}

/** R-V-5 a held skill as the sheet and the dialog name it, with its group's key. */
export function heldSkillLabel(scheme: HeldSkillScheme, skill: HeldSkill): HeldSkillLabel {
  if (typeof skill !== "string") {
    const group = scheme.groups.find((g) => g.id === skill.group);
    return { labelKey: null, labelText: skill.name, groupKey: group?.labelKey ?? skill.group };
  }
  for (const group of scheme.groups) {
    const listed = group.skills.find((s) => s.id === skill);
    if (listed) return { labelKey: listed.labelKey, labelText: skill, groupKey: group.labelKey };
  }
  return { labelKey: null, labelText: skill, groupKey: "" };
}
