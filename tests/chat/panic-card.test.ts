/** R-V-8 the Panic Event's offer on a Risky card (src/chat/panic-card.ts): when it shows, who may take it, its odds. */
import { describe, expect, it } from "vitest";
import {
  allowSuccess,
  confirmEffect,
  panicOffer,
  readPanicRecord,
  type CardUser,
  type RiskyCardState,
} from "../../src/chat/index.ts";
import { card, GM, OTHER, pool, ROLLER } from "./fixtures.ts";

const MIRA = { egoDice: 1, panicked: false };

function v062(light: number[], dark: number[] = [], egoBefore = 4): RiskyCardState {
  return card(light, dark, { rulesetId: "v062", pool: pool(light.length, dark.length), egoBefore });
}

const confirmed = (state: RiskyCardState): RiskyCardState => confirmEffect(state, ROLLER, [], state.version);

describe("R-V-8 the Panic Event's offer", () => {
  it("R-V-8: only a v0.6.2 card whose dice Failed offers it; Core's never does", () => {
    expect(panicOffer(confirmed(v062([3, 2])), ROLLER, false, MIRA)).not.toBeNull();
    expect(panicOffer(confirmed(v062([5, 2])), ROLLER, false, MIRA)).toBeNull();
    expect(panicOffer(confirmed(v062([6, 2])), ROLLER, false, MIRA)).toBeNull();
    expect(panicOffer(confirmEffect(card([3, 2]), ROLLER, [], 0), ROLLER, false, MIRA)).toBeNull();
  });

  it("R-V-8: open to the roller and a GM once confirmed; closed, saying why, for anyone else and before", () => {
    const fail = confirmed(v062([3, 2]));
    const reason = (s: RiskyCardState, u: CardUser = ROLLER, taken = false, c = MIRA) =>
      panicOffer(s, u, taken, c)?.button;
    expect(reason(fail)).toEqual({ labelKey: "TERRAN.Panic.button", disabled: false, tooltipKey: null });
    expect(reason(fail, GM)?.disabled).toBe(false);
    expect(reason(fail, OTHER)?.tooltipKey).toBe("TERRAN.Card.Reason.notRoller");
    expect(reason(v062([3, 2]))?.tooltipKey).toBe("TERRAN.Panic.Reason.confirmFirst");
    expect(reason(fail, ROLLER, true)?.tooltipKey).toBe("TERRAN.Panic.Reason.taken");
    expect(reason(fail, ROLLER, false, { egoDice: 1, panicked: true })?.tooltipKey).toBe("TERRAN.Panic.Reason.already");
    expect(reason(fail, ROLLER, false, { egoDice: 0, panicked: false })?.tooltipKey).toBe("TERRAN.Panic.Reason.noDice");
  });

  it("R-V-8 (ruling): the GM's 'succeed, but worse' closes it, and withdrawing the leave opens it again", () => {
    const allowed = allowSuccess(v062([3, 2]), GM, true, 0);
    expect(panicOffer(confirmed(allowed), ROLLER, false, MIRA)?.button.tooltipKey).toBe(
      "TERRAN.Panic.Reason.successAtCost",
    );
    const withdrawn = allowSuccess(allowed, GM, false, allowed.version);
    expect(panicOffer(confirmed(withdrawn), ROLLER, false, MIRA)?.button.disabled).toBe(false);
  });

  it("R-V-8 (ruling): a character the throw's own Dark Dice took to Ego 0 is lost and cannot panic", () => {
    const lost = confirmed(v062([3], [1, 2], 2));
    expect(panicOffer(lost, ROLLER, false, MIRA)?.button.tooltipKey).toBe("TERRAN.Panic.Reason.lost");
    const kept = confirmed(v062([3], [1], 2));
    expect(panicOffer(kept, ROLLER, false, MIRA)?.button.disabled).toBe(false);
  });

  it("R-V-8: the odds beside it are the exact laws for the character's Ego dice (1d 1/2 1/3 1/6; 2d 1/4 4/9 11/36)", () => {
    const fail = confirmed(v062([3, 2]));
    const odds = (dice: number) => panicOffer(fail, ROLLER, false, { egoDice: dice, panicked: false })?.odds;
    expect(odds(1)?.map((o) => [o.state, o.labelKey])).toEqual([
      ["flight", "TERRAN.Panic.flight"],
      ["freeze", "TERRAN.Panic.freeze"],
      ["fight", "TERRAN.Panic.fight"],
    ]);
    [1 / 2, 1 / 3, 1 / 6].forEach((p, i) => expect(odds(1)?.[i]?.p).toBeCloseTo(p, 12));
    [1 / 4, 4 / 9, 11 / 36].forEach((p, i) => expect(odds(2)?.[i]?.p).toBeCloseTo(p, 12));
    expect(panicOffer(fail, ROLLER, false, null)?.odds).toEqual([]);
    // Ego dice that are not a count are not known: no odds, no refusal on their account.
    for (const egoDice of [Number.NaN, Number.NEGATIVE_INFINITY, 1.5, 99]) {
      const offer = panicOffer(fail, ROLLER, false, { egoDice, panicked: false });
      expect(offer).toMatchObject({ dice: 0, odds: [], button: { disabled: false } });
    }
  });

  it("reads back a well-formed record only", () => {
    const record = { userId: "player1", faces: [2, 5], egoBefore: 1, egoMaxBefore: 4, ego: 5, state: "freeze" };
    expect(readPanicRecord(record)).toEqual(record);
    expect(readPanicRecord(null)).toBeNull();
    expect(readPanicRecord({ ...record, state: "sleep" })).toBeNull();
    expect(readPanicRecord({ ...record, faces: [7] })).toBeNull();
    expect(readPanicRecord({ ...record, ego: -1 })).toBeNull();
  });
});
