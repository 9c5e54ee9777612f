/**
 * Bad input from a sheet's form, caught before the update: every number field has limits (the
 * schema's, and a value never above its maximum); a value out of range is clamped, a value that is
 * not a number is dropped (the stored one stays), and each correction is reported so the sheet can
 * say so in a notification. Pure: works on the form's flat `{"system.grit.value": 7}` record.
 */
import { ATTRIBUTE_MAX, ATTRIBUTES, EGO_MAX } from "../../rules/index.ts";
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
  const fields = Object.keys(limits).sort((a, b) => Number(limits[a]?.maxField !== undefined) - Number(limits[b]?.maxField !== undefined));
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
    const max = typeof maxFromField === "number" && Number.isFinite(maxFromField) ? Math.min(limit.max, maxFromField) : limit.max;
    const clamped = Math.min(max, Math.max(limit.min, Math.round(n)));
    if (clamped !== n) corrections.push({ field, message: message("TERRAN.Sheet.Corrected.clamped", clamped) });
    data[field] = clamped;
  }
  return { data, corrections };
}

/** R-CHAR-1, R-GRIT-1, R-EGO-1, R-XP-1 the character's number fields. */
export const CHARACTER_LIMITS: Limits = {
  ...Object.fromEntries(ATTRIBUTES.map((a) => [`system.attributes.${a}`, { min: 0, max: ATTRIBUTE_MAX }])),
  "system.grit.max": { min: 0, max: 99 },
  "system.grit.value": { min: 0, max: 99, maxField: "system.grit.max" },
  "system.grit.dice": { min: 0, max: 10 },
  "system.ego.max": { min: 0, max: EGO_MAX },
  "system.ego.value": { min: 0, max: EGO_MAX, maxField: "system.ego.max" },
  "system.ego.dice": { min: 0, max: 10 },
  "system.xp": { min: 0, max: 9999 },
};

/** R-CH-1 the Challenge's own number fields (its facets are edited by the sheet, see editFacet). */
export const CHALLENGE_LIMITS: Limits = {
  "system.disposition.max": { min: 0, max: 1000 },
  "system.disposition.value": { min: 0, max: 1000, maxField: "system.disposition.max" },
  "system.dice": { min: 0, max: 100 },
  "system.n": { min: 4, max: 100 },
  "system.armour": { min: 0, max: 10 },
};

export const ITEM_LIMITS: Limits = {
  "system.rank": { min: 0, max: 4 },
  "system.value": { min: 0, max: 10 },
  "system.requiresMutations": { min: 0, max: 20 },
};
