import { describe, expect, it } from "vitest";
import {
  claimSessionUndo,
  createSessionCard,
  recordSessionUndo,
  sessionCardView,
  type SessionCardRow,
  type SessionCardState,
  type SessionLuck,
} from "../../src/chat/index.ts";
import type { RulesErrorCode } from "../../src/rules/index.ts";
import { expectCode, GM, isClosed, OTHER, renderDom, text } from "./fixtures.ts";

const given = (name: string, xp: number, before: number): SessionCardRow => ({
  actorUuid: `Actor.${name}`,
  actorName: name,
  xp,
  given: true,
  refusal: null,
  before,
  after: before + xp,
  undo: null,
});
const refused = (name: string): SessionCardRow => ({
  actorUuid: `Actor.${name}`,
  actorName: name,
  xp: 2,
  given: false,
  refusal: "dead",
  before: null,
  after: null,
  undo: null,
});

const posted = (): SessionCardState => createSessionCard(GM.id, [given("Mira", 2, 3), refused("Oskar")]);

describe("R-XP-1 the end-of-session card", () => {
  it("R-XP-1: lists what each got and each refusal; the GM sees Undo enabled, a player does not see it at all", () => {
    const gm = sessionCardView(posted(), GM);
    expect(gm.rows.map((r) => [r.name, r.given, r.change, r.refusalKey])).toEqual([
      ["Mira", true, "3 \u2192 5", null],
      ["Oskar", false, "", "TERRAN.Session.Refusal.dead"],
    ]);
    expect([gm.givenCount, gm.refusedCount]).toEqual([1, 1]);
    expect(gm.undo).toEqual({ shown: true, disabled: false, tooltipKey: null });
    expect(sessionCardView(posted(), OTHER).undo.shown).toBe(false);
  });

  it("R-XP-1: the template shows the rows, escapes names, and a player gets no Undo button (it is the GM's)", () => {
    const state = createSessionCard(GM.id, [given('<img src=x onerror="alert(1)">', 2, 0)]);
    const dom = renderDom("chat/session-card.hbs", sessionCardView(state, OTHER));
    expect(dom.querySelector("img")).toBeNull();
    expect(text(dom.querySelector(".session-row"))).toContain("+2 XP");
    expect(dom.querySelector('[data-action="undo-session"]')).toBeNull();
    expect(isClosed(renderDom("chat/session-card.hbs", sessionCardView(state, GM)).querySelector("button"))).toBe(
      false,
    );
  });

  it("R-XP-1 (ruling): after the Undo a row taken back whole is struck; one whose XP was partly spent is not (what stays spent stays)", () => {
    const state = createSessionCard(GM.id, [given("Mira", 2, 3), given("Oskar", 3, 1)]);
    const done = recordSessionUndo(claimSessionUndo(state, GM, state.version), GM, {
      "Actor.Mira": { taken: 2, short: 0, refusal: null },
      "Actor.Oskar": { taken: 1, short: 2, refusal: null },
    });
    const view = sessionCardView(done, OTHER);
    expect(view.rows.map((r) => r.cls)).toEqual(["undone", "undone-partly"]);
    const rows = renderDom("chat/session-card.hbs", view).querySelectorAll(".session-row");
    expect(rows[0]?.classList.contains("undone")).toBe(true);
    expect(rows[1]?.classList.contains("undone")).toBe(false);
  });

  it("R-XP-1: only a GM undoes, once, at the card's version", () => {
    const state = posted();
    expect(expectCode(() => claimSessionUndo(state, OTHER, state.version), "not-allowed").data.reason).toBe("notGm");
    expectCode(() => claimSessionUndo(state, GM, state.version + 1), "stale");
    const claimed = claimSessionUndo(state, GM, state.version);
    expect(expectCode(() => claimSessionUndo(claimed, GM, claimed.version), "not-allowed").data.reason).toBe(
      "alreadyUndone",
    );
  });

  it("R-XP-1 (ruling): each given row records what was taken back and what was already spent; refused rows stay as they were", () => {
    const claimed = claimSessionUndo(posted(), GM, 1);
    expect(sessionCardView(claimed, GM).rows[0]?.undoKey).toBe("TERRAN.Session.Card.undoPending");
    const done = recordSessionUndo(claimed, GM, {
      "Actor.Mira": { taken: 1, short: 1, refusal: null },
      "Actor.Oskar": { taken: 2, short: 0, refusal: null },
    });
    expect(done.rows.map((r) => r.undo)).toEqual([{ taken: 1, short: 1, refusal: null }, null]);
    const view = sessionCardView(done, GM);
    expect(view.rows[0]).toMatchObject({ undoKey: "TERRAN.Session.Card.undoShort", taken: 1, short: 1 });
    expect(view.undo).toEqual({ shown: true, disabled: true, tooltipKey: "TERRAN.Session.Card.alreadyUndone" });
    expect(view.rows[0]?.cls).toBe("undone-partly");
    expect(text(renderDom("chat/session-card.hbs", view).querySelector(".session-undo"))).toBe(
      "\u22121 XP taken back; 1 XP already spent stays spent",
    );
    // The header says the award was taken back, not only how many got it.
    expect(
      text(renderDom("chat/session-card.hbs", sessionCardView(posted(), GM)).querySelector(".card-subtitle")),
    ).toBe("1 awarded, 1 refused");
    expect(text(renderDom("chat/session-card.hbs", view).querySelector(".card-subtitle"))).toBe(
      "1 awarded, then taken back, 1 refused",
    );
  });

  it("R-XP-1: a stored card that does not add up, or undoes more than was given, is refused whole", () => {
    const bad =
      (rows: unknown[], extra: object = {}) =>
      () =>
        sessionCardView({ version: 1, gmId: "gm", undone: false, rows, ...extra } as unknown as SessionCardState, GM);
    expectCode(bad([{ ...given("Mira", 2, 3), after: 9 }]), "bad-choice");
    expectCode(bad([{ ...given("Mira", 2, 3), refusal: "dead" }]), "bad-choice");
    expectCode(bad([{ ...given("Mira", 2, 3), undo: { taken: 2, short: 0, refusal: null } }]), "bad-choice");
    expectCode(
      bad([{ ...given("Mira", 2, 3), undo: { taken: 5, short: 0, refusal: null } }], { undone: true }),
      "out-of-range",
    );
    expectCode(bad([{ ...refused("Oskar"), refusal: "__proto__" }]), "bad-choice");
    expectCode(bad([{ ...given("Mira", 2, 3), xp: 1.5, after: 4.5 }]), "not-integer");
  });
});

describe("R-LUCK-1 the session's most improbable roll on the card", () => {
  const luck = { session: 3, rarest: { actorName: "Mira <b>", label: "Finesse", chance: 1 / 1296 } };

  it("R-LUCK-1: the card names the rarest public roll: who, what, and 1 in N (written the client's way, as the Table luck window writes it)", () => {
    const view = sessionCardView(createSessionCard(GM.id, [given("Mira", 2, 3)], luck), OTHER);
    expect(view.rarest).toEqual({ name: "Mira <b>", label: "Finesse", odds: "1,296" });
    expect(sessionCardView(createSessionCard(GM.id, [given("Mira", 2, 3)], luck), OTHER, "pt-BR").rarest?.odds).toBe(
      "1.296",
    );
    expect(
      sessionCardView(
        createSessionCard(GM.id, [given("Mira", 2, 3)], { ...luck, rarest: { ...luck.rarest, chance: 0.3 } }),
        GM,
      ).rarest?.odds,
    ).toBe("3.3");
  });

  it("R-LUCK-1: the template shows the line (escaped) only when there is a rarest roll", () => {
    const shown = renderDom(
      "chat/session-card.hbs",
      sessionCardView(createSessionCard(GM.id, [given("Mira", 2, 3)], luck), GM),
    );
    const line = shown.querySelector(".session-rarest");
    expect(text(line)).toBe("Most improbable roll: Mira <b>'s Finesse, 1 in 1,296");
    expect(line?.querySelector("b")).toBeNull();
    const none = renderDom(
      "chat/session-card.hbs",
      sessionCardView(createSessionCard(GM.id, [given("Mira", 2, 3)], { session: 3, rarest: null }), GM),
    );
    expect(none.querySelector(".session-rarest")).toBeNull();
    expect(
      renderDom("chat/session-card.hbs", sessionCardView(posted(), GM)).querySelector(".session-rarest"),
    ).toBeNull();
  });

  it("R-LUCK-1: the rarest roll's label is read in the viewer's language, its keys localised and a weapon's name kept", () => {
    const keyed = { ...luck, rarest: { ...luck.rarest, label: "TERRAN.Attribute.finesse · Espada" } };
    const state = createSessionCard(GM.id, [given("Mira", 2, 3)], keyed);
    const pt = (key: string) => (key === "TERRAN.Attribute.finesse" ? "Destreza" : key);
    expect(sessionCardView(state, OTHER, "pt-BR", pt).rarest?.label).toBe("Destreza · Espada");
  });

  it("R-LUCK-1: a stored luck line that is forged (a chance of 0 or above 1, no session, a name that is not text) is refused whole", () => {
    const base = createSessionCard(GM.id, [given("Mira", 2, 3)], luck);
    const cases: [unknown, RulesErrorCode][] = [
      [{ session: 0, rarest: null }, "out-of-range"],
      [{ session: 2, rarest: { ...luck.rarest, chance: 0 } }, "out-of-range"],
      [{ session: 2, rarest: { ...luck.rarest, chance: 2 } }, "out-of-range"],
      [{ session: 2, rarest: { ...luck.rarest, actorName: 5 } }, "bad-choice"],
      ["junk", "bad-choice"],
    ];
    for (const [bad, code] of cases) expectCode(() => sessionCardView({ ...base, luck: bad as SessionLuck }, GM), code);
  });
});
