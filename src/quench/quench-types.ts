/**
 * The small part of Quench's API the Terran batches use, declared here (strictly) rather than taken
 * from `@ethaks/fvtt-quench`, whose types augment the legacy `Hooks.StaticCallbacks` and leave the
 * context `any` without `@types/mocha` (research/testing.md §2.5 items 6 and 7).
 *
 * Source of every name (Ethaks/FVTT-Quench, snapshot 329bf50, v0.9.2):
 * - `quenchReady` is called with the Quench instance from Quench's own `setup` hook
 *   (src/module/quench-init.ts: `Hooks.on("setup", () => Hooks.callAll("quenchReady", quench))`).
 * - `registerBatch(key, fn, { displayName, snapBaseDir, preSelected })`; the key's first part must be a
 *   module id or the system id, else Quench shows an error (src/module/quench.ts `registerBatch`).
 * - The batch function gets `{ after, afterEach, before, beforeEach, utils, assert, expect, should, fc,
 *   describe, it }` (src/module/quench.ts `QuenchBatchContext`, built in `runBatches`).
 * - `runBatches(keys, { json })` returns Mocha's runner; the JSON report goes to `quench.reports.json`
 *   and to the `quenchReports` hook as `{ json }` (src/module/quench.ts `QuenchRunBatchOptions`,
 *   src/module/quench-reporter.ts).
 */

/** A Mocha test's `this`: `skip()` marks the test pending (https://mochajs.org/#inclusive-tests). */
export interface QuenchTestContext {
  skip(): never;
}

export type QuenchTestBody = (this: QuenchTestContext) => void | Promise<void>;
/**
 * A hook may call `this.skip()` too: in a `before` hook it marks the suite's tests pending
 * (https://mochajs.org/#inclusive-tests).
 */
export type QuenchHookBody = (this: QuenchTestContext) => void | Promise<void>;

/** The Chai `assert` calls the batches use (https://www.chaijs.com/api/assert/). */
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

/** What Quench passes to a batch's registration function (the parts we use). */
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
