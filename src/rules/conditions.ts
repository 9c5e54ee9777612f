/**
 * R-COND-1 the conditions' mechanics (R-EGO-5's stigmas and mutations are kinds of condition); their text is
 * the compendium's.
 */
import type { DiceModifier, MechanicsFlag } from "./mechanics.ts";
import { RulesError } from "./errors.ts";
import type { Ruleset } from "./rulesets/types.ts";

export const CONDITION_KINDS = ["condition", "stigma", "mutation", "malaise"] as const;
export type ConditionKind = (typeof CONDITION_KINDS)[number];

export interface ConditionDef {
  readonly id: string;
  readonly labelKey: string;
  readonly flags: readonly MechanicsFlag[];
  readonly dice: readonly DiceModifier[];
}

const minusOne = (id: string): DiceModifier => ({
  id,
  dice: -1,
  label: `TERRAN.Mod.${id}`,
  appliesTo: ["any"],
  situational: true,
});

const list: readonly ConditionDef[] = [
  {
    id: "fearDrivenVigilance",
    labelKey: "TERRAN.Cond.fearDrivenVigilance",
    flags: [],
    dice: [minusOne("fearDrivenVigilance")],
  },
  { id: "obsessiveFocus", labelKey: "TERRAN.Cond.obsessiveFocus", flags: ["attributeShift"], dice: [] },
  {
    id: "moralReservations",
    labelKey: "TERRAN.Cond.moralReservations",
    flags: [],
    dice: [minusOne("moralReservations")],
  },
  { id: "compulsiveHonesty", labelKey: "TERRAN.Cond.compulsiveHonesty", flags: [], dice: [] },
  { id: "kleptomaniac", labelKey: "TERRAN.Cond.kleptomaniac", flags: [], dice: [] },
  { id: "battleScarred", labelKey: "TERRAN.Cond.battleScarred", flags: [], dice: [] },
  {
    id: "protectiveInstinct",
    labelKey: "TERRAN.Cond.protectiveInstinct",
    flags: [],
    dice: [minusOne("protectiveInstinct")],
  },
  { id: "estranged", labelKey: "TERRAN.Cond.estranged", flags: [], dice: [] },
  { id: "slow", labelKey: "TERRAN.Cond.slow", flags: ["effectLast"], dice: [] },
];

/** R-COND-1 in the seed's order. */
export const CONDITIONS: ReadonlyMap<string, ConditionDef> = new Map(list.map((c) => [c.id, c]));

export function getCondition(id: string): ConditionDef {
  const def = CONDITIONS.get(id);
  if (!def) throw new RulesError("unknown-id", `There is no condition called "${id}".`, { id });
  return def;
}

/** R-COND-1 / R-LEG-16 its flags replaced where the ruleset says so. */
export function conditionOf(ruleset: Ruleset, id: string): ConditionDef {
  const def = getCondition(id);
  if (!ruleset.conditions.includes(def.id))
    throw new RulesError("unknown-id", `"${id}" is not a condition of this ruleset.`, { id });
  const flags = Object.hasOwn(ruleset.conditionFlags, def.id) ? ruleset.conditionFlags[def.id] : undefined;
  return flags ? { ...def, flags } : def;
}
