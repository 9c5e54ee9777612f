/** Small builders shared by the rules tests (plain data, no Foundry). */
import type { Attributes } from "../../src/rules/attributes.ts";
import type { MechanicsFlag } from "../../src/rules/mechanics.ts";
import type { PoolInput } from "../../src/rules/pool.ts";
import { CORE } from "../../src/rules/rulesets/index.ts";
import { NO_WOUNDS } from "../../src/rules/wounds.ts";

export function attrs(partial: Partial<Attributes> = {}): Attributes {
  return { intuition: 0, reason: 0, finesse: 0, exertion: 0, attunement: 0, influence: 0, ...partial };
}

export function poolInput(partial: Partial<PoolInput> = {}, flags: MechanicsFlag[] = []): PoolInput {
  return {
    ruleset: CORE,
    target: { kind: "attribute", attribute: "finesse" },
    attributes: attrs({ finesse: 2 }),
    wounds: NO_WOUNDS,
    flags: new Set(flags),
    dark: 0,
    ...partial,
  };
}
