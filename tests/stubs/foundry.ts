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
      terms: this.terms.map((t) => ({ number: t.number, faces: t.faces, flavor: t.flavor, options: t.options, results: t.results })),
    };
  }
  static fromData(data: { class: string; formula: string; options: Record<string, unknown>; terms: { results: DieStub["results"]; options: Record<string, unknown> }[] }): RollStub {
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
  data: { fields: { NumberField, BooleanField, StringField, HTMLField, ObjectField, SchemaField, ArrayField, SetField } },
  abstract: { TypeDataModel },
  utils: { randomID: () => `stubid${String(++counter).padStart(10, "0")}` },
};

/** Strings the stand-in `game.i18n` knows: the key itself, so tests can assert which key was used. */
const game = { i18n: { localize: (key: string) => key, has: () => true, format: (key: string) => key } };

Reflect.set(globalThis, "foundry", stub);
Reflect.set(globalThis, "Roll", RollStub);
Reflect.set(globalThis, "CONFIG", config);
Reflect.set(globalThis, "game", game);
