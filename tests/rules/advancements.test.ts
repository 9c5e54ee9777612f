import { describe, expect, it } from "vitest";
import {
  activationResult,
  ADVANCEMENTS,
  advancementRefusal,
  getAdvancement,
  type AdvancementOwner,
} from "../../src/rules/advancements.ts";
import { CONDITIONS, getCondition } from "../../src/rules/conditions.ts";
import { collectFlags, isMechanicsFlag, MECHANICS_FLAGS } from "../../src/rules/mechanics.ts";
import { CORE, DEGENESIS } from "../../src/rules/rulesets/index.ts";

const owner = (partial: Partial<AdvancementOwner> = {}): AdvancementOwner => ({
  advancements: [],
  cult: "",
  mutations: 0,
  ...partial,
});

describe("advancements", () => {
  it("R-ADV-1: the Core list has the seventeen advancements of the spec", () => {
    expect(CORE.advancements).toHaveLength(17);
    for (const id of CORE.advancements) expect(ADVANCEMENTS.has(id)).toBe(true);
  });

  it.each([
    ["asceticism", ["asceticism"]],
    ["couldBeWorse", ["ignoreBroken"]],
    ["dangerSense", ["dangerSense"]],
    ["developed", ["developed"]],
    ["dieHard", ["dieHard"]],
    ["eager", ["eager"]],
    ["elephantSkin", ["elephantSkin"]],
    ["fast", ["effectFirst"]],
    ["unyielding", ["ignoreWeary"]],
    ["whirlwind", ["whirlwind"]],
    ["bodyguard", []],
  ] as const)("R-ADV-1: %s carries the flags %o", (id, flags) => {
    expect(getAdvancement(id).flags).toEqual(flags);
  });

  it("R-ADV-1: Ether call, Marathon, Number cruncher, Sensory acuity and Sleek are situational +1d", () => {
    for (const id of ["etherCall", "marathon", "numberCruncher", "sensoryAcuity", "sleek"]) {
      expect(getAdvancement(id).dice).toEqual([
        expect.objectContaining({ dice: 1, situational: true, appliesTo: ["any"] }),
      ]);
    }
  });

  it("R-ADV-1: Ether call needs at least 5 mutations", () => {
    expect(advancementRefusal(CORE, owner({ mutations: 4 }), "etherCall")).toBe("needs-mutations");
    expect(advancementRefusal(CORE, owner({ mutations: 5 }), "etherCall")).toBeNull();
  });

  it("R-ADV-1: Brainwave is rolled with Attunement: success +1d for the scene, Fail marks Stressed", () => {
    const brainwave = getAdvancement("brainwave");
    expect(brainwave.activation?.attribute).toBe("attunement");
    expect(activationResult(brainwave, "success")).toMatchObject({ grant: { dice: 1 } });
    expect(activationResult(brainwave, "partial")).toMatchObject({ grant: { dice: 1 } });
    expect(activationResult(brainwave, "fail")).toMatchObject({ markWound: "stressed" });
    expect(() => activationResult(getAdvancement("fast"), "fail")).toThrow(/not used by rolling/);
  });

  it("R-ADV-1: an advancement is taken once, except the repeatable ones (Developed, Sensory acuity)", () => {
    expect(advancementRefusal(CORE, owner({ advancements: ["fast"] }), "fast")).toBe("already-taken");
    expect(advancementRefusal(CORE, owner({ advancements: ["developed"] }), "developed")).toBeNull();
    expect(() => advancementRefusal(CORE, owner(), "flying")).toThrow(/no advancement called "flying"/);
  });

  it("R-ADV-2: Degenesis adds Specialist to the common list; Core does not have it", () => {
    expect(DEGENESIS.advancements).toContain("specialist");
    expect(advancementRefusal(DEGENESIS, owner(), "specialist")).toBeNull();
    expect(advancementRefusal(CORE, owner(), "specialist")).toBe("not-in-ruleset");
    expect(getAdvancement("specialist").flags).toEqual(["specialist"]);
  });

  it("R-ADV-2: the Chroniclers' list; until 5 advancements only the common list and one's own cult", () => {
    expect(DEGENESIS.cults.chroniclers).toEqual(["deadEnd", "download", "fractalMemory", "nova", "tesla", "upload"]);
    expect(advancementRefusal(DEGENESIS, owner({ cult: "chroniclers" }), "tesla")).toBeNull();
    expect(advancementRefusal(DEGENESIS, owner({ cult: "spitalians" }), "tesla")).toBe("cult-only");
    const seasoned = owner({ cult: "spitalians", advancements: ["fast", "eager", "sleek", "marathon", "dieHard"] });
    expect(advancementRefusal(DEGENESIS, seasoned, "tesla")).toBeNull();
    expect(advancementRefusal(CORE, owner({ cult: "chroniclers" }), "tesla")).toBe("not-in-ruleset");
    expect(getAdvancement("tesla").selfEffectOnFail).toBe(2);
    expect(activationResult(getAdvancement("nova"), "fail").noteKey).toBe("TERRAN.Activation.novaFail");
  });
});

describe("conditions and mechanics", () => {
  it("R-COND-1: the Core list of nine conditions, in order", () => {
    expect([...CONDITIONS.keys()]).toEqual([
      "fearDrivenVigilance",
      "obsessiveFocus",
      "moralReservations",
      "compulsiveHonesty",
      "kleptomaniac",
      "battleScarred",
      "protectiveInstinct",
      "estranged",
      "slow",
    ]);
  });

  it("R-COND-1: Vigilance, Moral Reservations and Protective Instinct are situational −1d; Slow puts the Effect last", () => {
    for (const id of ["fearDrivenVigilance", "moralReservations", "protectiveInstinct"]) {
      expect(getCondition(id).dice).toEqual([expect.objectContaining({ dice: -1, situational: true })]);
    }
    expect(getCondition("slow").flags).toEqual(["effectLast"]);
    // Obsessive Focus moves ratings (tests/rules/attribute-shift.test.ts): the flag says to ask for its shift.
    expect(getCondition("obsessiveFocus")).toMatchObject({ flags: ["attributeShift"], dice: [] });
    for (const id of ["compulsiveHonesty", "kleptomaniac", "battleScarred", "estranged"]) {
      expect(getCondition(id)).toMatchObject({ flags: [], dice: [] });
    }
    expect(() => getCondition("grumpy")).toThrow(/no condition called "grumpy"/);
  });

  it("R-ADV-1 R-COND-1: flags are collected from every source; an unknown flag is refused", () => {
    const flags = collectFlags([getAdvancement("fast"), getCondition("slow"), getAdvancement("eager")]);
    expect([...flags].sort()).toEqual(["eager", "effectFirst", "effectLast"]);
    expect(() => collectFlags([{ flags: ["flight"] }])).toThrow(/"flight" is not a rule the engine knows/);
    expect(MECHANICS_FLAGS.every(isMechanicsFlag)).toBe(true);
    for (const def of [...ADVANCEMENTS.values(), ...CONDITIONS.values()])
      for (const f of def.flags) expect(isMechanicsFlag(f)).toBe(true);
  });
});
