/**
 * `npm run odds` (scripts/odds.ts): its help, its --json figures against full enumeration (every face
 * vector, explosion chains by recursion), its refusals (a clear message, exit code 2), and the
 * dispatch table that a new file in scripts/odds/ joins.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { loadCommands, runOdds } from "../../scripts/odds.ts";

const ROOT = resolve(import.meta.dirname, "../..");

function* vectors(n: number): Generator<readonly number[]> {
  const faces = new Array<number>(n).fill(1);
  for (;;) {
    yield faces;
    let i = 0;
    while (i < n && faces[i] === 6) faces[i++] = 1;
    if (i === n) return;
    faces[i] = (faces[i] ?? 0) + 1;
  }
}

async function json(argv: string[]): Promise<unknown> {
  const out = await runOdds([...argv, "--json"]);
  expect(out.stderr).toBe("");
  expect(out.code).toBe(0);
  return JSON.parse(out.stdout) as unknown;
}

describe("npm run odds", () => {
  it("--help lists every subcommand with its summary and examples; each subcommand documents its options", async () => {
    const commands = await loadCommands();
    expect([...commands.keys()].sort()).toEqual([
      "advise",
      "challenge",
      "effect",
      "forecast",
      "montage",
      "morale",
      "panic",
      "risky",
      "xp",
    ]);
    const help = await runOdds(["--help"]);
    expect(help.code).toBe(0);
    for (const c of commands.values()) expect(help.stdout).toContain(`${c.name}`);
    expect(help.stdout).toMatch(/--ruleset legacy/);
    expect(help.stdout).toMatch(/--json/);
    const risky = await runOdds(["risky", "--help"]);
    for (const option of [
      "--ruleset",
      "--light",
      "--dark",
      "--ego",
      "--rank",
      "--slaughter",
      "--sayonara",
      "--montage",
      "--json",
    ])
      expect(risky.stdout).toContain(option);
    expect((await runOdds(["effect", "--help"])).stdout).toMatch(/--tool lesser\|normal\|greater/);
    expect((await runOdds(["xp", "--help"])).stdout).toMatch(/--ego-max E --hp-max H/);
    expect((await runOdds(["montage", "--help"])).stdout).toMatch(/6–11 −2d, 12\+ −3d/);
    expect((await runOdds(["challenge", "--help"])).stdout).toMatch(/--tier LEVEL/);
    expect((await runOdds(["panic", "--help"])).stdout).toMatch(/--ego-dice N/);
    expect((await runOdds(["morale", "--help"])).stdout).toMatch(/--tier LEVEL/);
  });

  it("R-V-8: panic --json equals the enumeration of every throw of the Ego dice, Eager's included", async () => {
    const odds = (await json(["panic", "--ego-dice", "2", "--eager"])) as {
      ego: number[];
      states: Record<string, number>;
    };
    const ego = [0, 0, 0, 0, 0, 0, 0];
    for (const faces of vectors(3)) {
      const k = Math.max(...faces);
      ego[k] = (ego[k] ?? 0) + 6 ** -3;
    }
    odds.ego.forEach((p, k) => expect(p).toBeCloseTo(ego[k] ?? 0, 12));
    expect(odds.states.flight).toBeCloseTo((ego[1] ?? 0) + (ego[2] ?? 0) + (ego[3] ?? 0), 12);
    expect(odds.states.fight).toBeCloseTo(ego[6] ?? 0, 12);
    const text = await runOdds(["panic"]);
    expect(text.stdout).toMatch(/fight \(6\)\s+16\.67 %/);
  });

  it("R-V-16: morale --json gives up, lowers and carries on as the enumeration of three dice says", async () => {
    const out = (await json(["morale", "--tier", "formidable"])) as { odds: Record<string, number> };
    let up = 0;
    let lower = 0;
    for (const faces of vectors(3)) {
      const k = Math.max(...faces);
      if (k <= 3) up += 6 ** -3;
      else if (k <= 5) lower += 6 ** -3;
    }
    expect(out.odds["gives-up"]).toBeCloseTo(up, 12);
    expect(out.odds.lower).toBeCloseTo(lower, 12);
    expect(out.odds["carries-on"]).toBeCloseTo(1 - up - lower, 12);
    expect((await runOdds(["morale", "--tier", "trivial"])).stdout).toMatch(/lower \(4–5\)\s+0 %/);
  });

  it("R-RA-1 R-EGO-2: risky --json (Core, the default) equals the enumeration of every face vector", async () => {
    const odds = (await json(["--light", "2", "--dark", "2", "--ego", "3"])) as {
      outcome: Record<string, number>;
      ego: { expectedLoss: number; pZero: number };
    };
    let fail = 0;
    let success = 0;
    let loss = 0;
    let zero = 0;
    let all = 0;
    for (const f of vectors(4)) {
      all++;
      const top = Math.max(...f);
      if (top <= 3) fail++;
      if (top === 6) success++;
      const l = Math.min(3, f.slice(2).filter((x) => x <= 3).length);
      loss += l;
      if (l === 3) zero++;
    }
    expect(odds.outcome.fail).toBeCloseTo(fail / all, 12);
    expect(odds.outcome.success).toBeCloseTo(success / all, 12);
    expect(odds.ego.expectedLoss).toBeCloseTo(loss / all, 12);
    expect(odds.ego.pZero).toBeCloseTo(zero / all, 12);
  });

  it("R-V-12: risky --ruleset v062 --json reads the Effect by the row and halves it on 4–5 (an exploding 6 by its mean)", async () => {
    const odds = (await json(["--ruleset", "v062", "--light", "2", "--rank", "2"])) as {
      effect: { value: { expectedWhenLands: number } };
    };
    // Every throw whose Effect die does not explode, and each whose does, read as the row says.
    let landing = 0;
    let total = 0;
    for (const f of vectors(2)) {
      const [precision = 0, die = 0] = [...f].sort((a, b) => b - a);
      if (precision <= 3) continue;
      landing++;
      // An exploding 6 adds a fresh die's mean, 4.2, on a success; it is only ever a success (Precision 6).
      const whole = die === 6 ? 6 + 4.2 + 1 : die + 1;
      total += precision === 6 ? whole : Math.ceil((die + 1) / 2);
    }
    expect(odds.effect.value.expectedWhenLands).toBeCloseTo(total / landing, 9);
  });

  it("R-LEG-9 R-LEG-14: risky --ruleset legacy --montage --json equals the enumeration (2 Ego per costly die)", async () => {
    const odds = (await json([
      "risky",
      "--ruleset",
      "legacy",
      "--light",
      "1",
      "--dark",
      "3",
      "--ego",
      "5",
      "--montage",
    ])) as { pEffect: number; ego: { expectedLoss: number; pZero: number } };
    let effect = 0;
    let loss = 0;
    let zero = 0;
    let all = 0;
    for (const f of vectors(4)) {
      all++;
      if (Math.max(...f) >= 4) effect++;
      const l = Math.min(5, 2 * f.slice(1).filter((x) => x <= 5).length);
      loss += l;
      if (l === 5) zero++;
    }
    expect(odds.pEffect).toBeCloseTo(effect / all, 12);
    expect(odds.ego.expectedLoss).toBeCloseTo(loss / all, 12);
    expect(odds.ego.pZero).toBeCloseTo(zero / all, 12);
  });

  it("R-LEG-11: effect --tool lesser --extra 1 --json (2d keep highest, explode, halve up) equals the enumeration", async () => {
    const odds = (await json(["effect", "--tool", "lesser", "--extra", "1"])) as {
      distribution: { total: number; p: number }[];
      expected: number;
    };
    // The chain of a 6 by recursion, 14 levels deep (dropped mass ~1e-11).
    const chain = (depth: number): Map<number, number> => {
      const d = new Map<number, number>();
      for (let f = 1; f <= 5; f++) d.set(f, 1 / 6);
      if (depth > 0) for (const [x, p] of chain(depth - 1)) d.set(6 + x, (d.get(6 + x) ?? 0) + p / 6);
      return d;
    };
    const deep = chain(14);
    const expected = new Map<number, number>();
    for (const f of vectors(2)) {
      const top = Math.max(...f);
      const totals = top < 6 ? new Map([[top, 1]]) : new Map([...deep].map(([x, p]) => [6 + x, p]));
      for (const [t, p] of totals) expected.set(Math.ceil(t / 2), (expected.get(Math.ceil(t / 2)) ?? 0) + p / 36);
    }
    for (const point of odds.distribution)
      expect(Math.abs(point.p - (expected.get(point.total) ?? 0))).toBeLessThan(1e-9);
    let mean = 0;
    for (const [t, p] of expected) mean += t * p;
    expect(Math.abs(odds.expected - mean)).toBeLessThan(1e-8);
  });

  it("R-LEG-13: xp --ego-max 4 --hp-max 6 --dice 3 --json equals the enumeration of 3d6 against 10", async () => {
    const odds = (await json(["xp", "--ego-max", "4", "--hp-max", "6", "--dice", "3"])) as {
      p: number;
      target: number;
    };
    let hits = 0;
    for (const f of vectors(3)) if (f.reduce((a, b) => a + b, 0) >= 10) hits++;
    expect(odds.target).toBe(10);
    expect(odds.p).toBeCloseTo(hits / 216, 12);
    const table = (await json(["xp", "--rating", "2", "--up-to", "3"])) as { k: number; p: number }[];
    expect(table.map((r) => r.k)).toEqual([1, 2, 3]);
    expect(table[0]?.p).toBeCloseTo(1 / 6, 12); // one die ≥ 6
  });

  it.each([
    [["--light", "5"], /--light must be between 0 and 4 \(got 5\)/],
    [["--light", "two"], /--light must be a whole number/],
    [["--colour", "red"], /Unknown option --colour for "risky"/],
    [["risky", "--ruleset", "legacy", "--sayonara"], /--sayonara does not exist in legacy/],
    [["risky", "--ruleset", "core", "--montage"], /--montage does not exist in core/],
    [["risky", "--ruleset", "core", "--ego", "7"], /--ego must be between 0 and 6 in core/],
    [["effect", "--ruleset", "core"], /comes from the Risky Action's throw/],
    [["xp", "--dice", "3"], /exactly one of --target/],
    [["xp", "--ruleset", "core", "--rating", "2"], /no skills/],
    [["challenge", "--ruleset", "legacy", "--tier", "exceptional"], /--tier must be one of/],
    [["montage", "--ruleset", "core", "--tier", "serious"], /core has no montage/],
    [["bogus"], /Unknown subcommand "bogus"/],
    [["risky", "--dark"], /--dark needs a value/],
    [["panic", "--ego-dice", "0"], /1 to 20 Ego dice/],
    [["morale"], /--tier is required/],
    [["morale", "--tier", "serious", "--n", "5"], /--n is for --tier exceptional only/],
  ])("a bad argument %j gives a clear message and exit code 2", async (argv, message) => {
    const out = await runOdds(argv);
    expect(out.code).toBe(2);
    expect(out.stdout).toBe("");
    expect(out.stderr).toMatch(message);
  });

  it("the real process exits with code 2 on a bad argument, 0 on --help", () => {
    const bad = spawnSync(process.execPath, ["--import", "tsx", "scripts/odds.ts", "--light", "9"], {
      cwd: ROOT,
      encoding: "utf8",
    });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/--light must be between 0 and 4/);
    const help = spawnSync(process.execPath, ["--import", "tsx", "scripts/odds.ts", "--help"], {
      cwd: ROOT,
      encoding: "utf8",
    });
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/Subcommands:/);
  });

  it("a file with an OddsCommand export in the folder is a new subcommand (the forecast's way in)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "odds-"));
    writeFileSync(
      join(dir, "forecast.ts"),
      `export const forecast = { name: "forecast", summary: "s", help: "h", run: (args) => ({ text: "t" + args.length, json: { n: args.length } }) };\n`,
    );
    const commands = await loadCommands(dir);
    expect([...commands.keys()]).toEqual(["forecast"]);
    const out = await runOdds(["forecast", "--x", "--json"], commands);
    expect(out).toEqual({ code: 0, stdout: JSON.stringify({ n: 1 }, null, 2), stderr: "" });
  });
});
