import { describe, expect, it } from "vitest";
import { applyEffectToChallengeOperation } from "../../../src/documents/operations/challenge.ts";
import type { ChallengeSource } from "../../../src/data/source.ts";

const brute: ChallengeSource = {
  tier: "dangerous",
  n: 4,
  disposition: { value: 10, max: 10 },
  dice: 1,
  halved: false,
  facets: [{ name: "Talk down", tier: "trivial", n: 4, disposition: { value: 5, max: 5 }, dice: 0, halved: true }],
  armour: 0,
  notes: "",
};

describe("applying an Effect to a Challenge", () => {
  it("R-RA-7: the Effect reduces the Challenge's Disposition, floor 0, overcome at 0", () => {
    expect(applyEffectToChallengeOperation(brute, null, 4)).toEqual({
      update: { system: { disposition: { value: 6 } } },
      outcome: { facet: null, effect: 4, armour: 0, applied: 4, before: 10, after: 6, overcome: false },
    });
    expect(applyEffectToChallengeOperation(brute, null, 12).outcome).toMatchObject({ after: 0, overcome: true });
    expect(applyEffectToChallengeOperation(brute, null, 0).update).toEqual({});
  });

  it("R-CH-5 R-RA-7: an Effect on a facet rewrites the facets with only that one changed", () => {
    const { update, outcome } = applyEffectToChallengeOperation(brute, 0, 3);
    expect(update).toEqual({ system: { facets: [{ ...brute.facets[0], disposition: { value: 2, max: 5 } }] } });
    expect(outcome).toMatchObject({ facet: 0, before: 5, after: 2, overcome: false });
    expect(brute.facets[0]?.disposition.value).toBe(5);
    expect(() => applyEffectToChallengeOperation(brute, 1, 3)).toThrow(/no facet #2/);
  });

  it("R-HARM-1 R-RA-7: a Challenge's armour is subtracted from the Effect first", () => {
    expect(applyEffectToChallengeOperation({ ...brute, armour: 2 }, null, 5).outcome).toMatchObject({
      applied: 3,
      after: 7,
    });
    expect(applyEffectToChallengeOperation({ ...brute, armour: 2 }, null, 1).outcome).toMatchObject({
      applied: 0,
      after: 10,
    });
    expect(() => applyEffectToChallengeOperation(brute, null, -1)).toThrow(/at least 0/);
  });
});
