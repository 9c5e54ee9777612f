/**
 * Runs one entry point of the fuzz: `numRuns` generated inputs, half valid and half hostile, each
 * call timed and checked. A break is any exception other than the engine's `RulesError`, a call over
 * 1 s, an input mutated by the call, NaN/±Infinity/undefined in a result, a fraction where the rules
 * mean whole numbers, or the entry point's own invariant failing.
 */
import fc from "fast-check";
import { RulesError } from "../../src/rules/index.ts";
import { hostile } from "./hostile.ts";
import { badValue, snapshot } from "./invariants.ts";

export const CALL_LIMIT_MS = 1000;

export interface EntryPoint {
  /** Valid arguments; the hostile half is derived from them (hostile.ts). */
  readonly args: fc.Arbitrary<readonly unknown[]>;
  /** Extra hostile arguments of the entry point's own, mixed into the hostile half. */
  readonly hostileArgs?: fc.Arbitrary<readonly unknown[]>;
  readonly call: (args: readonly unknown[]) => unknown;
  /** The entry point's own invariant on a result: a message when it fails, else null. */
  readonly check?: (result: unknown, args: readonly unknown[]) => string | null;
  /** Results hold probabilities or expectations (fractions allowed). */
  readonly fractional?: boolean;
  /**
   * A whole scenario rather than one call (the card state machines): `call` runs it and returns the
   * list of breaks it saw itself; the harness still times it and catches what escapes.
   */
  readonly scenario?: boolean;
}

export interface Break {
  readonly input: string;
  readonly reason: string;
}

export interface EntryReport {
  readonly name: string;
  readonly inputs: number;
  readonly breaks: number;
  readonly examples: readonly Break[];
}

function describe(args: readonly unknown[]): string {
  const text = snapshot(args);
  return text.length > 600 ? `${text.slice(0, 600)}…` : text;
}

/** What a call did wrong, or null. */
export function judge(entry: EntryPoint, args: readonly unknown[]): string | null {
  const before = snapshot(args);
  const started = performance.now();
  let result: unknown;
  try {
    result = entry.call(args);
  } catch (error) {
    if (snapshot(args) !== before) return "a refused call changed its input";
    if (error instanceof RulesError) return null;
    return `threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`;
  }
  const elapsed = performance.now() - started;
  if (elapsed > CALL_LIMIT_MS) return `took ${Math.round(elapsed)} ms`;
  if (snapshot(args) !== before) return "the call changed its input";
  if (entry.scenario) {
    const reasons = result as readonly string[];
    return reasons.length > 0 ? reasons.join("; ") : null;
  }
  const bad = badValue(result, { fractional: entry.fractional ?? false });
  if (bad) return bad;
  return entry.check ? entry.check(result, args) : null;
}

/** Runs `numRuns` inputs (the first half valid, the second hostile) from `seed`. */
export function runEntry(name: string, entry: EntryPoint, numRuns: number, seed: number): EntryReport {
  const breaks: Break[] = [];
  let count = 0;
  let inputs = 0;
  const bad = entry.hostileArgs ? fc.oneof(hostile(entry.args), entry.hostileArgs) : hostile(entry.args);
  const halves: [fc.Arbitrary<readonly unknown[]>, number][] = [
    [entry.args, Math.ceil(numRuns / 2)],
    [bad, Math.floor(numRuns / 2)],
  ];
  halves.forEach(([arb, runs], half) => {
    if (runs === 0) return;
    fc.check(
      fc.property(arb, (args) => {
        inputs++;
        const reason = judge(entry, args);
        if (reason) {
          count++;
          if (breaks.length < 5) breaks.push({ input: describe(args), reason });
        }
        return true;
      }),
      { seed: seed + half, numRuns: runs, endOnFailure: true },
    );
  });
  return { name, inputs, breaks: count, examples: breaks };
}

/** An entry point calling `fn` with valid arguments from `args` (typed), plus options. */
export function entry<Args extends readonly unknown[], R>(
  fn: (...args: Args) => R,
  args: fc.Arbitrary<Args>,
  options: {
    check?: (result: R, args: Args) => string | null;
    fractional?: boolean;
    hostileArgs?: fc.Arbitrary<readonly unknown[]>;
  } = {},
): EntryPoint {
  const { check } = options;
  return {
    args,
    call: (a) => fn(...(a as Args)),
    ...(check ? { check: (r: unknown, a: readonly unknown[]) => check(r as R, a as Args) } : {}),
    ...(options.fractional ? { fractional: true } : {}),
    ...(options.hostileArgs ? { hostileArgs: options.hostileArgs } : {}),
  };
}
