/**
 * An advancement of the engine's lists as item data (R-ADV-1, R-ADV-2): what the creation helper's
 * "take" buttons give when no compendium item is dragged. Pure.
 */
import { ADVANCEMENTS, engineAdvancementOrigin, getRuleset, type RulesetId } from "../../../rules/index.ts";
import type { AdvancementSource } from "../../../data/source.ts";

/** The stored data of engine advancement `key` under the ruleset, or null for an unknown key. */
export function engineAdvancementSource(key: string, rulesetId: RulesetId): AdvancementSource | null {
  const def = ADVANCEMENTS.get(key);
  if (!def) return null;
  return {
    key,
    ...engineAdvancementOrigin(key, getRuleset(rulesetId)),
    dice: def.dice.map((d) => ({ ...d, appliesTo: [...d.appliesTo] })),
    flags: [...def.flags],
    developed: "",
    specialty: "",
    requiresMutations: def.requiresMutations ?? 0,
    description: "",
  };
}
