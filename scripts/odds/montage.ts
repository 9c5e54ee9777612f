/** `npm run odds -- montage`: the exact odds of a whole Challenge in one roll (Legacy, R-LEG-14). */
import { montageOdds } from "../../src/rules/index.ts";
import { int, parseArgs, RULESET_OPTION, rulesetOf } from "./lib/args.ts";
import { UsageError, type OddsCommand } from "./lib/command.ts";
import { number, percent, table } from "./lib/format.ts";

const HELP = `npm run odds -- montage --tier LEVEL [options]

A montage settles a whole Challenge in one roll: the Challenge's Effect first, which costs the pool
Light Dice (1–3 none, 4–5 −1d, 6–11 −2d, 12+ −3d), then the Risky Action; each Dark Die that costs
Ego costs 2.

  --ruleset legacy   a ruleset with montages (default legacy)
  --tier LEVEL       trivial, dangerous, serious, formidable, extreme, fantastical
  --n N              Fantastical's dice (n ≥ 5)
  --light N          the pool's Light Dice before the complication (−20…20, default 0)
  --dark N           Dark Dice (default 0)
  --ego N            the roller's Ego (default 3)
  --json             print the odds object (montageOdds) as JSON`;

const SPEC = {
  ruleset: RULESET_OPTION,
  tier: {
    kind: "choice",
    choices: ["trivial", "dangerous", "serious", "formidable", "extreme", "fantastical", "exceptional"],
  },
  n: { kind: "int", min: 1, max: 100 },
  light: { kind: "int", min: -20, max: 20 },
  dark: { kind: "int", min: 0, max: 200 },
  ego: { kind: "int", min: 0, max: 10 },
} as const;

export const montage: OddsCommand = {
  name: "montage",
  summary: "a montage: a whole Challenge in one roll (Legacy)",
  help: HELP,
  run(args) {
    const p = parseArgs("montage", args, SPEC);
    const ruleset = rulesetOf(p, "legacy");
    if (!ruleset.montage) throw new UsageError(`${ruleset.id} has no montage.`);
    if (typeof p.tier !== "string") throw new UsageError("--tier is required.");
    const odds = montageOdds(ruleset, {
      light: int(p, "light", 0),
      dark: int(p, "dark", 0),
      ego: int(p, "ego", 3),
      tier: p.tier,
      ...(p.n === undefined ? {} : { n: int(p, "n") }),
    });
    const text = [
      `${ruleset.id} montage against ${p.tier}: ${int(p, "light", 0)} Light (before the complication) + ${int(p, "dark", 0)} Dark Dice, Ego ${int(p, "ego", 3)}`,
      table(
        ["complication", "P"],
        odds.complication.map((c) => [c.dice === 0 ? "none" : `−${c.dice}d`, percent(c.p)]),
      ),
      table(
        ["outcome", "P"],
        [
          ["Fail (1–3)", percent(odds.outcome.fail)],
          ["Success with a consequence (4–5)", percent(odds.outcome.partial)],
          ["Success (6)", percent(odds.outcome.success)],
        ],
      ),
      table(
        ["Ego", ""],
        [
          ["expected loss", number(odds.ego.expectedLoss)],
          ["P(lose any)", percent(odds.ego.pLoseAny)],
          ["P(Ego 0: lost)", percent(odds.ego.pZero)],
        ],
      ),
    ].join("\n\n");
    return { text, json: odds };
  },
};
