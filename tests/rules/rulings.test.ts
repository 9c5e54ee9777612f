/**
 * The rulings of docs/RULES.md §8, each named by its rule ID and saying the ruling: the
 * choices the engine makes where the seeds are silent, ambiguous or contradict themselves. Every one
 * is checked through the real rules.
 */
import { describe, expect, it } from "vitest";
import { advancementGritReset } from "../../src/rules/grit.ts";
import { applyHarm, armourValue, assessHarm, type ArmourState, type HarmTarget } from "../../src/rules/harm.ts";
import { buildPool } from "../../src/rules/pool.ts";
import { challengeEffect, isOvercome, makeFacet, applyEffectToFacet } from "../../src/rules/challenge.ts";
import { sayonaraTrack } from "../../src/rules/sayonara.ts";
import { spendEgo } from "../../src/rules/ego.ts";
import { advancementRefusal } from "../../src/rules/advancements.ts";
import { CORE, DEGENESIS } from "../../src/rules/rulesets/index.ts";
import type { Wounds } from "../../src/rules/wounds.ts";
import { attrs, poolInput } from "./fixtures.ts";

const NO_WOUNDS: Wounds = { stressed: false, broken: false, weary: false };
const ALL_WOUNDS: Wounds = { stressed: true, broken: true, weary: true };
const bare: ArmourState = { body: "none", shield: false, elephantSkin: false };
const target = (grit: number, armour: ArmourState = bare, wounds: Wounds = NO_WOUNDS): HarmTarget => ({
  grit,
  wounds,
  dead: false,
  armour,
});

describe("§8 rulings", () => {
  it("R-HARM-3 (ruling): damage equal to the Grit left empties Grit and marks no wound; one more point does", () => {
    const equal = applyHarm(target(3), 3);
    expect(equal).toMatchObject({ grit: 0, wound: null, wounds: NO_WOUNDS });
    expect(assessHarm(target(3), 4)).toMatchObject({ gritAfter: 0, marksWound: true });
    // At 0 Grit any damage marks one.
    expect(assessHarm(target(0), 1).marksWound).toBe(true);
  });

  it("R-RA-4 (ruling): Core tiers are modifiers added to the die, not minimums, despite v0.6.0's leftover sentence", () => {
    // A Best (+3e) tool with a die of 1 deals 4 (1 + 3), and a die of 5 deals 8: never max(die, tier).
    expect(CORE.effect.value(1, 4).value).toBe(4);
    expect(CORE.effect.value(5, 4).value).toBe(8);
    // A Bad (−1e) tool with a die of 1 deals 0: the tier can take the Effect below the die.
    expect(CORE.effect.value(1, 0).value).toBe(0);
    expect(CORE.effect.kind).toBe("modifier");
    expect(DEGENESIS.effect.kind).toBe("floor");
  });

  it("R-RA-5 (ruling): Versatile raises the Degenesis floor by 1 rather than adding 1 to the Effect", () => {
    const twoHanded = { versatileTwoHanded: true };
    expect(DEGENESIS.effect.value(1, 2, twoHanded)).toMatchObject({ value: 4, floor: 4 });
    // Above the floor the die alone counts: 6 stays 6, not 7.
    expect(DEGENESIS.effect.value(6, 2, twoHanded).value).toBe(6);
    // Core adds it.
    expect(CORE.effect.value(6, 2, twoHanded).value).toBe(8);
  });

  it("R-CH-2 (ruling): a Challenge's Effect dice keep the highest die, which explodes; they are not added", () => {
    expect(challengeEffect({ dice: 3, halved: false }, [4, 5, 2], []).value).toBe(5);
    expect(challengeEffect({ dice: 3, halved: false }, [6, 1, 6], [6, 2]).value).toBe(14);
    expect(challengeEffect({ dice: 4, halved: false }, [3, 3, 3, 3], []).value).toBe(3);
  });

  it("R-CH-5 (ruling): reducing any one facet to 0 overcomes the whole Challenge", () => {
    const brute = [
      makeFacet(CORE, "Fight", "serious"),
      makeFacet(CORE, "Talk down", "trivial"),
      makeFacet(CORE, "Outrun", "dangerous"),
    ];
    const talked = applyEffectToFacet(brute, 1, 5);
    expect(talked.overcome).toBe(true);
    expect(talked.facets.map((f) => f.value)).toEqual([20, 0, 10]);
    expect(isOvercome(talked.facets)).toBe(true);
  });

  it("R-HARM-5 (ruling): Mortally Wounded also empties a Reaction's Light Dice; Dark Dice stay", () => {
    const reaction = buildPool(
      poolInput({
        target: { kind: "save", group: "prowess" },
        attributes: attrs({ finesse: 3, exertion: 2 }),
        wounds: ALL_WOUNDS,
        dark: 1,
      }),
    );
    expect(reaction).toMatchObject({ light: 0, dark: 1, clamp: "mortal" });
    const action = buildPool(poolInput({ attributes: attrs({ finesse: 4 }), wounds: ALL_WOUNDS }));
    expect(action.light).toBe(0);
  });

  it("R-HARM-5 (ruling): while Mortally Wounded any harm that gets through armour kills", () => {
    expect(applyHarm(target(5, bare, ALL_WOUNDS), 1).dead).toBe(true);
    expect(applyHarm(target(5, { body: "light", shield: false, elephantSkin: false }, ALL_WOUNDS), 1).dead).toBe(false);
  });

  it("R-EGO-2 (ruling): every Dark Die is compared with the Ego at the throw, not with the Ego the dice before it left", () => {
    // Ego 3, three Dark Dice showing 3: each is ≤ 3 at the throw, so all three cost (lost), not 3 → 2 then stop.
    expect(spendEgo(CORE, [3, 3, 3], 3)).toMatchObject({ cost: 3, after: 0, lost: true });
    expect(spendEgo(CORE, [3, 2, 6], 3)).toMatchObject({ cost: 2, after: 1, lost: false });
  });

  it("R-GRIT-3 (ruling): the Advancement's Grit roll keeps the higher of the current Grit and the roll, and the maximum never falls below it", () => {
    expect(advancementGritReset({ value: 1, max: 3 }, 6)).toEqual({ value: 6, max: 6 });
    expect(advancementGritReset({ value: 1, max: 5 }, 4)).toEqual({ value: 4, max: 5 });
    expect(advancementGritReset({ value: 3, max: 5 }, 2)).toEqual({ value: 3, max: 5 });
  });

  it("R-HARM-2 (ruling): a shield counts as armour for Elephant skin: with one carried the skin adds nothing (armour 1, the shield's); with none at all, 1", () => {
    expect(armourValue({ body: "none", shield: true, elephantSkin: true })).toEqual({
      value: 1,
      lines: [{ labelKey: "TERRAN.Armour.shield", value: 1 }],
    });
    expect(armourValue({ body: "none", shield: false, elephantSkin: true }).value).toBe(1);
    expect(armourValue({ body: "light", shield: true, elephantSkin: true }).value).toBe(2);
    expect(armourValue({ body: "heavy", shield: false, elephantSkin: true }).value).toBe(2);
  });

  it("R-SAY-1 (ruling): in Core the Sayonara re-rolls are taken as they fall, so Grit may drop; Degenesis keeps the higher", () => {
    expect(sayonaraTrack(CORE, { value: 5, max: 5 }, 2)).toEqual({ value: 2, max: 2 });
    expect(sayonaraTrack(DEGENESIS, { value: 5, max: 5 }, 2)).toEqual({ value: 5, max: 5 });
  });

  it("R-CHAR-6 (ruling): in Degenesis the Cult alone opens a cult's list; the Clan is a separate field that opens nothing", () => {
    const owner = { advancements: [], mutations: 0 };
    expect(advancementRefusal(DEGENESIS, { ...owner, cult: "chroniclers" }, "tesla")).toBeNull();
    expect(advancementRefusal(DEGENESIS, { ...owner, cult: "" }, "tesla")).toBe("cult-only");
    expect(DEGENESIS.archetype).toEqual({ kind: "identity", fields: ["culture", "clan", "concept", "cult"] });
  });
});
