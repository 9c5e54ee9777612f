/**
 * Field builders shared by the data models, so every field states its integer/min/max/choices in
 * one readable line. They read `foundry.data.fields` when called (inside `defineSchema`), never at
 * import time.
 */

/** A whole number with bounds (R-CHAR-1 ratings, Grit, Ego, XP…). */
export function integerField(initial: number, min: number, max?: number) {
  return new foundry.data.fields.NumberField({ required: true, nullable: false, integer: true, initial, min, max });
}

export function booleanField(initial = false) {
  return new foundry.data.fields.BooleanField({ required: true, initial });
}

export function textField(initial = "") {
  return new foundry.data.fields.StringField({ required: true, blank: true, initial });
}

export function htmlField() {
  return new foundry.data.fields.HTMLField({ required: true, blank: true, initial: "" });
}

/** A string restricted to `choices` (ids), with its initial value. */
export function choiceField<const T extends string>(choices: readonly T[], initial: NoInfer<T>) {
  return new foundry.data.fields.StringField({ required: true, blank: false, choices: [...choices], initial });
}

/** A value with its maximum, both whole numbers ≥ 0 (optionally capped). */
export function trackField(initial: number, max?: number) {
  return new foundry.data.fields.SchemaField({
    value: integerField(initial, 0, max),
    max: integerField(initial, 0, max),
  });
}

/**
 * Where a migration keeps old values it could not read (src/data/migrations), so Foundry's cleaning
 * of undeclared keys does not lose them. A GM can read them back; the rules never do.
 */
export function unmigratedField() {
  return new foundry.data.fields.ObjectField({ required: true, initial: {} });
}

/**
 * What the repair of stored values changed (src/data/migrations/repair.ts): one record per field, kept
 * until the owner's client has told them (src/data/repair-notice.ts). Not required, so data written
 * before it existed (and the compendium sources) need not carry it.
 */
export function repairsField() {
  const { ArrayField, SchemaField } = foundry.data.fields;
  return new ArrayField(new SchemaField({ path: textField(), from: textField(), to: textField(), kept: textField() }), {
    required: false,
    initial: [],
  });
}
