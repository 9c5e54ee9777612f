/**
 * The Challenge sheet's pure context and edits (src/applications/sheets/challenge/challenge-context.ts):
 * tiers and their presets (R-CH-1), facets (R-CH-5), Disposition bars (R-RA-7), GM-only notes and
 * limited permission.
 */
import { describe, expect, it } from "vitest";
import {
  challengeSheetContext,
  editFacet,
  newFacet,
  tierNeedsN,
  tierPreset,
  type ChallengeFullView,
  type ChallengeSheetView,
} from "../../../src/applications/sheets/challenge/challenge-context.ts";
import { RulesError } from "../../../src/rules/index.ts";
import { LIMITED, multiFacetChallenge, OBSERVER, OWNER, overcomeChallenge } from "../../fixtures/sheets.ts";
import { english } from "../../support/templates.ts";

function full(view: ChallengeSheetView): ChallengeFullView {
  if (view.limited) throw new Error("expected the full view");
  return view;
}

const say = (m: { key: string; value: string }): string => english(m.key).replaceAll("{value}", m.value);

describe("Challenge sheet context", () => {
  it("R-CH-5: the Challenge's own tier is the first row, then each facet", () => {
    const view = full(challengeSheetContext(multiFacetChallenge()));
    expect(
      view.facets.map((f) => [f.index, f.name, f.tier.id, f.disposition.value, f.disposition.max, say(f.dice.text)]),
    ).toEqual([
      ["", "Salt Brute", "serious", 12, 20, "2d"],
      ["0", "Talk it down", "trivial", 5, 5, "d/2"],
      ["1", "Outrun it", "exceptional", 50, 50, "5d"],
    ]);
    expect(view.facets[0]?.isMain).toBe(true);
    expect(view.facets[0]?.names.value).toBe("system.disposition.value");
    expect(view.facets[1]?.names.value).toBe("");
    expect(view.facets.map((f) => f.disposition.percent)).toEqual([60, 100, 100]);
    expect(view.facets.map((f) => f.n.shown)).toEqual([false, false, true]);
    expect(view.facets[2]?.tier.options.find((o) => o.selected)?.value).toBe("exceptional");
    expect(view.armour.value).toBe(1);
    expect(view.overcome).toBe(false);
  });

  it("R-CH-6 (house rule): the armour field shows only while the house rule is on, said to be a house rule", () => {
    const on = full(challengeSheetContext(multiFacetChallenge()));
    expect(on.armour).toMatchObject({ shown: true, value: 1 });
    expect(english(on.armour.hint.key)).toMatch(/house rule/i);
    expect(english("TERRAN.Sheet.Challenge.houseRule")).toMatch(/house rule/i);
    const off = full(challengeSheetContext({ ...multiFacetChallenge(), challengeArmour: false }));
    expect(off.armour.shown).toBe(false);
    for (const rulesetId of ["core", "degenesis"] as const)
      expect(full(challengeSheetContext(multiFacetChallenge(rulesetId))).armour.shown).toBe(true);
  });

  it("R-LEG-6: a Legacy Challenge's sheet never shows armour, even with the house rule on", () => {
    const view = full(challengeSheetContext(multiFacetChallenge("legacy")));
    expect(view.armour.shown).toBe(false);
  });

  it("R-CH-5 (ruling): the sheet says that one facet at 0 overcomes the whole Challenge", () => {
    const view = full(challengeSheetContext(multiFacetChallenge()));
    expect(view.facetRule).toEqual({ shown: true, key: "TERRAN.Sheet.Challenge.facetRule" });
    expect(english(view.facetRule.key)).toMatch(/any one facet/i);
    const input = multiFacetChallenge();
    const single = full(challengeSheetContext({ ...input, system: { ...input.system, facets: [] } }));
    expect(single.facetRule.shown).toBe(false);
  });

  it("R-RA-7: a Disposition at 0 marks the Challenge overcome", () => {
    const view = full(challengeSheetContext(overcomeChallenge()));
    expect(view.overcome).toBe(true);
    expect(view.facets[0]?.disposition.overcome).toBe(true);
    expect(view.cssClass).toBe("is-overcome");
  });

  it("GM notes are the GM's only", () => {
    const gm = full(challengeSheetContext(multiFacetChallenge()));
    expect(gm.notes.shown).toBe(true);
    expect(gm.notes.enriched).toBe("<p>Afraid of fire.</p>");
    const player = full(challengeSheetContext(multiFacetChallenge("core", OWNER)));
    expect(player.notes).toMatchObject({ shown: false, value: "", enriched: "" });
  });

  it("limited permission shows name, image and tier only", () => {
    expect(challengeSheetContext(multiFacetChallenge("core", LIMITED))).toEqual({
      limited: true,
      cssClass: "is-limited",
      name: "Salt Brute",
      img: "icons/svg/mystery-man.svg",
      tier: { labelKey: "TERRAN.ChallengeTier.serious" },
    });
  });

  it("an observer can neither roll nor edit, and is told why", () => {
    const view = full(challengeSheetContext(multiFacetChallenge("core", OBSERVER)));
    expect(say(view.facets[0]?.roll.tooltip ?? { key: "", value: "" })).toBe("Only the character's owner can do this.");
    expect(view.addFacet.disabled).toBe(true);
    expect(view.facets[1]?.remove.disabled).toBe(true);
  });

  it("a tier with no Effect dice cannot roll", () => {
    const input = multiFacetChallenge();
    const view = full(challengeSheetContext({ ...input, system: { ...input.system, dice: 0 } }));
    expect(view.facets[0]?.roll.disabled).toBe(true);
    expect(say(view.facets[0]?.roll.tooltip ?? { key: "", value: "" })).toBe("This tier has no Effect dice.");
  });

  it("the same tables in both rulesets (R-CH-1)", () => {
    const core = full(challengeSheetContext(multiFacetChallenge("core")));
    const degenesis = full(challengeSheetContext(multiFacetChallenge("degenesis")));
    expect(degenesis.facets.map((f) => f.tier.options.map((o) => o.value))).toEqual(
      core.facets.map((f) => f.tier.options.map((o) => o.value)),
    );
    expect(degenesis.ruleset.labelKey).toBe("TERRAN.Ruleset.degenesis");
  });
});

describe("Challenge edits", () => {
  it("R-CH-1: a tier preset fills Disposition and dice; Exceptional takes n", () => {
    expect(tierPreset("core", "trivial")).toEqual({
      tier: "trivial",
      n: 4,
      disposition: { value: 5, max: 5 },
      dice: 0,
      halved: true,
    });
    expect(tierPreset("core", "formidable")).toEqual({
      tier: "formidable",
      n: 4,
      disposition: { value: 30, max: 30 },
      dice: 3,
      halved: false,
    });
    expect(tierPreset("degenesis", "exceptional", 6)).toEqual({
      tier: "exceptional",
      n: 6,
      disposition: { value: 60, max: 60 },
      dice: 6,
      halved: false,
    });
    expect(tierNeedsN("core", "exceptional")).toEqual({
      needed: true,
      min: 4,
      minDisposition: 40,
      dispositionPerN: 10,
    });
    expect(tierNeedsN("core", "serious")).toEqual({ needed: false, min: 0, minDisposition: 0, dispositionPerN: 0 });
    expect(() => tierPreset("core", "exceptional", 3)).toThrow(RulesError);
    expect(() => tierPreset("core", "legendary")).toThrow(RulesError);
  });

  it("R-CH-1 (ruling): an Exceptional preset keeps n dice with any Disposition of 40 or more", () => {
    expect(tierPreset("core", "exceptional", 4, 45)).toEqual({
      tier: "exceptional",
      n: 4,
      disposition: { value: 45, max: 45 },
      dice: 4,
      halved: false,
    });
    expect(tierPreset("degenesis", "exceptional", 6, 40)).toMatchObject({
      disposition: { value: 40, max: 40 },
      dice: 6,
    });
    expect(() => tierPreset("core", "exceptional", 4, 39)).toThrow(RulesError);
  });

  it("R-CH-5: a new facet starts Dangerous", () => {
    expect(newFacet("core", "Chase")).toEqual({
      name: "Chase",
      tier: "dangerous",
      n: 4,
      disposition: { value: 10, max: 10 },
      dice: 1,
      halved: false,
    });
  });

  it("facet fields are clamped, with a correction to show", () => {
    const facets = multiFacetChallenge().system.facets;
    const value = editFacet(facets, 0, "value", "9");
    expect(value.facets[0]?.disposition).toEqual({ value: 5, max: 5 });
    expect(value.corrected && say(value.corrected)).toBe("A value was out of range; it was set to 5.");
    const max = editFacet(facets, 1, "max", "20");
    expect(max.facets[1]?.disposition).toEqual({ value: 20, max: 20 });
    expect(max.corrected).toBeNull();
    const junk = editFacet(facets, 1, "dice", "lots");
    expect(junk.facets[1]?.dice).toBe(5);
    expect(junk.corrected && say(junk.corrected)).toBe("That is not a number; the value stays 5.");
    expect(editFacet(facets, 0, "name", "  Bribe it ").facets[0]?.name).toBe("Bribe it");
    expect(editFacet(facets, 7, "name", "x").facets).toEqual(facets);
    // The input is never changed.
    expect(facets[0]?.disposition.value).toBe(5);
  });
});

describe("R-V-16 Morale on the Challenge sheet", () => {
  /** The beaten brute as a sentient v0.6.2 Serious Challenge (10 · 2d) at 0. */
  const sentient = (over: { sentient?: boolean; rulesetId?: "core" | "v062" } = {}) => {
    const base = overcomeChallenge(over.rulesetId ?? "v062");
    return {
      ...base,
      system: { ...base.system, disposition: { value: 0, max: 10 }, sentient: over.sentient ?? true },
    };
  };

  it("R-V-16: a sentient Challenge at 0 offers Roll Morale on that track, with the odds of each result (2d: 1/4, 4/9, 11/36)", () => {
    const view = full(challengeSheetContext(sentient()));
    expect(view.sentient).toMatchObject({ shown: true, checked: true });
    const main = view.facets[0]?.morale;
    expect(main?.button.disabled).toBe(false);
    expect(main?.odds).toEqual([
      { labelKey: "TERRAN.Morale.givesUp", text: "25.0%" },
      { labelKey: "TERRAN.Morale.lower", text: "44.4%" },
      { labelKey: "TERRAN.Morale.carriesOn", text: "30.6%" },
    ]);
    // The facets above 0 offer nothing.
    expect(view.facets.slice(1).map((f) => f.morale)).toEqual([null, null]);
  });

  it("R-V-16 R-LEG-10: a Legacy Extreme brought over reads as Exceptional: its odds, not a broken sheet", () => {
    const base = sentient();
    const extreme = { ...base, system: { ...base.system, tier: "extreme" as const, dice: 4 } };
    expect(full(challengeSheetContext(extreme)).facets[0]?.morale?.odds.map((o) => o.text)).toEqual([
      "6.3%",
      "42.0%",
      "51.8%",
    ]);
  });

  it("R-V-16: nothing when not sentient, and no box where the ruleset has no Morale", () => {
    expect(full(challengeSheetContext(sentient({ sentient: false }))).facets[0]?.morale).toBeNull();
    const core = full(challengeSheetContext(sentient({ rulesetId: "core" })));
    expect(core.sentient.shown).toBe(false);
    expect(core.facets[0]?.morale).toBeNull();
  });

  it("R-V-16 once per time it reaches 0: a track whose Morale was rolled at this 0 shows it closed, saying why", () => {
    const base = sentient();
    const facets = base.system.facets.map((f, i) =>
      i === 0 ? { ...f, disposition: { value: 0, max: f.disposition.max }, moraleRolled: false } : f,
    );
    const rolled = { ...base, system: { ...base.system, moraleRolled: true, facets } };
    const view = full(challengeSheetContext(rolled));
    expect(view.facets[0]?.morale?.button.disabled).toBe(true);
    expect(view.facets[0]?.morale?.button.tooltip.key).toBe("TERRAN.Sheet.Disabled.moraleRolled");
    expect(say(view.facets[0]?.morale?.button.tooltip ?? { key: "", value: "" })).toMatch(/already rolled/i);
    // The facet at 0 is another track: its Morale is still open.
    expect(view.facets[1]?.morale?.button.disabled).toBe(false);
    // A mark on a track back above 0 offers nothing (there is no Morale above 0).
    const raised = { ...rolled, system: { ...rolled.system, disposition: { value: 3, max: 10 } } };
    expect(full(challengeSheetContext(raised)).facets[0]?.morale).toBeNull();
  });

  it("R-V-16: a player who does not own the Challenge sees the control closed, saying why", () => {
    const view = full(challengeSheetContext({ ...sentient(), permissions: OBSERVER }));
    expect(view.facets[0]?.morale?.button.disabled).toBe(true);
    expect(say(view.facets[0]?.morale?.button.tooltip ?? { key: "", value: "" })).toMatch(/own/i);
  });
});
