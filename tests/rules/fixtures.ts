/** Small builders shared by the rules tests (plain data, no Foundry). */
import { expect } from "vitest";
import type { Attributes } from "../../src/rules/attributes.ts";
import { RulesError, type RulesErrorCode } from "../../src/rules/errors.ts";
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

/** Runs `fn` and returns the RulesError it throws (fails if it throws nothing or something else). */
export function rulesError(fn: () => unknown): RulesError {
  try {
    fn();
  } catch (error) {
    if (error instanceof RulesError) return error;
    throw error;
  }
  throw new Error("expected a RulesError, but nothing was thrown");
}

/** Asserts that `fn` throws a RulesError with this code and a message matching `message`. */
export function expectRulesError(fn: () => unknown, code: RulesErrorCode, message: RegExp): RulesError {
  const error = rulesError(fn);
  expect(error.code).toBe(code);
  expect(error.message).toMatch(message);
  return error;
}

/** Every throw of n dice, each with the weight 6^-n. */
export function* everyThrow(n: number): Generator<number[]> {
  if (n === 0) {
    yield [];
    return;
  }
  for (const rest of everyThrow(n - 1)) for (let f = 1; f <= 6; f++) yield [...rest, f];
}
