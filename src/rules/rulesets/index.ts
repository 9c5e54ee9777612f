/** The ruleset registry: the one place that knows which rulesets exist. */
import { RulesError } from "../errors.ts";
import { CORE } from "./core.ts";
import { DEGENESIS } from "./degenesis.ts";
import { LEGACY } from "./legacy.ts";
import type { Ruleset, RulesetId } from "./types.ts";
import { V062 } from "./v062.ts";

export const RULESETS: Readonly<Record<RulesetId, Ruleset>> = {
  core: CORE,
  degenesis: DEGENESIS,
  legacy: LEGACY,
  v062: V062,
};

export const RULESET_IDS = Object.keys(RULESETS) as RulesetId[];

/** The rulesets a world may choose: a preview is left out. */
export const PLAYABLE_RULESET_IDS = RULESET_IDS.filter((id) => RULESETS[id].preview !== true);

/** A world's ruleset until its GM picks one, and while settings are not ready. */
export const DEFAULT_RULESET_ID: RulesetId = "core";

export function isRulesetId(id: string): id is RulesetId {
  return Object.hasOwn(RULESETS, id);
}

export function getRuleset(id: string): Ruleset {
  if (!isRulesetId(id)) throw new RulesError("unknown-id", `There is no ruleset called "${id}".`, { id });
  return RULESETS[id];
}

export type * from "./types.ts";
export * from "./advancement-sources.ts";
export { CORE, DEGENESIS, LEGACY, V062 };
export { LEGACY_ADVANCEMENT_IDS, LEGACY_CHALLENGE_TIERS, LEGACY_TOOLS } from "./legacy.ts";
