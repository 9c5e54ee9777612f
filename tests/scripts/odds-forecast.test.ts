/**
 * `npm run odds -- forecast` (scripts/odds/forecast.ts), called through `run()` directly as the
 * dispatcher of scripts/odds.ts calls it: its JSON against the pure forecast and a closed form, its
 * table, and a clear UsageError for every bad argument; then through the dispatcher itself (it finds
 * the file, prints the help, and exits with code 2 on a bad argument).
 */
import { describe, expect, it } from "vitest";
import { loadCommands, runOdds } from "../../scripts/odds.ts";
import { forecast } from "../../scripts/odds/forecast.ts";
import { UsageError } from "../../scripts/odds/lib/command.ts";
import {
  challengeEffectLaw,
  challengeForecast,
  CORE,
  DEGENESIS,
  forecastActionLaw,
  LEGACY,
  oneThrowAction,
  riskyActionOdds,
  RulesError,
  challengeStats,
  V062,
} from "../../src/rules/index.ts";

interface Json {
  readonly input: Record<string, unknown>;
  readonly forecast: {
    readonly expectedActions: number | null;
    readonly within: readonly { n: number; p: number }[];
    readonly beyond: number;
    readonly never: boolean;
    readonly harm: {
      readonly expectedStrikes: number | null;
      readonly expectedDamage: number | null;
      readonly pUnscathed: number;
    };
  };
}

describe("npm run odds -- forecast", () => {
  const run = (args: readonly string[]) => forecast.run(args);

  it("is found by the odds script's loader, once, under its name", async () => {
    const commands = await loadCommands();
    expect(commands.get("forecast")).toBe(forecast);
    expect(forecast.summary.length).toBeGreaterThan(10);
  });

  it("--help (through the dispatcher) documents every option and how the tail is reported", async () => {
    const out = await runOdds(["forecast", "--help"]);
    expect(out).toMatchObject({ code: 0, stdout: forecast.help });
    for (const option of [
      "--ruleset",
      "--tier",
      "--n",
      "--disposition",
      "--challenge-armour",
      "--light",
      "--dark",
      "--rank",
      "--slaughter",
      "--versatile",
      "--improvised",
      "--order",
      "--armour",
      "--morale",
      "--full",
      "--json",
    ]) {
      expect(forecast.help).toContain(option);
    }
    expect(forecast.help).toContain("1e-9");
  });

  it("--json (through the dispatcher) prints the JSON; a bad argument exits with code 2 and says which", async () => {
    const out = await runOdds(["forecast", "--tier", "serious", "--json"]);
    expect(out.code).toBe(0);
    expect((JSON.parse(out.stdout) as Json).input).toMatchObject({ tier: "serious", disposition: 20 });
    const bad = await runOdds(["forecast", "--light", "9"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--light must be between 0 and 4/);
  });

  it("R-RA-7 R-CH-1 --json gives the pure forecast's figures for a Serious Challenge (Core, 2 Light 1 Dark, Good, armour 1)", () => {
    const json = run(["--tier", "serious", "--light", "2", "--dark", "1", "--rank", "2", "--armour", "1"]).json as Json;
    const law = oneThrowAction(CORE.effect, {
      light: 2,
      dark: 1,
      rank: 2,
      tags: { versatileTwoHanded: false, improvised: false },
    });
    const exact = challengeForecast(
      law,
      { disposition: 20, effect: challengeEffectLaw({ dice: 2, halved: false }) },
      { characterArmour: 1 },
    );
    expect(json.input).toMatchObject({
      ruleset: "core",
      tier: "serious",
      disposition: 20,
      dice: 2,
      light: 2,
      dark: 1,
      rank: 2,
      armour: 1,
      order: "gm",
    });
    expect(json.forecast.expectedActions).toBe(exact.expectedActions);
    expect(json.forecast.within).toEqual(exact.within);
    expect(json.forecast.harm.expectedDamage).toBe(exact.harm.expectedDamage);
  });

  it("R-RA-6 R-RA-7 a Disposition of 1 is overcome by the first Effect that lands: E[actions] = 1 / P(lands)", () => {
    const json = run(["--ruleset=degenesis", "--tier=trivial", "--disposition=1", "--light=3", "--rank=0"])
      .json as Json;
    const lands = riskyActionOdds({ light: 3, dark: 0, ego: 1, effect: { rule: DEGENESIS.effect, rank: 0 } }).effect
      .pLands;
    expect(json.forecast.expectedActions).toBeCloseTo(1 / lands, 12);
  });

  it("Legacy (R-LEG-10, R-LEG-11): a Fantastical Challenge (n 5: Disposition 50, 5d) against a Greater tool", () => {
    const json = run(["--ruleset", "legacy", "--tier", "fantastical", "--n", "5", "--light", "3", "--rank", "4"])
      .json as Json;
    const exact = challengeForecast(
      forecastActionLaw(LEGACY, { light: 3, dark: 0, rank: 4, tags: { versatileTwoHanded: false, improvised: false } }),
      { disposition: 50, effect: challengeEffectLaw({ dice: 5, halved: false }) },
    );
    expect(json.input).toMatchObject({ ruleset: "legacy", tier: "fantastical", disposition: 50, dice: 5 });
    expect(json.forecast.expectedActions).toBe(exact.expectedActions);
    expect(run(["--ruleset", "legacy", "--tier", "fantastical", "--n", "5", "--rank", "4"]).text).toContain(
      "Fantastical, Disposition 50 left, Effect 5d",
    );
  });

  it("R-LEG-6: --challenge-armour with --ruleset legacy is refused (exit 2, and why); a Legacy Challenge has no armour", async () => {
    expect(() => run(["--ruleset", "legacy", "--tier", "serious", "--challenge-armour", "2"])).toThrow(UsageError);
    expect(() => run(["--ruleset", "legacy", "--tier", "serious", "--challenge-armour", "2"])).toThrow(
      /Legacy Challenge has no armour/,
    );
    const out = await runOdds(["forecast", "--ruleset", "legacy", "--challenge-armour", "1"]);
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/--challenge-armour.*Legacy/);
  });

  it("R-CH-6 (house rule): --challenge-armour in Core is the house rule's armour, taken off each Effect, and the table says it is a house rule", () => {
    const out = run(["--tier", "serious", "--challenge-armour", "1"]);
    const plain = run(["--tier", "serious"]).json as Json;
    expect((out.json as Json).forecast.expectedActions).toBeGreaterThan(plain.forecast.expectedActions ?? Infinity);
    expect(out.text).toContain("armour 1 (house rule)");
    expect(forecast.help).toMatch(/--challenge-armour[^\n]*house rule/);
  });

  it("R-POOL-5 an empty pool never overcomes it: the table says so and the JSON has null for the figures without end", () => {
    const out = run(["--light", "0", "--dark", "0"]);
    expect(out.text).toContain("never takes any Disposition off");
    const json = out.json as Json;
    expect(json.forecast.never).toBe(true);
    expect(json.forecast.expectedActions).toBeNull();
    expect(json.forecast.harm.expectedStrikes).toBeNull();
  });

  it("R-CH-1 the table: the Challenge, the approach, the rows of P(within n), where the list stops, the harm back", () => {
    const { text } = run([
      "--tier",
      "exceptional",
      "--n",
      "5",
      "--light",
      "4",
      "--rank",
      "4",
      "--order",
      "player-first",
    ]);
    expect(text).toContain("Exceptional, Disposition 50 left, Effect 5d");
    expect(text).toContain("Best (+3e)");
    expect(text).toMatch(/^\s+1\s+\d+\.\d%/m);
    expect(text).toContain("below 1e-9");
    expect(text).toContain("order: player-first");
  });

  it("R-V-16 (ruling) --morale counts a sentient v0.6.2 Challenge's Morale at every 0, as the pure forecast does", () => {
    const args = ["--ruleset", "v062", "--tier", "serious", "--light", "3", "--rank", "2"];
    const plain = run(args).json as Json & { forecast: { morale?: unknown } };
    const counted = run([...args, "--morale"]);
    const json = counted.json as Json & { forecast: { morale?: { expectedRolls: number } } };
    const law = forecastActionLaw(V062, {
      light: 3,
      dark: 0,
      rank: 2,
      tags: { versatileTwoHanded: false, improvised: false },
      slaughter: false,
    });
    const stats = challengeStats(V062, "serious");
    const tables = { tiers: V062.challengeTiers, rows: V062.morale ?? [] };
    const exact = challengeForecast(law, {
      disposition: 10,
      effect: challengeEffectLaw(stats),
      morale: { tables, stats },
    });
    expect(json.input).toMatchObject({ ruleset: "v062", morale: true, full: 10 });
    expect(json.forecast.expectedActions).toBe(exact.expectedActions);
    expect(json.forecast.within).toEqual(exact.within);
    expect(json.forecast.morale?.expectedRolls).toBe(exact.morale?.expectedRolls);
    expect(json.forecast.expectedActions ?? 0).toBeGreaterThan(plain.forecast.expectedActions ?? Infinity);
    expect(plain.forecast.morale).toBeUndefined();
    expect(counted.text).toMatch(/Morale counted: .*expected Morale rolls/);
    expect(run(args).text).not.toMatch(/Morale/);
  });

  it("R-V-16 (ruling) --full sets the stored full Disposition Morale resets to; by default the tier's, or the Disposition left when higher", () => {
    const base = ["--ruleset", "v062", "--tier", "exceptional", "--n", "4", "--morale"];
    expect((run([...base, "--disposition", "30"]).json as Json).input).toMatchObject({ disposition: 30, full: 30 });
    const set = run([...base, "--disposition", "12", "--full", "24"]).json as Json & {
      forecast: { morale?: { expectedRolls: number } };
    };
    const stats = { ...challengeStats(V062, "exceptional", 4), disposition: 24 };
    const law = forecastActionLaw(V062, {
      light: 2,
      dark: 0,
      rank: 1,
      tags: { versatileTwoHanded: false, improvised: false },
      slaughter: false,
    });
    const exact = challengeForecast(law, {
      disposition: 12,
      effect: challengeEffectLaw(stats),
      morale: { tables: { tiers: V062.challengeTiers, rows: V062.morale ?? [] }, stats },
    });
    expect(set.forecast.expectedActions).toBe(exact.expectedActions);
    expect(set.forecast.morale?.expectedRolls).toBe(exact.morale?.expectedRolls);
  });

  it.each([
    [["--morale"], /--morale is for a ruleset with Morale/],
    [["--ruleset", "v062", "--full", "10"], /--full needs --morale/],
    [["--ruleset", "v062", "--tier", "serious", "--morale", "--disposition", "8", "--full", "5"], /--full .* below/],
  ])("R-V-16 a Morale argument out of place (%j) is a UsageError saying why", (args, message) => {
    expect(() => run(args)).toThrow(UsageError);
    expect(() => run(args)).toThrow(message);
  });

  it.each([
    [["--tier", "legendary"], /--tier must be one of/],
    [["--ruleset", "legacy", "--tier", "exceptional"], /--tier must be one of .* in legacy/],
    [["--ruleset", "gurps"], /--ruleset must be one of/],
    [["--light"], /--light needs a value/],
    [["--light", "two"], /whole number/],
    [["--light", "5"], /--light must be between 0 and 4/],
    [["--rank", "7"], /--rank must be between 0 and 4/],
    [["--disposition", "1001"], /--disposition must be between 0 and 1000/],
    [["--order", "first"], /--order must be one of/],
    [["--bogus"], /Unknown option --bogus/],
    [["serious"], /Unexpected argument/],
    [["--slaughter=yes"], /takes no value/],
    [["--tier", "serious", "--n", "5"], /only for a level that scales/],
  ])("a bad argument %j is a UsageError with a clear message", (args, message) => {
    expect(() => run(args)).toThrow(UsageError);
    expect(() => run(args)).toThrow(message);
  });

  it.each([[["--tier", "exceptional", "--n", "3"]], [["--ruleset", "legacy", "--tier", "fantastical", "--n", "4"]]])(
    "numbers the rules refuse (%j) are a RulesError with a readable message",
    (args) => {
      expect(() => run(args)).toThrow(RulesError);
    },
  );
});
