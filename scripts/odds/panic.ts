/** `npm run odds -- panic`: the exact odds of v0.6.2's Panic Event (R-V-8), the Ego it resets to and the state. */
import { panicOdds } from "../../src/rules/index.ts";
import { V062_PANIC } from "../../src/rules/rulesets/v062.ts";
import { int, parseArgs } from "./lib/args.ts";
import type { OddsCommand } from "./lib/command.ts";
import { percent, table } from "./lib/format.ts";

const HELP = `npm run odds -- panic [options]

The exact odds of a Panic Event (Terran Engine v0.6.2, after a Fail): the Ego dice are thrown, the
highest kept, and Ego and its maximum become it; 1–3 Flight, 4–5 Freeze, 6 Fight for the scene.

  --ego-dice N   the character's Ego dice, a Malaise's −1d counted (default 1)
  --eager        Eager's extra die
  --json         print the odds object (panicOdds) as JSON`;

export const panic: OddsCommand = {
  name: "panic",
  summary: "v0.6.2's Panic Event: the Ego it resets to, Flight / Freeze / Fight",
  help: HELP,
  run(args) {
    const p = parseArgs("panic", args, { "ego-dice": { kind: "int", min: 0, max: 20 }, eager: { kind: "flag" } });
    const dice = int(p, "ego-dice", 1) + (p.eager === true ? 1 : 0);
    const odds = panicOdds(V062_PANIC, dice);
    const ego = table(
      ["Ego becomes", "chance"],
      odds.ego.slice(1).map((q, i) => [String(i + 1), percent(q)]),
    );
    const states = table(
      ["state", "chance"],
      V062_PANIC.map((r) => [
        `${r.state} (${r.min === r.max ? r.min : `${r.min}–${r.max}`})`,
        percent(odds.states[r.state]),
      ]),
    );
    return {
      text: `v0.6.2 Panic Event, ${dice} Ego ${dice === 1 ? "die" : "dice"}\n\n${ego}\n\n${states}`,
      json: odds,
    };
  },
};
