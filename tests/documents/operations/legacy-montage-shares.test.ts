/** R-LEG-14 (ruling) companions sharing a montage's Ego (src/documents/operations/ego.ts). */
import { describe, expect, it } from "vitest";
import { montageEgoShares, payEgoShareOperation } from "../../../src/documents/operations/ego.ts";
import { defaultLegacyValues, legacyBlocks } from "../../fixtures/legacy-values.ts";
import { RulesError } from "../../../src/rules/index.ts";
import { character } from "./fixtures.ts";

const companion = (ego: number) => ({
  source: { ...character(), ...legacyBlocks({ ...defaultLegacyValues(), ego: { value: ego }, egoLost: 1 }) },
  items: [],
});

describe("R-LEG-14 companions share the montage's Ego", () => {
  it("R-LEG-14 (ruling): companions pay first, in order, up to their offer and their Ego; the roller pays the rest", () => {
    const offers = [
      { id: "Actor.a", ego: 1, offers: 3 },
      { id: "Actor.b", ego: 5, offers: 2 },
      { id: "Actor.c", ego: 5, offers: 4 },
    ];
    expect(montageEgoShares(6, offers)).toEqual({
      companions: [
        { id: "Actor.a", pays: 1 },
        { id: "Actor.b", pays: 2 },
        { id: "Actor.c", pays: 3 },
      ],
      roller: 0,
    });
    expect(montageEgoShares(4, [{ id: "Actor.a", ego: 3, offers: 1 }])).toEqual({
      companions: [{ id: "Actor.a", pays: 1 }],
      roller: 3,
    });
    expect(montageEgoShares(0, offers)).toEqual({ companions: [], roller: 0 });
    // The same companion named twice is refused by the engine's split.
    expect(() => montageEgoShares(4, [offers[1], offers[1]] as never)).toThrow(RulesError);
  });

  it("R-LEG-14 (ruling) R-LEG-12: a companion pays from their own Ego, counted as lost; never below 0; at 0 they are lost", () => {
    const paid = payEgoShareOperation(companion(3), 2);
    expect(paid.outcome).toMatchObject({ before: 3, after: 1, cost: 2, lost: false });
    expect(paid.update).toMatchObject({ "system.ratings.ego.value": 1, "system.egoLost": 3 });
    expect(payEgoShareOperation(companion(2) as never, 2).outcome).toMatchObject({ after: 0, lost: true });
    expect(() => payEgoShareOperation(companion(1) as never, 2)).toThrow(RulesError);
  });
});
