/**
 * The Challenge sheet's forecast panel, pure (src/applications/sheets/challenge/challenge-forecast.ts and its
 * place in challenge-context.ts): what it shows for each approach, that it never throws, that players
 * never get it, and how the GM's typed values are corrected.
 */
import { describe, expect, it } from "vitest";
import {
  challengeSheetContext,
  type ChallengeFullView,
} from "../../../src/applications/sheets/challenge/challenge-context.ts";
import {
  changeForecastChoice,
  challengeForecastView,
  DEFAULT_FORECAST_CHOICES,
  FORECAST_BARS,
  type ForecastChoices,
  type ForecastInput,
} from "../../../src/applications/sheets/challenge/challenge-forecast.ts";
import {
  buildPool,
  challengeEffectLaw,
  challengeForecast,
  CORE,
  DEGENESIS,
  forecastActionLaw,
  LEGACY,
  V062,
  type RulesetId,
  type TierRank,
} from "../../../src/rules/index.ts";
import { legacySeasonedCharacter } from "../../fixtures/legacy-sheets.ts";
import { english as englishText } from "../../support/templates.ts";
import {
  forecastChallenge,
  mortalCharacter,
  multiFacetChallenge,
  OBSERVER,
  seasonedCharacter,
} from "../../fixtures/sheets.ts";

/**
 * The panel's input; the Challenge armour house rule (R-CH-6) on unless said, so the fixture's armour 1 counts in Core.
 */
function input(choices: Partial<ForecastChoices> = {}, rulesetId: RulesetId = "core", houseRule = true): ForecastInput {
  const base = multiFacetChallenge(rulesetId);
  const seasoned = seasonedCharacter(rulesetId);
  const mortal = mortalCharacter(rulesetId);
  return {
    rulesetId,
    name: base.name,
    system: base.system,
    characters: [
      { id: "seasoned", name: seasoned.name, state: { source: seasoned.system, items: seasoned.items } },
      { id: "mortal", name: mortal.name, state: { source: mortal.system, items: mortal.items } },
    ],
    choices: { ...DEFAULT_FORECAST_CHOICES, ...choices },
    singleDieServesBoth: true,
    challengeArmour: houseRule,
  };
}

const exact = (
  light: number,
  dark: number,
  rank: TierRank,
  disposition: number,
  dice: number,
  halved: boolean,
  armour: number,
  characterArmour: number,
  ruleset = CORE,
) =>
  challengeForecast(
    forecastActionLaw(ruleset, { light, dark, rank }),
    { disposition, armour, effect: challengeEffectLaw({ dice, halved }) },
    { characterArmour },
  );

describe("the forecast panel (pure)", () => {
  it("R-RA-7 by hand: the Challenge's own Disposition left (12 of 20, 2d, armour 1), the exact figures, rounded", () => {
    const view = challengeForecastView(input({ light: 3, dark: 1, rank: 2, armour: 1 }));
    const f = exact(3, 1, 2, 12, 2, false, 1, 1);
    expect(view.byHand).toBe(true);
    expect(view.target).toMatchObject({ name: "Salt Brute", left: 12, max: 20 });
    expect(view.result?.expected).toBe((f.expectedActions ?? Number.NaN).toFixed(1));
    expect(view.result?.harm.damage).toBe((f.harm.expectedDamage ?? Number.NaN).toFixed(1));
    expect(view.result?.harm.unscathed).toBe((100 * f.harm.pUnscathed).toFixed(1));
    expect(view.result?.bars[0]).toEqual({
      n: 1,
      percent: (100 * (f.within[0]?.p ?? 0)).toFixed(1),
      width: Math.round(100 * (f.within[0]?.p ?? 0)),
    });
    expect(view.result?.tail.key).toBe("TERRAN.Forecast.tail.exact");
    expect(view.light.disabled).toBe(false);
  });

  it("R-RA-7 writes its figures as the client's language writes numbers (a decimal comma in pt-BR)", () => {
    const choices = { light: 3, dark: 1, rank: 2 as TierRank, armour: 1 };
    const english = challengeForecastView(input(choices));
    const portuguese = challengeForecastView({ ...input(choices), locale: "pt-BR" });
    const f = exact(3, 1, 2, 12, 2, false, 1, 1);
    const comma = (s: string | undefined) => s?.replace(".", ",");
    expect(portuguese.result?.expected).toBe(comma(english.result?.expected));
    expect(portuguese.result?.expected).toBe((f.expectedActions ?? Number.NaN).toFixed(1).replace(".", ","));
    expect(portuguese.result?.harm).toEqual({
      ...english.result?.harm,
      strikes: comma(english.result?.harm.strikes),
      effect: comma(english.result?.harm.effect),
      damage: comma(english.result?.harm.damage),
      unscathed: comma(english.result?.harm.unscathed),
    });
    expect(portuguese.result?.bars.map((b) => b.percent)).toEqual(english.result?.bars.map((b) => comma(b.percent)));
    expect(portuguese.result?.perAction.success).toBe(comma(english.result?.perAction.success));
    expect(portuguese.result?.bars.every((b) => /^\d+,\d$/.test(b.percent))).toBe(true);
  });

  it("R-CH-5 R-CH-2 against a facet: its Disposition and its dice (Trivial's d/2)", () => {
    const view = challengeForecastView(input({ facet: "0" }));
    const f = exact(2, 0, 1, 5, 0, true, 1, 0);
    expect(view.target).toMatchObject({
      name: "Talk it down",
      left: 5,
      max: 5,
      dice: { key: "TERRAN.Sheet.Challenge.halved" },
    });
    expect(view.result?.harm.effect).toBe((f.harm.expectedEffect ?? Number.NaN).toFixed(1));
    expect(view.facets.find((o) => o.selected)?.value).toBe("0");
  });

  it("R-POOL-1 R-POOL-3 R-HARM-2 a character and attribute: the pool's Light Dice (wounds counted) and the character's armour", () => {
    const seasoned = seasonedCharacter();
    const view = challengeForecastView(input({ character: "seasoned", attribute: "finesse", light: 0, armour: 0 }));
    expect(view.byHand).toBe(false);
    expect(view.light.disabled).toBe(true);
    expect(view.light.tooltip.key).toBe("TERRAN.Forecast.lightFromCharacter");
    // The panel's light is what the rules' pool gives for Finesse with the character's wounds.
    const pool = buildPool({
      ruleset: CORE,
      target: { kind: "attribute", attribute: "finesse" },
      attributes: seasoned.system.attributes,
      wounds: seasoned.system.wounds,
      flags: new Set(["ignoreBroken"]),
      dark: 0,
    });
    expect(view.light.value).toBe(pool.light);
    expect(view.armour.value).toBeGreaterThan(0);
    expect(view.armour.disabled).toBe(true);
  });

  it("R-HARM-5 R-POOL-5 a Mortally Wounded character with no Dark Dice never takes Disposition off: said, no bars", () => {
    const view = challengeForecastView(input({ character: "mortal", attribute: "finesse", dark: 0 }));
    expect(view.light.value).toBe(0);
    expect(view.result).toMatchObject({
      never: true,
      bars: [],
      expected: "",
      tail: { key: "TERRAN.Forecast.tail.never" },
    });
    expect(view.result?.harm.strikes).toBe("∞");
  });

  it("a character who is gone (deleted since) falls back to the approach by hand", () => {
    const view = challengeForecastView(input({ character: "nobody", light: 4 }));
    expect(view.byHand).toBe(true);
    expect(view.light.value).toBe(4);
    expect(view.characters.find((o) => o.selected)?.value).toBe("");
  });

  it("R-RA-7 the bars stop once P reaches 99.95 % (or at 12), and a list cut at 1000 actions says so", () => {
    const view = challengeForecastView(input({ light: 4, dark: 2, rank: 4 }));
    const bars = view.result?.bars ?? [];
    expect(bars.length).toBeLessThanOrEqual(FORECAST_BARS);
    expect(Number(bars.at(-1)?.percent)).toBeGreaterThanOrEqual(99.9);
    const base = input({ light: 1, rank: 0 });
    const long = challengeForecastView({
      ...base,
      system: { ...base.system, armour: 4, disposition: { value: 1000, max: 1000 }, dice: 10 },
    });
    expect(long.result?.bars).toHaveLength(FORECAST_BARS);
    expect(long.result?.tail).toEqual({ key: "TERRAN.Forecast.tail.capped", value: "1000" });
  });

  it("R-RA-5 Degenesis: its own tiers in the select and its floors in the figures", () => {
    const view = challengeForecastView(input({ light: 2, rank: 2 }, "degenesis"));
    expect(view.ranks.map((r) => r.label)).toEqual(DEGENESIS.effect.tiers.map((t) => t.labelKey));
    expect(view.result?.expected).toBe(exact(2, 0, 2, 12, 2, false, 1, 0, DEGENESIS).expectedActions?.toFixed(1));
  });

  it("Legacy (R-LEG-9, R-LEG-11): its attributes and tool tiers in the selects, the separate Effect roll in the figures; a character's pool is not read yet, and the panel says so", () => {
    const view = challengeForecastView(input({ light: 2, rank: 4, attribute: "finesse" }, "legacy"));
    expect(view.attributes.map((a) => a.value)).toEqual(LEGACY.attributes.list.map((a) => a.id));
    // Ranks 2 and 3 are both a Normal tool: offered once.
    expect(view.ranks.map((r) => r.label)).toEqual([
      "TERRAN.EffectTier.legacy.improvised",
      "TERRAN.EffectTier.legacy.lesser",
      "TERRAN.EffectTier.legacy.normal",
      "TERRAN.EffectTier.legacy.greater",
    ]);
    expect(view.result?.expected).toBe(exact(2, 0, 4, 12, 2, false, 0, 0, LEGACY).expectedActions?.toFixed(1));
  });

  it("R-LEG-6: the Legacy forecast of a Serious Challenge with armour 2 is the forecast without it (the house rule cannot bring it in)", () => {
    for (const houseRule of [false, true]) {
      const base = input({ light: 2, rank: 2 }, "legacy", houseRule);
      const plain = { ...base.system, tier: "serious" as const, disposition: { value: 20, max: 20 }, dice: 2 };
      const armoured = challengeForecastView({ ...base, system: { ...plain, armour: 2 } });
      const bare = challengeForecastView({ ...base, system: { ...plain, armour: 0 } });
      expect(armoured.error).toBeNull();
      expect(armoured.result).toEqual(bare.result);
      expect(armoured.result?.expected).toBe(exact(2, 0, 2, 20, 2, false, 0, 0, LEGACY).expectedActions?.toFixed(1));
    }
  });

  it("R-CH-6 (house rule): with the house rule off (the default) a Core or Degenesis forecast ignores the Challenge's armour", () => {
    for (const rulesetId of ["core", "degenesis"] as const) {
      const off = challengeForecastView(input({ light: 2, rank: 2 }, rulesetId, false));
      const ruleset = rulesetId === "core" ? CORE : DEGENESIS;
      expect(off.result?.expected).toBe(exact(2, 0, 2, 12, 2, false, 0, 0, ruleset).expectedActions?.toFixed(1));
      const on = challengeForecastView(input({ light: 2, rank: 2 }, rulesetId, true));
      expect(on.result?.expected).toBe(exact(2, 0, 2, 12, 2, false, 1, 0, ruleset).expectedActions?.toFixed(1));
      expect(on.result?.expected).not.toBe(off.result?.expected);
    }
  });

  it("Legacy (R-LEG-3 R-LEG-5 R-LEG-11): a Legacy character's pool is its attribute + its best skill − the wound penalty, its tier its best equipped weapon or tool", () => {
    // Strength 2, Violence 2 (best), Critical (−1d); armour 1;
    // Sword (Normal, equipped), Large axe (Greater, not equipped)
    const oskar = legacySeasonedCharacter();
    const base = input({ character: "oskar", attribute: "strength", rank: 0 }, "legacy");
    const view = challengeForecastView({
      ...base,
      characters: [{ id: "oskar", name: oskar.name, state: { source: oskar.system, items: oskar.items } }],
    });
    expect(view.error).toBeNull();
    expect(view.light).toMatchObject({ value: 3, disabled: true });
    expect(view.ranks.find((r) => r.selected)?.value).toBe("2");
    expect(view.rank).toMatchObject({ disabled: true, tooltip: { key: "TERRAN.Forecast.rankFromCharacter" } });
    expect(view.armour.value).toBe(1);
    expect(view.result?.expected).toBe(exact(3, 0, 2, 12, 2, false, 0, 1, LEGACY).expectedActions?.toFixed(1));
    // Charisma 2 + Violence 2 (the best skill serves every attribute) − 1.
    const charisma = challengeForecastView({
      ...base,
      choices: { ...base.choices, attribute: "charisma" },
      characters: [{ id: "oskar", name: oskar.name, state: { source: oskar.system, items: oskar.items } }],
    });
    expect(charisma.light.value).toBe(3);
    // Without an equipped weapon or tool, the tier stays the GM's.
    const unarmed = { source: oskar.system, items: oskar.items.filter((i) => i.type !== "weapon") };
    const byHandTier = challengeForecastView({
      ...base,
      choices: { ...base.choices, rank: 4 },
      characters: [{ id: "oskar", name: oskar.name, state: unarmed }],
    });
    expect(byHandTier.ranks.find((r) => r.selected)?.value).toBe("4");
    expect(byHandTier.rank.disabled).toBe(false);
  });

  it("an attribute the ruleset does not have reads as its first", () => {
    const view = challengeForecastView(input({ attribute: "luck" }));
    expect(view.attributes.find((a) => a.selected)?.value).toBe(CORE.attributes.list[0]?.id);
  });

  it("a Disposition the rules refuse (hand-edited above 1000) shows why instead of throwing", () => {
    const base = input();
    const view = challengeForecastView({
      ...base,
      system: { ...base.system, disposition: { value: 1200, max: 1200 } },
    });
    expect(view.result).toBeNull();
    expect(view.error?.key).toBe("TERRAN.Forecast.error");
    expect(view.error?.value).toMatch(/1000/);
  });
});

describe("the GM's typed values", () => {
  it("numbers are clamped to their limits, text is refused, each with the correction said", () => {
    const start = { ...DEFAULT_FORECAST_CHOICES };
    expect(changeForecastChoice(start, "light", "7")).toEqual({
      choices: { ...start, light: 4 },
      corrected: { key: "TERRAN.Sheet.Corrected.clamped", value: "4" },
    });
    expect(changeForecastChoice(start, "dark", "-2").choices.dark).toBe(0);
    expect(changeForecastChoice(start, "armour", "2.6").choices.armour).toBe(3);
    expect(changeForecastChoice(start, "dark", "lots")).toEqual({
      choices: start,
      corrected: { key: "TERRAN.Sheet.Corrected.notNumber", value: "0" },
    });
    expect(changeForecastChoice(start, "dark", "3")).toEqual({ choices: { ...start, dark: 3 }, corrected: null });
  });

  it("ids the selects never offered fall back to the defaults", () => {
    const start = { ...DEFAULT_FORECAST_CHOICES, rank: 3 as TierRank, order: "player-first" as const };
    expect(changeForecastChoice(start, "rank", "9").choices.rank).toBe(DEFAULT_FORECAST_CHOICES.rank);
    expect(changeForecastChoice(start, "rank", "2").choices.rank).toBe(2);
    expect(changeForecastChoice(start, "order", "sideways").choices.order).toBe("gm");
    expect(changeForecastChoice(start, "order", "player-last").choices.order).toBe("player-last");
    expect(changeForecastChoice(start, "attribute", "<b>").choices.attribute).toBe(DEFAULT_FORECAST_CHOICES.attribute);
    expect(changeForecastChoice(start, "attribute", "reason").choices.attribute).toBe("reason");
    expect(changeForecastChoice(start, "facet", "__proto__").choices.facet).toBe("");
    expect(changeForecastChoice(start, "facet", "1").choices.facet).toBe("1");
    expect(changeForecastChoice(start, "character", "abc").choices.character).toBe("abc");
  });
});

describe("the panel's place on the Challenge sheet", () => {
  it("players never get it nor its data, whatever the input says", () => {
    const view = challengeSheetContext({ ...forecastChallenge(), permissions: OBSERVER }) as ChallengeFullView;
    expect(view.forecastShown).toBe(false);
    expect(view.forecast).toBeNull();
  });

  it("the GM gets it; closed, nothing is computed; open, the figures", () => {
    const open = forecastChallenge();
    if (!open.forecast) throw new Error("the fixture has a forecast");
    const closed = challengeSheetContext({ ...open, forecast: { ...open.forecast, open: false } }) as ChallengeFullView;
    expect(closed).toMatchObject({ forecastShown: true, forecastOpen: false, forecast: null });
    const view = challengeSheetContext(open) as ChallengeFullView;
    expect(view.forecastOpen).toBe(true);
    expect(view.forecast?.result?.expected).toMatch(/^\d+\.\d$/);
  });
});

describe("R-V-16 the forecast panel counts Morale where the GM says the Challenge has it", () => {
  const sentient = (rulesetId: RulesetId, on = true, choices: Partial<ForecastChoices> = {}): ForecastInput => {
    const base = input(choices, rulesetId);
    return { ...base, system: { ...base.system, sentient: on } };
  };

  it("R-V-16: a sentient v0.6.2 Challenge's forecast is the one with Morale, and the panel says it counts it", () => {
    const view = challengeForecastView(sentient("v062"));
    const system = sentient("v062").system;
    const law = forecastActionLaw(V062, { light: 2, dark: 0, rank: 1, singleDieServesBoth: true });
    const stats = { tier: system.tier, disposition: system.disposition.max, dice: system.dice, halved: false, n: null };
    const expected = challengeForecast(law, {
      disposition: system.disposition.value,
      // The house rule is on in this panel's input: the Challenge's armour 1 counts (R-CH-6).
      armour: system.armour,
      effect: challengeEffectLaw(system),
      morale: { tables: { tiers: V062.challengeTiers, rows: V062.morale ?? [] }, stats },
    });
    expect(view.result?.morale?.key).toBe("TERRAN.Forecast.morale");
    expect(view.result?.morale?.value).toBe((expected.morale?.expectedRolls ?? 0).toFixed(1));
    expect(view.result?.expected).toBe((expected.expectedActions ?? 0).toFixed(1));
    expect(englishText("TERRAN.Forecast.morale")).toMatch(/Morale/);
  });

  it("R-V-16: a facet chosen counts that facet's own Morale (its tier, Dice and full Disposition)", () => {
    const whole = challengeForecastView(sentient("v062"));
    const facet = challengeForecastView(sentient("v062", true, { facet: "0" }));
    expect(facet.result?.morale).not.toBeNull();
    expect(facet.result?.expected).not.toBe(whole.result?.expected);
  });

  it("R-V-16: not sentient, or a ruleset without Morale: the forecast is the one without it, and no line", () => {
    for (const view of [challengeForecastView(sentient("v062", false)), challengeForecastView(sentient("core"))])
      expect(view.result?.morale).toBeNull();
    expect(challengeForecastView(sentient("core")).result).toEqual(challengeForecastView(input()).result);
  });
});
