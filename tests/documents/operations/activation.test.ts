/** R-ADV-1 Brainwave / R-ADV-2 Nova activated: the dice thrown, the scene effects kept, the Hazed wound, the end of the scene. */
import { describe, expect, it } from "vitest";
import { activateOperation, activationPlan, endSceneOperation } from "../../../src/documents/operations/index.ts";
import { activationOutcome, CORE, DEGENESIS } from "../../../src/rules/index.ts";
import { advancement, expectRefusal, state } from "./fixtures.ts";

const brainwave = advancement("brainwave");
const nova = advancement("nova");

describe("activationPlan / activateOperation", () => {
  it("R-ADV-1 R-POOL-1: Brainwave throws Attunement's dice (Weary takes 1d, R-HARM-4)", () => {
    expect(activationPlan(state({ attributes: { attunement: 3 } }, brainwave), brainwave.id, CORE)).toMatchObject({
      key: "brainwave",
      dice: 3,
    });
    expect(
      activationPlan(state({ attributes: { attunement: 3 }, wounds: ["weary"] }, brainwave), brainwave.id, CORE).dice,
    ).toBe(2);
  });

  it("R-ADV-1: a Success adds the +1d to the scene and changes nothing else", () => {
    const result = activateOperation(state({ attributes: { attunement: 2 } }, brainwave), brainwave.id, [5, 2], CORE);
    expect(result.update).toEqual({});
    expect(result.outcome.scene).toEqual([expect.objectContaining({ advancement: "brainwave", kind: "bonus" })]);
    expect(result.outcome.woundMarked).toBeNull();
  });

  it("R-ADV-1 R-HARM-4: a Fail marks Stressed (Hazed); the third track makes the character Mortally Wounded", () => {
    const result = activateOperation(
      state({ attributes: { attunement: 2 }, wounds: ["broken", "weary"] }, brainwave),
      brainwave.id,
      [2],
      CORE,
    );
    expect(result.update).toEqual({ "system.wounds.stressed": true });
    expect(result.outcome.woundMarked).toEqual({ track: "stressed", already: false, mortallyWounded: true });
  });

  it("R-ADV-1 ruling: already Stressed (already Hazed), a Fail marks nothing more", () => {
    const result = activateOperation(
      state({ attributes: { attunement: 1 }, wounds: ["stressed"] }, brainwave),
      brainwave.id,
      [1],
      CORE,
    );
    expect(result.update).toEqual({});
    expect(result.outcome.woundMarked).toMatchObject({ track: "stressed", already: true });
  });

  it("R-ADV-2: Nova again in the same scene replaces its earlier effect; other effects stay", () => {
    const bonus = activationOutcome("brainwave", brainwave.id, [6]).sceneEffect;
    const blinding = activationOutcome("nova", nova.id, [6]).sceneEffect;
    const s = {
      ...state({ attributes: { attunement: 1 } }, brainwave, nova),
      scene: [bonus, blinding].filter((e) => e !== null),
    };
    const result = activateOperation(s, nova.id, [2], DEGENESIS);
    expect(result.outcome.scene.map((e) => [e.advancement, e.kind])).toEqual([
      ["brainwave", "bonus"],
      ["nova", "depleted"],
    ]);
    expect(endSceneOperation({ ...s, scene: result.outcome.scene }, "nova").map((e) => e.advancement)).toEqual([
      "brainwave",
    ]);
    expect(endSceneOperation({ ...s, scene: result.outcome.scene })).toEqual([]);
  });

  it("refuses: an item the character lacks, one not rolled, the wrong number of dice, the dead", () => {
    const fast = advancement("fast");
    expectRefusal(() => activationPlan(state({}, brainwave), "nope", CORE), "unknown-id", /no advancement/);
    expectRefusal(() => activationPlan(state({}, fast), fast.id, CORE), "not-allowed", /not used by rolling/);
    expectRefusal(
      () => activateOperation(state({ attributes: { attunement: 2 } }, brainwave), brainwave.id, [6], CORE),
      "no-dice",
      /throws 2 dice/,
    );
    expectRefusal(() => activationPlan(state({ dead: true }, brainwave), brainwave.id, CORE), "dead", /dead/);
  });
});
