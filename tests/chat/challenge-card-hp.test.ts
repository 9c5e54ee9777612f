/** R-CH-4 with the HP model (R-LEG-4 … R-LEG-6, R-LEG-8): the Challenge card's record of harm on hit points, pure. */
import { describe, expect, it } from "vitest";
import {
  assertChallengeCardState,
  challengeCardView,
  harmRecorded,
  hpHarmFollowsFromRules,
  recordHarm,
  type ChallengeCardState,
  type HpHarmEntry,
} from "../../src/chat/index.ts";
import { RulesError } from "../../src/rules/index.ts";
import { english } from "../support/templates.ts";
import { challenge, challengeViewer, expectCode, GM, harm, OTHER, renderDom, ROLLER, text } from "./fixtures.ts";

/** The card's Effect is 14 (6, exploding 6 then 2); Mira at 20 HP with light armour takes 13. */
function hp(partial: Partial<HpHarmEntry> = {}): HpHarmEntry {
  return {
    model: "hp",
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
    ...partial,
  };
}

const render = (state: ChallengeCardState): HTMLElement =>
  renderDom("chat/challenge-card.hbs", challengeCardView(state, challengeViewer(GM)));

describe("Challenge card: harm on hit points", () => {
  it("R-LEG-5 R-CH-4: a record that follows from the card's Effect is kept, once per character, and the card shows it", () => {
    const state = challenge();
    const next = recordHarm(state, GM, hp(), state.version);
    expect(next).toMatchObject({ version: state.version + 1, harm: [{ model: "hp", targetName: "Mira", hpAfter: 7 }] });
    expect(next).not.toHaveProperty("hpHarm");
    expect(harmRecorded(next, { name: "Mira", uuid: "Actor.mira" })).toBe(true);
    expectCode(() => recordHarm(next, GM, hp(), next.version), "not-allowed");
    // Nor may the Grit record take the same character again.
    expectCode(
      () => recordHarm(next, GM, harm({ targetName: "Mira", targetUuid: "Actor.mira" }), next.version),
      "not-allowed",
    );
    const root = render(next);
    expect(text(root.querySelector(".harm-hp .harm-hp-value"))).toBe("HP 20 → 7");
    expect(text(root.querySelector(".harm-hp .harm-damage"))).toBe("Effect 14 − armour 1 = 13 damage");
    expect(root.querySelector(".card-root, .challenge-card")?.className).toContain("applied");
  });

  it("R-LEG-5 (ruling): Critical, Mortal with the attribute lost, and death follow from the stage before (one step per harm)", () => {
    const state = challenge();
    expect(hpHarmFollowsFromRules(hp({ hpBefore: 3, hpAfter: 0, wound: "critical" }))).toBe(true);
    expect(hpHarmFollowsFromRules(hp({ hpBefore: 0, hpAfter: 0, wound: "mortal", attributeLost: "agility" }))).toBe(
      true,
    );
    expect(hpHarmFollowsFromRules(hp({ hpBefore: 0, hpAfter: 0, dead: true }))).toBe(true);
    // Skipping a stage, HP rising, a healthy character dying, an attribute lost without a Mortal wound: refused.
    expect(hpHarmFollowsFromRules(hp({ hpBefore: 3, hpAfter: 0, wound: "mortal", attributeLost: "agility" }))).toBe(
      false,
    );
    expect(hpHarmFollowsFromRules(hp({ hpAfter: 21 }))).toBe(false);
    expect(hpHarmFollowsFromRules(hp({ hpBefore: 20, hpAfter: 0, dead: true }))).toBe(false);
    expect(hpHarmFollowsFromRules(hp({ attributeLost: "agility" }))).toBe(false);
    const mortal = recordHarm(
      state,
      GM,
      hp({ hpBefore: 0, hpAfter: 0, wound: "mortal", attributeLost: "agility" }),
      state.version,
    );
    const root = render(mortal);
    expect(text(root.querySelector(".harm-wound"))).toBe(
      `${english("TERRAN.Card.Harm.wound")} ${english("TERRAN.Wound.mortal")}`,
    );
    expect(text(root.querySelector(".harm-attribute"))).toBe(`${english("TERRAN.Card.Harm.attributeLost")} Agility`);
  });

  it("R-LEG-6 R-LEG-8: Protected's dice must add up: what they took off, and the Ego they cost (≤ the Ego at the throw)", () => {
    // 13 after armour − (6 + 2) = 5 damage; the 2 is ≤ Ego 4 (costs 1), the 6 is not.
    const thrown = hp({ protectedFaces: [6, 2], protectedBy: 8, damage: 5, hpAfter: 15, egoAfter: 3 });
    expect(hpHarmFollowsFromRules(thrown)).toBe(true);
    expect(hpHarmFollowsFromRules({ ...thrown, egoAfter: 4 })).toBe(false);
    expect(hpHarmFollowsFromRules({ ...thrown, protectedBy: 9 })).toBe(false);
    expect(hpHarmFollowsFromRules({ ...thrown, protectedFaces: [6, 7] as never })).toBe(false);
    // Dice cannot have been thrown when none were offered.
    expect(hpHarmFollowsFromRules({ ...thrown, protectedSkipped: true })).toBe(false);
    const state = recordHarm(challenge(), GM, thrown, 0);
    const root = render(state);
    expect(text(root.querySelector(".harm-protected"))).toBe("Protected's Dark Dice 6, 2: Ego 4 → 3");
    expect(text(root.querySelector(".harm-damage"))).toBe("Effect 14 − armour 1 − Protected 8 = 5 damage");
    const skipped = render(recordHarm(challenge(), GM, hp({ protectedSkipped: true }), 0));
    expect(text(skipped.querySelector(".harm-protected-skipped"))).toBe(english("TERRAN.Card.Harm.protectedSkipped"));
  });

  it("R-CH-4: only a GM, the roller or the applier records it, at the card's version, with the card's Effect and an HP ruleset", () => {
    const state = challenge();
    expectCode(() => recordHarm(state, OTHER, hp({ userId: "gm" }), state.version), "not-allowed");
    expect(recordHarm(state, OTHER, hp({ userId: OTHER.id }), state.version).harm).toHaveLength(1);
    expect(recordHarm(challenge({ rollerId: ROLLER.id }), ROLLER, hp(), 0).harm).toHaveLength(1);
    expectCode(() => recordHarm(state, GM, hp(), state.version + 1), "stale");
    expectCode(() => recordHarm(state, GM, hp({ effect: 9, damage: 8, hpAfter: 12 }), state.version), "bad-choice");
    expectCode(() => recordHarm(state, GM, hp({ rulesetId: "core" }), state.version), "bad-choice");
  });

  it("R-CH-4: a stored card with a forged HP record is refused whole", () => {
    const state = recordHarm(challenge(), GM, hp(), 0);
    expect(assertChallengeCardState(state)).toBe(state);
    const forged = { ...state, harm: [{ ...hp(), hpAfter: 3 }] };
    expectCode(() => assertChallengeCardState(forged), "bad-choice");
    expectCode(() => assertChallengeCardState({ ...state, harm: "x" as unknown as HpHarmEntry[] }), "bad-choice");
    // A record tagged with no model is refused, as one tagged with the other model's fields.
    expectCode(() => assertChallengeCardState({ ...state, harm: [{ ...hp(), model: "ego" as "hp" }] }), "unknown-id");
    expect(() => assertChallengeCardState({ ...state, harm: [{ ...hp(), model: "grit" as "hp" }] })).toThrow(
      RulesError,
    );
  });
});
