/**
 * FOUNDRY STAND-INS — not Foundry. Tiny classes that record what the system's code asks of Foundry's
 * data fields and TypeDataModel, so schema declarations and derived data can be tested here. They do
 * no validation, cleaning or initialisation of their own: tests using them check OUR declarations
 * (which limits a field states) and OUR arithmetic, never Foundry's behaviour. Import this module
 * first in a test file (`import "../stubs/foundry.ts"`), before any module that reads `foundry`.
 */

export class StubField {
  constructor(readonly options: Record<string, unknown> = {}) {}
}
export class NumberField extends StubField {}
export class BooleanField extends StubField {}
export class StringField extends StubField {}
export class HTMLField extends StringField {}
export class ObjectField extends StubField {}
export class SchemaField extends StubField {
  constructor(
    readonly fields: Record<string, StubField>,
    options: Record<string, unknown> = {},
  ) {
    super(options);
  }
}
export class ArrayField extends StubField {
  constructor(
    readonly element: StubField,
    options: Record<string, unknown> = {},
  ) {
    super(options);
  }
}
export class SetField extends ArrayField {}

/** Stand-in base model: keeps the source it is given and its parent; toObject returns a deep copy. */
export class TypeDataModel {
  parent: unknown;
  constructor(source: Record<string, unknown> = {}, options: { parent?: unknown } = {}) {
    Object.assign(this, structuredClone(source));
    this.parent = options.parent;
  }
  static migrateData(source: Record<string, unknown>): Record<string, unknown> {
    return source;
  }
  prepareDerivedData(): void {
    // The stand-in has nothing to derive.
  }
  toObject(): Record<string, unknown> {
    const copy: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(this)) if (key !== "parent" && key !== "derived") copy[key] = structuredClone(value);
    return copy;
  }
}

let counter = 0;
const stub = {
  data: { fields: { NumberField, BooleanField, StringField, HTMLField, ObjectField, SchemaField, ArrayField, SetField } },
  abstract: { TypeDataModel },
  utils: { randomID: () => `stubid${String(++counter).padStart(10, "0")}` },
};

/** Strings the stand-in `game.i18n` knows: the key itself, so tests can assert which key was used. */
const game = { i18n: { localize: (key: string) => key, has: () => true, format: (key: string) => key } };

Reflect.set(globalThis, "foundry", stub);
Reflect.set(globalThis, "game", game);
