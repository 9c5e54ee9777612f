/**
 * Small statistics and reporting helpers shared by the benches (bench/run.ts runs them).
 */

/** The q-quantile (0 ≤ q ≤ 1) of the samples by the nearest-rank method; NaN for no samples. */
export function percentile(samples: readonly number[], q: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}

/** The median (mean of the two middle samples for an even count); NaN for no samples. */
export function median(samples: readonly number[]): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const upper = sorted[mid] ?? Number.NaN;
  return sorted.length % 2 === 1 ? upper : ((sorted[mid - 1] ?? Number.NaN) + upper) / 2;
}

export function p99(samples: readonly number[]): number {
  return percentile(samples, 0.99);
}

/** One measured figure against its target. */
export interface BenchCheck {
  readonly label: string;
  /** The figure, already formatted with its unit ("0.0061 ms", "4150×"). */
  readonly value: string;
  /** The target as text ("≤ 0.5 ms"). */
  readonly target: string;
  readonly pass: boolean;
}

/** What one bench file reports: free-text notes, then its checks. */
export interface BenchReport {
  readonly name: string;
  readonly notes: readonly string[];
  readonly checks: readonly BenchCheck[];
}

/** A bench: one function per bench file, registered in bench/run.ts. */
export type Bench = () => BenchReport | Promise<BenchReport>;

/** Format milliseconds with enough digits for sub-microsecond figures. */
export function ms(value: number): string {
  return `${value < 0.1 ? value.toFixed(4) : value.toFixed(2)} ms`;
}
