/**
 * `npm run bench`: runs every bench and prints its figures against their targets, in plain text (bench/growth.ts
 * prints how the costs grow with the table's size; the last, bench/size.ts, builds the bundle and prints its gzip
 * size against the 142 kB budget).
 * To add a bench, write `bench/<name>.ts` exporting a `Bench` and add it to `BENCHES` below.
 * Exits with code 1 when a target is missed.
 */
import { benchCard } from "./card.ts";
import { benchDialog } from "./dialog.ts";
import { benchGrowth } from "./growth.ts";
import { benchForecast, benchOdds } from "./odds.ts";
import { benchRefusal } from "./refusal.ts";
import { benchSheet } from "./sheet.ts";
import { benchSize } from "./size.ts";
import type { Bench, BenchReport } from "./stats.ts";

const BENCHES: readonly Bench[] = [
  benchOdds,
  benchForecast,
  benchDialog,
  benchCard,
  benchRefusal,
  benchSheet,
  benchGrowth,
  benchSize,
];

function print(report: BenchReport): number {
  console.log(report.name);
  for (const note of report.notes) console.log(`  ${note}`);
  const labelWidth = Math.max(...report.checks.map((c) => c.label.length));
  const valueWidth = Math.max(...report.checks.map((c) => c.value.length));
  const targetWidth = Math.max(...report.checks.map((c) => c.target.length));
  for (const check of report.checks) {
    console.log(
      `  ${check.label.padEnd(labelWidth)}  ${check.value.padStart(valueWidth)}  target ${check.target.padEnd(targetWidth)}  ${check.pass ? "PASS" : "MISS"}`,
    );
  }
  console.log("");
  return report.checks.filter((c) => !c.pass).length;
}

let missed = 0;
for (const bench of BENCHES) missed += print(await bench());
console.log(missed === 0 ? "All bench targets met." : `${missed} bench target(s) missed.`);
if (missed > 0) process.exitCode = 1;
