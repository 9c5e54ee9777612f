/** Every range id any ruleset uses (a weapon keeps its ranges when the world switches ruleset). */
import { RULESETS } from "../../rules/index.ts";

export const ALL_RANGE_IDS: readonly string[] = [
  ...new Set(Object.values(RULESETS).flatMap((r) => r.ranges.map((x) => x.id))),
];
