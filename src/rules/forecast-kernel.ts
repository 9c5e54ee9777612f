/**
 * How the Challenge forecast (forecast.ts) convolves with one action's damage law: as a short head
 * and the recurrence its builder states (R-RA-3), so a step costs the head, not the Disposition.
 * The recurrence is checked on every value the forecast reads; a law without one is read whole.
 */
import type { Recurrence } from "./forecast-action.ts";

/** y = x ∗ law, written y[s] = Σ head[i]·x[s − i] + Σ c·y[s − lag] (the law's generating function A/B). */
export interface Kernel {
  readonly head: Float64Array;
  readonly lags: Int32Array;
  readonly cs: Float64Array;
}

/** A value of A = law·B this close to 0 (relative to the terms it is made of) is rounding, not law. */
const ROUNDING = 1e-12;

/** The law `mass` (values 0 … length − 1) read whole, or its first `length` values only. */
export function wholeKernel(mass: Float64Array, length = mass.length): Kernel {
  return { head: mass.slice(0, length), lags: new Int32Array(0), cs: new Float64Array(0) };
}

/**
 * The law as A/B when `recurrence` holds on its values past a head shorter than `within`; null when it
 * does not (or none is known).
 */
export function recurrentKernel(mass: Float64Array, recurrence: Recurrence | undefined, within: number): Kernel | null {
  if (!recurrence || recurrence.length === 0) return null;
  const a = new Float64Array(mass.length);
  let head = 0;
  for (let k = 0; k < mass.length; k++) {
    let x = mass[k] ?? 0;
    let scale = Math.abs(x);
    for (const [lag, c] of recurrence) {
      const before = k >= lag ? (mass[k - lag] ?? 0) : 0;
      x -= c * before;
      scale += Math.abs(c * before);
    }
    a[k] = x;
    if (Math.abs(x) > ROUNDING * scale) head = k + 1;
  }
  if (head >= within) return null;
  return {
    head: a.slice(0, head),
    lags: Int32Array.from(recurrence, ([lag]) => lag),
    cs: Float64Array.from(recurrence, ([, c]) => c),
  };
}

/** y[s] = (x ∗ law)[s], from the x and y below s (x[s] itself only through head[0]). */
export function convolveAt(kernel: Kernel, x: Float64Array, y: Float64Array, s: number): number {
  const { head, lags, cs } = kernel;
  let acc = 0;
  const top = Math.min(head.length - 1, s);
  for (let i = 0; i <= top; i++) acc += (head[i] ?? 0) * (x[s - i] ?? 0);
  for (let j = 0; j < lags.length; j++) {
    const lag = lags[j] ?? 0;
    if (s >= lag) acc += (cs[j] ?? 0) * (y[s - lag] ?? 0);
  }
  return acc;
}

/** Where a law kept below a limit is not negligible: [from, to). */
export interface Span {
  readonly from: number;
  readonly to: number;
}

/** The sum of the recurrence's coefficients, or Infinity when one is negative (no bound on what follows). */
function feedback(kernel: Kernel): number {
  let sum = 0;
  for (const c of kernel.cs) sum = c < 0 ? Number.POSITIVE_INFINITY : sum + c;
  return sum;
}

/** The sum of y's `count` values up to s. */
function lastOf(y: Float64Array, s: number, count: number): number {
  let sum = 0;
  for (let i = Math.max(0, s - count + 1); i <= s; i++) sum += y[i] ?? 0;
  return sum;
}

/**
 * y = x ∗ law below y.length, x being 0 outside `span`; returns y's span. Each end drops less than
 * `drop`: the recurrence is followed until what it can still add is below it, then each end's run of
 * values summing to less than it is cut.
 */
export function convolveSpan(kernel: Kernel, x: Float64Array, span: Span, y: Float64Array, drop: number): Span {
  const { head, lags, cs } = kernel;
  const lagMax = lags.reduce((t, l) => Math.max(t, l), 0);
  const rho = feedback(kernel);
  y.fill(0);
  let to = y.length;
  for (let s = span.from; s < y.length; s++) {
    let acc = 0;
    const top = Math.min(head.length - 1, s - span.from);
    for (let i = Math.max(0, s - span.to + 1); i <= top; i++) acc += (head[i] ?? 0) * (x[s - i] ?? 0);
    for (let j = 0; j < lags.length; j++) acc += (cs[j] ?? 0) * (y[s - (lags[j] ?? 0)] ?? 0);
    y[s] = acc;
    // Past x and the head only the recurrence feeds y: all it adds from here is ≤ ρ·(the last lagMax) / (1 − ρ).
    if (s >= span.to + head.length - 1 && (lagMax === 0 || (rho * lastOf(y, s, lagMax)) / (1 - rho) < drop)) {
      to = s + 1;
      break;
    }
  }
  let from = span.from;
  for (let below = 0; from < to && below + (y[from] ?? 0) < drop; from++) {
    below += y[from] ?? 0;
    y[from] = 0;
  }
  for (let above = 0; to > from && above + (y[to - 1] ?? 0) < drop; to--) {
    above += y[to - 1] ?? 0;
    y[to - 1] = 0;
  }
  return { from, to };
}
