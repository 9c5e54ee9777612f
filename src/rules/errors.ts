/**
 * The one error type of the rules engine. Bad input (a face of 7, a fractional rating, the same die
 * chosen twice…) throws a `RulesError` whose `message` a player could read, and whose `code` and
 * `data` let the UI show a localised notification (`TERRAN.Error.<code>` in `lang/en.json`).
 * Nothing in `src/rules/` coerces bad input silently, except where a rule itself says "clamp".
 */
export type RulesErrorCode =
  | "not-integer"
  | "out-of-range"
  | "bad-face"
  | "bad-selection"
  | "same-die"
  | "no-dice"
  | "bad-chain"
  | "unknown-id"
  | "choice-required"
  | "bad-choice"
  | "dead"
  | "not-enough-xp"
  | "attribute-cap"
  | "not-allowed"
  | "bad-distribution"
  | "already-rolled"
  /** A chat card changed since the click was made (two clicks at once): look again and retry. */
  | "stale"
  /** A chat card's choice is confirmed and can no longer change. */
  | "locked";

export type RulesErrorData = Readonly<Record<string, string | number | boolean>>;

export class RulesError extends Error {
  override readonly name = "RulesError";
  constructor(
    readonly code: RulesErrorCode,
    message: string,
    readonly data: RulesErrorData = {},
  ) {
    super(message);
  }
}

/**
 * A number that must be a whole number between `min` and `max` (inclusive). Whole numbers beyond
 * 2^53 are not exact (2^53 + 1 reads as 2^53), so they are refused as not whole; a bound that is not
 * a number (NaN, a string) lets nothing pass.
 */
export function assertInteger(value: number, what: string, min: number, max = Number.POSITIVE_INFINITY): number {
  if (!isBound(min) || !isBound(max)) {
    throw new RulesError("out-of-range", `${what} has no valid range (${String(min)} to ${String(max)}).`, {
      what,
      value: String(value),
    });
  }
  if (!Number.isSafeInteger(value)) {
    throw new RulesError("not-integer", `${what} must be a whole number (got ${String(value)}).`, {
      what,
      value: String(value),
    });
  }
  if (value < min || value > max) {
    const range = max === Number.POSITIVE_INFINITY ? `at least ${min}` : `between ${min} and ${max}`;
    throw new RulesError("out-of-range", `${what} must be ${range} (got ${value}).`, { what, value, min, max });
  }
  return value;
}

function isBound(bound: unknown): boolean {
  return typeof bound === "number" && !Number.isNaN(bound);
}

/** A value that must be one of `ids` (never an inherited name such as "__proto__"); `unknown-id` otherwise. */
export function assertId<T extends string>(value: unknown, ids: readonly T[], what: string): T {
  if (typeof value !== "string" || !(ids as readonly string[]).includes(value)) {
    throw new RulesError("unknown-id", `"${String(value)}" is not ${what}.`, { id: String(value) });
  }
  return value as T;
}

/** A value that must be text (a name, a label); `bad-choice` otherwise. */
export function assertText(value: unknown, what: string): string {
  if (typeof value !== "string")
    throw new RulesError("bad-choice", `${what} must be text (got ${String(value)}).`, { what });
  return value;
}
