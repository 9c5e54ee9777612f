/** Field builders for the data models; they read `foundry.data.fields` when called, never at import time. */

export function integerField(initial: number, min: number, max?: number) {
  return new foundry.data.fields.NumberField({ required: true, nullable: false, integer: true, initial, min, max });
}

export function booleanField(initial = false) {
  return new foundry.data.fields.BooleanField({ required: true, initial });
}

/** Not required: data saved before the field need not carry it (false until set). */
export function optionalBooleanField() {
  return new foundry.data.fields.BooleanField({ required: false, initial: false });
}

export function textField(initial = "") {
  return new foundry.data.fields.StringField({ required: true, blank: true, initial });
}

export function htmlField() {
  return new foundry.data.fields.HTMLField({ required: true, blank: true, initial: "" });
}

export function choiceField<const T extends string>(choices: readonly T[], initial: NoInfer<T>) {
  return new foundry.data.fields.StringField({ required: true, blank: false, choices: [...choices], initial });
}

/** Both whole numbers ≥ 0 (optionally capped). */
export function trackField(initial: number, max?: number) {
  return new foundry.data.fields.SchemaField({
    value: integerField(initial, 0, max),
    max: integerField(initial, 0, max),
  });
}

/**
 * Old values a migration could not read, kept from Foundry's cleaning of undeclared keys; the rules never read
 * them.
 */
export function unmigratedField() {
  return new foundry.data.fields.ObjectField({ required: true, initial: {} });
}

/**
 * One per field until the owner is told (data/repair-notice.ts); not required, so older data need not carry it.
 */
export function repairsField() {
  const { ArrayField, SchemaField } = foundry.data.fields;
  return new ArrayField(new SchemaField({ path: textField(), from: textField(), to: textField(), kept: textField() }), {
    required: false,
    initial: [],
  });
}
