/**
 * The card state machines check every record against the card and the
 * rules. Found by the fuzz's click sequences (tests/fuzz/card-sequences.ts).
 */
import { describe, expect, it } from "vitest";
import {
  confirmEffect,
  confirmSecondHit,
  harmRecorded,
  recordApplied,
  recordHarm,
  riskyCardResult,
  type AppliedEntry,
} from "../../src/chat/index.ts";
import { card, challenge, expectCode, GM, harm, ROLLER } from "./fixtures.ts";

const as = <T>(value: unknown): T => value as T;

function applied(partial: Partial<AppliedEntry> = {}): AppliedEntry {
  return {
    hit: "effect",
    targetName: "Brute",
    facet: "Fight",
    effect: 3,
    before: 10,
    after: 7,
    userId: ROLLER.id,
    ...partial,
  };
}

describe("Risky card: recordApplied checks the record against the card (R-RA-7, R-CH-5)", () => {
  const confirmed = confirmEffect(card([6, 3]), ROLLER, [], 0); // Effect 3

  it("R-RA-7: the Effect recorded must be the card's confirmed Effect", () => {
    expect(riskyCardResult(confirmed).effect?.value).toBe(3);
    expectCode(() => recordApplied(confirmed, GM, applied({ effect: 5, after: 5 }), 1), "bad-choice");
  });

  it("R-RA-7: the Disposition after must be max(0, before − Effect), less any armour the record names", () => {
    expectCode(() => recordApplied(confirmed, GM, applied({ after: 11 }), 1), "bad-choice");
    expectCode(() => recordApplied(confirmed, GM, applied({ after: 2 }), 1), "bad-choice");
    expect(recordApplied(confirmed, GM, applied({ before: 2, after: 0 }), 1).applied).toHaveLength(1);
    // A Challenge's armour 1 takes 1 of the 3: 10 → 8, and with the armour named nothing else passes.
    expect(recordApplied(confirmed, GM, applied({ armour: 1, after: 8 }), 1).applied[0]?.armour).toBe(1);
    expectCode(() => recordApplied(confirmed, GM, applied({ armour: 1, after: 7 }), 1), "bad-choice");
  });

  it("R-RA-7 R-RA-10: an unknown hit name is refused, so the second hit cannot be recorded twice", () => {
    const flags = { whirlwind: true, specialist: false, fast: false, slow: false };
    let state = card([6, 3, 2], [], { combat: true, flags });
    state = confirmEffect(state, ROLLER, [], 0);
    state = confirmSecondHit(state, ROLLER, [], 1);
    const second = riskyCardResult(state).second?.value ?? -1;
    expect(second).toBe(2);
    expectCode(
      () => recordApplied(state, GM, applied({ hit: as<"second">("second2"), effect: second, after: 8 }), 2),
      "unknown-id",
    );
    const once = recordApplied(state, GM, applied({ hit: "second", effect: second, after: 8 }), 2);
    expectCode(() => recordApplied(once, GM, applied({ hit: "second", effect: second, after: 8 }), 3), "not-allowed");
  });
});

describe("Challenge card: recordHarm checks the record against the card and R-HARM-1…5 (R-CH-4)", () => {
  it("R-CH-4: a target id given as a number and as its string is the same target, never harmed twice", () => {
    const once = recordHarm(challenge(), GM, harm({ targetUuid: as<string>(5) }), 0);
    expect(harmRecorded(once, { name: "Other name", uuid: as<string>(5) })).toBe(true);
    expect(harmRecorded(once, { name: "Other name", uuid: "5" })).toBe(true);
    expectCode(() => recordHarm(once, GM, harm({ targetUuid: as<string>(5) }), 1), "not-allowed");
    expectCode(() => recordHarm(once, GM, harm({ targetUuid: "5" }), 1), "not-allowed");
  });

  it("R-HARM-3: Grit after must be Grit before less the damage, floor 0", () => {
    expectCode(
      () => recordHarm(challenge(), GM, harm({ gritBefore: 20, gritAfter: 10, wound: null }), 0),
      "bad-choice",
    );
    expect(recordHarm(challenge(), GM, harm({ gritBefore: 20, gritAfter: 7, wound: null }), 0).harm).toHaveLength(1);
  });

  it("R-HARM-3: a wound is marked exactly when the damage exceeds the Grit left", () => {
    // 13 damage against Grit 20: no wound may be marked.
    expectCode(
      () => recordHarm(challenge(), GM, harm({ gritBefore: 20, gritAfter: 7, wound: "stressed" }), 0),
      "bad-choice",
    );
    // 13 damage against Grit 5: a wound (or, Mortally Wounded already, death) must follow.
    expectCode(() => recordHarm(challenge(), GM, harm({ wound: null }), 0), "bad-choice");
  });

  it("R-HARM-5: death needs damage against a Mortally Wounded character", () => {
    expectCode(
      () => recordHarm(challenge(), GM, harm({ wound: null, dead: true, mortallyWounded: false }), 0),
      "bad-choice",
    );
    expectCode(
      () =>
        recordHarm(
          challenge(),
          GM,
          harm({ shieldSacrificed: true, damage: 0, gritAfter: 5, wound: null, dead: true, mortallyWounded: true }),
          0,
        ),
      "bad-choice",
    );
  });
});
