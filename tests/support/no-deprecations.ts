/**
 * Vitest setup (vitest.config.ts `setupFiles`): a test during which a Foundry stand-in logged a
 * deprecation warning (tests/stubs/deprecations.ts) fails, naming the deprecated API. Warnings a test
 * took itself (`takeDeprecations()`) do not count.
 */
import { afterEach } from "vitest";
import { takeDeprecations } from "../stubs/deprecations.ts";

afterEach(() => {
  const left = takeDeprecations();
  if (left.length > 0) throw new Error(`deprecated Foundry API used: ${left.map((d) => d.message).join("; ")}`);
});
