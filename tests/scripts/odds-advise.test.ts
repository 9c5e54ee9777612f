/**
 * `npm run odds -- advise` (scripts/odds/advise.ts): its rows are `risky`'s odds for the same pools (both
 * commands run, their JSON compared), its default maximum, its help, and its refusals (exit code 2).
 */
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { runOdds } from "../../scripts/odds.ts";
import { DEFAULT_DARK_MAX } from "../../src/rules/index.ts";

const ROOT = resolve(import.meta.dirname, "../..");

async function json(argv: string[]): Promise<unknown> {
  const out = await runOdds([...argv, "--json"]);
  expect(out.stderr).toBe("");
  expect(out.code).toBe(0);
  return JSON.parse(out.stdout) as unknown;
}

interface AdviseJson {
  readonly rows: readonly { readonly dark: number; readonly odds: unknown }[];
}

describe("npm run odds -- advise", () => {
  const cases: readonly (readonly string[])[] = [
    ["--ruleset", "core", "--light", "2", "--ego", "3"],
    ["--ruleset", "degenesis", "--light", "1", "--ego", "5", "--rank", "3", "--slaughter"],
    ["--ruleset", "legacy", "--light", "3", "--ego", "8"],
    ["--ruleset", "legacy", "--light", "0", "--ego", "4", "--montage"],
  ];
  it.each(cases)(
    "R-RA-1 / R-RA-6 / R-EGO-2 / R-LEG-9 / R-LEG-8 each row is what risky --json prints for that pool (%s %s)",
    async (...args) => {
      const advice = (await json(["advise", ...args, "--dark-max", "5"])) as AdviseJson;
      expect(advice.rows.map((r) => r.dark)).toEqual([0, 1, 2, 3, 4, 5]);
      for (const row of advice.rows)
        expect(row.odds).toEqual(await json(["risky", ...args, "--dark", String(row.dark)]));
    },
  );

  it("R-POOL-4 without --dark-max the rows go to the dialog's default maximum", async () => {
    const advice = (await json(["advise", "--light", "1", "--ego", "2"])) as AdviseJson;
    expect(advice.rows).toHaveLength(DEFAULT_DARK_MAX + 1);
    expect(advice.rows.at(-1)?.dark).toBe(DEFAULT_DARK_MAX);
  });

  it("R-EGO-2 the table shows each row's figures and the change from the row above", async () => {
    const out = await runOdds(["advise", "--ruleset", "core", "--light", "0", "--ego", "1", "--dark-max", "1"]);
    expect(out.code).toBe(0);
    const lines = out.stdout.split("\n");
    expect(lines[0]).toBe("core: 0 Light + 0–1 Dark Dice, Ego 1");
    // One Dark Die at Ego 1: Success 1/6, 4+ 1/2, Ego 0 when it shows 1 (1/6).
    expect(lines.at(-1)).toMatch(/^1 +16\.67 % +\+16\.67 pt +50\.00 % +\+50\.00 pt .* 16\.67 % +\+16\.67 pt$/);
  });

  it("--help documents every option, and the main help lists advise", async () => {
    const help = await runOdds(["advise", "--help"]);
    expect(help.code).toBe(0);
    for (const option of ["--ruleset core|degenesis|legacy", "--light N", "--ego E", "--dark-max M", "--json"])
      expect(help.stdout).toContain(option);
    expect((await runOdds(["--help"])).stdout).toMatch(/advise +the risk advisor/);
  });

  it("a bad argument exits 2 with its reason", async () => {
    const bad = async (argv: string[], reason: RegExp): Promise<void> => {
      const out = await runOdds(["advise", ...argv]);
      expect(out.code).toBe(2);
      expect(out.stdout).toBe("");
      expect(out.stderr).toMatch(reason);
    };
    await bad(["--dark", "2"], /Unknown option --dark/);
    await bad(["--dark-max", "201"], /--dark-max must be between 0 and 200/);
    await bad(["--dark-max", "x"], /--dark-max must be a whole number/);
    await bad(["--ruleset", "core", "--ego", "7"], /--ego must be between 0 and 6 in core/);
    await bad(["--ruleset", "legacy", "--rank", "2"], /--rank does not exist in legacy/);
    await bad(["--ruleset", "core", "--montage"], /--montage does not exist in core/);
    await bad(["--ruleset", "nope"], /--ruleset must be one of/);
    const process_ = spawnSync(process.execPath, ["--import", "tsx", "scripts/odds.ts", "advise", "--light", "9"], {
      cwd: ROOT,
      encoding: "utf8",
    });
    expect(process_.status).toBe(2);
    expect(process_.stderr).toMatch(/--light must be between 0 and 4/);
  });
});
