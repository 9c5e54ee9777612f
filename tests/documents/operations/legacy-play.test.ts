/**
 * Legacy in play, the pure half (src/documents/operations/legacy-play.ts): R-LEG-15 Sneak attack's and
 * Sniper's Effect die, R-LEG-10 Challenges ganging up, R-LEG-14 the montage's target and its first half.
 */
import { describe, expect, it } from "vitest";
import {
  effectEdgeDice,
  gangedDice,
  heldEffectEdges,
  montageDice,
  montageTarget,
  readMontageChallenge,
} from "../../../src/documents/operations/legacy-play.ts";
import { legacyEffect } from "../../../src/documents/operations/legacy.ts";
import {
  initialSeparateChoices,
  separateRollModel,
} from "../../../src/applications/resolution/separate-dialog-model.ts";
import { CORE, LEGACY, RulesError } from "../../../src/rules/index.ts";
import { legacySeasonedCharacter } from "../../fixtures/legacy-sheets.ts";
import { advancementRow } from "../../fixtures/sheets.ts";

const items = legacySeasonedCharacter().items;

describe("R-LEG-15 Sneak attack and Sniper: one more Effect die", () => {
  it("R-LEG-15: the edges held are read from the advancements' keys, in the prompt's order, once each", () => {
    expect(heldEffectEdges(items)).toEqual(["sneakAttack"]);
    const both = [
      ...items,
      advancementRow({ id: "advSniper0000001", name: "Sniper", key: "sniper", sort: 300 }),
      advancementRow({ id: "advSneakAttack02", name: "Again", key: "sneakAttack", sort: 400 }),
    ];
    expect(heldEffectEdges(both)).toEqual(["sneakAttack", "sniper"]);
    expect(heldEffectEdges(items.filter((i) => i.type !== "advancement"))).toEqual([]);
  });

  it("R-LEG-15: a held edge gives one die, none gives none; an edge not held is refused", () => {
    expect(effectEdgeDice(items, [])).toBe(0);
    expect(effectEdgeDice(items, ["sneakAttack"])).toBe(1);
    expect(() => effectEdgeDice(items, ["sniper"])).toThrow(RulesError);
    expect(() => effectEdgeDice(items, ["__proto__" as never])).toThrow(/does not hold/);
  });

  it("R-LEG-15 (ruling): Sneak attack and Sniper both held and both met give two Effect dice, as they give the attack two; each counts once", () => {
    const both = [...items, advancementRow({ id: "advSniper0000001", name: "Sniper", key: "sniper", sort: 300 })];
    expect(effectEdgeDice(both, ["sneakAttack", "sniper"])).toBe(2);
    expect(effectEdgeDice(both, ["sniper"])).toBe(1);
    expect(() => effectEdgeDice(both, ["sniper", "sniper"])).toThrow(/once/);
    // The Risky Action dialog: each advancement's situational +1d ticked, the attack gets the same two.
    const input = legacySeasonedCharacter();
    const subject = { ruleset: LEGACY, state: { source: input.system, items: both }, attribute: "agility" as const };
    const settings = { darkMax: 10 };
    const none = separateRollModel(subject, initialSeparateChoices(settings), settings);
    const edges = none.lines.filter((l) => l.situational && /sneakAttack|sniper/.test(l.key)).map((l) => l.key);
    expect(edges).toHaveLength(2);
    const ticked = separateRollModel(subject, { ...initialSeparateChoices(settings), ticked: edges }, settings);
    expect(ticked.raw - none.raw).toBe(effectEdgeDice(both, ["sneakAttack", "sniper"]));
  });

  it("R-LEG-11 (ruling) R-LEG-15: the extra die is one more die, the highest still kept and still halved for d/2", () => {
    // A Normal tool: 2 dice instead of 1, the 5 kept.
    expect(legacyEffect(LEGACY, 2, {}, [2, 5], [], 1)).toMatchObject({ kept: 5, total: 5 });
    // A Lesser tool (d/2): two dice, the 6 kept, exploding, then halved: ⌈(6 + 3) / 2⌉ = 5.
    expect(legacyEffect(LEGACY, 0, {}, [6, 1], [3], 1)).toMatchObject({ kept: 6, halved: true, total: 5 });
    // Without the extra die the same two faces are one too many.
    expect(() => legacyEffect(LEGACY, 2, {}, [2, 5], [])).toThrow(/throws 1 die; 2 were given/);
  });
});

describe("R-LEG-10 Challenges ganging up", () => {
  const dangerous = { tier: "dangerous", n: 4, dice: 1, halved: false };

  it("R-LEG-10 (ruling): one Challenge throws its own stored dice; every two beyond the first raise the level", () => {
    expect(gangedDice(LEGACY, { ...dangerous, dice: 3 })).toEqual({
      tier: "dangerous",
      dice: 3,
      halved: false,
      gangUp: null,
    });
    expect(gangedDice(LEGACY, dangerous, 2)).toEqual({ tier: "dangerous", dice: 1, halved: false, gangUp: 2 });
    expect(gangedDice(LEGACY, dangerous, 3)).toEqual({ tier: "serious", dice: 2, halved: false, gangUp: 3 });
    expect(gangedDice(LEGACY, dangerous, 7)).toEqual({ tier: "extreme", dice: 4, halved: false, gangUp: 7 });
    expect(gangedDice(LEGACY, { tier: "trivial", n: 4, dice: 0, halved: true }, 3)).toMatchObject({
      tier: "dangerous",
      dice: 1,
      halved: false,
    });
  });

  it("R-LEG-10 (ruling): past Extreme the level goes on to Fantastical, one more die per level", () => {
    expect(gangedDice(LEGACY, { tier: "extreme", n: 4, dice: 4, halved: false }, 5)).toEqual({
      tier: "fantastical",
      dice: 6,
      halved: false,
      gangUp: 5,
    });
    expect(gangedDice(LEGACY, { tier: "fantastical", n: 6, dice: 6, halved: false }, 3)).toMatchObject({
      tier: "fantastical",
      dice: 7,
    });
    // A Core Exceptional of 6 dice reads as Fantastical 6 in a Legacy world, then rises.
    expect(gangedDice(LEGACY, { tier: "exceptional", n: 6, dice: 6, halved: false }, 3)).toMatchObject({
      tier: "fantastical",
      dice: 7,
    });
  });

  it("R-LEG-10: a ruleset without gang-up refuses more than one Challenge; the count is a whole number 1–100", () => {
    expect(gangedDice(CORE, dangerous, 1).gangUp).toBeNull();
    expect(() => gangedDice(CORE, dangerous, 3)).toThrow(/no gang-up/);
    expect(() => gangedDice(LEGACY, dangerous, 0)).toThrow(RulesError);
    expect(() => gangedDice(LEGACY, dangerous, 2.5)).toThrow(RulesError);
  });
});

describe("R-LEG-14 the montage", () => {
  const wolf = { tier: "dangerous", n: 4, dice: 1, halved: false };

  it("R-LEG-14: the montage is against exactly one targeted Challenge (a token targeted twice counts once)", () => {
    const challenge = { uuid: "Actor.wolf", name: "Wolf pack", challenge: wolf };
    const character = { uuid: "Actor.mira", name: "Mira", challenge: null };
    expect(montageTarget([])).toBeNull();
    expect(montageTarget([character])).toBeNull();
    expect(montageTarget([challenge, character, challenge])).toEqual({
      ...wolf,
      uuid: "Actor.wolf",
      name: "Wolf pack",
    });
    expect(montageTarget([challenge, { ...challenge, uuid: "Actor.bear", name: "Bear" }])).toBeNull();
  });

  it("R-LEG-14: the Challenge's Effect first, its complication off the pool's count, then the clamp", () => {
    // Dangerous (1d): a 5 costs −1d; a pool of 4 throws 3.
    expect(readMontageChallenge(LEGACY, wolf, 4, [5], [])).toMatchObject({
      challenge: { value: 5 },
      complication: 1,
      light: 3,
    });
    // A 6 explodes: 6 + 6 + 2 = 14 costs −3d; a pool of 6 (lines above the clamp) still throws 3.
    expect(readMontageChallenge(LEGACY, wolf, 6, [6], [6, 2])).toMatchObject({
      challenge: { value: 14 },
      complication: 3,
      light: 3,
    });
    // Trivial's d/2: 6 + 5 halved, rounded up = 6 costs −2d (the ruling on the table's gaps).
    expect(readMontageChallenge(LEGACY, { tier: "trivial", n: 4, dice: 0, halved: true }, 2, [6], [5])).toMatchObject({
      challenge: { value: 6 },
      complication: 2,
      light: 0,
    });
  });

  it("R-LEG-14 (ruling): the montage throws the level's dice (those its odds are for), whatever was typed on the sheet", () => {
    expect(montageDice(LEGACY, { tier: "serious", n: 4, dice: 5, halved: false })).toEqual({
      tier: "serious",
      dice: 2,
      halved: false,
    });
    expect(() =>
      readMontageChallenge(LEGACY, { tier: "serious", n: 4, dice: 5, halved: false }, 3, [1, 2, 3, 4, 5], []),
    ).toThrow(/throws 2 dice/);
    expect(() => montageDice(CORE, wolf)).toThrow(/no montage/);
  });
});
