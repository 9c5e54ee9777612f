/**
 * `npm run odds -- [subcommand] [options] [--json]`: the exact odds of any roll of any ruleset, as a
 * readable table or (with --json) the object the odds functions return.
 *
 * The dispatch table is built from the files directly in scripts/odds/: each exports one object of
 * the shape `OddsCommand` (scripts/odds/lib/command.ts: name, summary, help, run). A new subcommand is
 * a new file there; nothing else changes. A bad argument prints a clear message and exits with code 2.
 */
import { readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { RulesError } from "../src/rules/index.ts";
import { isOddsCommand, UsageError, type OddsCommand } from "./odds/lib/command.ts";

const DIR = resolve(import.meta.dirname, "odds");
const DEFAULT = "risky";

/** Every subcommand found in scripts/odds/, by name. */
export async function loadCommands(dir = DIR): Promise<ReadonlyMap<string, OddsCommand>> {
  const commands = new Map<string, OddsCommand>();
  const files = readdirSync(dir, { withFileTypes: true })
    .filter((f) => f.isFile() && f.name.endsWith(".ts"))
    .map((f) => f.name)
    .sort();
  for (const file of files) {
    const module = (await import(pathToFileURL(join(dir, file)).href)) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      if (!isOddsCommand(value)) continue;
      if (commands.has(value.name)) throw new Error(`Two odds subcommands are called "${value.name}".`);
      commands.set(value.name, value);
    }
  }
  return commands;
}

export function mainHelp(commands: ReadonlyMap<string, OddsCommand>): string {
  const width = Math.max(...[...commands.keys()].map((n) => n.length));
  const list = [...commands.values()].map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`).join("\n");
  return `npm run odds -- [subcommand] [options] [--json]

Prints the exact odds (no sampling) of any roll of the Core, Degenesis, Legacy or v0.6.2 ruleset
(v0.6.2: a preview a world cannot choose yet), as a table, or with --json the object the odds functions
return. Without a subcommand: ${DEFAULT}.

Subcommands:
${list}

npm run odds -- <subcommand> --help   the options of one subcommand
Examples:
  npm run odds -- risky --ruleset core --light 3 --dark 1 --ego 4 --rank 2
  npm run odds -- risky --ruleset legacy --light 2 --dark 2 --ego 5
  npm run odds -- effect --tool greater
  npm run odds -- challenge --ruleset legacy --tier serious
  npm run odds -- xp --ego-max 4 --hp-max 6
  npm run odds -- montage --tier dangerous --light 3 --dark 1 --json
  npm run odds -- advise --ruleset core --light 2 --ego 3 --dark-max 6
  npm run odds -- panic --ego-dice 2
  npm run odds -- morale --tier serious
  npm run odds -- risky --ruleset v062 --light 3 --rank 2`;
}

export interface Outcome {
  readonly code: 0 | 1 | 2;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the command line `argv` (the arguments after `odds`) and says what to print and the exit code. */
export async function runOdds(argv: readonly string[], commands?: ReadonlyMap<string, OddsCommand>): Promise<Outcome> {
  const table = commands ?? (await loadCommands());
  const first = argv[0];
  const named = first !== undefined && !first.startsWith("--");
  if (!named && (argv.includes("--help") || argv.includes("-h")))
    return { code: 0, stdout: mainHelp(table), stderr: "" };
  const name = named ? first : DEFAULT;
  const command = table.get(name);
  if (!command)
    return {
      code: 2,
      stdout: "",
      stderr: `Unknown subcommand "${name}". Subcommands: ${[...table.keys()].join(", ")} (npm run odds -- --help).`,
    };
  const rest = named ? argv.slice(1) : argv;
  if (rest.includes("--help") || rest.includes("-h")) return { code: 0, stdout: command.help, stderr: "" };
  const json = rest.includes("--json");
  try {
    const result = command.run(rest.filter((a) => a !== "--json"));
    return { code: 0, stdout: json ? JSON.stringify(result.json, null, 2) : result.text, stderr: "" };
  } catch (error) {
    if (error instanceof UsageError || error instanceof RulesError) {
      return {
        code: 2,
        stdout: "",
        stderr: `odds ${command.name}: ${error.message}\n(npm run odds -- ${command.name} --help)`,
      };
    }
    throw error;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const outcome = await runOdds(process.argv.slice(2));
  if (outcome.stdout) process.stdout.write(`${outcome.stdout}\n`);
  if (outcome.stderr) process.stderr.write(`${outcome.stderr}\n`);
  process.exitCode = outcome.code;
}
