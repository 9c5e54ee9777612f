/** `npm run odds -- risky`: the exact odds of a Risky Action in any ruleset. */
import {
  riskyActionOdds,
  separateRiskyOdds,
  type Odds,
  type Ruleset,
  type SeparateRiskyOdds,
  type TierRank,
} from "../../src/rules/index.ts";
import { flag, int, parseArgs, RULESET_OPTION, rulesetOf, type Parsed, RULESET_CHOICES } from "./lib/args.ts";
import { UsageError, type OddsCommand } from "./lib/command.ts";
import { distributionTable, number, percent, table } from "./lib/format.ts";

const HELP = `npm run odds -- risky [options]   (the default subcommand)

The exact odds of a Risky Action: the outcome of the highest die (1–3 Fail, 4–5 Success with a
consequence, 6 Success), the Ego the Dark Dice cost and, in Core and Degenesis, the Effect die.

  --ruleset ${RULESET_CHOICES}   the ruleset (default core)
  --light N      Light Dice after every modifier, 0–4 (default 0)
  --dark N       Dark Dice, 0–200 (default 0)
  --ego N        Ego when the dice are thrown (default 3; Core/Degenesis 0–6, Legacy 0–10)
Core and Degenesis (Precision and Effect from one throw):
  --rank N       the weapon's Effect tier, 0–4, to add the Effect value after the tier
  --versatile    a Versatile weapon held two-handed (with --rank)
  --improvised   an improvised tool (with --rank)
  --slaughter    the Effect die explodes on 5+
  --sayonara     Sayonara: a Dark Die costs Ego only on a 1 (rulesets that have it)
  --single-die-off   R-RA-2's setting off: a lone die gives no Effect
Legacy (the Effect is a separate roll: see "effect"):
  --montage      a montage: each costly Dark Die costs 2 Ego
  --json         print the odds object (riskyActionOdds / separateRiskyOdds) as JSON`;

/** The options of `risky` (and, but for --dark, of `advise`). */
export const RISKY_SPEC = {
  ruleset: RULESET_OPTION,
  light: { kind: "int", min: 0, max: 4 },
  dark: { kind: "int", min: 0, max: 200 },
  ego: { kind: "int", min: 0, max: 10 },
  rank: { kind: "int", min: 0, max: 4 },
  versatile: { kind: "flag" },
  improvised: { kind: "flag" },
  slaughter: { kind: "flag" },
  sayonara: { kind: "flag" },
  "single-die-off": { kind: "flag" },
  montage: { kind: "flag" },
} as const;

function outcomeRows(o: { fail: number; partial: number; success: number }): string {
  return table(
    ["outcome", "P"],
    [
      ["Fail (1–3)", percent(o.fail)],
      ["Success with a consequence (4–5)", percent(o.partial)],
      ["Success (6)", percent(o.success)],
    ],
  );
}

function egoRows(e: { expectedLoss: number; pLoseAny: number; pZero: number }): string {
  return table(
    ["Ego", ""],
    [
      ["expected loss", number(e.expectedLoss)],
      ["P(lose any)", percent(e.pLoseAny)],
      ["P(Ego 0: lost)", percent(e.pZero)],
    ],
  );
}

/** The odds `risky` computes for its parsed options: one throw's (Core, Degenesis) or a separate roll's (Legacy). */
export type RiskyOdds =
  | { readonly kind: "combined"; readonly odds: Odds; readonly rank: TierRank | undefined }
  | { readonly kind: "separate"; readonly odds: SeparateRiskyOdds };

/**
 * Reads `risky`'s options (`p`, parsed against RISKY_SPEC) and computes the odds it prints; `advise` calls it per row.
 */
export function riskyOdds(p: Parsed): { readonly ruleset: Ruleset; readonly head: string; readonly result: RiskyOdds } {
  const ruleset = rulesetOf(p, "core");
  const light = int(p, "light", 0);
  const dark = int(p, "dark", 0);
  const ego = int(p, "ego", 3);
  if (ego > ruleset.ego.max) throw new UsageError(`--ego must be between 0 and ${ruleset.ego.max} in ${ruleset.id}.`);
  const head = `${ruleset.id}: ${light} Light + ${dark} Dark Dice, Ego ${ego}`;
  if (ruleset.resolution.kind === "separate") {
    for (const name of ["rank", "versatile", "improvised", "slaughter", "sayonara", "single-die-off"] as const) {
      if (p[name] !== undefined)
        throw new UsageError(
          `--${name} does not exist in ${ruleset.id} (its Effect is a separate roll: npm run odds -- effect).`,
        );
    }
    const odds = separateRiskyOdds(ruleset, { light, dark, ego, montage: flag(p, "montage") });
    return {
      ruleset,
      head: `${head}${flag(p, "montage") ? " (montage: 2 Ego per costly Dark Die)" : ""}`,
      result: { kind: "separate", odds },
    };
  }
  if (flag(p, "montage")) throw new UsageError(`--montage does not exist in ${ruleset.id}.`);
  if (flag(p, "sayonara") && ruleset.sayonara === null)
    throw new UsageError(`--sayonara does not exist in ${ruleset.id}.`);
  if ((flag(p, "versatile") || flag(p, "improvised")) && p.rank === undefined)
    throw new UsageError("--versatile and --improvised need --rank.");
  const rank = p.rank === undefined ? undefined : (int(p, "rank") as TierRank);
  const odds = riskyActionOdds({
    light,
    dark,
    ego,
    slaughter: flag(p, "slaughter"),
    sayonara: flag(p, "sayonara"),
    singleDieServesBoth: !flag(p, "single-die-off"),
    ...(rank === undefined
      ? {}
      : {
          effect: {
            rule: ruleset.effect,
            rank,
            tags: { versatileTwoHanded: flag(p, "versatile"), improvised: flag(p, "improvised") },
          },
        }),
  });
  return {
    ruleset,
    head: `${head}${flag(p, "slaughter") ? ", Slaughter" : ""}${flag(p, "sayonara") ? ", Sayonara" : ""}`,
    result: { kind: "combined", odds, rank },
  };
}

export const risky: OddsCommand = {
  name: "risky",
  summary: "a Risky Action: outcome, Ego lost, and (Core/Degenesis) the Effect die",
  help: HELP,
  run(args) {
    const { head, result } = riskyOdds(parseArgs("risky", args, RISKY_SPEC));
    if (result.kind === "separate") {
      const odds = result.odds;
      const text = [
        head,
        outcomeRows(odds.outcome),
        `P(the Effect roll is made, 4+): ${percent(odds.pEffect)}`,
        egoRows(odds.ego),
      ].join("\n\n");
      return { text, json: odds };
    }
    const { odds, rank } = result;
    const parts = [
      head,
      outcomeRows(odds.outcome),
      `P(the player's Effect lands): ${percent(odds.effect.pLands)}; expected Effect die ${number(odds.effect.expected)} (${number(odds.effect.expectedWhenLands)} when it lands)`,
      distributionTable("Effect die total", odds.effect.distribution),
    ];
    if (odds.effect.value) {
      parts.push(
        `Effect value at tier ${String(rank)}: expected ${number(odds.effect.value.expected)} (${number(odds.effect.value.expectedWhenLands)} when it lands)`,
      );
      parts.push(distributionTable("Effect value", odds.effect.value.distribution));
    }
    parts.push(egoRows(odds.ego));
    return { text: parts.join("\n\n"), json: odds };
  },
};
