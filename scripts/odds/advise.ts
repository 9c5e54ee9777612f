/**
 * `npm run odds -- advise`: the risk advisor of the roll dialogs, on the command line. One row per
 * Dark Dice count from 0 to the maximum, each row's odds exactly what `risky --json` prints for that
 * pool (the same function builds them), its figures and their change from the row above read by the
 * advisor's one pure place (src/rules/advice.ts).
 */
import {
  adviceRows,
  combinedAdviceFigures,
  DARK_ODDS_MAX,
  DEFAULT_DARK_MAX,
  separateAdviceFigures,
  type AdviceFigures,
  type AdviceRow,
} from "../../src/rules/index.ts";
import { int, parseArgs, type OptionSpec, RULESET_CHOICES } from "./lib/args.ts";
import type { OddsCommand } from "./lib/command.ts";
import { number, percent, table } from "./lib/format.ts";
import { RISKY_SPEC, riskyOdds, type RiskyOdds } from "./risky.ts";

const HELP = `npm run odds -- advise --ruleset ${RULESET_CHOICES} --light N --ego E [--dark-max M] [--json]

The risk advisor the roll dialogs show beside the Dark Dice stepper: for every Dark Dice count from 0
to the maximum, the chance of a Success (6), of at least a Success with a consequence (4+), the
expected Effect when it lands (Core, Degenesis; after the tier with --rank) or the chance the Effect
roll is made (Legacy), the expected Ego lost and the chance Ego falls to 0, each with its change from
the row above (what that one more die buys and costs).

  --ruleset ${RULESET_CHOICES}   the ruleset (default core)
  --light N      Light Dice after every modifier, 0–4 (default 0)
  --ego E        Ego when the dice are thrown (default 3; Core/Degenesis 0–6, Legacy 0–10)
  --dark-max M   the last row, 0–${DARK_ODDS_MAX} (default ${DEFAULT_DARK_MAX}: the dialog's Dark Dice maximum
                 when the world has not changed it)
  --json         print { "rows": [ { "dark": d, "odds": <what risky --json prints for d Dark Dice> }, … ] }
The options of "risky" but --dark apply to every row: --rank N, --versatile, --improvised, --slaughter,
--sayonara, --single-die-off (Core, Degenesis), --montage (Legacy).`;

/** risky's options but --dark (each row sets it), and the last row. */
const SPEC = {
  ...Object.fromEntries(Object.entries(RISKY_SPEC).filter(([name]) => name !== "dark")),
  "dark-max": { kind: "int", min: 0, max: DARK_ODDS_MAX },
} as const satisfies Readonly<Record<string, OptionSpec>>;

const figuresOf = (r: RiskyOdds): AdviceFigures =>
  r.kind === "combined" ? combinedAdviceFigures(r.odds) : separateAdviceFigures(r.odds);

/** "+1.23 pt" for a change of probability, "+0.1234" for a change of an expected value. */
function points(d: number): string {
  const text = (d * 100).toFixed(2);
  return `${d < 0 ? "" : "+"}${text} pt`;
}
function signed(d: number): string {
  return `${d < 0 ? "" : "+"}${number(d)}`;
}

function textTable(rows: readonly AdviceRow<RiskyOdds>[], separate: boolean): string {
  const header = [
    "Dark",
    "Success",
    "change",
    "4+",
    "change",
    separate ? "P(Effect roll)" : "Effect if lands",
    "change",
    "Ego lost",
    "change",
    "P(Ego 0)",
    "change",
  ];
  const body = rows.map(({ dark, figures: f, change: c }) => [
    String(dark),
    percent(f.success),
    c ? points(c.success) : "",
    percent(f.atLeastPartial),
    c ? points(c.atLeastPartial) : "",
    separate ? percent(f.effect) : number(f.effect),
    c ? (separate ? points(c.effect) : signed(c.effect)) : "",
    number(f.egoLoss),
    c ? signed(c.egoLoss) : "",
    percent(f.egoZero),
    c ? points(c.egoZero) : "",
  ]);
  return table(header, body);
}

export const advise: OddsCommand = {
  name: "advise",
  summary: "the risk advisor: the odds for every Dark Dice count, and what each one more die buys and costs",
  help: HELP,
  run(args) {
    const p = parseArgs("advise", args, SPEC);
    const darkMax = int(p, "dark-max", DEFAULT_DARK_MAX);
    let head = "";
    const rows = adviceRows(
      darkMax,
      (dark) => {
        const built = riskyOdds({ ...p, dark });
        head ||= built.head.replace(/ \d+ Dark Dice/, ` 0–${darkMax} Dark Dice`);
        return built.result;
      },
      figuresOf,
    );
    const separate = rows[0]?.odds.kind === "separate";
    return {
      text: `${head}\n\n${textTable(rows, separate)}`,
      json: { rows: rows.map((r) => ({ dark: r.dark, odds: r.odds.odds })) },
    };
  },
};
