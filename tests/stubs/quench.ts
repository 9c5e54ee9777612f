/**
 * Stand-in Quench (the in-Foundry test runner module), following its public source, Ethaks/FVTT-Quench
 * at 329bf50 (v0.9.2). It registers batches as Quench does and, instead of Mocha, collects what a
 * batch defines (suites, tests, hooks) without running any test: nothing of Foundry runs here.
 */
import type {
  Quench,
  QuenchBatchContext,
  QuenchBatchKey,
  QuenchBatchOptions,
  QuenchHookBody,
  QuenchTestBody,
} from "../../src/quench/quench-types.ts";

export interface CollectedTest {
  readonly path: readonly string[];
  readonly body: QuenchTestBody | undefined;
}

export interface CollectedBatch {
  readonly key: string;
  readonly tests: CollectedTest[];
  readonly hooks: Record<"before" | "after" | "beforeEach" | "afterEach", number>;
}

interface BatchData {
  readonly key: QuenchBatchKey;
  readonly displayName: string;
  readonly fn: (context: QuenchBatchContext) => void | Promise<void>;
  readonly snapBaseDir: string;
  readonly preSelected: boolean;
}

/** A `chai.assert` that must never be reached here: the collector runs no test body. */
const NO_ASSERT = new Proxy(() => undefined, {
  get: () => {
    throw new Error("stand-in Quench: assertions run only inside a test, and the stand-in runs none");
  },
  apply: () => {
    throw new Error("stand-in Quench: assertions run only inside a test, and the stand-in runs none");
  },
}) as unknown as QuenchBatchContext["assert"];

/**
 * Quench's key filter (wildcard-match with separator "."): `*` within one part, `**` across parts (src/module/quench.ts
 * `_filterBatches`, its `runBatches` docs).
 */
function keyMatcher(pattern: string): RegExp {
  const parts = pattern.split("**").map((p) =>
    p
      .split("*")
      .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
      .join("[^.]*"),
  );
  return new RegExp(`^${parts.join(".*")}$`, "i");
}

export class QuenchStub implements Quench {
  readonly batches = new Map<QuenchBatchKey, BatchData>();
  readonly errors: string[] = [];
  readonly warnings: string[] = [];

  /**
   * `packages`: the ids Quench accepts as a key's first part — the active modules' ids and the system's id
   * (`[...game.modules.keys(), game.system.id]`).
   */
  constructor(private readonly packages: readonly string[]) {}

  /**
   * src/module/quench.ts `registerBatch`: the key's package part must be a module or the system (else an
   * error notification, and the batch is still stored); an existing key warns and is overwritten;
   * `displayName` defaults to the key, `preSelected` to true, `snapBaseDir` to `__snapshots__/<package>`.
   */
  registerBatch(key: QuenchBatchKey, fn: BatchData["fn"], options: QuenchBatchOptions = {}): void {
    const [packageName = ""] = key.split(".");
    if (!this.packages.includes(packageName)) this.errors.push(`ERROR.InvalidPackageName ${key}`);
    if (this.batches.has(key)) this.warnings.push(`WARN.BatchAlreadyExists ${key}`);
    this.batches.set(key, {
      key,
      fn,
      displayName: options.displayName ?? key,
      snapBaseDir: options.snapBaseDir ?? `__snapshots__/${packageName}`,
      preSelected: options.preSelected ?? true,
    });
  }

  /**
   * Like `runBatches`, the registration function of each matching batch is called only now, with a
   * fresh context; Mocha's `describe` runs its callback at once (https://mochajs.org/#bdd), `it` and
   * the hooks only record. No test body and no hook runs.
   */
  async collect(pattern = "**"): Promise<CollectedBatch[]> {
    const match = keyMatcher(pattern);
    const out: CollectedBatch[] = [];
    for (const batch of this.batches.values()) {
      if (!match.test(batch.key)) continue;
      const collected: CollectedBatch = {
        key: batch.key,
        tests: [],
        hooks: { before: 0, after: 0, beforeEach: 0, afterEach: 0 },
      };
      const suites: string[] = [];
      const hook =
        (name: keyof CollectedBatch["hooks"]) =>
        (body: QuenchHookBody): void => {
          if (typeof body === "function") collected.hooks[name] += 1;
        };
      const context: QuenchBatchContext = {
        describe: (title, body) => {
          suites.push(title);
          try {
            body();
          } finally {
            suites.pop();
          }
        },
        it: (title, body) => {
          collected.tests.push({ path: [...suites, title], body });
        },
        before: hook("before"),
        after: hook("after"),
        beforeEach: hook("beforeEach"),
        afterEach: hook("afterEach"),
        assert: NO_ASSERT,
      };
      await batch.fn(context);
      out.push(collected);
    }
    return out;
  }
}
