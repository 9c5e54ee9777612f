import { describe, expect, it } from "vitest";
import { CORE, DEGENESIS, getRuleset, RulesError } from "../../../src/rules/index.ts";
import {
  readSessionChoices,
  sessionAwardOperation,
  sessionAwardPlan,
  sessionUndoOperation,
} from "../../../src/documents/operations/index.ts";
import { character, expectRefusal, state } from "./fixtures.ts";
import type { CharacterState } from "../../../src/documents/operations/types.ts";
import { defaultLegacyValues, legacyBlocks } from "../../fixtures/legacy-values.ts";

/** A character holding a Legacy Ego count (the fixture's source with `legacy` beside Core's, src/data/legacy.ts). */
const withLegacy = (egoLost: number, xp: number): CharacterState => ({
  source: { ...character({ xp }), ...legacyBlocks({ ...defaultLegacyValues(), egoLost }) },
  items: [],
});
const candidate = (name: string, over: Parameters<typeof character>[0] = {}) => ({
  uuid: `Actor.${name}`,
  name,
  source: character(over),
});

describe("R-XP-1 the end of a session", () => {
  it("R-XP-1: Core and Degenesis propose +2 per session played and survived (the ruleset's rule)", () => {
    for (const ruleset of [CORE, DEGENESIS]) expect(sessionAwardPlan([candidate("Mira")], ruleset)[0]?.xp).toBe(2);
  });

  it("R-XP-1 R-LEG-12: Legacy proposes one XP per Ego the character lost this session (0 when not known), and refuses a count that is not whole", () => {
    const legacy = getRuleset("legacy");
    expect(
      sessionAwardPlan([{ ...candidate("Mira"), egoLost: 3 }, candidate("Oskar")], legacy).map((r) => r.xp),
    ).toEqual([3, 0]);
    expect(() => sessionAwardPlan([{ ...candidate("Mira"), egoLost: 1.5 }], legacy)).toThrow(RulesError);
  });

  it("R-XP-1 R-HARM-5 R-EGO-3: every player character is listed; the dead and the lost are unticked and marked why", () => {
    const plan = sessionAwardPlan(
      [candidate("Mira", { xp: 3 }), candidate("Oskar", { dead: true }), candidate("Ines", { lost: true })],
      CORE,
    );
    expect(plan.map((r) => [r.name, r.played, r.status, r.xp, r.current])).toEqual([
      ["Mira", true, null, 2, 3],
      ["Oskar", false, "dead", 2, 0],
      ["Ines", false, "lost", 2, 0],
    ]);
  });

  it("R-XP-1: the form gives only ticked rows, each a whole 0–99 (0 gives nothing); one bad row refuses the whole form (nothing is given)", () => {
    const a = { uuid: "Actor.a", name: "A", played: true, xp: 2 };
    const b = { uuid: "Actor.b", name: "B", played: false, xp: Number.NaN };
    const rows = [a, b];
    expect(readSessionChoices(rows)).toEqual([{ uuid: "Actor.a", name: "A", xp: 2 }]);
    expect(readSessionChoices([a, { ...a, uuid: "Actor.c", xp: 0 }])).toEqual([{ uuid: "Actor.a", name: "A", xp: 2 }]);
    expect(expectRefusal(() => readSessionChoices([{ ...a, xp: 0 }]), "choice-required", /Tick/).data.reason).toBe(
      "noneTicked",
    );
    for (const xp of [1.5, 100, Number.NaN, -2]) {
      const error = expectRefusal(
        () => readSessionChoices([{ ...a, xp }]),
        xp === 1.5 || Number.isNaN(xp) ? "not-integer" : "out-of-range",
        /XP/,
      );
      expect(error.data.reason).toBe("badXp");
    }
    expect(expectRefusal(() => readSessionChoices([b]), "choice-required", /Tick/).data.reason).toBe("noneTicked");
  });

  it("R-XP-1 R-HARM-5: the award is one change of system.xp; a dead character earns none", () => {
    expect(sessionAwardOperation(state({ xp: 3 }), 2, CORE)).toMatchObject({
      update: { "system.xp": 5 },
      outcome: { gained: 2, xp: 5, egoLost: 0 },
    });
    expectRefusal(() => sessionAwardOperation(state({ dead: true }), 2, CORE), "dead", /dead/);
  });

  it("R-LEG-12 (ruling): under a per-Ego ruleset the award resets egoLost in the same update, whatever XP the GM typed; a flat ruleset leaves the Legacy count alone", () => {
    const lost = (egoLost: number, xp = 0) => withLegacy(egoLost, xp);
    expect(sessionAwardOperation(lost(3, 1), 5, getRuleset("legacy"))).toEqual({
      update: { "system.xp": 6, "system.egoLost": 0 },
      outcome: { gained: 5, xp: 6, egoLost: 3 },
      itemUpdates: [],
    });
    expect(sessionAwardOperation(lost(3, 1), 2, CORE).update).toEqual({ "system.xp": 3 });
  });

  it("R-LEG-12 (ruling): the Undo gives back the Ego count the award reset, added to what was lost since, in the same update", () => {
    const lost = (egoLost: number, xp: number) => withLegacy(egoLost, xp);
    expect(sessionUndoOperation(lost(1, 6), 3, 3).update).toEqual({ "system.xp": 3, "system.egoLost": 4 });
    expect(sessionUndoOperation(lost(0, 0), 3, 3)).toMatchObject({
      update: { "system.egoLost": 3 },
      outcome: { taken: 0, short: 3 },
    });
    expect(() => sessionUndoOperation(lost(0, 3), 3, -1)).toThrow(RulesError);
  });

  it("R-XP-1 (ruling): the Undo takes back exactly the award when it is still held", () => {
    expect(sessionUndoOperation(state({ xp: 5 }), 2)).toMatchObject({
      update: { "system.xp": 3 },
      outcome: { taken: 2, short: 0, xp: 3 },
    });
  });

  it("R-XP-1 (ruling): XP spent since the award stays spent — the Undo takes what is left, names the rest, never goes below 0", () => {
    expect(sessionUndoOperation(state({ xp: 1 }), 2)).toMatchObject({
      update: { "system.xp": 0 },
      outcome: { taken: 1, short: 1, xp: 0 },
    });
    expect(sessionUndoOperation(state({ xp: 0 }), 2)).toMatchObject({
      update: {},
      outcome: { taken: 0, short: 2, xp: 0 },
    });
  });

  it("R-XP-1 (ruling): XP gained since from elsewhere is not touched, and the Undo is open to a character who died since", () => {
    expect(sessionUndoOperation(state({ xp: 6 }), 2).outcome).toEqual({ taken: 2, short: 0, xp: 4 });
    expect(sessionUndoOperation(state({ xp: 2, dead: true }), 2).outcome).toEqual({ taken: 2, short: 0, xp: 0 });
    expect(() => sessionUndoOperation(state({ xp: 2 }), -1)).toThrow(RulesError);
  });
});
