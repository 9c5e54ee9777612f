/** Readable tables for the odds subcommands. */
import type { OddsPoint } from "../../../src/rules/index.ts";

/** A probability as a percentage: 2 decimals, or scientific below 0.01 %. */
export function percent(p: number): string {
  if (p === 0) return "0 %";
  if (p < 1e-4) return `${(p * 100).toExponential(2)} %`;
  const text = (p * 100).toFixed(2);
  // Never print a sure thing that is not one.
  return p < 1 && text === "100.00" ? "> 99.99 %" : `${text} %`;
}

/** Left-aligned columns under a header, two spaces apart. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: readonly string[]): string =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join("  ")
      .trimEnd();
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

/**
 * A distribution as a table (value, P(=), P(≥)), listed until 99.99 % of the mass is shown; the rest
 * is summed on one "…" line.
 */
export function distributionTable(label: string, points: readonly OddsPoint[]): string {
  const rows: string[][] = [];
  let shown = 0;
  let atLeast = points.reduce((s, x) => s + x.p, 0);
  for (const point of points) {
    if (shown >= 0.9999) {
      rows.push([`${point.total}+`, percent(atLeast), percent(atLeast)]);
      break;
    }
    rows.push([String(point.total), percent(point.p), percent(atLeast)]);
    shown += point.p;
    atLeast -= point.p;
  }
  return table([label, "P(=)", "P(≥)"], rows);
}

export function number(x: number, digits = 4): string {
  return Number.isInteger(x) ? String(x) : x.toFixed(digits);
}
