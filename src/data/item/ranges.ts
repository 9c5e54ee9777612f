/** Every ruleset's range ids, so a weapon keeps its ranges across a switch. */
import { RULESETS } from "../../rules/index.ts";

export const ALL_RANGE_IDS: readonly string[] = [
  ...new Set(Object.values(RULESETS).flatMap((r) => r.ranges.map((x) => x.id))),
];
