/** `npm run odds -- challenge`: the exact odds of a Challenge's Effect at a level, for pitching Challenges. */
import { challengeEffectOdds, challengeStats } from "../../src/rules/index.ts";
import { int, parseArgs, RULESET_OPTION, rulesetOf, RULESET_CHOICES } from "./lib/args.ts";
import { UsageError, type OddsCommand } from "./lib/command.ts";
import { effectText } from "./effect.ts";

const HELP = `npm run odds -- challenge --tier LEVEL [options]

The exact odds of a Challenge's Effect: its dice, the highest kept, exploding on 6 (Trivial's d/2:
one such die, halved, rounded up).

  --ruleset ${RULESET_CHOICES}   the ruleset (default core)
  --tier LEVEL   trivial, dangerous, serious, formidable, then exceptional (Core, Degenesis) or
                 extreme, fantastical (Legacy)
  --n N          the dice of a scaling level (Exceptional n ≥ 4, Fantastical n ≥ 5)
  --json         print the odds object (challengeEffectOdds) as JSON`;

const TIERS = ["trivial", "dangerous", "serious", "formidable", "exceptional", "extreme", "fantastical"];

export const challenge: OddsCommand = {
  name: "challenge",
  summary: "a Challenge's Effect at a level (d/2 … nd), to pitch a Challenge",
  help: HELP,
  run(args) {
    const p = parseArgs("challenge", args, {
      ruleset: RULESET_OPTION,
      tier: { kind: "choice", choices: TIERS },
      n: { kind: "int", min: 1, max: 100 },
    });
    const ruleset = rulesetOf(p, "core");
    if (typeof p.tier !== "string") throw new UsageError("--tier is required.");
    const own = ruleset.challengeTiers.map((t) => t.id);
    if (!own.includes(p.tier as (typeof own)[number]))
      throw new UsageError(`--tier must be one of ${own.join(", ")} in ${ruleset.id}.`);
    const n = p.n === undefined ? undefined : int(p, "n");
    const stats = challengeStats(ruleset, p.tier, n);
    const odds = challengeEffectOdds(ruleset, p.tier, n);
    const dice = stats.halved ? "d/2" : `${stats.dice}d`;
    return {
      text: effectText(`${ruleset.id}: ${stats.tier}, Disposition ${stats.disposition}, Effect ${dice}`, odds),
      json: { stats, ...odds },
    };
  },
};
