/**
 * Prints the rules coverage summary CI shows: which RULES.md rule IDs (§1–7) name a test, and the line
 * coverage of src/rules/ from Vitest's coverage run. Exits 1 if a rule has no test.
 */
import { existsSync, readFileSync } from "node:fs";
import { ruleIds, testedRuleIds } from "../tests/support/rule-ids.ts";

const ids = ruleIds();
const tested = testedRuleIds();
const missing = ids.filter((id) => !tested.has(id));
console.log(
  `Rule IDs named by tests: ${ids.length - missing.length}/${ids.length}${missing.length ? ` (missing: ${missing.join(", ")})` : ""}`,
);

const summaryFile = "out/coverage/coverage-summary.json";
if (existsSync(summaryFile)) {
  const summary = JSON.parse(readFileSync(summaryFile, "utf8")) as { total: Record<string, { pct: number }> };
  const parts = ["lines", "statements", "functions", "branches"].map((k) => `${k} ${summary.total[k]?.pct ?? "?"} %`);
  console.log(`src/rules/ coverage: ${parts.join(", ")}`);
} else {
  console.log("src/rules/ coverage: no coverage summary (run vitest with --coverage)");
}
process.exit(missing.length ? 1 : 0);
