/**
 * A character as the Challenge forecast's approach (src/applications/sheets/challenge-forecast.ts and
 * its ruling), per resolution model: the Light Dice of its pool for one attribute, its armour against
 * the Challenge's Effect and, where Effects come from tools, its tool tier. Pure. `characterApproach` is
 * the forecast's one look-up of `ruleset.resolution.kind`.
 */
import { buildPool, buildSkillPool, isAttribute, type Ruleset, type TierRank } from "../../rules/index.ts";
import { deriveCharacter } from "../../data/derived.ts";
import { legacyOf } from "../../data/legacy.ts";
import type { CharacterState } from "../../documents/operations/types.ts";
import { readCharacter } from "../dialogs/roll-dialog-model.ts";

export interface CharacterApproach {
  readonly light: number;
  readonly armour: number;
  /** The tool tier its Effect would come from (null: the GM's choice stands). */
  readonly rank: TierRank | null;
}

/**
 * The approach of `state` rolling `attribute` with `dark` Dark Dice; null when this model cannot read the character's
 * pool. Throws a RulesError the rules raise.
 */
export type ApproachOf = (
  ruleset: Ruleset,
  state: CharacterState,
  attribute: string,
  dark: number,
) => CharacterApproach | null;

/**
 * Combined (R-POOL-1 … R-POOL-3, R-HARM-2): the pool builder reads Core's six attributes with the wound
 * tracks and Mortally Wounded; another ruleset's attribute has no pool here (null: by hand meanwhile).
 */
const combinedApproach: ApproachOf = (ruleset, state, attribute, dark) => {
  if (!isAttribute(attribute)) return null;
  const reading = readCharacter(state);
  const light = buildPool({
    ruleset,
    target: { kind: "attribute", attribute },
    attributes: reading.attributes,
    wounds: reading.wounds,
    flags: reading.flags,
    dark,
  }).light;
  return { light, armour: deriveCharacter(state.source, state.items).armour.value, rank: null };
};

/**
 * Separate (R-LEG-3 R-LEG-5 R-LEG-11, the forecast's ruling): the pool by `buildSkillPool` from the
 * ratings kept under `system.legacy` — the attribute, the BEST skill, the wound stage's penalty — its
 * armour, and its best equipped weapon's or tool's tier (null: none equipped).
 */
const separateApproach: ApproachOf = (ruleset, state, attribute, dark) => {
  const { source, items } = state;
  const legacy = legacyOf(source);
  const derived = deriveCharacter(source, items);
  const skills = ruleset.skills?.list.map((s) => s.id) ?? [];
  const ratings: Readonly<Record<string, number>> = legacy.skills;
  const best = skills.reduce<string | null>(
    (b, id) => ((ratings[id] ?? 0) > (b === null ? 0 : (ratings[b] ?? 0)) ? id : b),
    null,
  );
  const wound = derived.legacy.mortal ? "mortal" : derived.legacy.critical ? "critical" : "none";
  const light = buildSkillPool({
    ruleset,
    attribute,
    skill: best,
    ratings: legacy.attributes,
    skills: legacy.skills,
    wound,
    dark,
  }).light;
  const ranks = items.flatMap((i) => (i.type === "weapon" && i.system.equipped ? [i.system.rank] : []));
  const rank = ranks.length > 0 ? (Math.max(...ranks) as TierRank) : null;
  return { light, armour: derived.armour.value, rank };
};

const APPROACHES: Readonly<Record<Ruleset["resolution"]["kind"], ApproachOf>> = {
  combined: combinedApproach,
  separate: separateApproach,
};

/** How `ruleset`'s resolution model reads a character's approach (its data says which: `resolution.kind`). */
export function characterApproach(ruleset: Ruleset): ApproachOf {
  return APPROACHES[ruleset.resolution.kind];
}
