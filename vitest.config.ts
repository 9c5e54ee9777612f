import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    environment: "node",
    // Vitest leaves one core free by default; on a 2-core CI machine that runs the files one by one.
    maxWorkers: availableParallelism(),
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
