/**
 * Hostile inputs for the fuzz: the values a stored flag, a query payload or a careless
 * caller can hold where the types promise something tidy. Half of every entry point's inputs are a
 * valid input with ONE leaf (a number or a string, anywhere in the arguments) replaced by one of these.
 */
import fc from "fast-check";

/** Numbers that are not what a whole-number field means. */
export const HOSTILE_NUMBERS: readonly unknown[] = [
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  -0,
  -1,
  0.5,
  2.5,
  4.000000001,
  1.797e308,
  Number.MAX_VALUE,
  2 ** 53 + 2,
  -(2 ** 53 + 2),
];

/** Ids nobody defined, and the names every plain object inherits. */
export const HOSTILE_IDS: readonly unknown[] = [
  "",
  "__proto__",
  "constructor",
  "valueOf",
  "toString",
  "hasOwnProperty",
  "foo",
];

/** Wrong types in a number's place: numbers written as strings, and values of no use at all. */
export const NOT_NUMBERS: readonly unknown[] = ["3", "1", "0", "6", "NaN", "-1", "", null, undefined, true, {}, []];

/** Wrong types in a string's place (whole numbers only, so a label passed through stays a finite number). */
export const NOT_STRINGS: readonly unknown[] = [3, 0, -1, null, undefined];

/** What replaces a number: NaN, ±Infinity, −0, fractions, huge numbers, numeric strings, wrong types. */
export const hostileNumber: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 3, arbitrary: fc.constantFrom(...NOT_NUMBERS) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer({ min: -1000, max: 1000 }) },
);

/** What replaces a string (an id): unknown ids, inherited names, numbers, nothing. */
export const hostileString: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_IDS) },
  { weight: 1, arbitrary: fc.constantFrom(...NOT_STRINGS) },
);

/** What is appended to an array: anything hostile. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(hostileNumber, hostileString);

/**
 * Objects the mutation does not enter: rulesets and advancement definitions are code, not stored data
 * (the engine takes them from its own registries, never from a flag).
 */
function isAtomic(value: object): boolean {
  return ("egoReset" in value && "effect" in value) || ("labelKey" in value && "flags" in value && "dice" in value);
}

type Path = readonly (string | number)[];

/**
 * The places a hostile value can go inside `value`: every number and string, and one
 * past the end of every list of numbers or strings (a hostile element appended). Arrays and plain objects are entered;
 * the shapes themselves are kept (the data models and the card readers guarantee them).
 */
export function leafPaths(value: unknown, path: Path = [], out: Path[] = []): Path[] {
  if (typeof value === "number" || typeof value === "string") {
    out.push(path);
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => leafPaths(v, [...path, i], out));
    // A hostile element joins a list of numbers or ids (dice faces, flags), not a list of records.
    if (value.length > 0 && value.every((v) => typeof v === "number" || typeof v === "string"))
      out.push([...path, value.length]);
  } else if (
    value !== null &&
    typeof value === "object" &&
    !(value instanceof Set) &&
    !(value instanceof Map) &&
    !isAtomic(value)
  ) {
    for (const [k, v] of Object.entries(value)) leafPaths(v, [...path, k], out);
  }
  return out;
}

/** A copy of `value` with the leaf at `path` replaced (arrays and plain objects copied on the way). */
export function replaceAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy: unknown[] = [...(value as unknown[])];
    copy[head as number] = replaceAt(copy[head as number], rest, replacement);
    return copy;
  }
  const record = value as Record<string, unknown>;
  const copy: Record<string, unknown> = { ...record };
  Object.defineProperty(copy, head as string, {
    value: replaceAt(record[head as string], rest, replacement),
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return copy;
}

/**
 * The hostile twin of a valid arguments arbitrary: the same arguments with one leaf (chosen by the
 * seed) replaced by a hostile value; an argument list with no leaf at all gets a hostile extra argument.
 */
export function hostile<T extends readonly unknown[]>(valid: fc.Arbitrary<T>): fc.Arbitrary<unknown[]> {
  return fc
    .tuple(valid, fc.nat(), hostileNumber, hostileString, hostileValue)
    .map(([args, pick, badNumber, badString, bad]) => {
      const paths = leafPaths([...args]).filter((p) => p.length > 0);
      const path = paths[pick % Math.max(1, paths.length)];
      if (path === undefined) return [...args, bad];
      const old = path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], args);
      const replacement = typeof old === "number" ? badNumber : typeof old === "string" ? badString : bad;
      return replaceAt(args, path, replacement) as unknown[];
    });
}
