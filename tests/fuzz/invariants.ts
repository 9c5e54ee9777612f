/**
 * The invariants every call keeps: no NaN, no ±Infinity and no undefined anywhere in a
 * result; numbers whole unless the entry point computes probabilities; inputs never mutated (so a
 * refusal changes nothing). The entry points add their own (Light Dice 0–4, Ego 0–6, Effect ≥ floor…).
 */

/** A stable text of a value, NaN, −0, undefined, Sets and Maps included, to compare before and after a call. */
export function snapshot(value: unknown, seen = new Set<unknown>()): string {
  if (value === undefined) return "undefined";
  if (typeof value === "number") return Object.is(value, -0) ? "-0" : String(value);
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "function") return "fn";
  if (value === null) return "null";
  if (typeof value === "boolean") return String(value);
  if (typeof value !== "object") return typeof value;
  if (seen.has(value)) return "cycle";
  seen.add(value);
  let text: string;
  if (value instanceof Set) text = `Set(${[...value].map((v) => snapshot(v, seen)).join(",")})`;
  else if (value instanceof Map)
    text = `Map(${[...value].map(([k, v]) => `${snapshot(k, seen)}=>${snapshot(v, seen)}`).join(",")})`;
  else if (Array.isArray(value)) text = `[${value.map((v) => snapshot(v, seen)).join(",")}]`;
  else {
    const keys = Object.getOwnPropertyNames(value);
    text = `{${keys.map((k) => `${JSON.stringify(k)}:${snapshot((value as Record<string, unknown>)[k], seen)}`).join(",")}}`;
    const proto: unknown = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) text += "@proto";
  }
  seen.delete(value);
  return text;
}

export interface ResultRules {
  /** Probabilities and expectations may be fractions. */
  readonly fractional?: boolean;
}

/** What is wrong with a result, or null: NaN, ±Infinity, undefined, a fraction where whole numbers are meant. */
export function badValue(
  value: unknown,
  rules: ResultRules,
  path = "result",
  seen = new Set<unknown>(),
): string | null {
  if (value === undefined) return `${path} is undefined`;
  if (typeof value === "number") {
    if (Number.isNaN(value)) return `${path} is NaN`;
    if (!Number.isFinite(value)) return `${path} is ${value}`;
    if (!rules.fractional && !Number.isInteger(value)) return `${path} is ${value}, not a whole number`;
    return null;
  }
  if (typeof value !== "object" || value === null || seen.has(value)) return null;
  seen.add(value);
  const entries: [string, unknown][] =
    value instanceof Set || value instanceof Map
      ? [...value.entries()].map(([k, v], i) => [String(i), value instanceof Map ? [k, v] : v])
      : Object.entries(value);
  for (const [k, v] of entries) {
    if (typeof v === "function") continue;
    const bad = badValue(v, rules, `${path}.${k}`, seen);
    if (bad) return bad;
  }
  return null;
}
