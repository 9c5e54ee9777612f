/** `npm run odds -- morale`: the exact odds of v0.6.2's Morale roll (R-V-16) for a sentient Challenge at 0. */
import { challengeStats, CORE, moraleOdds, type MoraleTables } from "../../src/rules/index.ts";
import { V062_CHALLENGE_TIERS, V062_MORALE } from "../../src/rules/rulesets/v062.ts";
import { int, parseArgs } from "./lib/args.ts";
import { UsageError, type OddsCommand } from "./lib/command.ts";
import { percent, table } from "./lib/format.ts";

const TIERS = V062_CHALLENGE_TIERS.map((t) => t.id);

const HELP = `npm run odds -- morale --tier LEVEL [options]

The exact odds of a Morale roll (Terran Engine v0.6.2), when a sentient Challenge is brought to 0: its
own Dice, read as its Effect (highest kept, exploding on 6; Trivial's d/2 halved). 1–3 it gives up,
4–5 it pushes on a tier lower (Trivial has none: it gives up), 6+ it carries on at full Disposition.

  --tier LEVEL   ${TIERS.join(", ")}
  --n N          Exceptional's dice (n ≥ 4, default 4)
  --json         print the odds object (moraleOdds) as JSON`;

const TABLES: MoraleTables = { tiers: V062_CHALLENGE_TIERS, rows: V062_MORALE };

export const morale: OddsCommand = {
  name: "morale",
  summary: "v0.6.2's Morale roll: gives up, a tier lower, carries on",
  help: HELP,
  run(args) {
    const p = parseArgs("morale", args, {
      tier: { kind: "choice", choices: TIERS },
      n: { kind: "int", min: 4, max: 100 },
    });
    if (typeof p.tier !== "string") throw new UsageError("--tier is required.");
    if (p.n !== undefined && p.tier !== "exceptional") throw new UsageError("--n is for --tier exceptional only.");
    const n = p.n === undefined ? undefined : int(p, "n");
    const stats = challengeStats({ ...CORE, challengeTiers: V062_CHALLENGE_TIERS }, p.tier, n);
    const odds = moraleOdds(TABLES, stats);
    const rows = V062_MORALE.map((r) => [
      `${r.result} (${r.max === null ? `${r.min}+` : `${r.min}–${r.max}`})`,
      percent(odds[r.result]),
    ]);
    const dice = stats.halved ? "d/2" : `${stats.dice}d`;
    return {
      text: `v0.6.2 Morale: ${stats.tier}, Disposition ${stats.disposition}, ${dice}\n\n${table(["result", "chance"], rows)}`,
      json: { stats, odds },
    };
  },
};
