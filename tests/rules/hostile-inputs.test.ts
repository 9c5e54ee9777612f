/**
 * The breaks the fuzz (`npm run fuzz`, tests/fuzz/) found on hostile inputs — values
 * a stored flag or a query payload can hold where the types promise tidy ones. Each is refused with
 * the engine's RulesError now, instead of slipping through as NaN, undefined, a fraction or a new key.
 */
import { describe, expect, it } from "vitest";
import {
  advancementCost,
  advancementGritReset,
  advancementRefusal,
  applyEffectToFacet,
  applyMalaise,
  assertDiceModifier,
  assertInteger,
  assertRatingChange,
  attributeTotal,
  buildPool,
  clampLight,
  CORE,
  DEGENESIS,
  developAttribute,
  effectsThatLand,
  egoResetRow,
  floorTiers,
  highest,
  isModifierScope,
  makeFacet,
  malaiseOptions,
  markWound,
  modifierTiers,
  NO_WOUNDS,
  poolBase,
  recoverWound,
  resolve,
  riskyActionOdds,
  saveRating,
  sayonaraTrack,
  sum,
  targetGroup,
  totalWith,
  type Attribute,
  type Band,
  type Facet,
  type Group,
  type Malaise,
  type RollTarget,
  type TierRank,
  type WoundTrack,
} from "../../src/rules/index.ts";
import { egoResetCard, gritResetCard, sayonaraCard } from "../../src/chat/index.ts";
import { attrs, poolInput, rulesError } from "./fixtures.ts";

/** A value of the wrong type, as a stored flag can hold it (the cast is the point of the test). */
const as = <T>(value: unknown): T => value as T;
const code = (fn: () => unknown): string => rulesError(fn).code;

describe("hostile inputs found by the fuzz are refused", () => {
  it("R-CHAR-5 assertRatingChange: a NaN in another rating cannot let the six escape 10", () => {
    expect(
      code(() => assertRatingChange(attrs({ intuition: Number.NaN, reason: 4, finesse: 4 }), "influence", 4)),
    ).toBe("not-integer");
  });

  it("R-CHAR-5 assertRatingChange / developAttribute: an unknown attribute is refused, not added", () => {
    expect(code(() => assertRatingChange(attrs(), as<Attribute>(""), 1))).toBe("unknown-id");
    expect(code(() => developAttribute(attrs(), as<Attribute>("foo")))).toBe("unknown-id");
    expect(code(() => totalWith(attrs(), as<Attribute>("__proto__"), 1))).toBe("unknown-id");
  });

  it("R-POOL-4 buildPool: a NaN Dark maximum does not admit 50 Dark Dice", () => {
    expect(code(() => buildPool(poolInput({ dark: 50, darkMax: Number.NaN })))).toBe("not-integer");
  });

  it("R-POOL-3 poolBase / targetGroup / buildPool: an unknown Reaction group is refused, never undefined Light Dice", () => {
    for (const group of ["foo", "constructor", "", "__proto__"]) {
      const target = as<RollTarget>({ kind: "save", group });
      expect(code(() => poolBase(attrs(), target))).toBe("unknown-id");
      expect(code(() => targetGroup(target))).toBe("unknown-id");
      expect(code(() => buildPool(poolInput({ target })))).toBe("unknown-id");
    }
  });

  it("R-POOL-3 clampLight: a fraction or NaN is not a number of dice", () => {
    expect(code(() => clampLight(0.5, false))).toBe("not-integer");
    expect(code(() => clampLight(Number.NaN, false))).toBe("not-integer");
  });

  it("R-EGO-2 riskyActionOdds: 1.8e308 or 2^53+2 Dark Dice are refused, not NaN odds", () => {
    expect(code(() => riskyActionOdds({ light: 0, dark: 1.797e308, ego: 4 }))).toBe("not-integer");
    expect(code(() => riskyActionOdds({ light: 0, dark: 2 ** 53 + 2, ego: 4 }))).toBe("not-integer");
  });

  it("R-GRIT-3 advancementGritReset: a fractional or NaN Grit track is refused", () => {
    expect(code(() => advancementGritReset({ value: 6.5, max: 0 }, 3))).toBe("not-integer");
    expect(code(() => advancementGritReset({ value: 2, max: Number.NaN }, 3))).toBe("not-integer");
  });

  it("R-SAY-1 sayonaraTrack / sayonaraCard: fractional tracks and an Ego re-roll above 6 are refused", () => {
    expect(code(() => sayonaraTrack(DEGENESIS, { value: 2.5, max: 3 }, 1))).toBe("not-integer");
    expect(code(() => sayonaraTrack(CORE, { value: 2, max: Number.NaN }, 1))).toBe("not-integer");
    const old = { grit: { value: 2, max: 3 }, ego: { value: 2, max: 3 } };
    expect(code(() => sayonaraCard({ rulesetId: "core", old, rolls: { grit: 2, ego: 7 } }))).toBe("out-of-range");
  });

  it("R-EGO-4 egoResetRow: 4.000000001 is not a face of the table", () => {
    expect(code(() => egoResetRow(CORE, 4.000000001))).toBe("not-integer");
  });

  it("R-ADV-1 advancementRefusal: NaN mutations do not allow Ether call", () => {
    const owner = { advancements: [], cult: "", mutations: Number.NaN };
    expect(code(() => advancementRefusal(CORE, owner, "etherCall"))).toBe("not-integer");
  });

  it("R-XP-2 advancementCost: a huge count is refused, never Infinity", () => {
    expect(code(() => advancementCost(1.797e308))).toBe("not-integer");
    expect(code(() => advancementCost(2 ** 53 + 2))).toBe("not-integer");
  });

  it("R-CH-5 applyEffectToFacet: a NaN in an untargeted facet is refused, not passed through", () => {
    const facet = (value: number): Facet => ({
      name: "Brute",
      tier: "dangerous",
      disposition: 10,
      dice: 1,
      halved: false,
      n: null,
      value,
    });
    expect(code(() => applyEffectToFacet([facet(10), facet(Number.NaN)], 0, 3))).toBe("not-integer");
  });

  it("R-CH-5 makeFacet: a facet's name must be text", () => {
    expect(code(() => makeFacet(CORE, as<string>(undefined), "dangerous"))).toBe("bad-choice");
  });

  it("assertInteger: a NaN or missing bound lets nothing pass", () => {
    expect(code(() => assertInteger(99, "X", 0, Number.NaN))).toBe("out-of-range");
    expect(code(() => assertInteger(3, "X", as<number>(undefined), 10))).toBe("out-of-range");
  });

  it("sum / highest / attributeTotal / totalWith: NaN, fractions and strings are refused", () => {
    expect(code(() => sum([Number.NaN]))).toBe("not-integer");
    expect(code(() => sum(as<number[]>(["3"])))).toBe("not-integer");
    expect(code(() => highest([4.000000001]))).toBe("bad-face");
    expect(code(() => highest(as<number[]>(["7"])))).toBe("bad-face");
    expect(code(() => attributeTotal(attrs({ reason: Number.NaN })))).toBe("not-integer");
    expect(code(() => totalWith(attrs({ reason: 2.5 }), "intuition", 1))).toBe("not-integer");
  });

  it("R-RA-4 / R-RA-5 the tier builders refuse a NaN Versatile bonus and an improvised rank −1 (RulesError, not Error)", () => {
    expect(code(() => modifierTiers(CORE.effect.tiers, Number.NaN, 0))).toBe("not-integer");
    expect(code(() => modifierTiers(CORE.effect.tiers, 1, as<TierRank>(-1)))).toBe("out-of-range");
    expect(code(() => floorTiers(DEGENESIS.effect.tiers, Number.NaN, 0))).toBe("not-integer");
    expect(code(() => floorTiers(DEGENESIS.effect.tiers, 1, as<TierRank>(-1)))).toBe("out-of-range");
  });

  it("R-CHAR-3 / R-HARM-6 saveRating and malaiseOptions: an unknown group is refused, not a TypeError", () => {
    for (const group of ["", "valueOf", "constructor"]) {
      expect(code(() => saveRating(attrs(), as<Group>(group)))).toBe("unknown-id");
      expect(code(() => malaiseOptions(attrs(), as<Group>(group)))).toBe("unknown-id");
    }
  });

  it("R-HARM-6 applyMalaise: an unknown kind is refused, never undefined", () => {
    const target = { attributes: attrs({ finesse: 1 }), gritDice: 1, egoDice: 1 };
    expect(code(() => applyMalaise(target, as<Malaise>({ kind: "" })))).toBe("unknown-id");
    expect(code(() => applyMalaise(target, as<Malaise>({ kind: "attribute", group: "__proto__" })))).toBe("unknown-id");
  });

  it("R-RA-6 effectsThatLand: an unknown band is refused, never undefined", () => {
    expect(code(() => effectsThatLand(as<Band>("")))).toBe("unknown-id");
  });

  it("R-HARM-3 / R-HARM-5 markWound and recoverWound: an unknown track adds no key", () => {
    expect(code(() => markWound(NO_WOUNDS, as<WoundTrack>("")))).toBe("unknown-id");
    expect(code(() => recoverWound({ ...NO_WOUNDS, stressed: true }, as<WoundTrack>("__proto__")))).toBe("unknown-id");
  });

  it("R-POOL-2 a modifier's scope or label of the wrong type is refused, not a TypeError", () => {
    expect(isModifierScope(as<string>(3))).toBe(false);
    const modifier = { id: "a", dice: 1, label: "Mine", appliesTo: as<["any"]>([3]), situational: false };
    expect(code(() => assertDiceModifier(modifier))).toBe("unknown-id");
    expect(code(() => assertDiceModifier({ ...modifier, appliesTo: ["any"], label: as<string>(undefined) }))).toBe(
      "bad-choice",
    );
  });

  it("R-RA-1 resolve: a die of the pool showing 2.5 is refused", () => {
    const dice = [
      as<{ tone: "light"; face: 6 }>({ tone: "light", face: 6 }),
      as<{ tone: "light"; face: 6 }>({ tone: "light", face: 2.5 }),
    ];
    expect(code(() => resolve(dice, { precision: 0, effect: 1 }))).toBe("bad-face");
  });

  it("R-GRIT-3 / R-EGO-4 the reset cards refuse a fractional previous track", () => {
    expect(
      code(() => gritResetCard({ faces: [3], dieHard: false, kind: "rest", previous: { value: 2.5, max: 3 } })),
    ).toBe("not-integer");
    expect(code(() => egoResetCard({ rulesetId: "core", faces: [3], previous: { value: 1, max: Number.NaN } }))).toBe(
      "not-integer",
    );
  });
});
