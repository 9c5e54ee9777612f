/**
 * R-ADV-1 Brainwave / R-ADV-2 Nova activated: the dice thrown, the scene effects kept, the Hazed wound, the
 * end of the scene.
 */
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

  it("R-ADV-1 (ruling): a Fail that cost nothing (already Hazed) still uses the scene's activation: no free repeat until success", () => {
    const hazed = state({ attributes: { attunement: 1 }, wounds: ["stressed"] }, brainwave);
    const first = activateOperation(hazed, brainwave.id, [1], CORE);
    expect(first.outcome.scene).toEqual([expect.objectContaining({ advancement: "brainwave", kind: "spent" })]);
    const again = { ...hazed, scene: first.outcome.scene };
    expectRefusal(() => activationPlan(again, brainwave.id, CORE), "not-allowed", /already been used this scene/);
    expectRefusal(() => activateOperation(again, brainwave.id, [6], CORE), "not-allowed", /used this scene/);
    // Ending Brainwave's effect early does not open it again; the end of the scene does.
    const success = activateOperation(state({ attributes: { attunement: 1 } }, brainwave), brainwave.id, [6], CORE);
    const endedEarly = endSceneOperation({ ...hazed, scene: success.outcome.scene }, "brainwave").outcome.scene;
    expectRefusal(() => activationPlan({ ...hazed, scene: endedEarly }, brainwave.id, CORE), "not-allowed", /used/);
    const nextScene = endSceneOperation(again).outcome.scene;
    expect(activationPlan({ ...hazed, scene: nextScene }, brainwave.id, CORE).dice).toBe(1);
  });

  it("R-ADV-2: after Nova's Fail the suit stays depleted until the scene ends: Nova is refused, and End on it too", () => {
    const bonus = activationOutcome("brainwave", brainwave.id, [6]).sceneEffect;
    const s = {
      ...state({ attributes: { attunement: 1 } }, brainwave, nova),
      scene: [bonus].filter((e) => e !== null),
    };
    const result = activateOperation(s, nova.id, [2], DEGENESIS);
    expect(result.outcome.scene.map((e) => [e.advancement, e.kind])).toEqual([
      ["brainwave", "bonus"],
      ["nova", "depleted"],
    ]);
    const depleted = { ...s, scene: result.outcome.scene };
    expectRefusal(() => activationPlan(depleted, nova.id, DEGENESIS), "not-allowed", /suit is depleted/);
    expectRefusal(() => activateOperation(depleted, nova.id, [6], DEGENESIS), "not-allowed", /depleted/);
    expectRefusal(() => endSceneOperation(depleted, "nova"), "not-allowed", /depleted until the scene ends/);
    expect(endSceneOperation(depleted).outcome.scene).toEqual([]);
    expect(activationPlan({ ...s, scene: endSceneOperation(depleted).outcome.scene }, nova.id, DEGENESIS).key).toBe(
      "nova",
    );
  });

  it("R-ADV-1 R-ADV-2 (ruling): the activation roll is Attunement with the wound penalty only: no situational +1d (held or active), no Dark Dice, no GM position", () => {
    const acuity = advancement("sensoryAcuity");
    const plain = state({ attributes: { attunement: 2 } }, brainwave);
    const withBonuses = state({ attributes: { attunement: 2 } }, brainwave, acuity);
    expect(activationPlan(plain, brainwave.id, CORE).dice).toBe(2);
    expect(activationPlan(withBonuses, brainwave.id, CORE).dice).toBe(2);
    expect(
      activationPlan(
        { ...plain, source: { ...plain.source, wounds: { ...plain.source.wounds, weary: true } } },
        brainwave.id,
        CORE,
      ).dice,
    ).toBe(1);
    // Only the faces of those Light Dice are taken: a Dark die more is refused.
    expectRefusal(() => activateOperation(plain, brainwave.id, [6, 6, 1], CORE), "no-dice", /throws 2 dice, but 3/);
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
