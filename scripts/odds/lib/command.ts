/**
 * The shape of an `npm run odds` subcommand. Each file directly in scripts/odds/ exports one object
 * of this shape (any export name); scripts/odds.ts finds them and dispatches on `name`.
 */
export interface OddsCommand {
  /** The subcommand's word: `npm run odds -- <name> …`. */
  readonly name: string;
  /** One line for the command list. */
  readonly summary: string;
  /** The subcommand's own `--help` text. */
  readonly help: string;
  /** Runs on the arguments after the name (without `--json` and `--help`); `json` is what `--json` prints. */
  run(args: readonly string[]): { text: string; json: unknown };
}

/** A bad argument: the command prints the message and exits with code 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

/** Is `value` an OddsCommand (a subcommand file's export)? */
export function isOddsCommand(value: unknown): value is OddsCommand {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.name === "string" &&
    typeof v.summary === "string" &&
    typeof v.help === "string" &&
    typeof v.run === "function"
  );
}
