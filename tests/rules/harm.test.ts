/**
 * §2 harm: R-HARM-1 (damage), R-HARM-2 (armour and the shield's sacrifice), R-HARM-3 (Grit loss and
 * wounds), R-HARM-4 (wound penalties), R-HARM-5 (Mortally Wounded, death, recovery), R-HARM-6
 * (Malaise), and R-CH-4 (a Challenge's Effect applied as harm).
 */
import { describe, expect, it } from "vitest";
import type { Attribute, Attributes, Group } from "../../src/rules/attributes.ts";
import { challengeEffect, challengeStats } from "../../src/rules/challenge.ts";
import { ARMOUR_VALUE, ELEPHANT_SKIN_ARMOUR, type BodyArmour } from "../../src/rules/equipment.ts";
import {
  applyHarm,
  armourValue,
  assessHarm,
  damageAfterArmour,
  type ArmourState,
  type HarmTarget,
} from "../../src/rules/harm.ts";
import { applyMalaise, malaiseFor, malaiseOptions, type Malaise, type MalaiseTarget } from "../../src/rules/malaise.ts";
import type { MechanicsFlag, RollTarget } from "../../src/rules/mechanics.ts";
import { buildPool } from "../../src/rules/pool.ts";
import { CORE } from "../../src/rules/rulesets/index.ts";
import {
  NO_WOUNDS,
  WOUND_GROUP,
  isMortallyWounded,
  markWound,
  recoverWound,
  unmarkedTracks,
  woundPenaltyTrack,
  type WoundIgnores,
  type WoundTrack,
  type Wounds,
} from "../../src/rules/wounds.ts";
import { expectRulesError } from "./fixtures.ts";

const NO_ARMOUR: ArmourState = { body: "none", shield: false, elephantSkin: false };
const ALL_WOUNDS: Wounds = { stressed: true, broken: true, weary: true };

function target(over: Partial<HarmTarget> = {}): HarmTarget {
  return { grit: 5, wounds: NO_WOUNDS, dead: false, armour: NO_ARMOUR, ...over };
}

function wounds(...marked: WoundTrack[]): Wounds {
  return { stressed: marked.includes("stressed"), broken: marked.includes("broken"), weary: marked.includes("weary") };
}

const ZERO: Attributes = { intuition: 0, reason: 0, finesse: 0, exertion: 0, attunement: 0, influence: 0 };

describe("R-HARM-1 damage", () => {
  const damageCases: [number, number, number][] = [
    [5, 2, 3],
    [4, 0, 4],
    [2, 2, 0],
    [1, 3, 0],
    [0, 0, 0],
    [12, 1, 11],
  ];
  it.each(damageCases)("R-HARM-1: Effect %i against armour %i deals %i", (effect, armour, damage) => {
    expect(damageAfterArmour(effect, armour)).toBe(damage);
  });

  it("R-HARM-1: a negative or fractional Effect is refused", () => {
    expectRulesError(() => damageAfterArmour(-1, 0), "out-of-range", /An Effect must be at least 0 \(got -1\)/);
    expectRulesError(() => damageAfterArmour(1.5, 0), "not-integer", /An Effect must be a whole number/);
    expectRulesError(() => applyHarm(target(), -2), "out-of-range", /An Effect must be at least 0/);
    expectRulesError(() => assessHarm(target(), 0.5), "not-integer", /An Effect must be a whole number/);
  });

  it("R-HARM-1: negative or fractional armour is refused", () => {
    expectRulesError(() => damageAfterArmour(3, -1), "out-of-range", /Armour must be at least 0/);
    expectRulesError(() => damageAfterArmour(3, 0.5), "not-integer", /Armour must be a whole number/);
  });

  it("R-HARM-1: damage 0 changes nothing, not even at Grit 0", () => {
    const result = applyHarm(target({ grit: 0, armour: { body: "heavy", shield: false, elephantSkin: false } }), 2);
    expect(result.assessment.damage).toBe(0);
    expect(result.grit).toBe(0);
    expect(result.wounds).toEqual(NO_WOUNDS);
    expect(result.wound).toBeNull();
    expect(result.dead).toBe(false);
    expect(result.shieldDestroyed).toBe(false);
  });

  it("R-HARM-1: an Effect of 0 changes nothing", () => {
    const result = applyHarm(target({ grit: 3 }), 0);
    expect(result.grit).toBe(3);
    expect(result.wounds).toEqual(NO_WOUNDS);
  });

  it("R-HARM-1 R-HARM-3: a character's Grit is a whole number of at least 0", () => {
    expectRulesError(() => applyHarm(target({ grit: -1 }), 2), "out-of-range", /Grit must be at least 0/);
    expectRulesError(() => applyHarm(target({ grit: 2.5 }), 2), "not-integer", /Grit must be a whole number/);
  });
});

describe("R-HARM-2 armour and shield", () => {
  it("R-HARM-2 R-EQ-4: Light armour is 1, Heavy 2, a Shield 1, Elephant skin 1", () => {
    expect(ARMOUR_VALUE).toEqual({ none: 0, light: 1, heavy: 2, shield: 1 });
    expect(ELEPHANT_SKIN_ARMOUR).toBe(1);
  });

  const armourCases: [BodyArmour, boolean, boolean, number][] = [
    ["none", false, false, 0],
    ["none", false, true, 1],
    ["none", true, false, 1],
    ["none", true, true, 1],
    ["light", false, false, 1],
    ["light", false, true, 1],
    ["light", true, false, 2],
    ["light", true, true, 2],
    ["heavy", false, false, 2],
    ["heavy", false, true, 2],
    ["heavy", true, false, 3],
    ["heavy", true, true, 3],
  ];
  it.each(armourCases)(
    "R-HARM-2: body %s, shield %s, Elephant skin %s → armour %i",
    (body, shield, elephantSkin, expected) => {
      expect(armourValue({ body, shield, elephantSkin }).value).toBe(expected);
    },
  );

  it("R-HARM-2: the armour lines show where each point comes from", () => {
    expect(armourValue({ body: "light", shield: true, elephantSkin: true }).lines).toEqual([
      { labelKey: "TERRAN.Armour.light", value: 1 },
      { labelKey: "TERRAN.Armour.shield", value: 1 },
    ]);
    expect(armourValue({ body: "none", shield: false, elephantSkin: true }).lines).toEqual([
      { labelKey: "TERRAN.Adv.elephantSkin", value: 1 },
    ]);
    expect(armourValue(NO_ARMOUR).lines).toEqual([]);
  });

  it("R-HARM-2 R-HARM-1: armour is subtracted from the Effect before Grit", () => {
    const result = applyHarm(target({ grit: 5, armour: { body: "heavy", shield: true, elephantSkin: false } }), 4);
    expect(result.assessment.armour).toBe(3);
    expect(result.assessment.damage).toBe(1);
    expect(result.grit).toBe(4);
    expect(result.shieldDestroyed).toBe(false);
  });

  it("R-HARM-2: sacrificing the shield ignores the Effect completely and destroys the shield", () => {
    const result = applyHarm(target({ grit: 1, armour: { body: "none", shield: true, elephantSkin: false } }), 9, {
      sacrificeShield: true,
    });
    expect(result.assessment.damage).toBe(0);
    expect(result.assessment.shieldSacrificed).toBe(true);
    expect(result.shieldDestroyed).toBe(true);
    expect(result.grit).toBe(1);
    expect(result.wounds).toEqual(NO_WOUNDS);
    expect(result.wound).toBeNull();
  });

  it("R-HARM-2 R-HARM-5: a sacrificed shield saves a Mortally Wounded character", () => {
    const result = applyHarm(
      target({ wounds: ALL_WOUNDS, armour: { body: "light", shield: true, elephantSkin: false } }),
      6,
      {
        sacrificeShield: true,
      },
    );
    expect(result.dead).toBe(false);
    expect(result.shieldDestroyed).toBe(true);
  });

  it("R-HARM-2: a shield cannot be sacrificed without one", () => {
    expectRulesError(
      () => applyHarm(target(), 3, { sacrificeShield: true }),
      "not-allowed",
      /There is no shield to sacrifice/,
    );
  });

  it("R-HARM-2 R-HARM-1: a bad Effect is refused even when the shield is sacrificed", () => {
    const shielded = target({ armour: { body: "none", shield: true, elephantSkin: false } });
    expectRulesError(
      () => applyHarm(shielded, -3, { sacrificeShield: true }),
      "out-of-range",
      /An Effect must be at least 0/,
    );
    expectRulesError(
      () => assessHarm(shielded, 2.5, { sacrificeShield: true }),
      "not-integer",
      /An Effect must be a whole number/,
    );
  });
});

describe("R-HARM-3 Grit loss and wounds", () => {
  it("R-HARM-3: damage below Grit is subtracted, no wound", () => {
    const result = applyHarm(target({ grit: 5 }), 3);
    expect(result.grit).toBe(2);
    expect(result.wound).toBeNull();
    expect(result.wounds).toEqual(NO_WOUNDS);
    expect(result.assessment).toMatchObject({ gritBefore: 5, gritAfter: 2, marksWound: false, woundOptions: [] });
  });

  it("R-HARM-3: damage equal to Grit takes Grit to 0 without a wound", () => {
    const result = applyHarm(target({ grit: 3 }), 3);
    expect(result.grit).toBe(0);
    expect(result.wound).toBeNull();
    expect(result.wounds).toEqual(NO_WOUNDS);
  });

  it("R-HARM-3 R-HARM-2: armour can turn an excess into an exact hit", () => {
    // Effect 3 against Light armour: D 2 against Grit 2, not more than the Grit left.
    const result = applyHarm(target({ grit: 2, armour: { body: "light", shield: false, elephantSkin: false } }), 3);
    expect(result.grit).toBe(0);
    expect(result.wound).toBeNull();
  });

  it("R-HARM-3: damage exceeding Grit takes Grit to 0 and a wound must be marked", () => {
    const assessment = assessHarm(target({ grit: 2 }), 5);
    expect(assessment).toMatchObject({
      damage: 5,
      gritAfter: 0,
      marksWound: true,
      woundOptions: ["stressed", "broken", "weary"],
      kills: false,
    });
    const result = applyHarm(target({ grit: 2 }), 5, { woundTrack: "broken" });
    expect(result.grit).toBe(0);
    expect(result.wound).toBe("broken");
    expect(result.wounds).toEqual(wounds("broken"));
    expect(result.mortallyWounded).toBe(false);
  });

  it("R-HARM-3: harm at Grit 0 marks a wound", () => {
    const result = applyHarm(target({ grit: 0 }), 1, { woundTrack: "weary" });
    expect(result.grit).toBe(0);
    expect(result.wounds).toEqual(wounds("weary"));
  });

  it("R-HARM-3: with several free tracks the player must choose", () => {
    const error = expectRulesError(
      () => applyHarm(target({ grit: 1 }), 4),
      "choice-required",
      /Choose the wound track to mark: stressed, broken, weary/,
    );
    expect(error.data).toEqual({ options: "stressed,broken,weary" });
    const two = expectRulesError(
      () => applyHarm(target({ grit: 0, wounds: wounds("stressed") }), 1),
      "choice-required",
      /broken, weary/,
    );
    expect(two.data).toEqual({ options: "broken,weary" });
  });

  it("R-HARM-3: with one free track it is marked without asking", () => {
    const result = applyHarm(target({ grit: 0, wounds: wounds("stressed", "weary") }), 2);
    expect(result.wound).toBe("broken");
    expect(result.wounds).toEqual(ALL_WOUNDS);
  });

  it("R-HARM-3: a marked track cannot be chosen", () => {
    expectRulesError(
      () => applyHarm(target({ grit: 0, wounds: wounds("stressed") }), 1, { woundTrack: "stressed" }),
      "bad-choice",
      /The stressed track cannot be marked now; choose one of broken, weary/,
    );
    expectRulesError(
      () => applyHarm(target({ grit: 0, wounds: wounds("stressed", "weary") }), 1, { woundTrack: "weary" }),
      "bad-choice",
      /choose one of broken/,
    );
  });

  it("R-HARM-3: a wound choice is ignored when no wound is due", () => {
    const result = applyHarm(target({ grit: 5 }), 2, { woundTrack: "stressed" });
    expect(result.grit).toBe(3);
    expect(result.wound).toBeNull();
    expect(result.wounds).toEqual(NO_WOUNDS);
  });

  it("R-HARM-3: marking a wound returns new tracks; marking a marked one is refused", () => {
    expect(markWound(NO_WOUNDS, "weary")).toEqual(wounds("weary"));
    expect(NO_WOUNDS).toEqual({ stressed: false, broken: false, weary: false });
    expectRulesError(() => markWound(wounds("weary"), "weary"), "bad-choice", /already marked/);
    expect(unmarkedTracks(wounds("broken"))).toEqual(["stressed", "weary"]);
  });
});

describe("R-HARM-4 wound penalties", () => {
  it("R-HARM-4: Stressed penalises Insight, Broken Prowess, Weary Resolve", () => {
    expect(WOUND_GROUP).toEqual({ stressed: "insight", broken: "prowess", weary: "resolve" });
  });

  const penaltyCases: [WoundTrack, Group, WoundTrack | null][] = [
    ["stressed", "insight", "stressed"],
    ["stressed", "prowess", null],
    ["stressed", "resolve", null],
    ["broken", "insight", null],
    ["broken", "prowess", "broken"],
    ["broken", "resolve", null],
    ["weary", "insight", null],
    ["weary", "prowess", null],
    ["weary", "resolve", "weary"],
  ];
  it.each(penaltyCases)(
    "R-HARM-4: with %s marked, the penalty on a roll of the %s group comes from: %s",
    (track, group, expected) => {
      expect(woundPenaltyTrack(wounds(track), group)).toBe(expected);
    },
  );

  const ignoreCases: [string, WoundIgnores, Group, WoundTrack | null][] = [
    ["Could be worse ignores Broken", { ignoreBroken: true }, "prowess", null],
    ["Could be worse does not ignore Stressed", { ignoreBroken: true }, "insight", "stressed"],
    ["Could be worse does not ignore Weary", { ignoreBroken: true }, "resolve", "weary"],
    ["Unyielding ignores Weary", { ignoreWeary: true }, "resolve", null],
    ["Unyielding does not ignore Broken", { ignoreWeary: true }, "prowess", "broken"],
    ["Unyielding does not ignore Stressed", { ignoreWeary: true }, "insight", "stressed"],
  ];
  it.each(ignoreCases)("R-HARM-4: %s", (_label, ignores, group, expected) => {
    expect(woundPenaltyTrack(ALL_WOUNDS, group, ignores)).toBe(expected);
  });

  function light(
    rollTarget: RollTarget,
    marked: Wounds,
    attributes: Partial<Record<Attribute, number>>,
    flags: MechanicsFlag[] = [],
  ): number {
    return buildPool({
      ruleset: CORE,
      target: rollTarget,
      attributes: { ...ZERO, ...attributes },
      wounds: marked,
      flags: new Set(flags),
      dark: 0,
    }).light;
  }

  it("R-HARM-4 R-POOL-2: Stressed costs −1d on Intuition, Reason and the Insight save, nothing else", () => {
    const attributes = { intuition: 3, reason: 2, finesse: 3, attunement: 3 };
    expect(light({ kind: "attribute", attribute: "intuition" }, wounds("stressed"), attributes)).toBe(2);
    expect(light({ kind: "attribute", attribute: "reason" }, wounds("stressed"), attributes)).toBe(1);
    expect(light({ kind: "save", group: "insight" }, wounds("stressed"), attributes)).toBe(1);
    expect(light({ kind: "attribute", attribute: "finesse" }, wounds("stressed"), attributes)).toBe(3);
    expect(light({ kind: "attribute", attribute: "attunement" }, wounds("stressed"), attributes)).toBe(3);
  });

  it("R-HARM-4 R-POOL-2: Broken costs −1d on Prowess, unless Could be worse", () => {
    const attributes = { finesse: 2, exertion: 3 };
    expect(light({ kind: "attribute", attribute: "finesse" }, wounds("broken"), attributes)).toBe(1);
    expect(light({ kind: "attribute", attribute: "exertion" }, wounds("broken"), attributes)).toBe(2);
    expect(light({ kind: "save", group: "prowess" }, wounds("broken"), attributes)).toBe(1);
    expect(light({ kind: "attribute", attribute: "finesse" }, wounds("broken"), attributes, ["ignoreBroken"])).toBe(2);
  });

  it("R-HARM-4 R-POOL-2: Weary costs −1d on Resolve, unless Unyielding", () => {
    const attributes = { attunement: 2, influence: 1 };
    expect(light({ kind: "attribute", attribute: "attunement" }, wounds("weary"), attributes)).toBe(1);
    expect(light({ kind: "attribute", attribute: "influence" }, wounds("weary"), attributes)).toBe(0);
    expect(light({ kind: "attribute", attribute: "attunement" }, wounds("weary"), attributes, ["ignoreWeary"])).toBe(2);
  });
});

describe("R-HARM-5 Mortally Wounded", () => {
  it("R-HARM-5: all three tracks marked is Mortally Wounded, two are not", () => {
    expect(isMortallyWounded(ALL_WOUNDS)).toBe(true);
    expect(isMortallyWounded(wounds("stressed", "broken"))).toBe(false);
    expect(isMortallyWounded(NO_WOUNDS)).toBe(false);
  });

  it("R-HARM-3 R-HARM-5: a third wound makes the character Mortally Wounded, not dead", () => {
    const result = applyHarm(target({ grit: 1, wounds: wounds("stressed", "broken") }), 3);
    expect(result.wound).toBe("weary");
    expect(result.mortallyWounded).toBe(true);
    expect(result.dead).toBe(false);
    expect(result.grit).toBe(0);
  });

  it("R-HARM-5: any further harm of 1 or more kills, whatever the Grit", () => {
    const result = applyHarm(target({ grit: 5, wounds: ALL_WOUNDS }), 1);
    expect(result.dead).toBe(true);
    expect(result.assessment.kills).toBe(true);
    expect(result.grit).toBe(4);
    expect(result.wound).toBeNull();
    expect(result.wounds).toEqual(ALL_WOUNDS);
  });

  it("R-HARM-5 R-HARM-1: harm that armour stops does not kill a Mortally Wounded character", () => {
    const result = applyHarm(
      target({ grit: 0, wounds: ALL_WOUNDS, armour: { body: "light", shield: false, elephantSkin: false } }),
      1,
    );
    expect(result.dead).toBe(false);
    expect(result.mortallyWounded).toBe(true);
  });

  it("R-HARM-5: the dead cannot be harmed", () => {
    expectRulesError(() => applyHarm(target({ dead: true }), 3), "dead", /dead/);
    expectRulesError(() => assessHarm(target({ dead: true, wounds: ALL_WOUNDS }), 0), "dead", /cannot be harmed/);
  });

  it("R-HARM-5 R-POOL-3: Mortally Wounded gathers no Light Dice, but Dark Dice still", () => {
    const pool = buildPool({
      ruleset: CORE,
      target: { kind: "attribute", attribute: "finesse" },
      attributes: { ...ZERO, finesse: 3 },
      wounds: ALL_WOUNDS,
      flags: new Set<MechanicsFlag>(),
      dark: 2,
    });
    expect(pool.light).toBe(0);
    expect(pool.dark).toBe(2);
    expect(pool.clamp).toBe("mortal");
    expect(pool.empty).toBe(false);
  });

  it("R-HARM-5: a track recovers; a recovered Mortally Wounded character is no longer so", () => {
    const recovered = recoverWound(ALL_WOUNDS, "broken");
    expect(recovered).toEqual(wounds("stressed", "weary"));
    expect(isMortallyWounded(recovered)).toBe(false);
    expect(recoverWound(wounds("weary"), "weary")).toEqual(NO_WOUNDS);
  });

  it("R-HARM-5: recovering an unmarked track is refused", () => {
    expectRulesError(
      () => recoverWound(NO_WOUNDS, "stressed"),
      "bad-choice",
      /The stressed track is not marked; there is nothing to recover/,
    );
  });
});

describe("R-HARM-6 Malaise", () => {
  const tableCases: [number, Malaise][] = [
    [1, { kind: "none" }],
    [2, { kind: "attribute", group: "prowess" }],
    [3, { kind: "attribute", group: "insight" }],
    [4, { kind: "attribute", group: "resolve" }],
    [5, { kind: "egoDice" }],
    [6, { kind: "gritDice" }],
  ];
  it.each(tableCases)("R-HARM-6: a Malaise die of %i gives %j", (face, malaise) => {
    expect(malaiseFor(face)).toEqual(malaise);
  });

  it.each([0, 7, 3.5])("R-HARM-6: a Malaise die showing %s is refused", (face) => {
    expectRulesError(() => malaiseFor(face), "bad-face", /The Malaise die must show a whole number from 1 to 6/);
  });

  const base: MalaiseTarget = {
    attributes: { intuition: 1, reason: 2, finesse: 2, exertion: 1, attunement: 0, influence: 3 },
    gritDice: 1,
    egoDice: 1,
  };

  it("R-HARM-6: a 1 costs nothing", () => {
    expect(applyMalaise(base, { kind: "none" })).toEqual({
      ...base,
      malaise: { kind: "none" },
      attribute: null,
      dies: false,
    });
  });

  it("R-HARM-6: with both attributes of the group above 0 the player must choose", () => {
    expect(malaiseOptions(base.attributes, "prowess")).toEqual(["finesse", "exertion"]);
    const error = expectRulesError(
      () => applyMalaise(base, { kind: "attribute", group: "prowess" }),
      "choice-required",
      /Choose which attribute loses a point: finesse or exertion/,
    );
    expect(error.data).toEqual({ options: "finesse,exertion" });
  });

  it("R-HARM-6: the chosen attribute loses a point, the others stay", () => {
    const result = applyMalaise(base, { kind: "attribute", group: "prowess" }, "exertion");
    expect(result.attributes).toEqual({ ...base.attributes, exertion: 0 });
    expect(result.attribute).toBe("exertion");
    expect(result.dies).toBe(false);
    const insight = applyMalaise(base, { kind: "attribute", group: "insight" }, "reason");
    expect(insight.attributes).toEqual({ ...base.attributes, reason: 1 });
  });

  it("R-HARM-6: with one attribute of the group above 0 it loses the point without asking", () => {
    // Resolve: Attunement 0, Influence 3.
    expect(malaiseOptions(base.attributes, "resolve")).toEqual(["influence"]);
    const result = applyMalaise(base, { kind: "attribute", group: "resolve" });
    expect(result.attributes).toEqual({ ...base.attributes, influence: 2 });
    expect(result.attribute).toBe("influence");
    expect(result.dies).toBe(false);
  });

  it("R-HARM-6: an attribute at 0 or outside the group cannot be chosen", () => {
    expectRulesError(
      () => applyMalaise(base, { kind: "attribute", group: "resolve" }, "attunement"),
      "bad-choice",
      /attunement cannot lose a point here; choose influence/,
    );
    expectRulesError(
      () => applyMalaise(base, { kind: "attribute", group: "prowess" }, "reason"),
      "bad-choice",
      /choose finesse or exertion/,
    );
  });

  it("R-HARM-6: with both attributes of the group at 0 the loss cannot be taken and the character dies", () => {
    const frail: MalaiseTarget = { ...base, attributes: { ...base.attributes, finesse: 0, exertion: 0 } };
    expect(malaiseOptions(frail.attributes, "prowess")).toEqual([]);
    const result = applyMalaise(frail, { kind: "attribute", group: "prowess" });
    expect(result.dies).toBe(true);
    expect(result.attribute).toBeNull();
    expect(result.attributes).toEqual(frail.attributes);
  });

  it("R-HARM-6: Ego dice −1; at 0 Ego dice the character dies", () => {
    expect(applyMalaise({ ...base, egoDice: 2 }, { kind: "egoDice" })).toMatchObject({
      egoDice: 1,
      gritDice: 1,
      dies: false,
    });
    expect(applyMalaise(base, { kind: "egoDice" })).toMatchObject({ egoDice: 0, dies: false });
    expect(applyMalaise({ ...base, egoDice: 0 }, { kind: "egoDice" })).toMatchObject({ egoDice: 0, dies: true });
  });

  it("R-HARM-6: Grit dice −1; at 0 Grit dice the character dies", () => {
    expect(applyMalaise({ ...base, gritDice: 3 }, { kind: "gritDice" })).toMatchObject({
      gritDice: 2,
      egoDice: 1,
      dies: false,
    });
    expect(applyMalaise(base, { kind: "gritDice" })).toMatchObject({ gritDice: 0, dies: false });
    expect(applyMalaise({ ...base, gritDice: 0 }, { kind: "gritDice" })).toMatchObject({ gritDice: 0, dies: true });
  });

  it("R-HARM-6: bad dice counts are refused", () => {
    expectRulesError(
      () => applyMalaise({ ...base, gritDice: -1 }, { kind: "none" }),
      "out-of-range",
      /Grit dice must be at least 0/,
    );
    expectRulesError(
      () => applyMalaise({ ...base, egoDice: 1.5 }, { kind: "egoDice" }),
      "not-integer",
      /Ego dice must be a whole number/,
    );
  });

  it("R-HARM-6 R-CHAR-1: bad attribute ratings are refused", () => {
    const fractional: MalaiseTarget = { ...base, attributes: { ...base.attributes, finesse: 1.5 } };
    expectRulesError(
      () => applyMalaise(fractional, { kind: "attribute", group: "prowess" }, "finesse"),
      "not-integer",
      /finesse rating must be a whole number/,
    );
    const tooHigh: MalaiseTarget = { ...base, attributes: { ...base.attributes, influence: 5 } };
    expectRulesError(
      () => applyMalaise(tooHigh, { kind: "attribute", group: "resolve" }),
      "out-of-range",
      /influence rating must be between 0 and 4/,
    );
  });
});

describe("R-CH-4 a Challenge's Effect as harm", () => {
  it("R-CH-4 R-HARM-1 R-HARM-3: a Dangerous Challenge's exploding 6+2 through Light armour wounds a Grit-4 character", () => {
    const effect = challengeEffect(challengeStats(CORE, "dangerous"), [6], [2]).value;
    expect(effect).toBe(8);
    const harmed = target({ grit: 4, armour: { body: "light", shield: false, elephantSkin: false } });
    expect(assessHarm(harmed, effect)).toMatchObject({ armour: 1, damage: 7, gritAfter: 0, marksWound: true });
    const result = applyHarm(harmed, effect, { woundTrack: "stressed" });
    expect(result.grit).toBe(0);
    expect(result.wounds).toEqual(wounds("stressed"));
  });

  it("R-CH-4 R-HARM-3: a Trivial Challenge's d/2 of 5 (→ 3) takes Grit 3 to 0 without a wound", () => {
    const effect = challengeEffect(challengeStats(CORE, "trivial"), [5], []).value;
    expect(effect).toBe(3);
    const result = applyHarm(target({ grit: 3 }), effect);
    expect(result.grit).toBe(0);
    expect(result.wound).toBeNull();
  });

  it("R-CH-4 R-HARM-2: a Serious Challenge's Effect is stopped whole by a sacrificed shield", () => {
    const effect = challengeEffect(challengeStats(CORE, "serious"), [3, 5], []).value;
    expect(effect).toBe(5);
    const result = applyHarm(target({ grit: 2, armour: { body: "none", shield: true, elephantSkin: false } }), effect, {
      sacrificeShield: true,
    });
    expect(result.grit).toBe(2);
    expect(result.shieldDestroyed).toBe(true);
  });

  it("R-CH-4 R-HARM-5: a Challenge's Effect that gets through armour kills a Mortally Wounded character", () => {
    const effect = challengeEffect(challengeStats(CORE, "dangerous"), [2], []).value;
    const heavy = target({ wounds: ALL_WOUNDS, armour: { body: "heavy", shield: false, elephantSkin: false } });
    expect(applyHarm(heavy, effect).dead).toBe(false);
    const light = target({ wounds: ALL_WOUNDS, armour: { body: "light", shield: false, elephantSkin: false } });
    expect(applyHarm(light, effect).dead).toBe(true);
  });
});

describe("R-HARM-2 armour items", () => {
  it("R-HARM-2 R-EQ-4: an item's own armour value replaces the default, and is checked", () => {
    expect(armourValue({ body: "heavy", shield: true, elephantSkin: false, bodyValue: 3, shieldValue: 2 }).value).toBe(
      5,
    );
    expect(armourValue({ body: "none", shield: false, elephantSkin: true, bodyValue: 3 }).value).toBe(1);
    expect(() => armourValue({ body: "light", shield: false, elephantSkin: false, bodyValue: -1 })).toThrow(
      /armour value must be at least 0/,
    );
  });
});
