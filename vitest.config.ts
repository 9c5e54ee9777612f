import { availableParallelism } from "node:os";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { defineConfig } from "vitest/config";

/** The browser files that visit every sandbox scene: minutes each, against seconds for the rest. */
const SWEEPS = ["axe", "screenshots", "keyboard", "portuguese"].map((name) => `/tests/browser/${name}.browser.test.ts`);

/**
 * Longest first: the scene sweeps, then the other browser files, then the rest. On a clean clone Vitest has
 * no durations to sort by and orders by file size, which ran a two-minute sweep last, beside an idle core.
 */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const weight = (file: TestSpecification): number => {
      const sweep = SWEEPS.findIndex((end) => file.moduleId.endsWith(end));
      if (sweep >= 0) return sweep;
      return file.moduleId.includes("/tests/browser/") ? SWEEPS.length : SWEEPS.length + 1;
    };
    const sorted = await super.sort(files);
    return sorted
      .map((file, index) => ({ file, index }))
      .sort((a, b) => weight(a.file) - weight(b.file) || a.index - b.index)
      .map((e) => e.file);
  }
}

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    environment: "node",
    // Worker threads start faster than forked processes (each test file gets its own).
    pool: "threads",
    // Vitest leaves one core free by default; on a 2-core CI machine that runs the files one by one.
    maxWorkers: availableParallelism(),
    sequence: { sequencer: LongestFirst },
    // A deprecation warning from a Foundry stand-in fails the test (tests/stubs/deprecations.ts).
    setupFiles: ["tests/support/no-deprecations.ts"],
    coverage: {
      provider: "v8",
      include: ["src/rules/**/*.ts"],
      reporter: ["text-summary", "json-summary"],
      reportsDirectory: "out/coverage",
      thresholds: { lines: 95 },
    },
  },
});
