/**
 * The GM's "succeed, but worse" (R-RA-1). On a Fail the GM may let the action succeed
 * with a worse complication; the card records it (`gmAllowsSuccess`) and the Effect then lands as on a
 * Precision of 4–5 (R-RA-6: the player's Effect at its full tier, and the Challenge's Effect too).
 */
import { describe, expect, it } from "vitest";
import {
  allowEffect,
  allowSuccess,
  assertRiskyCardState,
  CARD_ACTIONS,
  confirmEffect,
  effectChainNeeded,
  recordApplied,
  riskyCardResult,
  riskyCardView,
  selectDie,
  type RiskyCardState,
} from "../../src/chat/index.ts";
import { english } from "../support/templates.ts";
import { card, expectCode, GM, OTHER, renderDom, ROLLER, text, viewer } from "./fixtures.ts";

const as = <T>(value: unknown): T => value as T;
const SPECIALIST = { whirlwind: false, specialist: true, fast: false, slow: false };
const LONG_SWORD = { name: "Long sword", rank: 3 as const, tags: [] as string[], twoHanded: false };

function render(state: RiskyCardState, who = viewer(ROLLER)): HTMLElement {
  return renderDom("chat/risky-card.hbs", riskyCardView(state, who));
}

function buttonOf(root: HTMLElement, action: string): HTMLButtonElement | null {
  return root.querySelector(`button[data-action="${action}"]`);
}

describe("R-RA-1 the GM's 'succeed, but worse' (transition)", () => {
  it("R-RA-1 R-RA-6: a GM lets a Fail succeed at a cost: the player's Effect lands at its full tier, and the Challenge's too", () => {
    const failed = card([3, 2], [], { weapon: LONG_SWORD }); // Precision 3: a Fail
    expect(failed.gmAllowsSuccess).toBe(false);
    expect(riskyCardResult(failed).landing).toEqual({ player: false, challenge: true });
    const allowed = allowSuccess(failed, GM, true, 0);
    expect(allowed.gmAllowsSuccess).toBe(true);
    expect(allowed.version).toBe(1);
    const result = riskyCardResult(allowed);
    expect(result.band).toBe("fail"); // the dice still failed…
    expect(result.gmSuccess).toBe(true); // …but the GM lets it succeed
    expect(result.resolution?.succeeded).toBe(true);
    expect(result.landing).toEqual({ player: true, challenge: true });
    const effect = riskyCardResult(confirmEffect(allowed, ROLLER, [], 1)).effect;
    expect(effect?.rank).toBe(3); // Better, not held to Reduced like a Specialist's rescue
    expect(effect?.value).toBe(2 + 2);
    expect(failed.gmAllowsSuccess).toBe(false); // the old state is untouched
  });

  it("R-RA-1 R-RA-3: with the GM's leave an Effect die of 6 explodes, as on a success", () => {
    const failed = selectDie(card([6, 2]), ROLLER, 1, "precision", 0); // Precision 2, Effect 6
    expect(effectChainNeeded(failed, "effect")).toBeNull();
    const allowed = allowSuccess(failed, GM, true, 1);
    expect(effectChainNeeded(allowed, "effect")).toEqual({ face: 6, threshold: 6 });
    expect(riskyCardResult(confirmEffect(allowed, ROLLER, [4], 2)).effect?.value).toBe(6 + 4); // Mediocre: ±0e
  });

  it("R-RA-1 R-ADV-2: on a Specialist's Fail the GM's leave lifts the reduced tier", () => {
    const failed = card([3, 2], [], { weapon: LONG_SWORD, flags: SPECIALIST });
    expect(riskyCardResult(failed).resolution?.specialistRescue).toBe(true);
    const allowed = allowSuccess(failed, GM, true, 0);
    expect(riskyCardResult(allowed).resolution?.specialistRescue).toBe(false);
    expect(riskyCardResult(confirmEffect(allowed, ROLLER, [], 1)).effect?.rank).toBe(3);
  });

  it("R-RA-1 R-RA-8: a Reaction's Fail allowed to succeed still has no Effect until the GM also allows one", () => {
    const reaction = card([3, 2], [], { reaction: true, target: { kind: "save", group: "prowess" } });
    const allowed = allowSuccess(reaction, GM, true, 0);
    expect(riskyCardResult(allowed).landing).toEqual({ player: false, challenge: true });
    expect(riskyCardResult(allowEffect(allowed, GM, true, 1)).landing).toEqual({ player: true, challenge: true });
  });

  it("R-RA-1: the GM may withdraw it before the Effect is confirmed; once confirmed it is locked", () => {
    const allowed = allowSuccess(card([3, 2]), GM, true, 0);
    const withdrawn = allowSuccess(allowed, GM, false, 1);
    expect(withdrawn.gmAllowsSuccess).toBe(false);
    expect(riskyCardResult(withdrawn).landing).toEqual({ player: false, challenge: true });
    const again = allowSuccess(withdrawn, GM, true, 2);
    const confirmed = confirmEffect(again, ROLLER, [], 3);
    expectCode(() => allowSuccess(confirmed, GM, false, 4), "locked");
    // The confirmed Effect applies as any other.
    const recorded = recordApplied(
      confirmed,
      GM,
      { hit: "effect", targetName: "Brute", facet: "", effect: 2, before: 8, after: 6, userId: GM.id },
      4,
    );
    expect(recorded.applied).toHaveLength(1);
  });

  it("R-RA-1: a click that changes nothing returns the card as it is (no new version)", () => {
    const state = card([3, 2]);
    expect(allowSuccess(state, GM, false, 0)).toBe(state);
  });

  it("R-RA-1: only a GM may allow it: the roller and another player are refused, saying why (notGm)", () => {
    const state = card([3, 2]);
    expect(expectCode(() => allowSuccess(state, ROLLER, true, 0), "not-allowed").data.reason).toBe("notGm");
    expect(expectCode(() => allowSuccess(state, OTHER, true, 0), "not-allowed").data.reason).toBe("notGm");
    expect(english("TERRAN.Card.Reason.notGm")).not.toBe("TERRAN.Card.Reason.notGm");
  });

  it("R-RA-1: a click on an older version of the card is refused as stale", () => {
    const state = selectDie(card([3, 2, 1]), ROLLER, 2, "effect", 0);
    expectCode(() => allowSuccess(state, GM, true, 0), "stale");
    expectCode(() => allowSuccess(state, GM, true, 2), "stale");
  });

  it("R-RA-1: only a Fail can be allowed to succeed; an empty pool has no dice to succeed with (R-POOL-5)", () => {
    const partial = card([4, 2]);
    expect(expectCode(() => allowSuccess(partial, GM, true, 0), "not-allowed").data.reason).toBe("notFail");
    expect(english("TERRAN.Card.Reason.notFail")).not.toBe("TERRAN.Card.Reason.notFail");
    expectCode(() => allowSuccess(card([], []), GM, true, 0), "no-dice");
    expectCode(() => allowSuccess(card([3, 2]), GM, as<boolean>("yes"), 0), "bad-choice");
  });

  it("R-RA-1: the leave holds only while the Precision die fails; a successful die reads as itself", () => {
    const failed = selectDie(card([3, 6, 2]), ROLLER, 0, "precision", 0); // Precision 3, Effect 6
    const allowed = allowSuccess(failed, GM, true, 1);
    expect(riskyCardResult(allowed).gmSuccess).toBe(true);
    const six = selectDie(allowed, ROLLER, 1, "precision", 2); // Precision 6, Effect 3: a plain success
    expect(riskyCardResult(six).gmSuccess).toBe(false);
    expect(riskyCardResult(six).landing).toEqual({ player: true, challenge: false });
    expect(render(six).querySelector(".note.gm-success")).toBeNull();
    // The GM can still withdraw a leave that no longer matters; a player never sees the button.
    expect(text(buttonOf(render(six, viewer(GM)), "allow-success"))).toBe(
      english("TERRAN.Card.Button.withdrawSuccess"),
    );
    expect(allowSuccess(six, GM, false, 3).gmAllowsSuccess).toBe(false);
    const back = selectDie(six, ROLLER, 0, "precision", 3);
    expect(riskyCardResult(back).landing).toEqual({ player: true, challenge: true });
  });
});

describe("R-RA-1 the GM's 'succeed, but worse' (stored card)", () => {
  it("R-RA-1: the stored-card guard checks the field; a card stored before it existed loads as not allowed", () => {
    // As stored before the field existed: the JSON has no such key.
    const legacy = as<RiskyCardState>(
      Object.fromEntries(Object.entries(card([3, 2])).filter(([key]) => key !== "gmAllowsSuccess")),
    );
    expect("gmAllowsSuccess" in legacy).toBe(false);
    expect(assertRiskyCardState(legacy)).toBe(legacy);
    expect(riskyCardResult(legacy).gmSuccess).toBe(false);
    expect(allowSuccess(legacy, GM, true, 0).gmAllowsSuccess).toBe(true);
    const forged = as<RiskyCardState>({ ...card([3, 2]), gmAllowsSuccess: "yes" });
    expectCode(() => assertRiskyCardState(forged), "bad-choice");
    expectCode(() => riskyCardResult(forged), "bad-choice");
  });
});

describe("R-RA-1 the GM's 'succeed, but worse' (card view)", () => {
  it("R-RA-1: only the GM sees the button on a Fail; it toggles between allow and withdraw", () => {
    const failed = card([3, 2]);
    expect(buttonOf(render(failed), "allow-success")).toBeNull();
    expect(buttonOf(render(failed, viewer(OTHER)), "allow-success")).toBeNull();
    const gm = buttonOf(render(failed, viewer(GM)), "allow-success");
    expect(text(gm)).toBe(english("TERRAN.Card.Button.allowSuccess"));
    expect(gm?.hasAttribute("disabled")).toBe(false);
    expect(gm?.hasAttribute("aria-disabled")).toBe(false);
    const allowed = allowSuccess(failed, GM, true, 0);
    expect(text(buttonOf(render(allowed, viewer(GM)), "allow-success"))).toBe(
      english("TERRAN.Card.Button.withdrawSuccess"),
    );
    expect(buttonOf(render(card([4, 2]), viewer(GM)), "allow-success")).toBeNull(); // not a Fail
    expect(buttonOf(render(card([], []), viewer(GM)), "allow-success")).toBeNull(); // no dice
    expect(buttonOf(render(confirmEffect(allowed, ROLLER, [], 1), viewer(GM)), "allow-success")).toBeNull(); // locked
  });

  it("R-RA-1: the card says the GM allowed success at a cost, and that both Effects land", () => {
    const failed = card([3, 2]);
    expect(render(failed).querySelector(".note.gm-success")).toBeNull();
    const root = render(allowSuccess(failed, GM, true, 0));
    expect(text(root.querySelector(".outcome .band"))).toBe(english("TERRAN.Band.fail"));
    expect(text(root.querySelector(".note.gm-success"))).toBe(english("TERRAN.Card.Risky.gmSuccess"));
    expect(text(root.querySelector(".landing"))).toContain(english("TERRAN.Card.Landing.player"));
    expect(text(root.querySelector(".landing"))).toContain(english("TERRAN.Card.Landing.challenge"));
    expect(text(buttonOf(root, "confirm-effect"))).toBe(english("TERRAN.Card.Button.confirm"));
  });

  it("R-RA-1: allow-success is one of the card's actions the glue dispatches", () => {
    expect(CARD_ACTIONS).toContain("allow-success");
  });
});
