/**
 * R-CH-4 a Challenge card stored before its harm records were tagged: Grit's untagged in `harm`, the
 * HP model's in `hpHarm`. It still checks, draws and refuses a forgery; a write stores the one tagged list.
 */
import { describe, expect, it } from "vitest";
import {
  assertChallengeCardState,
  challengeCardView,
  harmRecorded,
  recordHarm,
  type HpHarmEntry,
  type StoredChallengeCardState,
} from "../../src/chat/index.ts";
import { challenge, challengeViewer, expectCode, GM, harm, renderDom, text } from "./fixtures.ts";

/** Exactly as a card of today's worlds keeps it in its flags (Effect 14). */
const OLD_CARD = {
  version: 2,
  rollerId: "gm",
  challengeUuid: "Actor.brute",
  challengeName: "Brute",
  facetName: "Fight",
  tierKey: "TERRAN.ChallengeTier.serious",
  stats: { dice: 2, halved: false },
  faces: [3, 6],
  chain: [6, 2],
  harm: [
    {
      targetName: "Ash",
      targetUuid: "Actor.ash",
      effect: 14,
      armour: 1,
      damage: 13,
      shieldSacrificed: false,
      gritBefore: 5,
      gritAfter: 0,
      wound: "broken",
      mortallyWounded: false,
      dead: false,
      userId: "player1",
    },
  ],
  hpHarm: [
    {
      targetName: "Mira",
      targetUuid: "Actor.mira",
      rulesetId: "legacy",
      effect: 14,
      armour: 1,
      shieldSacrificed: false,
      protectedFaces: [],
      protectedBy: 0,
      protectedSkipped: false,
      egoBefore: 4,
      egoAfter: 4,
      damage: 13,
      hpBefore: 20,
      hpAfter: 7,
      wound: null,
      attributeLost: null,
      dead: false,
      userId: "gm",
    },
  ],
} as const;

const old = (): StoredChallengeCardState => structuredClone(OLD_CARD);

describe("Challenge card stored before the tagged records", () => {
  it("R-CH-4 checks and reads as the new shape: the untagged harm is Grit's, hpHarm the HP model's", () => {
    const read = assertChallengeCardState(old());
    expect(read.harm.map((h) => [h.model, h.targetName])).toEqual([
      ["grit", "Ash"],
      ["hp", "Mira"],
    ]);
    expect(read).not.toHaveProperty("hpHarm");
    expect(harmRecorded(old(), { name: "Mira", uuid: "Actor.mira" })).toBe(true);
    expect(harmRecorded(old(), { name: "Ash", uuid: "Actor.ash" })).toBe(true);
  });

  it("R-CH-4 still draws both records", () => {
    const root = renderDom("chat/challenge-card.hbs", challengeCardView(old(), challengeViewer(GM)));
    expect(root.querySelectorAll(".harm li")).toHaveLength(2);
    expect(text(root.querySelector(".harm-grit"))).toContain("5");
    expect(text(root.querySelector(".harm-hp .harm-hp-value"))).toBe("HP 20 → 7");
  });

  it("R-CH-4 a forged old card is refused, in either list", () => {
    const forgedGrit = { ...old(), harm: [{ ...OLD_CARD.harm[0], gritAfter: 4 }] };
    expectCode(() => assertChallengeCardState(forgedGrit), "bad-choice");
    const forgedHp = { ...old(), hpHarm: [{ ...OLD_CARD.hpHarm[0], hpAfter: 19 }] };
    expectCode(() => assertChallengeCardState(forgedHp), "bad-choice");
    const notList = { ...old(), hpHarm: "x" as unknown as HpHarmEntry[] };
    expectCode(() => assertChallengeCardState(notList), "bad-choice");
  });

  it("R-CH-4 a write stores one tagged list; an hpHarm an update's merge leaves beside it is not read again", () => {
    const next = recordHarm(old(), GM, harm({ targetName: "Bo", targetUuid: "Actor.bo" }), 2);
    expect(next.harm.map((h) => [h.model, h.targetName])).toEqual([
      ["grit", "Ash"],
      ["hp", "Mira"],
      ["grit", "Bo"],
    ]);
    expect(next).not.toHaveProperty("hpHarm");
    // Foundry merges flags on update: the old key stays in the stored card.
    const merged = { ...next, hpHarm: OLD_CARD.hpHarm } as unknown as StoredChallengeCardState;
    expect(assertChallengeCardState(merged).harm).toHaveLength(3);
  });

  it("R-CH-4 a new card keeps one list of tagged records", () => {
    const next = recordHarm(challenge(), GM, harm(), 0);
    expect(next.harm).toEqual([expect.objectContaining({ model: "grit", targetName: "Mira" })]);
    expect(Object.keys(next)).not.toContain("hpHarm");
  });
});
