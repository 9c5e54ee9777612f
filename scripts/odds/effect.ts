/** `npm run odds -- effect`: the exact odds of a separate Effect roll (a tool's dice, or any n dice). */
import {
  effectRollOdds,
  keptExplodingOdds,
  toolFor,
  type EffectRollOdds,
  type TierRank,
} from "../../src/rules/index.ts";
import { flag, int, parseArgs, RULESET_OPTION, rulesetOf } from "./lib/args.ts";
import { UsageError, type OddsCommand } from "./lib/command.ts";
import { distributionTable, number, percent } from "./lib/format.ts";

const HELP = `npm run odds -- effect [options]

The exact odds of an Effect roll: the dice thrown, only the highest kept, exploding on a natural 6
(roll again and add while 6s come); d/2 halves the total, rounded up.

  --ruleset legacy   a ruleset whose Effect is a separate roll (default legacy)
  --tool lesser|normal|greater   the tool (Lesser d/2, Normal 1d, Greater 2d; default normal)
  --rank N           or the stored tier rank 0–4 (0–1 Lesser, 2–3 Normal, 4 Greater)
  --two-handed       a Normal tool held two-handed: +1
  --improvised       an improvised tool (a Lesser tool)
  --extra N          more Effect dice (Sneak attack, Sniper: +1d), 0–6
Any ruleset, any dice:
  --dice N           N dice, highest kept, exploding (1–100)
  --halved           halve the total, rounded up (d/2)
  --bonus N          add N after (0–10)
  --json             print the odds object (effectRollOdds / keptExplodingOdds) as JSON`;

const SPEC = {
  ruleset: RULESET_OPTION,
  tool: { kind: "choice", choices: ["lesser", "normal", "greater"] },
  rank: { kind: "int", min: 0, max: 4 },
  "two-handed": { kind: "flag" },
  improvised: { kind: "flag" },
  extra: { kind: "int", min: 0, max: 6 },
  dice: { kind: "int", min: 1, max: 100 },
  halved: { kind: "flag" },
  bonus: { kind: "int", min: 0, max: 10 },
} as const;

export function effectText(title: string, odds: EffectRollOdds): string {
  return [
    title,
    `expected ${number(odds.expected)}; the kept die explodes ${percent(odds.pExplodes)} of the time`,
    distributionTable("Effect", odds.distribution),
    `(tail past the table's last line below ${odds.tailEpsilon}: ${odds.tailCut.toExponential(2)})`,
  ].join("\n\n");
}

export const effect: OddsCommand = {
  name: "effect",
  summary: "an Effect roll: a tool's dice (Legacy) or any n dice, highest kept, exploding, d/2",
  help: HELP,
  run(args) {
    const p = parseArgs("effect", args, SPEC);
    if (p.dice !== undefined) {
      for (const name of ["tool", "rank", "two-handed", "improvised", "extra", "ruleset"] as const) {
        if (p[name] !== undefined) throw new UsageError(`--dice gives the dice itself; leave out --${name}.`);
      }
      const odds = keptExplodingOdds({ dice: int(p, "dice"), halved: flag(p, "halved"), bonus: int(p, "bonus", 0) });
      return {
        text: effectText(
          `${odds.dice}d keep highest${odds.halved ? ", halved (d/2)" : ""}${odds.bonus ? ` +${odds.bonus}` : ""}`,
          odds,
        ),
        json: odds,
      };
    }
    if (p.halved !== undefined || p.bonus !== undefined) throw new UsageError("--halved and --bonus go with --dice.");
    const ruleset = rulesetOf(p, "legacy");
    if (ruleset.resolution.kind !== "separate") {
      throw new UsageError(
        `In ${ruleset.id} the Effect die comes from the Risky Action's throw: use npm run odds -- risky --ruleset ${ruleset.id} --rank N, or --dice N here.`,
      );
    }
    if (p.tool !== undefined && p.rank !== undefined) throw new UsageError("Give --tool or --rank, not both.");
    const rank: TierRank =
      p.tool !== undefined ? (ruleset.tools.find((t) => t.id === p.tool)?.rank ?? 1) : (int(p, "rank", 2) as TierRank);
    const tags = { versatileTwoHanded: flag(p, "two-handed"), improvised: flag(p, "improvised") };
    const odds = effectRollOdds(ruleset, rank, tags, int(p, "extra", 0));
    const tool = toolFor(ruleset.tools, rank, tags.improvised);
    const title = `${ruleset.id}: ${tool.id} tool (rank ${rank}), ${odds.dice}d keep highest${odds.halved ? ", halved" : ""}${odds.bonus ? ` +${odds.bonus}` : ""}`;
    return { text: effectText(title, odds), json: odds };
  },
};
