/**
 * R-LUCK-2 "Are the dice fair?": a chi-square goodness-of-fit test of one user's faces (how many of their
 * public dice showed 1, 2 … 6) against fair six-sided dice, 5 degrees of freedom, and its p-value (the
 * chance that fair dice land at least this far from even). Below `FAIR_MIN_DICE` dice it says nothing;
 * a p-value under `FAIR_ALPHA` reads as "unusual", anything else as "consistent with fair dice".
 * The reasons for both numbers are in docs/RULES.md (R-LUCK-2). Pure: the counts are its input.
 */
import { assertInteger, RulesError } from "./errors.ts";

/** R-LUCK-2 the least number of dice the test reads: 30 dice expect 5 of each face (Cochran's rule). */
export const FAIR_MIN_DICE = 30;

/** R-LUCK-2 below this p-value the dice read as unusual (1%, not 5%: every user is tested, again after every roll). */
export const FAIR_ALPHA = 0.01;

/** Faces 1–6 less one: the test's degrees of freedom. */
export const FAIR_DEGREES = 5;

export type FairnessVerdict = "too-few" | "fair" | "unusual";

export interface FairnessTest {
  /** How many dice were counted. */
  readonly dice: number;
  /** Σ (observed − expected)² ÷ expected over the six faces (0 for perfectly even counts). */
  readonly statistic: number;
  readonly degrees: number;
  /** P(χ²₅ ≥ statistic), or null below `FAIR_MIN_DICE` dice. */
  readonly p: number | null;
  readonly verdict: FairnessVerdict;
}

// Lanczos' approximation of ln Γ (g = 7, nine coefficients): about 15 significant digits for a > 0.
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** ln Γ(a) for a > 0. */
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

/** P(a, x) by its series (converges fast for x < a + 1). */
function lowerSeries(a: number, x: number): number {
  let term = 1 / a;
  let sum = term;
  for (let n = 1; n < MAX_STEPS && Math.abs(term) > Math.abs(sum) * EPS; n++) {
    term *= x / (a + n);
    sum += term;
  }
  return sum * Math.exp(-x + a * Math.log(x) - logGamma(a));
}

/** Q(a, x) by its continued fraction, modified Lentz (for x ≥ a + 1; keeps tiny tails exact). */
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

/**
 * R-LUCK-2 the chi-square distribution's upper tail P(χ²ₖ ≥ x) = Q(k/2, x/2), the regularized upper
 * incomplete gamma function (series below a + 1, continued fraction above). `degrees` is a whole number ≥ 1.
 */
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

/** The six counts, checked: whole numbers ≥ 0 whose total is a safe whole number. */
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

/** R-LUCK-2 the chi-square test of one user's faces against fair dice, and what it says in plain words. */
export function diceFairness(faces: readonly number[]): FairnessTest {
  const counts = assertFaceCounts(faces);
  const dice = counts.reduce((s, n) => s + n, 0);
  const expected = dice / 6;
  const statistic = dice === 0 ? 0 : counts.reduce((s, n) => s + (n - expected) ** 2 / expected, 0);
  if (dice < FAIR_MIN_DICE) return { dice, statistic, degrees: FAIR_DEGREES, p: null, verdict: "too-few" };
  const p = chiSquareSurvival(statistic, FAIR_DEGREES);
  return { dice, statistic, degrees: FAIR_DEGREES, p, verdict: p < FAIR_ALPHA ? "unusual" : "fair" };
}
