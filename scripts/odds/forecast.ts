/**
 * `npm run odds -- forecast …`: the Challenge forecast (src/rules/forecast.ts) from the command line,
 * for a GM pitching a Challenge. One subcommand of scripts/odds.ts (its loader finds the one
 * `OddsCommand` this file exports). `run` never prints and never exits: a bad argument throws the
 * odds script's `UsageError` (a RulesError for numbers the rules refuse), which the dispatcher turns
 * into a message and exit code 2. The dispatcher takes `--json` and `--help` off before `run`.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import {
  asTierRank,
  challengeArmour,
  challengeArmourShown,
  challengeEffectLaw,
  challengeForecast,
  challengeStats,
  forecastActionLaw,
  RULESET_IDS,
  type ChallengeStats,
  type EffectOrder,
  type Forecast,
  type ForecastMorale,
  type Ruleset,
} from "../../src/rules/index.ts";
import { flag, int, parseArgs, RULESET_OPTION, rulesetOf, type OptionSpec } from "./lib/args.ts";
import { UsageError, type OddsCommand } from "./lib/command.ts";

const ORDERS: readonly EffectOrder[] = ["gm", "player-first", "player-last"];
/** Rows the table prints at most (the JSON has every row). */
const TEXT_ROWS = 12;

const HELP = `npm run odds -- forecast [options]

The exact forecast of a Challenge (no sampling): how many Risky Actions a typical approach needs to
bring its Disposition to 0, P(overcome within 1, 2, 3… actions), and the harm it deals back meanwhile.

Challenge
  --ruleset <id>          ${RULESET_IDS.join(" | ")} (default core)
  --tier <id>             trivial | dangerous | serious | formidable | exceptional (Core, Degenesis)
                          or extreme | fantastical (Legacy) (default dangerous)
  --n <n>                 the dice of a tier that scales (Exceptional from 4, Fantastical from 5)
  --disposition <d>       the Disposition left, 0–1000 (default: the tier's)
  --challenge-armour <a>  Core/Degenesis house rule only: the Challenge's armour, taken off each
                          Effect (default 0: the books give Challenges none; refused in Legacy)
  --morale                v0.6.2: the GM ticked Sentient, so Morale is counted, rolled at every 0
                          (1-3 gives up, 4-5 a tier lower, 6+ back to full; refused without Morale)
  --full <d>              with --morale: the full Disposition a carry-on resets to, 1–1000 (default
                          the tier's, or the Disposition left when that is higher)

Approach (the same for every action)
  --light <0-4>           Light Dice (default 2)
  --dark <n>              Dark Dice (default 0)
  --rank <0-4>            the Effect tier: 0 Bad/Improvised … 4 Best/Extreme (default 1);
                          Legacy: the tool, 0-1 Lesser (d/2), 2-3 Normal (1d), 4 Greater (2d)
  --slaughter             the Effect die explodes on 5+
  --versatile             a Versatile weapon held two-handed (Legacy: a Normal tool's +1)
  --improvised            an improvised tool (read at the lowest tier)

Harm back
  --order <id>            whose Effect goes first: gm | player-first | player-last (default gm)
  --armour <a>            the character's armour against the Challenge's Effect (default 0)

  --json                  print the inputs and the forecast (challengeForecast) as JSON (null: never)

P(within n) is listed until P(not yet overcome) < 1e-9, or 1000 actions; what is left is "beyond".`;

const TIERS = ["trivial", "dangerous", "serious", "formidable", "exceptional", "extreme", "fantastical"];

const SPEC: Readonly<Record<string, OptionSpec>> = {
  ruleset: RULESET_OPTION,
  tier: { kind: "choice", choices: TIERS },
  n: { kind: "int", min: 1, max: 100 },
  disposition: { kind: "int", min: 0, max: 1000 },
  "challenge-armour": { kind: "int", min: 0, max: 10 },
  morale: { kind: "flag" },
  full: { kind: "int", min: 1, max: 1000 },
  light: { kind: "int", min: 0, max: 4 },
  dark: { kind: "int", min: 0, max: 100 },
  rank: { kind: "int", min: 0, max: 4 },
  slaughter: { kind: "flag" },
  versatile: { kind: "flag" },
  improvised: { kind: "flag" },
  order: { kind: "choice", choices: ORDERS },
  armour: { kind: "int", min: 0, max: 10 },
};

/** English labels of the i18n keys the rules name (the command line is not localised). */
function english(): (key: string) => string {
  const lang = JSON.parse(readFileSync(resolve(import.meta.dirname, "../../lang/en.json"), "utf8")) as unknown;
  return (key) => {
    let node: unknown = lang;
    for (const part of key.split("."))
      node = typeof node === "object" && node !== null ? (node as Record<string, unknown>)[part] : undefined;
    return typeof node === "string" ? node : key;
  };
}

const pct = (p: number): string => `${(100 * p).toFixed(1)}%`;
const num = (x: number | null): string => (x === null ? "without end" : x.toFixed(2));

/** The forecast as JSON: the inputs and the figures (null where there is no finite figure). */
function toJson(input: object, forecast: Forecast): unknown {
  return { input, forecast };
}

function text(ruleset: Ruleset, input: ForecastCliInput, f: Forecast, label: (key: string) => string): string {
  const tier = ruleset.effect.tiers[input.rank];
  const lines = [
    `Challenge forecast (${label(ruleset.labelKey)}): ${label(`TERRAN.ChallengeTier.${input.tier}`)}, Disposition ${f.disposition} left, ` +
      `Effect ${input.halved ? "d/2" : `${input.dice}d`}${input.challengeArmour ? `, armour ${input.challengeArmour} (house rule)` : ""}`,
    `Approach: ${input.light} Light + ${input.dark} Dark, Effect tier ${tier ? label(tier.labelKey) : input.rank}` +
      `${input.slaughter ? ", Slaughter" : ""}${input.versatile ? ", Versatile two-handed" : ""}${input.improvised ? ", improvised" : ""}`,
    `Each action: ${label("TERRAN.Band.fail")} ${pct(f.perAction.fail)}, ${label("TERRAN.Band.partial")} ${pct(f.perAction.partial)}, ` +
      `${label("TERRAN.Band.success")} ${pct(f.perAction.success)}; takes Disposition off ${pct(f.perAction.progress)}`,
    "",
  ];
  if (f.never) {
    lines.push("This approach never takes any Disposition off: the Challenge is never overcome.");
  } else {
    lines.push(
      `Expected Risky Actions: ${num(f.expectedActions)}` +
        (f.median !== null
          ? ` (half the time within ${f.median}${f.n90 !== null ? `, 90% within ${f.n90}` : ""})`
          : ""),
    );
    lines.push("", "   n  P(overcome within n)");
    const shown = f.within.slice(0, TEXT_ROWS);
    for (const w of shown)
      lines.push(`${String(w.n).padStart(4)}  ${pct(w.p).padStart(6)}  ${"#".repeat(Math.round(w.p * 30))}`);
    const lastShown = shown.at(-1);
    if (lastShown && f.within.length > shown.length) lines.push(`   …  (${f.within.length} rows in --json)`);
    const lastListed = f.within.at(-1);
    if (lastListed)
      lines.push(
        `Not yet overcome after ${lastListed.n}: ${f.beyond.toExponential(2)}${f.beyond < f.tailEpsilon ? " (below 1e-9: the list stops there)" : " (the list stops at 1000 actions)"}`,
      );
  }
  const h = f.harm;
  if (f.morale)
    lines.push(
      "",
      `Morale counted: Sentient, full Disposition ${input.full ?? f.disposition}; expected Morale rolls ${num(f.morale.expectedRolls)} ` +
        "(rolled at every 0; overcome means it gave up)",
    );
  lines.push(
    "",
    `Harm dealt back (order: ${h.order}): expected strikes ${num(h.expectedStrikes)}, Effect per strike ${num(h.effectPerStrike)}, ` +
      `expected total Effect ${num(h.expectedEffect)}`,
    `After the character's armour ${h.characterArmour}: ${num(h.damagePerStrike)} per strike, ${num(h.expectedDamage)} in all; P(never struck) ${pct(h.pUnscathed)}`,
  );
  return lines.join("\n");
}

interface ForecastCliInput {
  readonly ruleset: string;
  readonly tier: string;
  readonly n: number | null;
  readonly disposition: number;
  readonly dice: number;
  readonly halved: boolean;
  readonly challengeArmour: number;
  /** R-V-16 Morale counted (the GM ticked Sentient), and the full Disposition it resets to. */
  readonly morale: boolean;
  readonly full: number | null;
  readonly light: number;
  readonly dark: number;
  readonly rank: 0 | 1 | 2 | 3 | 4;
  readonly slaughter: boolean;
  readonly versatile: boolean;
  readonly improvised: boolean;
  readonly order: EffectOrder;
  readonly armour: number;
}

/** R-V-16 (§13 ruling 22) --morale and --full, checked: only where the ruleset has Morale, full ≥ what is left. */
function fullOf(
  parsed: ReturnType<typeof parseArgs>,
  ruleset: Ruleset,
  stats: ChallengeStats,
  left: number,
): { morale: boolean; full: number | null } {
  const morale = flag(parsed, "morale");
  if (morale && !ruleset.morale)
    throw new UsageError(`--morale is for a ruleset with Morale (v062); ${ruleset.id} has none.`);
  if (!morale) {
    if (parsed.full !== undefined)
      throw new UsageError("--full needs --morale: it is the Disposition Morale resets to.");
    return { morale, full: null };
  }
  const full = int(parsed, "full", Math.max(stats.disposition, left));
  if (full < left) throw new UsageError(`--full ${full} is below the Disposition left (${left}).`);
  return { morale, full };
}

/** R-V-16 the ruleset's Morale table for the track (its Dice, its full Disposition). */
function moraleOf(ruleset: Ruleset, stats: ChallengeStats): ForecastMorale {
  return { tables: { tiers: ruleset.challengeTiers, rows: ruleset.morale ?? [] }, stats };
}

/**
 * The forecast for the arguments after `forecast` (without --json / --help); throws UsageError /
 * RulesError on bad input.
 */
function run(args: readonly string[]): { text: string; json: unknown } {
  const parsed = parseArgs("forecast", args, SPEC);
  const ruleset = rulesetOf(parsed, "core");
  const tier = typeof parsed.tier === "string" ? parsed.tier : "dangerous";
  const def = ruleset.challengeTiers.find((t) => t.id === tier);
  if (!def)
    throw new UsageError(
      `--tier must be one of ${ruleset.challengeTiers.map((t) => t.id).join(", ")} in ${ruleset.id} (got "${tier}").`,
    );
  if (parsed.n !== undefined && !def.scales)
    throw new UsageError(`--n is only for a level that scales (${tier} does not).`);
  // R-LEG-6 armour never lowers an Effect on a Legacy Challenge; R-CH-6 elsewhere it is the house rule.
  if (parsed["challenge-armour"] !== undefined && !challengeArmourShown({ ruleset, houseRule: true }))
    throw new UsageError(
      `--challenge-armour is not for ${ruleset.id}: a Legacy Challenge has no armour (armour never lowers an Effect on its Disposition).`,
    );
  const stats = challengeStats(ruleset, tier, def.scales ? int(parsed, "n", def.scales.minN) : undefined);
  const input: ForecastCliInput = {
    ruleset: ruleset.id,
    tier: stats.tier,
    n: stats.n,
    disposition: int(parsed, "disposition", stats.disposition),
    dice: stats.dice,
    halved: stats.halved,
    challengeArmour: int(parsed, "challenge-armour", 0),
    ...fullOf(parsed, ruleset, stats, int(parsed, "disposition", stats.disposition)),
    light: int(parsed, "light", 2),
    dark: int(parsed, "dark", 0),
    rank: asTierRank(int(parsed, "rank", 1)),
    slaughter: flag(parsed, "slaughter"),
    versatile: flag(parsed, "versatile"),
    improvised: flag(parsed, "improvised"),
    order: ORDERS.find((o) => o === parsed.order) ?? "gm",
    armour: int(parsed, "armour", 0),
  };
  const law = forecastActionLaw(ruleset, {
    light: input.light,
    dark: input.dark,
    rank: input.rank,
    tags: { versatileTwoHanded: input.versatile, improvised: input.improvised },
    slaughter: input.slaughter,
  });
  const result = challengeForecast(
    law,
    {
      disposition: input.disposition,
      armour: challengeArmour({ ruleset, houseRule: true }, input.challengeArmour),
      effect: challengeEffectLaw(stats),
      ...(input.full !== null ? { morale: moraleOf(ruleset, { ...stats, disposition: input.full }) } : {}),
    },
    { order: input.order, characterArmour: input.armour },
  );
  return { text: text(ruleset, input, result, english()), json: toJson(input, result) };
}

/** The subcommand, as scripts/odds.ts's loader finds it. */
export const forecast: OddsCommand = {
  name: "forecast",
  summary: "how many Risky Actions a Challenge lasts, P(within n), and the harm it deals back",
  help: HELP,
  run,
};
