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

/** A number that must be a whole number between `min` and `max` (inclusive). */
export function assertInteger(value: number, what: string, min: number, max = Number.POSITIVE_INFINITY): number {
  if (!Number.isInteger(value)) {
    throw new RulesError("not-integer", `${what} must be a whole number (got ${String(value)}).`, { what, value: String(value) });
  }
  if (value < min || value > max) {
    const range = max === Number.POSITIVE_INFINITY ? `at least ${min}` : `between ${min} and ${max}`;
    throw new RulesError("out-of-range", `${what} must be ${range} (got ${value}).`, { what, value, min, max });
  }
  return value;
}
