/**
 * `npm run fuzz` (issue 11 §3): every public entry point of src/rules and of the chat cards, and the
 * cards' state machines driven by random click sequences, each with at least 100,000 generated inputs
 * (half of them hostile), seeded. Prints the seed, one line per entry point, a total and the time.
 *
 *   npm run fuzz                      # 100,000 inputs per entry point, seed from the clock
 *   npm run fuzz -- --runs 2000 --seed 42 --only buildPool,recordHarm
 *
 * Exits 1 when any invariant breaks (the examples are printed).
 */
import { ALL_ENTRIES } from "../tests/fuzz/entries.ts";
import { runEntry, type EntryReport } from "../tests/fuzz/harness.ts";

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const runs = Number(option("runs") ?? 100_000);
const seed = Number(option("seed") ?? Date.now() % 2 ** 31);
const only = option("only")?.split(",");
const names = Object.keys(ALL_ENTRIES).filter((n) => !only || only.includes(n));

const started = performance.now();
console.log(`fuzz: seed ${seed}, ${runs.toLocaleString("en-US")} inputs per entry point (half hostile), ${names.length} entry points`);
const reports: EntryReport[] = [];
for (const name of names) {
  const entry = ALL_ENTRIES[name];
  if (!entry) continue;
  const report = runEntry(name, entry, runs, seed);
  reports.push(report);
  console.log(`${name}: ${report.inputs.toLocaleString("en-US")} inputs, ${report.breaks} invariant breaks`);
  for (const example of report.examples) console.log(`    ${example.reason}\n      input ${example.input}`);
}
const inputs = reports.reduce((t, r) => t + r.inputs, 0);
const breaks = reports.reduce((t, r) => t + r.breaks, 0);
const broken = reports.filter((r) => r.breaks > 0).length;
const seconds = (performance.now() - started) / 1000;
console.log(
  `total: ${reports.length} entry points, ${inputs.toLocaleString("en-US")} inputs, ${breaks} invariant breaks` +
    `${broken > 0 ? ` in ${broken} entry points` : ""} (seed ${seed}, ${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s)`,
);
process.exitCode = breaks > 0 ? 1 : 0;
