/** R-SAY-1 through the actor's Sayonara operation. */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { CORE, DEGENESIS } from "../../../src/rules/index.ts";
import {
  activateOperation,
  endSceneOperation,
  retireOperation,
  sayonaraOperation,
  spendEgoOperation,
  successorPlan,
} from "../../../src/documents/operations/index.ts";
import { advancement, advancements, expectRefusal, state } from "./fixtures.ts";

describe("sayonaraOperation", () => {
  it("R-SAY-1: Core takes the new Grit and Ego and marks the last scene", () => {
    expect(sayonaraOperation(state(), CORE, [2], [5])).toEqual({
      update: {
        "system.grit.value": 2,
        "system.grit.max": 2,
        "system.ego.value": 5,
        "system.ego.max": 5,
        "system.sayonara": true,
      },
      itemUpdates: [],
      outcome: { gritRoll: 2, egoRoll: 5, grit: { value: 2, max: 2 }, ego: { value: 5, max: 5 }, lost: false },
    });
  });

  it("R-SAY-1: Degenesis keeps the higher of old and new", () => {
    const { update } = sayonaraOperation(state({ grit: { value: 1, max: 3 } }), DEGENESIS, [2], [5]);
    expect(update).toEqual({
      "system.grit.value": 2,
      "system.ego.value": 5,
      "system.ego.max": 5,
      "system.sayonara": true,
    });
  });

  it("R-SAY-1 R-GRIT-1 R-EGO-1: Die Hard and Eager add their dice to the re-rolls", () => {
    const s = state({}, advancement("dieHard"), advancement("eager"));
    expect(sayonaraOperation(s, CORE, [2, 2], [1, 3]).update).toMatchObject({
      "system.grit.value": 4,
      "system.ego.value": 3,
    });
  });

  it("R-SAY-1: once declared, a Dark die costs Ego only on a 1", () => {
    const declared = state({ sayonara: true, ego: { value: 5 } });
    expect(spendEgoOperation(declared, CORE, [1, 3, 5]).update).toEqual({ "system.ego.value": 4 });
  });

  it("R-SAY-1: the faces must be as many as the dice (no-dice)", () => {
    expectRefusal(
      () => sayonaraOperation(state({}, advancement("dieHard")), CORE, [4], [4]),
      "no-dice",
      /Sayonara Grit roll throws 2 dice/,
    );
    expectRefusal(
      () => sayonaraOperation(state(), CORE, [4], []),
      "no-dice",
      /Sayonara Ego roll throws 1 die, but 0 were given/,
    );
  });

  it("R-SAY-1: declared once only; never by a lost or a dead character", () => {
    expectRefusal(
      () => sayonaraOperation(state({ sayonara: true }), CORE, [4], [4]),
      "not-allowed",
      /already been declared/,
    );
    expectRefusal(
      () => sayonaraOperation(state({ lost: true, ego: { value: 0 } }), CORE, [4], [4]),
      "not-allowed",
      /is lost/,
    );
    expectRefusal(() => sayonaraOperation(state({ dead: true }), CORE, [4], [4]), "dead", /cannot declare Sayonara/);
  });

  it("R-SAY-1: Degenesis never lowers a value or a maximum; Core always takes the roll", () => {
    const face = fc.integer({ min: 1, max: 6 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 1, max: 6 }), face, face, (grit, ego, g, e) => {
        const s = state({ grit: { value: grit, max: 6 }, ego: { value: ego, max: 6 } });
        const deg = sayonaraOperation(s, DEGENESIS, [g], [e]).outcome;
        expect(deg.grit.value).toBe(Math.max(grit, g));
        expect(deg.ego.value).toBe(Math.max(ego, e));
        expect(deg.grit.max).toBe(6);
        expect(sayonaraOperation(s, CORE, [g], [e]).outcome.ego).toEqual({ value: e, max: e });
      }),
    );
  });

  it("R-SAY-1 (ruling): the last scene lasts one scene: ending it ends the cheap Dark Dice and the character departs", () => {
    const declared = state({ sayonara: true, ego: { value: 5 } });
    const end = endSceneOperation(declared);
    expect(end.update).toEqual({ "system.sayonara": false, "system.departed": true });
    expect(end.outcome).toEqual({ scene: [], departed: true, panicEnded: null });
    // After the scene a Dark Die costs as it always does (were the character to roll: they no longer do).
    const after = state({ sayonara: false, departed: true, ego: { value: 5 } });
    expect(spendEgoOperation(after, CORE, [1, 3, 5]).update).toEqual({ "system.ego.value": 2 });
  });

  it("R-SAY-1: ending one advancement's effect early is not the end of the scene; a character not in Sayonara stays", () => {
    const brainwave = advancement("brainwave");
    const declared = state({ sayonara: true, attributes: { attunement: 1 } }, brainwave);
    const scene = activateOperation(declared, brainwave.id, [6], CORE).outcome.scene;
    expect(endSceneOperation({ ...declared, scene }, "brainwave").update).toEqual({});
    expect(endSceneOperation(state()).update).toEqual({});
    expect(endSceneOperation(state()).outcome.departed).toBe(false);
  });

  it("R-SAY-1 (ruling): a character who died in their last scene departs too (death is one way to depart)", () => {
    expect(endSceneOperation(state({ sayonara: true, dead: true })).update).toEqual({
      "system.sayonara": false,
      "system.departed": true,
    });
  });

  it("R-SAY-1: a departed character declares nothing, activates nothing and gains nothing (reason departed)", () => {
    const brainwave = advancement("brainwave");
    const departed = state({ departed: true, attributes: { attunement: 1 } }, brainwave);
    expect(
      expectRefusal(() => sayonaraOperation(departed, CORE, [4], [4]), "not-allowed", /left the story/).data,
    ).toMatchObject({ reason: "departed" });
    expectRefusal(() => activateOperation(departed, brainwave.id, [6], CORE), "not-allowed", /left the story/);
  });

  it("R-SAY-1: the successor takes ⌈n ÷ 2⌉ advancements for free; only a departed character has one", () => {
    expect(successorPlan(state({ departed: true }, ...advancements(5)))).toEqual({
      advancements: 5,
      freeAdvancements: 3,
    });
    expect(successorPlan(state({ departed: true }, ...advancements(4))).freeAdvancements).toBe(2);
    expect(successorPlan(state({ departed: true })).freeAdvancements).toBe(0);
    expectRefusal(() => successorPlan(state({ sayonara: true }, ...advancements(3))), "not-allowed", /left the story/);
  });

  it("R-LEG-15: Retire departs at once, and the successor's half counts Retire", () => {
    const retire = advancement("retire");
    const done = retireOperation(state({}, ...advancements(2), retire));
    expect(done.update).toEqual({ "system.departed": true });
    expect(done.outcome).toEqual({ advancements: 3, freeAdvancements: 2 });
    expectRefusal(() => retireOperation(state({}, ...advancements(2))), "not-allowed", /taken Retire/);
    expectRefusal(() => retireOperation(state({ departed: true }, retire)), "not-allowed", /left the story/);
    expectRefusal(() => retireOperation(state({ dead: true }, retire)), "dead", /dead/);
  });
});
