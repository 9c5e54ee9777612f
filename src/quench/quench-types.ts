/**
 * The part of Quench's API the batches use, declared strictly: `@ethaks/fvtt-quench`'s types augment the legacy
 * `Hooks.StaticCallbacks` and leave the context `any` without `@types/mocha`. Every name follows
 * Ethaks/FVTT-Quench 329bf50 (v0.9.2): `quenchReady` from its `setup` hook (src/module/quench-init.ts);
 * `registerBatch` and `QuenchBatchContext` (src/module/quench.ts; a key starts with a package id);
 * `runBatches`' JSON report in `quench.reports.json` and the `quenchReports` hook
 * (src/module/quench-reporter.ts).
 */

/** `skip()` marks the test pending (https://mochajs.org/#inclusive-tests). */
export interface QuenchTestContext {
  skip(): never;
}

export type QuenchTestBody = (this: QuenchTestContext) => void | Promise<void>;
/** In a `before` hook it marks the suite's tests pending (https://mochajs.org/#inclusive-tests). */
export type QuenchHookBody = (this: QuenchTestContext) => void | Promise<void>;

/** https://www.chaijs.com/api/assert/ */
export interface QuenchAssert {
  (value: unknown, message?: string): void;
  ok(value: unknown, message?: string): void;
  isTrue(value: unknown, message?: string): void;
  isFalse(value: unknown, message?: string): void;
  equal(actual: unknown, expected: unknown, message?: string): void;
  strictEqual(actual: unknown, expected: unknown, message?: string): void;
  notEqual(actual: unknown, expected: unknown, message?: string): void;
  deepEqual(actual: unknown, expected: unknown, message?: string): void;
  include(haystack: string | readonly unknown[], needle: unknown, message?: string): void;
  notInclude(haystack: string | readonly unknown[], needle: unknown, message?: string): void;
  instanceOf(value: unknown, constructor: abstract new (...args: never[]) => unknown, message?: string): void;
  isAbove(value: number, above: number, message?: string): void;
  isAtMost(value: number, atMost: number, message?: string): void;
  isDefined(value: unknown, message?: string): void;
  isUndefined(value: unknown, message?: string): void;
  isNull(value: unknown, message?: string): void;
  isNotNull(value: unknown, message?: string): void;
  lengthOf(value: { readonly length: number }, length: number, message?: string): void;
  fail(message?: string): never;
}

/** The parts we use. */
export interface QuenchBatchContext {
  describe: (title: string, body: () => void) => void;
  it: (title: string, body?: QuenchTestBody) => void;
  before: (body: QuenchHookBody) => void;
  after: (body: QuenchHookBody) => void;
  beforeEach: (body: QuenchHookBody) => void;
  afterEach: (body: QuenchHookBody) => void;
  assert: QuenchAssert;
}

export interface QuenchBatchOptions {
  displayName?: string;
  snapBaseDir?: string;
  preSelected?: boolean;
}

export type QuenchBatchKey = `${string}.${string}`;

export interface Quench {
  registerBatch(
    key: QuenchBatchKey,
    fn: (context: QuenchBatchContext) => void | Promise<void>,
    options?: QuenchBatchOptions,
  ): void;
}
