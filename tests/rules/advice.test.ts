/**
 * The risk advisor's rows (src/rules/advice.ts): one row per Dark Dice count, each the odds the caller's
 * own odds function gives for that pool, its figures and the change from the row above.
 */
import { describe, expect, it } from "vitest";
import {
  adviceRows,
  combinedAdviceFigures,
  montageOdds,
  riskyActionOdds,
  separateAdviceFigures,
  separateRiskyOdds,
  CORE,
  LEGACY,
  RulesError,
} from "../../src/rules/index.ts";

const close = (a: number, b: number): void => expect(a).toBeCloseTo(b, 12);

describe("the risk advisor's rows", () => {
  it("R-POOL-4 one row per Dark Dice count from 0 to the maximum, each the odds function's own object", () => {
    const seen: number[] = [];
    const rows = adviceRows(
      4,
      (dark) => {
        seen.push(dark);
        return riskyActionOdds({ light: 2, dark, ego: 3 });
      },
      combinedAdviceFigures,
    );
    expect(rows.map((r) => r.dark)).toEqual([0, 1, 2, 3, 4]);
    expect(seen).toEqual([0, 1, 2, 3, 4]);
    for (const row of rows) expect(row.odds).toEqual(riskyActionOdds({ light: 2, dark: row.dark, ego: 3 }));
    expect(adviceRows(0, (dark) => riskyActionOdds({ light: 1, dark, ego: 3 }), combinedAdviceFigures)).toHaveLength(1);
  });

  it("R-RA-1 / R-RA-6 / R-EGO-2 a throw's figures: P(6), P(4+), the Effect when it lands, the Ego lost and P(Ego 0)", () => {
    // 1 Light + 1 Dark at Ego 3: P(highest 6) = 11/36, P(highest ≥ 4) = 1 − 1/4 = 3/4; the Dark Die costs on 1–3.
    const [, row] = adviceRows(1, (dark) => riskyActionOdds({ light: 1, dark, ego: 3 }), combinedAdviceFigures);
    if (!row) throw new Error("no row for 1 Dark Die");
    close(row.figures.success, 11 / 36);
    close(row.figures.atLeastPartial, 3 / 4);
    close(row.figures.egoLoss, 1 / 2);
    close(row.figures.egoZero, 0);
    close(row.figures.effect, riskyActionOdds({ light: 1, dark: 1, ego: 3 }).effect.expectedWhenLands);
    // With a tier the Effect is the value after it (R-RA-4 / R-RA-5), as the dialog shows it.
    const withTier = riskyActionOdds({ light: 2, dark: 1, ego: 3, effect: { rule: CORE.effect, rank: 3 } });
    close(combinedAdviceFigures(withTier).effect, withTier.effect.value?.expectedWhenLands ?? Number.NaN);
  });

  it("R-EGO-2 each row's change is its figures minus the row above's, and the first row has none", () => {
    const rows = adviceRows(3, (dark) => riskyActionOdds({ light: 0, dark, ego: 1 }), combinedAdviceFigures);
    expect(rows[0]?.change).toBeNull();
    for (let i = 1; i < rows.length; i++) {
      const now = rows[i];
      const before = rows[i - 1];
      if (!now?.change || !before) throw new Error("missing row");
      close(now.change.success, now.figures.success - before.figures.success);
      close(now.change.egoZero, now.figures.egoZero - before.figures.egoZero);
    }
    // Ego 1, one Dark Die: P(Ego 0) = P(it shows 1) = 1/6, up from 0.
    close(rows[1]?.change?.egoZero ?? Number.NaN, 1 / 6);
  });

  it("R-LEG-9 / R-LEG-8 a separate roll's figures: the Effect is the chance the Effect roll is made", () => {
    const odds = separateRiskyOdds(LEGACY, { light: 2, dark: 2, ego: 8 });
    const figures = separateAdviceFigures(odds);
    close(figures.effect, odds.pEffect);
    close(figures.atLeastPartial, 1 - Math.pow(3 / 6, 4));
    close(figures.success, 1 - Math.pow(5 / 6, 4));
    // R-LEG-8 above Ego 6 every Dark Die costs.
    close(figures.egoLoss, 2);
  });

  it("R-LEG-14 a montage's figures: no Effect roll of the player's, so the Effect column is P(4+)", () => {
    const odds = montageOdds(LEGACY, { light: 3, dark: 1, ego: 5, tier: "dangerous" });
    const figures = separateAdviceFigures(odds);
    close(figures.effect, odds.outcome.partial + odds.outcome.success);
    close(figures.egoLoss, odds.ego.expectedLoss);
  });

  it("R-POOL-4 a maximum that is not a whole number from 0 to 200 is refused", () => {
    const oddsAt = (dark: number) => riskyActionOdds({ light: 1, dark, ego: 3 });
    expect(() => adviceRows(-1, oddsAt, combinedAdviceFigures)).toThrow(RulesError);
    expect(() => adviceRows(1.5, oddsAt, combinedAdviceFigures)).toThrow(RulesError);
    expect(() => adviceRows(201, oddsAt, combinedAdviceFigures)).toThrow(RulesError);
  });

  it("R-RA-1 odds that are not the engine's (a probability outside 0–1, a missing band) are refused, never read", () => {
    const odds = riskyActionOdds({ light: 2, dark: 1, ego: 3 });
    expect(() => combinedAdviceFigures({ ...odds, outcome: { ...odds.outcome, success: 1.5 } })).toThrow(RulesError);
    expect(() => combinedAdviceFigures({ ...odds, ego: { ...odds.ego, expectedLoss: Number.NaN } })).toThrow(
      RulesError,
    );
    const legacy = separateRiskyOdds(LEGACY, { light: 1, dark: 1, ego: 3 });
    expect(() => separateAdviceFigures({ ...legacy, pEffect: -1 })).toThrow(RulesError);
    expect(() => separateAdviceFigures(null as unknown as typeof legacy)).toThrow(RulesError);
  });
});
