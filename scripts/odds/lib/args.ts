/** A small, strict argument parser for the odds subcommands: `--name value`, `--name=value`, `--flag`. */
import { getRuleset, isRulesetId, RULESET_IDS, type Ruleset } from "../../../src/rules/index.ts";
import { UsageError } from "./command.ts";

export type OptionSpec =
  | { readonly kind: "int"; readonly min: number; readonly max: number }
  | { readonly kind: "flag" }
  | { readonly kind: "choice"; readonly choices: readonly string[] };

export type Parsed = Readonly<Record<string, number | boolean | string | undefined>>;

/**
 * Parses `args` against `spec` (option name without dashes → its kind). Unknown options, missing
 * values, non-integers and out-of-range numbers are refused with a UsageError naming the option.
 */
export function parseArgs(
  command: string,
  args: readonly string[],
  spec: Readonly<Record<string, OptionSpec>>,
): Parsed {
  const out: Record<string, number | boolean | string> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? "";
    if (!arg.startsWith("--"))
      throw new UsageError(
        `Unexpected argument "${arg}" for "${command}" (options start with --; see npm run odds -- ${command} --help).`,
      );
    const eq = arg.indexOf("=");
    const name = eq >= 0 ? arg.slice(2, eq) : arg.slice(2);
    const option = Object.hasOwn(spec, name) ? spec[name] : undefined;
    if (!option)
      throw new UsageError(`Unknown option --${name} for "${command}" (see npm run odds -- ${command} --help).`);
    if (Object.hasOwn(out, name)) throw new UsageError(`--${name} is given twice.`);
    if (option.kind === "flag") {
      if (eq >= 0) throw new UsageError(`--${name} takes no value.`);
      out[name] = true;
      continue;
    }
    const raw = eq >= 0 ? arg.slice(eq + 1) : args[++i];
    if (raw === undefined || (eq < 0 && raw.startsWith("--"))) throw new UsageError(`--${name} needs a value.`);
    if (option.kind === "choice") {
      if (!option.choices.includes(raw))
        throw new UsageError(`--${name} must be one of ${option.choices.join(", ")} (got "${raw}").`);
      out[name] = raw;
      continue;
    }
    if (!/^-?\d+$/.test(raw)) throw new UsageError(`--${name} must be a whole number (got "${raw}").`);
    const value = Number(raw);
    if (value < option.min || value > option.max)
      throw new UsageError(`--${name} must be between ${option.min} and ${option.max} (got ${value}).`);
    out[name] = value;
  }
  return out;
}

/** The --ruleset option every subcommand takes. */
export const RULESET_OPTION: OptionSpec = { kind: "choice", choices: RULESET_IDS };

/** The ruleset ids as the help texts write them (`core|degenesis|legacy`), from the registry. */
export const RULESET_CHOICES = RULESET_IDS.join("|");

export function rulesetOf(parsed: Parsed, fallback: string): Ruleset {
  const id = typeof parsed.ruleset === "string" ? parsed.ruleset : fallback;
  if (!isRulesetId(id)) throw new UsageError(`--ruleset must be one of ${RULESET_IDS.join(", ")}.`);
  return getRuleset(id);
}

export function int(parsed: Parsed, name: string, fallback?: number): number {
  const v = parsed[name];
  if (typeof v === "number") return v;
  if (fallback === undefined) throw new UsageError(`--${name} is required.`);
  return fallback;
}

export function flag(parsed: Parsed, name: string): boolean {
  return parsed[name] === true;
}
