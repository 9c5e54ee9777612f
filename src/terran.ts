/**
 * Entry point of the Terran Engine system: registration only, no logic. The rules live in
 * `src/rules/`; later layers (data models, rolls, sheets) are registered here as they land.
 */
import * as rules from "./rules/index.ts";

export const SYSTEM_ID = "terran-engine";

Hooks.once("init", () => {
  console.info(`${SYSTEM_ID} | Initialising the Terran Engine system (rulesets: ${rules.RULESET_IDS.join(", ")})`);
});

export { rules };
