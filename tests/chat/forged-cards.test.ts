/**
 * A card's state lives in the chat message's flags, which a client can write with
 * anything. The fuzz found transitions carrying forged values on (a face of 4.000000001, a wrong Ego
 * cost, a rank of 2^53+2, an unknown kind of roll, a forged harm record). Each is refused now.
 */
import { describe, expect, it } from "vitest";
import {
  cardRank,
  challengeCardView,
  confirmEffect,
  createChallengeCard,
  markEgoSpent,
  riskyCardResult,
  selectDie,
  undoEgo,
  type ChallengeCardState,
  type DieRole,
  type RiskyCardState,
} from "../../src/chat/index.ts";
import { targetGroup, type RollTarget, type TierRank } from "../../src/rules/index.ts";
import { card, challengeViewer, expectCode, GM, ROLLER } from "./fixtures.ts";

const as = <T>(value: unknown): T => value as T;

describe("forged card states are refused", () => {
  it("R-RA-1 a transition refuses a stored die face of 4.000000001 instead of carrying it on", () => {
    const forged: RiskyCardState = { ...card([6, 3], [2]), light: as<RiskyCardState["light"]>([6, 4.000000001]) };
    expectCode(() => markEgoSpent(forged, ROLLER, 0), "bad-face");
    expectCode(() => riskyCardResult(forged), "bad-face");
  });

  it("R-EGO-2 a stored Ego cost the Dark Dice do not make is refused, so Undo cannot give back more", () => {
    const spent = markEgoSpent(card([6, 3], [2]), ROLLER, 0);
    const forged: RiskyCardState = { ...spent, ego: { cost: 6, spent: true, undone: false } };
    expectCode(() => undoEgo(forged, ROLLER, 1), "bad-choice");
  });

  it("R-RA-4 a stored tier of 2^53+2 is refused, never read as a rank", () => {
    const forged: RiskyCardState = { ...card([6, 3]), rank: as<TierRank>(2 ** 53 + 2) };
    expectCode(() => cardRank(forged), "not-integer");
    expectCode(() => confirmEffect(forged, ROLLER, [], 0), "not-integer");
  });

  it("R-RA-1 an unknown die role is refused, not read as the Effect", () => {
    expectCode(() => selectDie(card([6, 3, 2]), ROLLER, 2, as<DieRole>("sideways"), 0), "unknown-id");
  });

  it("R-POOL-1 a roll of an unknown kind is refused, not read as an attribute roll", () => {
    expectCode(() => targetGroup(as<RollTarget>({ kind: undefined, attribute: "finesse" })), "unknown-id");
  });

  it("R-CH-4 a stored harm record that does not follow from the card's Effect is refused", () => {
    const state = createChallengeCard({
      rollerId: GM.id,
      challengeUuid: "Actor.brute",
      challengeName: "Brute",
      facetName: "Fight",
      stats: { dice: 2, halved: false },
      faces: [3, 6],
      chain: [6, 2],
    });
    const forged: ChallengeCardState = {
      ...state,
      harm: [
        {
          model: "grit",
          targetName: "Mira",
          effect: 14,
          armour: 1,
          damage: 13,
          shieldSacrificed: false,
          gritBefore: 20,
          gritAfter: 20,
          wound: null,
          mortallyWounded: false,
          dead: false,
          userId: ROLLER.id,
        },
      ],
    };
    expectCode(() => challengeCardView(forged, challengeViewer(GM)), "bad-choice");
    expect(challengeCardView(state, challengeViewer(GM)).harm).toEqual([]);
  });
});
