/**
 * Bad input from a sheet's form, caught before the update, pure: a number out of the schema's limits (or
 * above its maximum) is clamped, a non-number dropped, and each correction reported for a notification.
 */
import { message, type Message } from "./common.ts";

export interface NumberLimit {
  readonly min: number;
  readonly max: number;
  /** The field holding this one's maximum (submitted, else `fallbackMax`): a value never exceeds its max. */
  readonly maxField?: string;
}

export type Limits = Readonly<Record<string, NumberLimit>>;

export interface Correction {
  readonly field: string;
  readonly message: Message;
}

/** Clamps (and rounds) every limited number; drops the ones that are not numbers. */
export function normaliseSubmit(
  flat: Readonly<Record<string, unknown>>,
  limits: Limits,
  current: Readonly<Record<string, number>> = {},
): { readonly data: Record<string, unknown>; readonly corrections: Correction[] } {
  const data: Record<string, unknown> = { ...flat };
  const corrections: Correction[] = [];
  // Maxima first, so a value is checked against the maximum submitted with it.
  const fields = Object.keys(limits).sort(
    (a, b) => Number(limits[a]?.maxField !== undefined) - Number(limits[b]?.maxField !== undefined),
  );
  for (const field of fields) {
    const limit = limits[field];
    if (!limit || !(field in data)) continue;
    const raw = data[field];
    const n = typeof raw === "number" ? raw : typeof raw === "string" && raw.trim() !== "" ? Number(raw) : Number.NaN;
    if (!Number.isFinite(n)) {
      delete data[field];
      corrections.push({ field, message: message("TERRAN.Sheet.Corrected.notNumber", current[field] ?? "") });
      continue;
    }
    const maxFromField = limit.maxField === undefined ? undefined : (data[limit.maxField] ?? current[limit.maxField]);
    const max =
      typeof maxFromField === "number" && Number.isFinite(maxFromField) ? Math.min(limit.max, maxFromField) : limit.max;
    const clamped = Math.min(max, Math.max(limit.min, Math.round(n)));
    if (clamped !== n) corrections.push({ field, message: message("TERRAN.Sheet.Corrected.clamped", clamped) });
    data[field] = clamped;
  }
  return { data, corrections };
}

/** The field classes the schema is built from (Foundry's, or the tests' stand-ins). */
export interface FieldClasses {
  // Constructors of any arity: only `instanceof` is asked of them.
  readonly SchemaField: abstract new (...args: never[]) => object;
  readonly NumberField: abstract new (...args: never[]) => object;
}

interface NumberOptions {
  readonly min?: number | null;
  readonly max?: number | null;
}

/**
 * The limits of every number field of a data model's schema, read from the schema itself (one place
 * for each limit): `min`/`max` from the field's options (none: unbounded), and a track's `value`
 * never above its sibling `max`.
 */
export function schemaLimits(
  fields: Readonly<Record<string, unknown>>,
  classes: FieldClasses,
  prefix = "system",
): Limits {
  const out: Record<string, NumberLimit> = {};
  const isNumber = (f: unknown): f is { options: NumberOptions } => f instanceof classes.NumberField;
  for (const [name, field] of Object.entries(fields)) {
    const path = `${prefix}.${name}`;
    if (field instanceof classes.SchemaField) {
      const inner = (field as { fields: Readonly<Record<string, unknown>> }).fields;
      Object.assign(out, schemaLimits(inner, classes, path));
      const value = out[`${path}.value`];
      if (value && isNumber(inner.max)) out[`${path}.value`] = { ...value, maxField: `${path}.max` };
    } else if (isNumber(field)) {
      out[path] = { min: field.options.min ?? -Infinity, max: field.options.max ?? Infinity };
    }
  }
  return out;
}
