/**
 * R-LUCK-2 "Are the dice fair?": a chi-square test (5 degrees of freedom) of one user's face counts against
 * fair d6. Why `FAIR_MIN_DICE` and `FAIR_ALPHA`: docs/RULES.md (R-LUCK-2).
 */
import { assertInteger, RulesError } from "./errors.ts";

/** R-LUCK-2 30 dice expect 5 of each face (Cochran's rule). */
export const FAIR_MIN_DICE = 30;

/** R-LUCK-2 1%, not 5%: every user is tested, again after every roll. */
export const FAIR_ALPHA = 0.01;

export const FAIR_DEGREES = 5;

export type FairnessVerdict = "too-few" | "fair" | "unusual";

export interface FairnessTest {
  readonly dice: number;
  /** Σ (observed − expected)² ÷ expected. */
  readonly statistic: number;
  readonly degrees: number;
  /** P(χ²₅ ≥ statistic); null below `FAIR_MIN_DICE`. */
  readonly p: number | null;
  readonly verdict: FairnessVerdict;
}

// Lanczos' ln Γ (g = 7, nine coefficients): about 15 significant digits for a > 0.
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

function logGamma(a: number): number {
  if (a < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * a)) - logGamma(1 - a);
  const z = a - 1;
  let sum = LANCZOS[0] ?? 1;
  for (let i = 1; i < LANCZOS.length; i++) sum += (LANCZOS[i] ?? 0) / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

const EPS = 1e-16;
const MAX_STEPS = 500;

/** Converges fast for x < a + 1. */
function lowerSeries(a: number, x: number): number {
  let term = 1 / a;
  let sum = term;
  for (let n = 1; n < MAX_STEPS && Math.abs(term) > Math.abs(sum) * EPS; n++) {
    term *= x / (a + n);
    sum += term;
  }
  return sum * Math.exp(-x + a * Math.log(x) - logGamma(a));
}

/** Modified Lentz, for x ≥ a + 1 (keeps tiny tails exact). */
function upperFraction(a: number, x: number): number {
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < MAX_STEPS; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPS) break;
  }
  return Math.exp(-x + a * Math.log(x) - logGamma(a)) * h;
}

/** R-LUCK-2 P(χ²ₖ ≥ x) = Q(k/2, x/2), the regularized upper incomplete gamma. */
export function chiSquareSurvival(x: number, degrees: number): number {
  const k = assertInteger(degrees, "The degrees of freedom", 1, 1000);
  if (typeof x !== "number" || Number.isNaN(x) || x < 0)
    throw new RulesError("out-of-range", `A chi-square statistic must be a number ≥ 0 (got ${String(x)}).`, {
      value: String(x),
    });
  if (x === 0) return 1;
  if (x === Number.POSITIVE_INFINITY) return 0;
  const a = k / 2;
  const half = x / 2;
  const q = half < a + 1 ? 1 - lowerSeries(a, half) : upperFraction(a, half);
  return Math.min(1, Math.max(0, q));
}

/** Whole numbers ≥ 0 with a safe total. */
function assertFaceCounts(faces: readonly number[]): readonly number[] {
  if (!Array.isArray(faces) || faces.length !== 6)
    throw new RulesError("bad-distribution", "A user's faces are six counts, one per face 1–6.", {});
  const counts = (faces as readonly unknown[]).map((n, i) =>
    assertInteger(n as number, `The count of ${i + 1}s`, 0, Number.MAX_SAFE_INTEGER),
  );
  assertInteger(
    counts.reduce((s, n) => s + n, 0),
    "The number of dice",
    0,
    Number.MAX_SAFE_INTEGER,
  );
  return counts;
}

/** R-LUCK-2 */
export function diceFairness(faces: readonly number[]): FairnessTest {
  const counts = assertFaceCounts(faces);
  const dice = counts.reduce((s, n) => s + n, 0);
  const expected = dice / 6;
  const statistic = dice === 0 ? 0 : counts.reduce((s, n) => s + (n - expected) ** 2 / expected, 0);
  if (dice < FAIR_MIN_DICE) return { dice, statistic, degrees: FAIR_DEGREES, p: null, verdict: "too-few" };
  const p = chiSquareSurvival(statistic, FAIR_DEGREES);
  return { dice, statistic, degrees: FAIR_DEGREES, p, verdict: p < FAIR_ALPHA ? "unusual" : "fair" };
}
