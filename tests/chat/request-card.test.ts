import { describe, expect, it } from "vitest";
import {
  confirmEffect,
  createRequestCard,
  readAnswerLink,
  requestAnswers,
  requestCardView,
  requestTarget,
  type AnswerCandidate,
  type RequestCardState,
  type RiskyCardState,
} from "../../src/chat/index.ts";
import { card, expectCode, GM, OTHER, renderDom, ROLLER, text } from "./fixtures.ts";
import { CORE, getRuleset } from "../../src/rules/index.ts";

const MIRA = { actorUuid: "Actor.abc", actorName: "Mira" };
const ROWS = [MIRA, { actorUuid: "Actor.def", actorName: "Oskar" }];
const finesse = (): RequestCardState =>
  createRequestCard(GM.id, CORE, { kind: "attribute", attribute: "finesse" }, "  The bridge gives way  ", ROWS);

/** A candidate answer: Mira's Finesse card (Precision 5, Effect 3), posted by her owner. */
function answer(over: Partial<AnswerCandidate> = {}): AnswerCandidate {
  return {
    messageId: "m1",
    link: { requestId: "req", actorUuid: "Actor.abc" },
    authorMayRoll: true,
    visible: true,
    risky: card([5, 3]),
    ...over,
  };
}

describe("the GM's roll request", () => {
  it("R-POOL-1 R-RA-8 R-FORT-1: a request names an attribute, a Save (a Reaction) or the Fortune die with its chance; each character once", () => {
    const state = createRequestCard(GM.id, CORE, { kind: "save", group: "insight" }, "", [...ROWS, MIRA]);
    expect(state.rows).toHaveLength(2);
    expect(requestTarget(state.subject)).toEqual({ kind: "save", group: "insight" });
    expect(finesse().note).toBe("The bridge gives way");
    expectCode(() => createRequestCard(GM.id, CORE, { kind: "fortune", chance: 7 }, "", ROWS), "out-of-range");
    expectCode(
      () => createRequestCard(GM.id, CORE, { kind: "attribute", attribute: "luck" } as never, "", ROWS),
      "unknown-id",
    );
    expect(
      expectCode(() => createRequestCard(GM.id, CORE, { kind: "fortune", chance: 4 }, "", []), "choice-required").data
        .reason,
    ).toBe("noneChosen");
  });

  it("R-LEG-1 R-RA-8: what may be asked is the world ruleset's: Legacy's four attributes, and no Save (it has no Reactions)", () => {
    const legacy = getRuleset("legacy");
    const state = createRequestCard(GM.id, legacy, { kind: "attribute", attribute: "strength" }, "", ROWS);
    expect(requestCardView(state, { ...GM, owns: [] }, []).subjectKey).toBe("TERRAN.Attribute.strength");
    expectCode(() => createRequestCard(GM.id, legacy, { kind: "save", group: "insight" }, "", ROWS), "unknown-id");
    expectCode(
      () => createRequestCard(GM.id, CORE, { kind: "attribute", attribute: "strength" }, "", ROWS),
      "unknown-id",
    );
    // The Core roll dialog takes Core's targets only; a Legacy attribute opens the Legacy dialog (the glue).
    expect(requestTarget(state.subject)).toBeNull();
  });

  it("R-RA-1: a row shows the first card that answers it: its outcome, and its Effect once confirmed", () => {
    const state = finesse();
    const fresh = answer();
    const risky = card([5, 3]);
    expect(requestAnswers(state, "req", [fresh])[0]).toMatchObject({
      messageId: "m1",
      band: "partial",
      effect: null,
      effectPending: true,
    });
    const confirmed = confirmEffect(risky, ROLLER, [], risky.version);
    expect(requestAnswers(state, "req", [answer({ risky: confirmed }), answer({ messageId: "m2" })])[0]).toMatchObject({
      messageId: "m1",
      band: "partial",
      effect: 3,
      effectPending: false,
    });
    expect(requestAnswers(state, "req", [fresh])[1]).toBeNull();
  });

  it("R-RA-1: nothing untrusted answers a row: another request, another actor, an author who may not roll for it, another attribute, a Reaction for an attribute, a broken card", () => {
    const state = finesse();
    const none = (c: AnswerCandidate) => expect(requestAnswers(state, "req", [c])).toEqual([null, null]);
    none(answer({ link: { requestId: "other", actorUuid: "Actor.abc" } }));
    none(answer({ link: { requestId: "req", actorUuid: "Actor.zzz" } }));
    none(answer({ authorMayRoll: false }));
    none(answer({ risky: card([5, 3], [], { target: { kind: "attribute", attribute: "reason" } }) }));
    none(answer({ risky: card([5, 3], [], { actorUuid: "Actor.def" }) }));
    none(answer({ risky: card([5, 3], [], { reaction: true }) }));
    none(answer({ risky: { ...card([5, 3]), light: [9] } as unknown as RiskyCardState }));
    none(answer({ risky: null }));
  });

  it("R-LEG-9 (ruling): a Legacy Risky Action answers from the dice in its link (the highest of all), for the attribute asked only; its separate Effect is no answer's", () => {
    const state = createRequestCard(
      GM.id,
      getRuleset("legacy"),
      { kind: "attribute", attribute: "strength" },
      "",
      ROWS,
    );
    const legacy = (light: number[], dark: number[], attribute = "strength", over: Partial<AnswerCandidate> = {}) =>
      answer({
        risky: null,
        link: { requestId: "req", actorUuid: "Actor.abc", legacy: { attribute, light, dark } },
        ...over,
      });
    expect(requestAnswers(state, "req", [legacy([5, 3], [])])[0]).toEqual({
      messageId: "m1",
      visible: true,
      band: "partial",
      effect: null,
      effectPending: false,
      face: null,
    });
    expect(requestAnswers(state, "req", [legacy([2], [6])])[0]).toMatchObject({ band: "success" });
    expect(requestAnswers(state, "req", [legacy([2, 3], [1])])[0]).toMatchObject({ band: "fail" });
    expect(requestAnswers(state, "req", [legacy([], [])])[0]).toMatchObject({ band: "fail" });
    // Another attribute, a die no d6 shows, a Core card beside the link, an author who may not roll: no answer.
    expect(requestAnswers(state, "req", [legacy([6], [], "agility")])[0]).toBeNull();
    expect(requestAnswers(state, "req", [legacy([7], [])])[0]).toBeNull();
    expect(requestAnswers(state, "req", [legacy([6], [], "strength", { risky: card([6]) })])[0]).toBeNull();
    expect(requestAnswers(state, "req", [legacy([6], [], "strength", { authorMayRoll: false })])[0]).toBeNull();
    expect(requestAnswers(state, "req", [legacy([6], [], "strength", { visible: false })])[0]).toMatchObject({
      visible: false,
      band: null,
    });
    // A link that is not whole reads as no link.
    expect(
      readAnswerLink({
        requestId: "req",
        actorUuid: "Actor.abc",
        legacy: { attribute: "strength", light: ["6"], dark: [] },
      }),
    ).toBeNull();
    expect(
      readAnswerLink({
        requestId: "req",
        actorUuid: "Actor.abc",
        legacy: { attribute: "strength", light: [6], dark: [] },
      }),
    ).toEqual({ requestId: "req", actorUuid: "Actor.abc", legacy: { attribute: "strength", light: [6], dark: [] } });
  });

  it("R-FORT-1: a Fortune answer must roll the chance asked; a private card shows only that the row was answered", () => {
    const state = createRequestCard(GM.id, CORE, { kind: "fortune", chance: 4 }, "", ROWS);
    const fortune = (face: number, chance: number, visible = true) =>
      answer({ risky: null, visible, link: { requestId: "req", actorUuid: "Actor.abc", fortune: { face, chance } } });
    expect(requestAnswers(state, "req", [fortune(5, 4)])[0]).toMatchObject({ band: "success", face: 5 });
    expect(requestAnswers(state, "req", [fortune(2, 4)])[0]).toMatchObject({ band: "fail", face: 2 });
    expect(requestAnswers(state, "req", [fortune(5, 2)])[0]).toBeNull();
    expect(requestAnswers(state, "req", [fortune(7, 4)])[0]).toBeNull();
    expect(requestAnswers(state, "req", [fortune(5, 4, false)])[0]).toEqual({
      messageId: "m1",
      visible: false,
      band: null,
      effect: null,
      effectPending: false,
      face: null,
    });
  });

  it("R-RA-1: each row's Roll is open to its owner and a GM; others see it disabled with the reason; an answered row links its card", () => {
    const state = finesse();
    const answers = requestAnswers(state, "req", [answer()]);
    const player = requestCardView(state, { ...OTHER, owns: [false, true] }, answers);
    expect(player.rows.map((r) => [r.name, r.answered, r.roll])).toEqual([
      ["Mira", true, { disabled: true, tooltipKey: "TERRAN.Request.Reason.answered" }],
      ["Oskar", false, { disabled: false, tooltipKey: null }],
    ]);
    const stranger = requestCardView(state, { ...OTHER, owns: [false, false] }, [null, null]);
    expect(stranger.rows[1]?.roll).toEqual({ disabled: true, tooltipKey: "TERRAN.Request.Reason.notOwner" });
    expect(requestCardView(state, { ...GM, owns: [false, false] }, [null, null]).rows[1]?.roll.disabled).toBe(false);

    const dom = renderDom("chat/request-card.hbs", { ...player, messageId: "req" });
    expect(text(dom.querySelector(".request-note"))).toBe("The bridge gives way");
    expect(dom.querySelector('[data-action="show-answer"]')?.getAttribute("data-message-id")).toBe("m1");
    expect(text(dom.querySelector(".request-row.answered"))).toContain("Success with a consequence");
    expect(dom.querySelectorAll('[data-action="roll-request"]')).toHaveLength(1);
    expect(text(dom.querySelector(".request-count"))).toBe("1 of 2 rolled");
  });

  it("R-RA-1: a stored request that is not whole is refused (no rows, a row twice, a note too long, an unknown subject)", () => {
    const bad = (over: object) => () => requestCardView({ ...finesse(), ...over }, { ...GM, owns: [] }, []);
    expectCode(bad({ rows: [] }), "out-of-range");
    expectCode(bad({ rows: [MIRA, MIRA] }), "bad-choice");
    expectCode(bad({ note: "x".repeat(501) }), "out-of-range");
    expectCode(bad({ subject: { kind: "spell" } }), "unknown-id");
  });
});
