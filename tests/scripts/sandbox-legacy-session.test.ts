// The sandbox's Legacy session plays the creation roll as Foundry's glue does (rollLegacyCreation).
import { describe, expect, it } from "vitest";
import { characterSheetContext } from "../../src/applications/sheets/character/character-context.ts";
import { hitPointsOf } from "../../src/data/hit-points.ts";
import { RulesError } from "../../src/rules/index.ts";
import { initialSession, SESSION_WEAPON_ID, sessionClick, type SessionState } from "../../sandbox/legacy-session.ts";
import { hpPart } from "../fixtures/sheets.ts";

const roll = { where: "sheet", action: "rollLegacyCreation", data: {} } as const;
const ok = { where: "prompt", action: "promptOk", data: {} } as const;
const cancel = { where: "prompt", action: "promptCancel", data: {} } as const;

const creationShown = (state: SessionState): boolean => hpPart(characterSheetContext(state.character)).creation.shown;

describe("sandbox Legacy session: the creation roll keeps its 'already rolled' state", () => {
  it("R-LEG-2: a player rolls once; the button goes and a second roll is refused, changing nothing", () => {
    const first = sessionClick(initialSession(), roll);
    expect(first.card).not.toBeNull();
    expect(first.state.character.legacyCreationRolled).toBe(true);
    expect(creationShown(first.state)).toBe(false);
    let refusal: unknown = null;
    try {
      sessionClick(first.state, roll);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(RulesError);
    expect((refusal as RulesError).code).toBe("already-rolled");
  });

  it("R-LEG-2 (ruling): a GM rolls again only after confirming, and HP already lost stays lost", () => {
    const first = sessionClick(initialSession({ gm: true }), roll).state;
    expect(creationShown(first)).toBe(true);
    const hurt: SessionState = {
      ...first,
      character: {
        ...first.character,
        system: { ...first.character.system, hitPoints: { ...hitPointsOf(first.character.system), value: 1 } },
      },
    };
    const asked = sessionClick(hurt, roll);
    expect(asked.card).toBeNull();
    expect(asked.state.prompt).toEqual({ kind: "rollAgain" });
    expect(asked.state.throws).toBe(hurt.throws);
    const cancelled = sessionClick(asked.state, cancel);
    expect(cancelled.card).toBeNull();
    expect(cancelled.state.character).toEqual(hurt.character);
    const again = sessionClick(asked.state, ok);
    expect(again.card).not.toBeNull();
    expect(again.state.prompt).toBeNull();
    expect(again.state.throws).toBe(hurt.throws + 1);
    expect(hitPointsOf(again.state.character.system).value).toBe(1);
  });
});

describe("sandbox Legacy session: the Risky card is the one Foundry posts", () => {
  const played = (): SessionState => {
    let state = sessionClick(initialSession(), roll).state;
    state = sessionClick(state, { where: "sheet", action: "roll", data: { roll: "strength" } }).state;
    for (const action of ["darkUp", "darkUp", "positionUp"])
      state = sessionClick(state, { where: "dialog", action, data: {} }).state;
    return sessionClick(state, { where: "dialog", action: "roll", data: {} }).state;
  };

  it("R-LEG-11: its Effect button rolls the held tool's Effect tied to it, once per hit", () => {
    const state = played();
    const risky = state.risky;
    expect(risky?.state.tools.map((t) => t.name)).toEqual(["Large axe"]);
    const click = { where: "card", action: "roll-effect", data: { index: "0", sessionCard: risky?.id ?? "" } } as const;
    const step = sessionClick(state, click);
    expect(step.card?.doc.kind).toBe("legacyEffect");
    const effect = step.card?.doc.kind === "legacyEffect" ? step.card.doc.state : null;
    expect(effect?.action).toEqual({ messageId: risky?.id, hit: 0 });
    expect(step.changed?.id).toBe(risky?.id);
    expect(step.state.risky?.state.effects).toEqual([{ hit: 0, toolId: SESSION_WEAPON_ID, messageId: step.card?.id }]);
    expect(() => sessionClick(step.state, click)).toThrow(RulesError);
  });

  it("a click on another card's button, or one the session does not wire, is refused", () => {
    const state = played();
    expect(() =>
      sessionClick(state, { where: "card", action: "roll-effect", data: { index: "0", sessionCard: "elsewhere" } }),
    ).toThrow(RulesError);
    expect(() =>
      sessionClick(state, {
        where: "card",
        action: "apply-legacy-effect",
        data: { sessionCard: state.risky?.id ?? "" },
      }),
    ).toThrow(RulesError);
  });
});
