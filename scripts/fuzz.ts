/**
 * `npm run fuzz`: every public entry point of src/rules and of the chat cards, the cards' state machines
 * driven by random click sequences, and the GM's side (each query and the GM's card clicks, on the
 * stand-ins: tests/fuzz/gm-side.ts), each with at least 100,000 generated inputs (half of them hostile),
 * seeded. Prints the seed, one line per entry point, a total and the time.
 *
 *   npm run fuzz                                   # 100,000 inputs per entry point, seed from the clock
 *   npm run fuzz -- --runs 2000 --seed 42 --only buildPool,recordHarm --jobs 1
 *
 * The entry points are shared out between `--jobs` processes (default: the machine's cores); the
 * figures do not depend on it (each entry point runs from the same seed). Exits 1 on any break.
 */
import { spawn } from "node:child_process";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { ALL_ENTRIES } from "../tests/fuzz/entries.ts";
import { GM_ENTRY_NAMES, type GmEntryName } from "../tests/fuzz/gm-names.ts";
import { runEntry, type EntryReport } from "../tests/fuzz/harness.ts";

// The GM side's module loads the Foundry stand-ins, so only a worker that runs one of its entries loads it.
const isGmEntryName = (name: string): name is GmEntryName => (GM_ENTRY_NAMES as readonly string[]).includes(name);

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const runs = Number(option("runs") ?? 100_000);
const seed = Number(option("seed") ?? Date.now() % 2 ** 31);
const only = option("only")?.split(",");
const names = [...Object.keys(ALL_ENTRIES), ...GM_ENTRY_NAMES].filter((n) => !only || only.includes(n));

async function report(name: string): Promise<EntryReport | null> {
  const entry = ALL_ENTRIES[name];
  if (entry) return runEntry(name, entry, runs, seed);
  if (!isGmEntryName(name)) return null;
  await import("../tests/stubs/foundry-client.ts");
  const gm = await import("../tests/fuzz/gm-side.ts");
  return gm.runGmEntry(name, gm.GM_ENTRIES[name], runs, seed);
}

/** A worker: runs its share of the entry points and writes one JSON report per line. */
async function work(share: readonly string[]): Promise<void> {
  for (const name of share) {
    const done = await report(name);
    if (done) process.stdout.write(`${JSON.stringify(done)}\n`);
  }
}

function runWorker(share: readonly string[], onReport: (r: EntryReport) => void): Promise<void> {
  const args = [
    ...process.execArgv,
    fileURLToPath(import.meta.url),
    "--worker",
    share.join(","),
    "--runs",
    String(runs),
    "--seed",
    String(seed),
  ];
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] });
  let buffer = "";
  child.stdout.on("data", (chunk: Buffer) => {
    buffer += chunk.toString();
    let nl = buffer.indexOf("\n");
    while (nl >= 0) {
      onReport(JSON.parse(buffer.slice(0, nl)) as EntryReport);
      buffer = buffer.slice(nl + 1);
      nl = buffer.indexOf("\n");
    }
  });
  return new Promise((resolve, reject) => {
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`a fuzz worker exited with ${String(code)}`)),
    );
  });
}

function print(report: EntryReport & { acted?: number }): void {
  const acted = report.acted === undefined ? "" : ` (${report.acted.toLocaleString("en-US")} went through)`;
  console.log(
    `${report.name}: ${report.inputs.toLocaleString("en-US")} inputs, ${report.breaks} invariant breaks${acted}`,
  );
  for (const example of report.examples) console.log(`    ${example.reason}\n      input ${example.input}`);
}

async function main(): Promise<void> {
  const jobs = Math.max(1, Math.min(Number(option("jobs") ?? availableParallelism()), names.length));
  const started = performance.now();
  console.log(
    `fuzz: seed ${seed}, ${runs.toLocaleString("en-US")} inputs per entry point (half hostile), ${names.length} entry points, ${jobs} jobs`,
  );
  const reports = new Map<string, EntryReport>();
  let printed = 0;
  // Reports arrive out of order; they are printed in the table's order as soon as they can be.
  const collect = (report: EntryReport): void => {
    reports.set(report.name, report);
    for (let next = reports.get(names[printed] ?? ""); next; next = reports.get(names[printed] ?? "")) {
      print(next);
      printed++;
    }
  };
  // Round-robin shares keep the slow entry points (the card sequences) apart.
  const shares = Array.from({ length: jobs }, (_, j) => names.filter((_, i) => i % jobs === j));
  await Promise.all(shares.map((share) => runWorker(share, collect)));
  const all = names.map((n) => reports.get(n)).filter((r): r is EntryReport => r !== undefined);
  const inputs = all.reduce((t, r) => t + r.inputs, 0);
  const breaks = all.reduce((t, r) => t + r.breaks, 0);
  const broken = all.filter((r) => r.breaks > 0).length;
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `total: ${all.length} entry points, ${inputs.toLocaleString("en-US")} inputs, ${breaks} invariant breaks` +
      `${broken > 0 ? ` in ${broken} entry points` : ""} (seed ${seed}, ${jobs} jobs, ${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s)`,
  );
  process.exitCode = breaks > 0 || all.length !== names.length ? 1 : 0;
}

const worker = option("worker");
if (worker !== undefined) await work(worker.split(","));
else await main();
