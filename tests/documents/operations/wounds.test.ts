/** R-HARM-3 / R-HARM-5 / R-HARM-6 marking and recovering wound tracks by hand. */
import { describe, expect, it } from "vitest";
import type { WoundTrack } from "../../../src/rules/index.ts";
import { markWoundOperation, recoverWoundOperation } from "../../../src/documents/operations/index.ts";
import { expectRefusal, state } from "./fixtures.ts";

describe("markWoundOperation", () => {
  it("R-HARM-3: marks an unmarked track", () => {
    expect(markWoundOperation(state(), "stressed")).toEqual({
      update: { "system.wounds.stressed": true },
      itemUpdates: [],
      outcome: { track: "stressed", mortallyWounded: false },
    });
  });

  it("R-HARM-5: marking the third track makes the character Mortally Wounded", () => {
    expect(markWoundOperation(state({ wounds: ["stressed", "weary"] }), "broken").outcome.mortallyWounded).toBe(true);
  });

  it("R-HARM-3: a marked track cannot be marked again (bad-choice)", () => {
    expectRefusal(
      () => markWoundOperation(state({ wounds: ["broken"] }), "broken"),
      "bad-choice",
      /broken track is already marked/,
    );
  });

  it("R-HARM-4: a name that is not a wound track is refused (unknown-id)", () => {
    expectRefusal(
      () => markWoundOperation(state(), "hazed" as WoundTrack),
      "unknown-id",
      /"hazed" is not a wound track/,
    );
  });

  it("R-HARM-5: a dead character is not wounded (dead)", () => {
    expectRefusal(() => markWoundOperation(state({ dead: true }), "weary"), "dead", /dead/);
  });
});

describe("recoverWoundOperation", () => {
  it("R-HARM-5: a marked track recovers", () => {
    expect(recoverWoundOperation(state({ wounds: ["weary", "broken"] }), "weary")).toEqual({
      update: { "system.wounds.weary": false },
      itemUpdates: [],
      outcome: { track: "weary", mortallyWounded: false, malaiseDue: false },
    });
  });

  it("R-HARM-6: the first track to recover from Mortally Wounded makes the Malaise roll due", () => {
    const { update, outcome } = recoverWoundOperation(state({ wounds: ["stressed", "broken", "weary"] }), "broken");
    expect(update).toEqual({ "system.wounds.broken": false });
    expect(outcome).toEqual({ track: "broken", mortallyWounded: false, malaiseDue: true });
  });

  it("R-HARM-5: an unmarked track has nothing to recover (bad-choice)", () => {
    expectRefusal(() => recoverWoundOperation(state(), "stressed"), "bad-choice", /stressed track is not marked/);
  });

  it("R-HARM-5: a dead character does not recover (dead)", () => {
    expectRefusal(
      () => recoverWoundOperation(state({ dead: true, wounds: ["stressed", "broken", "weary"] }), "weary"),
      "dead",
      /cannot recover/,
    );
  });
});
