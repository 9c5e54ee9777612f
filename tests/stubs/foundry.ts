/**
 * FOUNDRY STAND-INS — not Foundry. Small classes standing in for Foundry's data fields and
 * TypeDataModel, so schema declarations, migrations and derived data can be tested here. They are as
 * strict as Foundry where our tests rely on them, and say where they cannot know: beside each behaviour
 * its evidence. Import this module first in a test file (`import "../stubs/foundry.ts"`), before any
 * module that reads `foundry`.
 *
 * Construction follows the order the DataModel page gives ("a workflow for data migration, cleaning,
 * validation, and initialization", foundryvtt.com/api/v13/classes/foundry.abstract.DataModel.html):
 * `static migrateData(source)` on the very object (Foundry keeps it: foundryvtt#13141), then cleaning,
 * then validation, which THROWS on any failure — Foundry then leaves the whole document out of its
 * collection as invalid (foundryvtt#8743, #8486; WorldCollection#invalidDocumentIds).
 *
 * What the stand-in cleaning does: a missing (undefined) value takes the field's `initial`
 * (NumberFieldOptions "initial: The initial value of a field, or a function which assigns that initial
 * value", foundryvtt.com/api/v13/interfaces/foundry.data.types.NumberFieldOptions.html), and keys a
 * SchemaField does not declare are dropped (DataModelCleaningOptions "prune: Remove keys which do not
 * belong to the defined data schema",
 * foundryvtt.com/api/v14/interfaces/foundry.data.types.DataModelCleaningOptions.html). It does NOT cast text to
 * numbers, round, or clamp to `min`/`max`: whether Foundry's NumberField cleaning does is not in its public docs, so
 * the stand-in is the stricter of the two and our own migrations must leave every value legal.
 *
 * What the stand-in validation refuses (the option meanings on the same NumberFieldOptions page:
 * "integer: Must the number be an integer?", "min: A minimum allowed value", "max: A maximum allowed
 * value", "nullable: Can this field have null values?", "choices: An array of values ... which represent
 * allowed choices"): a non-number or non-finite number in a NumberField, a fraction where `integer`, a
 * value below `min` or above `max`, null where not `nullable`, a value not among `choices`, non-text in a
 * StringField and blank text where `blank: false`, a non-boolean in a BooleanField, a non-object in an
 * ObjectField/SchemaField, a non-list in an ArrayField/SetField (each element checked).
 */

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const show = (value: unknown): string => JSON.stringify(value) ?? String(value);

/** One validation failure, by dotted path (what Foundry lists in its "validation errors"). */
export class DataModelValidationError extends Error {
  constructor(readonly failures: readonly string[]) {
    super(`validation errors:\n${failures.join("\n")}`);
  }
}

export class StubField {
  constructor(readonly options: Record<string, unknown> = {}) {}
  /** The field's initial value (a function is called, as Foundry documents). */
  initialValue(): unknown {
    const initial = this.options.initial;
    return typeof initial === "function" ? (initial as () => unknown)() : structuredClone(initial);
  }
  clean(value: unknown): unknown {
    return value === undefined ? this.initialValue() : value;
  }
  /** Failures of `value` at `path` (empty when valid). */
  validate(value: unknown, path: string): string[] {
    if (value === undefined) return this.options.required ? [`${path}: may not be undefined`] : [];
    if (value === null) return this.options.nullable ? [] : [`${path}: may not be null`];
    const own = this.validateType(value, path);
    if (own.length > 0) return own;
    const choices = this.options.choices;
    if (Array.isArray(choices) && !(choices as unknown[]).includes(value))
      return [`${path}: ${show(value)} is not a valid choice`];
    return [];
  }
  protected validateType(value: unknown, path: string): string[] {
    void value;
    void path;
    return [];
  }
}
export class NumberField extends StubField {
  protected override validateType(value: unknown, path: string): string[] {
    if (typeof value !== "number" || !Number.isFinite(value))
      return [`${path}: ${show(value)} must be a finite number`];
    const { integer, min, max } = this.options;
    if (integer === true && !Number.isInteger(value)) return [`${path}: ${value} must be an integer`];
    if (typeof min === "number" && value < min) return [`${path}: ${value} cannot be less than ${min}`];
    if (typeof max === "number" && value > max) return [`${path}: ${value} cannot be greater than ${max}`];
    return [];
  }
}
export class BooleanField extends StubField {
  protected override validateType(value: unknown, path: string): string[] {
    return typeof value === "boolean" ? [] : [`${path}: ${show(value)} must be a boolean`];
  }
}
export class StringField extends StubField {
  protected override validateType(value: unknown, path: string): string[] {
    if (typeof value !== "string") return [`${path}: ${show(value)} must be a string`];
    if (this.options.blank === false && value.trim() === "") return [`${path}: may not be a blank string`];
    return [];
  }
}
export class HTMLField extends StringField {}
export class ObjectField extends StubField {
  protected override validateType(value: unknown, path: string): string[] {
    return isRecord(value) ? [] : [`${path}: ${show(value)} must be an object`];
  }
}
export class SchemaField extends StubField {
  constructor(
    readonly fields: Record<string, StubField>,
    options: Record<string, unknown> = {},
  ) {
    super(options);
  }
  override initialValue(): unknown {
    return this.clean({});
  }
  /** Each declared field cleaned; undeclared keys dropped (prune). A non-object is left for validation to refuse. */
  override clean(value: unknown): unknown {
    const source = value === undefined ? {} : value;
    if (!isRecord(source)) return source;
    const out: Json = {};
    for (const [key, field] of Object.entries(this.fields)) out[key] = field.clean(source[key]);
    return out;
  }
  protected override validateType(value: unknown, path: string): string[] {
    if (!isRecord(value)) return [`${path}: ${show(value)} must be an object`];
    return Object.entries(this.fields).flatMap(([key, field]) =>
      field.validate(value[key], path ? `${path}.${key}` : key),
    );
  }
}
export class ArrayField extends StubField {
  constructor(
    readonly element: StubField,
    options: Record<string, unknown> = {},
  ) {
    super(options);
  }
  override initialValue(): unknown {
    return this.options.initial === undefined ? [] : super.initialValue();
  }
  override clean(value: unknown): unknown {
    if (value === undefined) return this.initialValue();
    return Array.isArray(value) ? value.map((v: unknown) => this.element.clean(v)) : value;
  }
  protected override validateType(value: unknown, path: string): string[] {
    if (!Array.isArray(value)) return [`${path}: ${show(value)} must be an array`];
    return value.flatMap((v: unknown, i) => this.element.validate(v, `${path}.${i}`));
  }
}
export class SetField extends ArrayField {}

/** Joint validation errors a v14-style update logged instead of refusing the change (foundryvtt#14133). */
export const jointErrorsLogged: unknown[] = [];

/** The schema of a model class (its `defineSchema()` wrapped as Foundry's DataModel.schema is). */
export function schemaOf(cls: { defineSchema(): Record<string, StubField> }): SchemaField {
  return new SchemaField(cls.defineSchema(), { required: true });
}

/**
 * Stand-in base model: migrates, cleans and validates its source as described above (throwing a
 * DataModelValidationError, as Foundry's strict construction does), then exposes the cleaned source as
 * its properties; toObject returns a deep copy of it. `_source` is the cleaned source.
 */
export class TypeDataModel {
  parent: unknown;
  declare _source: Json;
  constructor(
    source: Record<string, unknown> = {},
    options: { parent?: unknown; joint?: "throw" | "log"; migrate?: boolean } = {},
  ) {
    const cls = this.constructor as typeof TypeDataModel;
    const data = source;
    // `migrate: false`: an update's merged data, whose change was migrated on its own (see ActorStub.update).
    if (options.migrate !== false) cls.migrateData(data);
    const schema = schemaOf(cls);
    const cleaned = schema.clean(data) as Json;
    const failures = schema.validate(cleaned, "");
    if (failures.length > 0) throw new DataModelValidationError(failures);
    // Joint validation after the fields (DataModelValidationOptions "joint", foundryvtt.com/api/v14/interfaces/
    // foundry.abstract.types.DataModelValidationOptions.html). A throw makes a loaded document invalid; on an
    // update, v13 refuses the change while v14 may save it anyway (foundryvtt#14133): the update path passes
    // `joint: "log"` on 14 (see ActorStub.update). Whether v14 still marks a LOADED document invalid is not
    // known here (the #14133 report says it did not): the stand-in keeps the stricter v13 behaviour at load.
    const joint = (cls as unknown as { validateJoint?: (data: Json) => void }).validateJoint;
    if (typeof joint === "function") {
      try {
        joint.call(cls, cleaned);
      } catch (error) {
        if (options.joint !== "log")
          throw new DataModelValidationError([`joint: ${error instanceof Error ? error.message : String(error)}`]);
        jointErrorsLogged.push(error);
      }
    }
    Object.defineProperty(this, "_source", { value: cleaned, enumerable: false, writable: true });
    Object.assign(this, structuredClone(cleaned));
    Object.defineProperty(this, "parent", { value: options.parent, enumerable: false, writable: true });
  }
  static defineSchema(): Record<string, StubField> {
    return {};
  }
  static migrateData(source: Record<string, unknown>): Record<string, unknown> {
    return source;
  }
  prepareDerivedData(): void {
    // The stand-in has nothing to derive.
  }
  /**
   * The document-lifecycle hooks a model may override (TypeDataModel#_preCreate, #_preUpdate: "called by
   * ClientDocument#_preCreate/_preUpdate", foundryvtt.com/api/v13/classes/foundry.abstract.TypeDataModel.html).
   * What Foundry's own base does there is not known here: the stand-in's does nothing and allows.
   */
  _preCreate(...args: unknown[]): Promise<boolean | void> {
    void args;
    return Promise.resolve();
  }
  _preUpdate(...args: unknown[]): Promise<boolean | void> {
    void args;
    return Promise.resolve();
  }
  toObject(): Record<string, unknown> {
    return structuredClone(this._source);
  }
}

/**
 * Stand-in die term: `count` d6 with a flavor and options; results are set by `evaluate`. With
 * `explodeFrom` (formula `1d6x` = 6, `1d6x>=5` = 5) a face at or above it adds another die.
 */
export class DieStub {
  results: { result: number; active: boolean }[] = [];
  options: Record<string, unknown> = {};
  constructor(
    readonly number: number,
    readonly faces: number,
    readonly flavor: string,
    readonly explodeFrom: number | null = null,
  ) {}
}

/** Faces the next evaluated stand-in rolls will show, in order (set by a test). */
export const nextFaces: number[] = [];

/**
 * Stand-in Roll: parses only `NdF[flavor]` terms joined by `+`, evaluates from `nextFaces`, and
 * serialises like Foundry's documented shape ({ class, formula, options, terms }); `fromData` revives
 * the class named in `class` from CONFIG.Dice.rolls. Enough to test OUR subclass, nothing of Foundry's.
 */
export class RollStub {
  readonly terms: DieStub[];
  constructor(
    readonly formula: string,
    readonly data: Record<string, unknown> = {},
    readonly options: Record<string, unknown> = {},
  ) {
    this.terms = formula.split("+").map((part) => {
      const match = /^\s*(\d+)d(\d+)(x(?:>=(\d+))?)?(?:\[(\w+)\])?\s*$/.exec(part);
      if (!match) throw new Error(`stand-in Roll cannot parse "${part}"`);
      const explodeFrom = match[3] ? Number(match[4] ?? match[2]) : null;
      return new DieStub(Number(match[1]), Number(match[2]), match[5] ?? "", explodeFrom);
    });
  }
  get dice(): DieStub[] {
    return this.terms;
  }
  evaluate(): Promise<this> {
    for (const term of this.terms) {
      term.results = [];
      for (let i = 0; i < term.number; i++) {
        let face = nextFaces.shift() ?? 1;
        term.results.push({ result: face, active: true });
        while (term.explodeFrom !== null && face >= term.explodeFrom) {
          face = nextFaces.shift() ?? 1;
          term.results.push({ result: face, active: true });
        }
      }
    }
    return Promise.resolve(this);
  }
  toJSON(): Record<string, unknown> {
    return {
      class: this.constructor.name,
      formula: this.formula,
      options: this.options,
      terms: this.terms.map((t) => ({
        number: t.number,
        faces: t.faces,
        flavor: t.flavor,
        options: t.options,
        results: t.results,
      })),
    };
  }
  static fromData(data: {
    class: string;
    formula: string;
    options: Record<string, unknown>;
    terms: { results: DieStub["results"]; options: Record<string, unknown> }[];
  }): RollStub {
    const cls = config.Dice.rolls.find((c) => c.name === data.class) ?? RollStub;
    const roll = new cls(data.formula, {}, data.options);
    roll.terms.forEach((t, i) => {
      t.results = data.terms[i]?.results ?? [];
      t.options = data.terms[i]?.options ?? {};
    });
    return roll;
  }
}

const config = { Dice: { rolls: [RollStub] as (typeof RollStub)[] } };

let counter = 0;
const stub = {
  data: {
    fields: { NumberField, BooleanField, StringField, HTMLField, ObjectField, SchemaField, ArrayField, SetField },
  },
  abstract: { TypeDataModel },
  utils: { randomID: () => `stubid${String(++counter).padStart(10, "0")}` },
};

/**
 * Strings the stand-in `game.i18n` knows: the key itself, so tests can assert which key was used.
 * `lang`: the client's language, "en" unless a test sets it (Foundry: Localization#lang, "the target
 * language for localization", foundryvtt.com/api/v14 foundry.helpers.Localization).
 */
const game = { i18n: { lang: "en", localize: (key: string) => key, has: () => true, format: (key: string) => key } };

Reflect.set(globalThis, "foundry", stub);
Reflect.set(globalThis, "Roll", RollStub);
Reflect.set(globalThis, "CONFIG", config);
Reflect.set(globalThis, "game", game);
