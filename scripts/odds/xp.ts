/** `npm run odds -- xp`: P(sum of k d6 ≥ target), the advancement roll and skill development. */
import { advancementTarget, skillTarget, sumAtLeastOdds, type SumOdds } from "../../src/rules/index.ts";
import { int, parseArgs, RULESET_OPTION, rulesetOf } from "./lib/args.ts";
import { UsageError, type OddsCommand } from "./lib/command.ts";
import { distributionTable, percent, table } from "./lib/format.ts";

const HELP = `npm run odds -- xp [options]

The exact chance that k d6 (one per XP spent) add up to a target or more: Legacy's advancement roll
(target Ego max + HP max) and skill development (target 3 × the skill's rating).

  --dice K          dice thrown = XP spent (1–100); without it, a table for 1…--up-to dice
  --up-to K         the table's last row (default 12)
  --target T        the target, or:
  --ego-max E --hp-max H   the advancement roll's target, E + H
  --rating R        skill development's target, 3 × R
  --ruleset legacy  the ruleset the targets come from (default legacy)
  --json            print sumAtLeastOdds's object (or a list of them for the table) as JSON`;

const SPEC = {
  ruleset: RULESET_OPTION,
  dice: { kind: "int", min: 1, max: 100 },
  "up-to": { kind: "int", min: 1, max: 100 },
  target: { kind: "int", min: 0, max: 600 },
  "ego-max": { kind: "int", min: 0, max: 100 },
  "hp-max": { kind: "int", min: 0, max: 200 },
  rating: { kind: "int", min: 0, max: 4 },
} as const;

export const xp: OddsCommand = {
  name: "xp",
  summary: "P(sum of k d6 ≥ target): the advancement roll and skill development (Legacy)",
  help: HELP,
  run(args) {
    const p = parseArgs("xp", args, SPEC);
    const ruleset = rulesetOf(p, "legacy");
    const ways = [
      p.target !== undefined,
      p["ego-max"] !== undefined || p["hp-max"] !== undefined,
      p.rating !== undefined,
    ].filter(Boolean).length;
    if (ways !== 1) throw new UsageError("Give exactly one of --target, --ego-max with --hp-max, or --rating.");
    let target: number;
    let what: string;
    if (p.target !== undefined) {
      target = int(p, "target");
      what = `target ${target}`;
    } else if (p.rating !== undefined) {
      target = skillTarget(ruleset, int(p, "rating"));
      what = `skill development from ${int(p, "rating")} (target ${target})`;
    } else {
      target = advancementTarget(ruleset, int(p, "ego-max"), int(p, "hp-max"));
      what = `advancement roll (target Ego max ${int(p, "ego-max")} + HP max ${int(p, "hp-max")} = ${target})`;
    }
    if (p.dice !== undefined) {
      if (p["up-to"] !== undefined) throw new UsageError("Give --dice or --up-to, not both.");
      const odds: SumOdds = sumAtLeastOdds(int(p, "dice"), target);
      return {
        text: [`${odds.k}d6, ${what}: ${percent(odds.p)}`, distributionTable("sum", odds.distribution)].join("\n\n"),
        json: odds,
      };
    }
    const upTo = int(p, "up-to", 12);
    const rows = Array.from({ length: upTo }, (_, i) => sumAtLeastOdds(i + 1, target));
    const text = [
      `${what}: the chance of making it with k dice (k XP)`,
      table(
        ["XP (dice)", "P(sum ≥ target)"],
        rows.map((o) => [String(o.k), percent(o.p)]),
      ),
    ].join("\n\n");
    return { text, json: rows };
  },
};
