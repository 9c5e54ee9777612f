/**
 * Shared pieces of the schema migrations: narrowing `unknown` stored values, parsing the prototype's
 * numbers, copying without sharing, and the report. Plain functions on plain objects: no Foundry.
 */

/** What a migration returns: the new `system` object and readable notes on what it could not convert. */
export interface MigrationResult {
  readonly source: Record<string, unknown>;
  readonly notes: string[];
}

/** The key of the `system` object where values that could not be converted are kept (see index.ts). */
export const UNMIGRATED_KEY = "unmigrated";

/** A plain JSON-like object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A deep copy of JSON-like data (objects and arrays copied, everything else as is). */
export function cloneValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(cloneValue);
  if (isRecord(value)) return cloneRecord(value);
  return value;
}

export function cloneRecord(record: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) setOwn(copy, key, cloneValue(value));
  return copy;
}

/** An own property's value (never one inherited, even for a stored key such as "__proto__"). */
export function getOwn(record: Readonly<Record<string, unknown>>, key: string): unknown {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** Sets an own, plain data property (a stored key such as "__proto__" stays a key). */
export function setOwn(record: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(record, key, { value, writable: true, enumerable: true, configurable: true });
}

/** Structural equality of JSON-like data. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  if (isRecord(a) && isRecord(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && deepEqual(a[k], b[k]));
  }
  return false;
}

/** A stored value as a report shows it: `"three"`, `7`, `{"value":"x"}` (shortened when long). */
export function show(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? typeof value;
  } catch {
    text = typeof value;
  }
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** A conversion of one stored value: the new value, or why there is none. */
export type Conversion<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly reason: string };

const ok = <T>(value: T): Conversion<T> => ({ ok: true, value });
const fail = (reason: string): Conversion<never> => ({ ok: false, reason });

/**
 * A whole number stored as a number or as text (`3`, `"3"`, `" +3 "`, `"-1"`). Fractions, `NaN`,
 * empty text, words and anything else are refused.
 */
export function parseWhole(value: unknown): Conversion<number> {
  if (typeof value === "number") return Number.isInteger(value) ? ok(value) : fail("is not a whole number");
  if (typeof value === "string") {
    const text = value.trim();
    return /^[+-]?\d+$/.test(text) ? ok(Number(text)) : fail("is not a whole number");
  }
  return fail("is not a number");
}

/**
 * A Core Effect modifier as the prototype stored it: a whole number, or text such as `"+2"`, `"-1"`,
 * `"−1"` (Unicode minus), `"±0"`, optionally followed by `e` as the rules write it (`"+1e"`).
 */
export function parseModifier(value: unknown): Conversion<number> {
  if (typeof value !== "string") return parseWhole(value);
  const match = /^([+\-\u2212\u00b1]?)\s*(\d+)\s*e?$/i.exec(value.trim());
  const digits = match?.[2];
  if (match === null || digits === undefined) return fail("is not an Effect modifier such as +2 or -1");
  const size = Number(digits);
  if (match[1] === "\u00b1" && size !== 0) return fail("is ambiguous (± with a number other than 0)");
  return ok(match[1] === "-" || match[1] === "\u2212" ? -size : size);
}

/** A note when a converted whole number lies outside `min`…`max` (it is kept: the schema decides). */
export function noteRange(
  notes: string[],
  path: string,
  value: number,
  min: number,
  max = Number.POSITIVE_INFINITY,
): void {
  if (value >= min && value <= max) return;
  const where = max === Number.POSITIVE_INFINITY ? `below ${min}` : `outside ${min}–${max}`;
  notes.push(`${path}: ${value} is ${where}; converted as is, not clamped (the data model validates it).`);
}

/**
 * Keeps a value that could not be converted under `unmigrated.<path>` of `out` (a fresh copy the
 * migration owns). Never overwrites: an occupied slot holding another value gets `_2`, `_3`…
 * Returns the dotted path where the value now lives, or null when `unmigrated` (or a folder on the
 * way) is there but is not an object, so nothing can be kept there.
 */
export function keepAside(out: Record<string, unknown>, path: readonly string[], value: unknown): string | null {
  const last = path.at(-1);
  if (last === undefined) return null;
  let folder = out;
  for (const key of [UNMIGRATED_KEY, ...path.slice(0, -1)]) {
    const next = getOwn(folder, key);
    if (next === undefined) {
      const created: Record<string, unknown> = {};
      setOwn(folder, key, created);
      folder = created;
    } else if (isRecord(next)) {
      folder = next;
    } else {
      return null;
    }
  }
  let slot = last;
  for (let i = 2; getOwn(folder, slot) !== undefined && !deepEqual(getOwn(folder, slot), value); i++)
    slot = `${last}_${i}`;
  setOwn(folder, slot, cloneValue(value));
  return [UNMIGRATED_KEY, ...path.slice(0, -1), slot].join(".");
}

/** Can `keepAside` put something under `unmigrated.<folder>`? (Checked before a change that needs it.) */
export function canKeepAside(out: Readonly<Record<string, unknown>>, folderPath: readonly string[]): boolean {
  let folder: unknown = out;
  for (const key of [UNMIGRATED_KEY, ...folderPath]) {
    if (!isRecord(folder)) return false;
    folder = getOwn(folder, key);
    if (folder === undefined) return true;
  }
  return isRecord(folder);
}

/** The tail of a note for a value that could not be converted and was kept aside (or left in place). */
export function keptWhere(kept: string | null, path: string): string {
  return kept === null
    ? `left in place at ${path} because ${UNMIGRATED_KEY} is not an object`
    : `kept under ${kept}, and ${path} falls back to its default`;
}

/**
 * Renames `oldKey` to `newKey` in `out`, converting the value. When the conversion fails the old key
 * stays as it was (the new one is left for the schema's default) and the report says why. When both
 * keys are present the new one wins and the old one is left untouched, with a note.
 */
export function renameField<T>(
  out: Record<string, unknown>,
  notes: string[],
  oldKey: string,
  newKey: string,
  convert: (value: unknown) => Conversion<T>,
  context = "",
): T | undefined {
  const old = out[oldKey];
  if (old === undefined) return undefined;
  const oldPath = context + oldKey;
  const newPath = context + newKey;
  if (out[newKey] !== undefined) {
    notes.push(`${oldPath} and ${newPath} are both present; kept ${newPath} and left ${oldPath} as it was.`);
    return undefined;
  }
  const converted = convert(old);
  if (!converted.ok) {
    notes.push(
      `${oldPath}: ${show(old)} ${converted.reason}; kept under ${oldPath}, and ${newPath} falls back to its default.`,
    );
    return undefined;
  }
  delete out[oldKey];
  out[newKey] = converted.value;
  return converted.value;
}
