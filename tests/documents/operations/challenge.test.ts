import { describe, expect, it } from "vitest";
import {
  applyEffectToChallengeOperation,
  assertMoraleOpen,
  moraleDice,
  moraleOperation,
} from "../../../src/documents/operations/challenge.ts";
import type { ChallengeSource } from "../../../src/data/source.ts";
import { CORE, DEGENESIS, LEGACY, V062, type ChallengeArmourRule } from "../../../src/rules/index.ts";

/** Core with the house rule off (the default), on, and Legacy (where it cannot be on). */
const off: ChallengeArmourRule = { ruleset: CORE, houseRule: false };
const on: ChallengeArmourRule = { ruleset: CORE, houseRule: true };

const brute: ChallengeSource = {
  tier: "dangerous",
  n: 4,
  disposition: { value: 10, max: 10 },
  dice: 1,
  halved: false,
  facets: [{ name: "Talk down", tier: "trivial", n: 4, disposition: { value: 5, max: 5 }, dice: 0, halved: true }],
  armour: 0,
  sentient: false,
  notes: "",
};

describe("applying an Effect to a Challenge", () => {
  it("R-RA-7: the Effect reduces the Challenge's Disposition, floor 0, overcome at 0", () => {
    expect(applyEffectToChallengeOperation(brute, null, 4, off)).toEqual({
      update: { system: { disposition: { value: 6 } } },
      outcome: { facet: null, effect: 4, armour: 0, applied: 4, before: 10, after: 6, overcome: false },
    });
    expect(applyEffectToChallengeOperation(brute, null, 12, off).outcome).toMatchObject({ after: 0, overcome: true });
    expect(applyEffectToChallengeOperation(brute, null, 0, off).update).toEqual({});
  });

  it("R-CH-5 R-RA-7: an Effect on a facet rewrites the facets with only that one changed", () => {
    const { update, outcome } = applyEffectToChallengeOperation(brute, 0, 3, off);
    expect(update).toEqual({ system: { facets: [{ ...brute.facets[0], disposition: { value: 2, max: 5 } }] } });
    expect(outcome).toMatchObject({ facet: 0, before: 5, after: 2, overcome: false });
    expect(brute.facets[0]?.disposition.value).toBe(5);
    expect(() => applyEffectToChallengeOperation(brute, 1, 3, off)).toThrow(/no facet #2/);
  });

  it("R-CH-6 R-RA-7 (house rule): with the world's house rule on, a Core or Degenesis Challenge's armour is subtracted from the Effect first", () => {
    for (const rule of [on, { ruleset: DEGENESIS, houseRule: true }]) {
      expect(applyEffectToChallengeOperation({ ...brute, armour: 2 }, null, 5, rule).outcome).toMatchObject({
        armour: 2,
        applied: 3,
        after: 7,
      });
      expect(applyEffectToChallengeOperation({ ...brute, armour: 2 }, null, 1, rule).outcome).toMatchObject({
        applied: 0,
        after: 10,
      });
      expect(applyEffectToChallengeOperation({ ...brute, armour: 2 }, 0, 4, rule).outcome).toMatchObject({
        applied: 2,
        after: 3,
      });
    }
    expect(() => applyEffectToChallengeOperation(brute, null, -1, on)).toThrow(/at least 0/);
  });

  it("R-CH-6 R-RA-7 (house rule): with the house rule off (the default) a Challenge's stored armour is ignored", () => {
    expect(applyEffectToChallengeOperation({ ...brute, armour: 2 }, null, 5, off)).toEqual({
      update: { system: { disposition: { value: 5 } } },
      outcome: { facet: null, effect: 5, armour: 0, applied: 5, before: 10, after: 5, overcome: false },
    });
    expect(applyEffectToChallengeOperation({ ...brute, armour: 2 }, 0, 4, off).outcome).toMatchObject({ after: 1 });
  });

  it("R-LEG-6: armour never lowers an Effect on a Legacy Challenge's Disposition, whatever the house rule says", () => {
    for (const houseRule of [false, true]) {
      expect(
        applyEffectToChallengeOperation({ ...brute, armour: 2 }, null, 5, { ruleset: LEGACY, houseRule }).outcome,
      ).toMatchObject({ armour: 0, applied: 5, after: 5 });
    }
  });
});

describe("moraleOperation", () => {
  /** A sentient v0.6.2 Serious Challenge (10 · 2d) brought to 0, with a Dangerous facet (5 · 1d) at 0 too. */
  const beaten: ChallengeSource = {
    tier: "serious",
    n: 4,
    disposition: { value: 0, max: 10 },
    dice: 2,
    halved: false,
    facets: [{ name: "Nerve", tier: "dangerous", n: 4, disposition: { value: 0, max: 5 }, dice: 1, halved: false }],
    armour: 0,
    sentient: true,
    notes: "",
  };

  it("R-V-16: 1–3 gives up (it stays at 0, the roll remembered); 6+ carries on at full Disposition", () => {
    expect(moraleOperation(beaten, V062, null, [3, 1], [])).toEqual({
      update: { system: { moraleRolled: true } },
      outcome: { result: "gives-up", value: 3, facet: null },
    });
    const on = moraleOperation(beaten, V062, null, [6, 2], [2]);
    expect(on.outcome).toMatchObject({ result: "carries-on", value: 8, disposition: 10 });
    expect(on.update.system).toMatchObject({ disposition: { value: 10, max: 10 }, tier: "serious", dice: 2 });
  });

  it("R-V-16: 4–5 pushes on a tier lower: tier, Dice and Disposition become that tier's", () => {
    const lower = moraleOperation(beaten, V062, null, [5, 2], []);
    expect(lower.outcome).toMatchObject({ result: "lower", value: 5 });
    expect(lower.update.system).toEqual({
      tier: "dangerous",
      dice: 1,
      halved: false,
      n: 4,
      disposition: { value: 5, max: 5 },
      moraleRolled: false,
    });
  });

  it("R-V-16 (ruling): with facets only the facet that reached 0 changes; Dangerous steps to Trivial (d/2)", () => {
    const facet = moraleOperation(beaten, V062, 0, [4], []);
    expect(facet.update.system?.facets).toEqual([
      {
        name: "Nerve",
        tier: "trivial",
        n: 4,
        disposition: { value: 1, max: 1 },
        dice: 0,
        halved: true,
        moraleRolled: false,
      },
    ]);
    expect(facet.update.system?.tier).toBeUndefined();
    const halved = {
      name: "Nerve",
      tier: "trivial" as const,
      n: 4,
      disposition: { value: 0, max: 1 },
      dice: 0,
      halved: true,
    };
    expect(moraleDice({ ...beaten, facets: [halved] }, 0)).toBe(1);
  });

  it("R-V-16 R-LEG-10: another ruleset's level is read as this one's alias: a Legacy Extreme steps to Formidable", () => {
    const extreme = { ...beaten, tier: "extreme" as const, dice: 4 };
    const lower = moraleOperation(extreme, V062, null, [5, 1, 1, 1], []);
    expect(lower.outcome).toMatchObject({ result: "lower", stats: { tier: "formidable", disposition: 15, dice: 3 } });
  });

  it("R-V-16: refused without Morale in the ruleset, unsentient, above 0, or with no Dice", () => {
    const refused = (fn: () => unknown, reason: RegExp) => expect(fn).toThrow(reason);
    refused(() => moraleOperation(beaten, CORE, null, [4, 1], []), /no Morale/);
    refused(() => moraleOperation({ ...beaten, sentient: false }, V062, null, [4, 1], []), /sentient/);
    refused(
      () => moraleOperation({ ...beaten, disposition: { value: 3, max: 10 } }, V062, null, [4, 1], []),
      /reaches 0/,
    );
    refused(() => moraleOperation({ ...beaten, dice: 0 }, V062, null, [], []), /no Dice/);
    refused(() => moraleOperation(beaten, V062, 3, [4], []), /no facet #4/);
  });

  it("R-V-16 once per time it reaches 0: after it gave up, that track refuses a second roll; the others may", () => {
    const gaveUp = moraleOperation(beaten, V062, null, [2, 1], []).update.system;
    const after: ChallengeSource = { ...beaten, moraleRolled: gaveUp?.moraleRolled ?? false };
    expect(() => assertMoraleOpen(after, V062, null)).toThrow(/already rolled/i);
    expect(() => moraleOperation(after, V062, null, [6, 1], [3])).toThrow(/already rolled/i);
    expect(assertMoraleOpen(after, V062, 0)).toBe(V062.morale);
    const facetGaveUp = moraleOperation(beaten, V062, 0, [1], []).update.system;
    expect(facetGaveUp?.facets?.[0]?.moraleRolled).toBe(true);
    expect(facetGaveUp?.moraleRolled).toBeUndefined();
    const facetAfter: ChallengeSource = { ...beaten, facets: facetGaveUp?.facets ?? [] };
    expect(() => assertMoraleOpen(facetAfter, V062, 0)).toThrow(/already rolled/i);
    expect(assertMoraleOpen(facetAfter, V062, null)).toBe(V062.morale);
  });

  it("R-V-16: a mark left on a track above 0 does not count (it is refused as above 0, not as rolled)", () => {
    const raised = { ...beaten, moraleRolled: true, disposition: { value: 4, max: 10 } };
    expect(() => assertMoraleOpen(raised, V062, null)).toThrow(/reaches 0/);
    // A world saved before the mark existed has none: the track at 0 is open.
    expect(assertMoraleOpen(beaten, V062, null)).toBe(V062.morale);
  });
});
