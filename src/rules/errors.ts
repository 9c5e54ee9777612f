/**
 * The rules' one error type: bad input throws a `RulesError` a player could read, whose `code` and `data` the
 * UI localises (`TERRAN.Error.<code>`). Nothing in src/rules/ coerces bad input unless a rule says "clamp".
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
  /** The card changed since the click (two clicks at once). */
  | "stale"
  /** The choice is confirmed. */
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
 * Inclusive. Beyond 2^53 is refused as not whole (2^53 + 1 reads as 2^53); a bound that is not a number lets
 * nothing pass.
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

/** Never an inherited name such as "__proto__". */
export function assertId<T extends string>(value: unknown, ids: readonly T[], what: string): T {
  if (typeof value !== "string" || !(ids as readonly string[]).includes(value)) {
    throw new RulesError("unknown-id", `"${String(value)}" is not ${what}.`, { id: String(value) });
  }
  return value as T;
}

export function assertText(value: unknown, what: string): string {
  if (typeof value !== "string")
    throw new RulesError("bad-choice", `${what} must be text (got ${String(value)}).`, { what });
  return value;
}
