/**
 * R-LEG-14 (ruling) the montage's companions, as the roller's answer names them: the answer comes from a
 * form, so it is read as untrusted (only known candidates, whole numbers, never past a companion's Ego).
 */
import { describe, expect, it } from "vitest";
import { readCompanionOffers, type CompanionCandidate } from "../../src/prompts/montage-companions.ts";

const CANDIDATES: readonly CompanionCandidate[] = [
  { uuid: "Actor.ana", name: "Ana", ego: 3 },
  { uuid: "Actor.bo", name: "Bo", ego: 1 },
];

describe("R-LEG-14 (ruling) the companions' offers read from the roller's answer", () => {
  it("R-LEG-14 (ruling): keeps each known companion's whole offer, in the candidates' order, and drops rows at 0", () => {
    const answer = [
      { uuid: "Actor.bo", offers: 1 },
      { uuid: "Actor.ana", offers: 2 },
    ];
    expect(readCompanionOffers(answer, CANDIDATES)).toEqual([
      { uuid: "Actor.ana", offers: 2 },
      { uuid: "Actor.bo", offers: 1 },
    ]);
    expect(readCompanionOffers([{ uuid: "Actor.ana", offers: 0 }], CANDIDATES)).toEqual([]);
  });

  it("R-LEG-14 (ruling): an offer is cut to the companion's Ego, truncated to a whole number, and never negative", () => {
    expect(readCompanionOffers([{ uuid: "Actor.ana", offers: 9 }], CANDIDATES)).toEqual([
      { uuid: "Actor.ana", offers: 3 },
    ]);
    expect(readCompanionOffers([{ uuid: "Actor.ana", offers: 2.9 }], CANDIDATES)).toEqual([
      { uuid: "Actor.ana", offers: 2 },
    ]);
    expect(readCompanionOffers([{ uuid: "Actor.ana", offers: -4 }], CANDIDATES)).toEqual([]);
  });

  it("R-LEG-14 (ruling): an unknown character, a non-number or a malformed answer names no companion", () => {
    expect(readCompanionOffers([{ uuid: "Actor.stranger", offers: 2 }], CANDIDATES)).toEqual([]);
    expect(readCompanionOffers([{ uuid: "Actor.ana", offers: "2" }], CANDIDATES)).toEqual([]);
    expect(readCompanionOffers([{ uuid: "Actor.ana", offers: Number.NaN }], CANDIDATES)).toEqual([]);
    expect(readCompanionOffers([null, 3, "Actor.ana"], CANDIDATES)).toEqual([]);
    expect(readCompanionOffers({ "Actor.ana": 2 }, CANDIDATES)).toEqual([]);
    expect(readCompanionOffers(undefined, CANDIDATES)).toEqual([]);
  });
});
