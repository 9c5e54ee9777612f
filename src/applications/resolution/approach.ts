/**
 * A character as the Challenge forecast's approach (its ruling: the forecast's), per resolution model: its
 * pool's Light Dice, its armour and, where Effects come from tools, its tool tier. `characterApproach` is the
 * forecast's one look-up of `ruleset.resolution.kind`.
 */
import { buildPool, buildSkillPool, isAttribute, type Ruleset, type TierRank } from "../../rules/index.ts";
import { deriveCharacter } from "../../data/derived.ts";
import { ratingsOf } from "../../data/ratings.ts";
import type { CharacterState } from "../../documents/operations/types.ts";
import { readCharacter } from "../dialogs/roll-dialog-model.ts";

export interface CharacterApproach {
  readonly light: number;
  readonly armour: number;
  /** Null: the GM's choice stands. */
  readonly rank: TierRank | null;
}

/** Null when this model cannot read the character's pool; throws what the rules raise. */
export type ApproachOf = (
  ruleset: Ruleset,
  state: CharacterState,
  attribute: string,
  dark: number,
) => CharacterApproach | null;

/** R-POOL-1 … R-POOL-3, R-HARM-2; another ruleset's attribute has no pool here (null). */
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
 * R-LEG-3 / R-LEG-5 / R-LEG-11 (the forecast's ruling): the attribute, the BEST skill, the stage's penalty, its
 * armour, its best equipped tool (null: none).
 */
const separateApproach: ApproachOf = (ruleset, state, attribute, dark) => {
  const { source, items } = state;
  const rated = ratingsOf(source);
  const derived = deriveCharacter(source, items);
  const skills = ruleset.skills?.list.map((s) => s.id) ?? [];
  const ratings: Readonly<Record<string, number>> = rated.skills;
  const best = skills.reduce<string | null>(
    (b, id) => ((ratings[id] ?? 0) > (b === null ? 0 : (ratings[b] ?? 0)) ? id : b),
    null,
  );
  const wound = derived.hitPoints.mortal ? "mortal" : derived.hitPoints.critical ? "critical" : "none";
  const light = buildSkillPool({
    ruleset,
    attribute,
    skill: best,
    ratings: rated.attributes,
    skills: rated.skills,
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

export function characterApproach(ruleset: Ruleset): ApproachOf {
  return APPROACHES[ruleset.resolution.kind];
}
