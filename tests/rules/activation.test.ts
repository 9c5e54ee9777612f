/**
 * R-ADV-1 Brainwave, R-ADV-2 Nova and Tesla: what activating them grants and costs, the scene-long
 * effects kept on the character, and Tesla's 2d Effect against the wielder.
 */
import { describe, expect, it } from "vitest";
import {
  activationDice,
  activationOutcome,
  activationRefusal,
  addSceneEffect,
  CORE,
  DEGENESIS,
  endSceneEffects,
  readSceneEffects,
  sceneModifiers,
  suitDepleted,
  teslaBacklash,
  teslaBacklashDue,
  type SceneEffect,
} from "../../src/rules/index.ts";

function effectOf(o: { readonly sceneEffect: SceneEffect | null }): SceneEffect {
  if (!o.sceneEffect) throw new Error("no scene effect");
  return o.sceneEffect;
}

const noWounds = { stressed: false, broken: false, weary: false };
const attrs = { intuition: 1, reason: 1, finesse: 1, exertion: 1, attunement: 3, influence: 1 };

describe("R-ADV-1 Brainwave activation", () => {
  it("R-ADV-1 a Success (6) grants +1d situational for the scene, no wound", () => {
    const o = activationOutcome("brainwave", "item1", [2, 6]);
    expect(o.band).toBe("success");
    expect(o.precision).toBe(6);
    expect(o.markWound).toBeNull();
    expect(o.sceneEffect).toMatchObject({ advancement: "brainwave", itemId: "item1", kind: "bonus" });
    expect(o.sceneEffect?.modifier).toMatchObject({ dice: 1, situational: true, appliesTo: ["any"] });
  });
  it("R-ADV-1 a Success with a consequence (4–5) still grants the bonus", () => {
    expect(activationOutcome("brainwave", "i", [4, 1]).sceneEffect?.kind).toBe("bonus");
  });
  it("R-ADV-1 a Fail (1–3) marks Stressed (Hazed, R-HARM-4) and grants nothing, but uses the scene's activation", () => {
    const o = activationOutcome("brainwave", "i", [3, 1]);
    expect(o.band).toBe("fail");
    expect(o.markWound).toBe("stressed");
    expect(o.sceneEffect).toMatchObject({ advancement: "brainwave", kind: "spent", modifier: null });
    expect(sceneModifiers([effectOf(o)])).toEqual([]);
  });
  it("R-POOL-5 no dice at all: the activation fails", () => {
    const o = activationOutcome("brainwave", "i", []);
    expect(o.band).toBe("fail");
    expect(o.precision).toBeNull();
    expect(o.markWound).toBe("stressed");
  });
  it("R-ADV-1 refuses an advancement that is not used by rolling, and a bad face", () => {
    expect(() => activationOutcome("fast", "i", [6])).toThrow(/not used by rolling/);
    expect(() => activationOutcome("brainwave", "i", [7])).toThrow();
  });
  it("R-POOL-2/R-HARM-4 the roll throws Attunement's Light Dice, Weary (Resolve) taking 1d; Mortally Wounded none", () => {
    expect(activationDice("brainwave", { ruleset: CORE, attributes: attrs, wounds: noWounds, flags: new Set() })).toBe(
      3,
    );
    expect(
      activationDice("brainwave", {
        ruleset: CORE,
        attributes: attrs,
        wounds: { ...noWounds, weary: true },
        flags: new Set(),
      }),
    ).toBe(2);
    expect(
      activationDice("nova", {
        ruleset: DEGENESIS,
        attributes: attrs,
        wounds: { stressed: true, broken: true, weary: true },
        flags: new Set(),
      }),
    ).toBe(0);
  });
});

describe("R-ADV-2 Nova activation", () => {
  it("R-ADV-2 a Success blinds for the scene (no dice modifier)", () => {
    const o = activationOutcome("nova", "n", [6]);
    expect(o.sceneEffect).toMatchObject({ advancement: "nova", kind: "blinding", modifier: null });
    expect(o.markWound).toBeNull();
  });
  it("R-ADV-2 a Fail depletes the suit for the scene, no wound", () => {
    const o = activationOutcome("nova", "n", [2]);
    expect(o.sceneEffect).toMatchObject({ advancement: "nova", kind: "depleted", modifier: null });
    expect(o.markWound).toBeNull();
  });
});

describe("R-ADV-1/R-ADV-2 scene effects kept on the character", () => {
  const bonus = effectOf(activationOutcome("brainwave", "b", [6]));
  const depleted = effectOf(activationOutcome("nova", "n", [1]));
  it("R-ADV-1 a new activation of the same advancement replaces the old one", () => {
    const again = effectOf(activationOutcome("brainwave", "b", [5]));
    expect(addSceneEffect([bonus, depleted], again)).toEqual([depleted, again]);
  });
  it("R-ADV-1 (ruling) ending the scene removes all; ending one effect early takes what it grants but keeps it used", () => {
    const blinding = effectOf(activationOutcome("nova", "n", [6]));
    expect(endSceneEffects([bonus, depleted])).toEqual([]);
    expect(endSceneEffects([bonus, blinding], "brainwave")).toEqual([
      { ...bonus, kind: "spent", modifier: null },
      blinding,
    ]);
    expect(sceneModifiers(endSceneEffects([bonus], "brainwave"))).toEqual([]);
    expect(endSceneEffects([blinding], "nova")).toEqual([{ ...blinding, kind: "spent" }]);
  });
  it("R-ADV-2 a depleted suit cannot be ended early: it lasts until the scene ends", () => {
    expect(() => endSceneEffects([bonus, depleted], "nova")).toThrow(/depleted until the scene ends/);
  });
  it("R-ADV-1 R-ADV-2 (ruling) one activation per advancement per scene, whatever it gave; a depleted suit says so", () => {
    const spent = effectOf(activationOutcome("brainwave", "b", [2]));
    expect(activationRefusal([], "brainwave")).toBeNull();
    expect(activationRefusal([bonus], "brainwave")).toBe("usedThisScene");
    expect(activationRefusal([spent], "brainwave")).toBe("usedThisScene");
    expect(activationRefusal([bonus], "nova")).toBeNull();
    expect(activationRefusal([bonus, depleted], "nova")).toBe("depleted");
    expect(activationRefusal(endSceneEffects([bonus, depleted]), "nova")).toBeNull();
  });
  it("R-ADV-2 the suit is depleted only after Nova's Fail, until the scene ends", () => {
    expect(suitDepleted([bonus])).toBe(false);
    expect(suitDepleted([effectOf(activationOutcome("nova", "n", [6]))])).toBe(false);
    expect(suitDepleted([bonus, depleted])).toBe(true);
    expect(suitDepleted(endSceneEffects([bonus, depleted]))).toBe(false);
  });
  it("R-POOL-2 only the Brainwave bonus is a dice modifier, ticked like any situational one", () => {
    expect(sceneModifiers([bonus, depleted])).toEqual([bonus.modifier]);
  });
  it("reading a stored flag keeps the well-formed effects and drops the rest", () => {
    expect(readSceneEffects([bonus, depleted])).toEqual([bonus, depleted]);
    expect(readSceneEffects(undefined)).toEqual([]);
    expect(readSceneEffects({ 0: bonus })).toEqual([]);
    expect(
      readSceneEffects([
        null,
        3,
        { ...bonus, kind: "x" },
        { ...bonus, modifier: { ...bonus.modifier, dice: 1.5 } },
        { ...depleted, advancement: "fast" },
      ]),
    ).toEqual([]);
    // A bonus that says it grants nothing is not a bonus.
    expect(readSceneEffects([{ ...bonus, modifier: null }])).toEqual([]);
  });
});

describe("R-ADV-2 Tesla", () => {
  it("R-ADV-2 the backlash is due only on a Fail with Tesla's +1d used", () => {
    expect(teslaBacklashDue("fail", true)).toBe(true);
    expect(teslaBacklashDue("fail", false)).toBe(false);
    expect(teslaBacklashDue("partial", true)).toBe(false);
    expect(teslaBacklashDue("success", true)).toBe(false);
  });
  it("R-ADV-2 2d Effect: keep the highest, exploding on 6 (R-CH-2 read for Tesla)", () => {
    expect(teslaBacklash([2, 5], []).value).toBe(5);
    expect(teslaBacklash([6, 1], [6, 3]).value).toBe(15);
    expect(() => teslaBacklash([4], [])).toThrow(/2 dice/);
    expect(() => teslaBacklash([6, 1], [])).toThrow();
  });
});
