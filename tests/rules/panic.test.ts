import { describe, expect, it } from "vitest";
import { panic, panicDice, panicOdds, panicRefusal, type PanicInput } from "../../src/rules/panic.ts";
import { V062_PANIC } from "../../src/rules/rulesets/v062.ts";
import { RulesError } from "../../src/rules/errors.ts";
import { everyThrow } from "./fixtures.ts";

const FAIL: PanicInput = {
  failed: true,
  lost: false,
  panickedThisScene: false,
  successAtCost: false,
  egoDice: 1,
  eager: false,
};

function refusedWith(input: PanicInput, faces: number[]): string | undefined {
  try {
    panic(V062_PANIC, input, faces);
  } catch (error) {
    if (error instanceof RulesError) return `${error.code}:${String(error.data.reason ?? "")}`;
    throw error;
  }
  return undefined;
}

describe("Panic Events", () => {
  it.each([
    [1, "flight"],
    [3, "flight"],
    [4, "freeze"],
    [5, "freeze"],
    [6, "fight"],
  ] as const)(
    "R-V-8 a kept Ego die of %i sets Ego and its maximum to it and leaves the character in %s",
    (f, state) => {
      expect(panic(V062_PANIC, FAIL, [f])).toMatchObject({ ego: f, state, conditionOwed: true });
    },
  );

  it("R-V-8 the highest of the Ego dice is kept, and the reset may lower Ego", () => {
    expect(panic(V062_PANIC, { ...FAIL, egoDice: 2 }, [2, 5])).toMatchObject({ ego: 5, state: "freeze" });
    expect(panic(V062_PANIC, { ...FAIL, egoDice: 2 }, [1, 2]).ego).toBe(2);
  });

  it("R-V-8 (ruling) Eager adds its die to the Panic's Ego roll; a Malaise's lost die is already out of egoDice", () => {
    expect(panicDice({ egoDice: 1, eager: true })).toBe(2);
    expect(panic(V062_PANIC, { ...FAIL, eager: true }, [3, 6]).state).toBe("fight");
    expect(refusedWith({ ...FAIL, eager: true }, [3])).toBe("no-dice:");
  });

  it("R-V-8 (ruling) a Panic follows a Fail only, never a success or the GM's succeed-but-worse", () => {
    expect(refusedWith({ ...FAIL, failed: false }, [4])).toBe("not-allowed:not-failed");
    expect(refusedWith({ ...FAIL, successAtCost: true }, [4])).toBe("not-allowed:success-at-cost");
  });

  it("R-V-8 (ruling) a character whose own Dark Dice emptied Ego is lost and cannot panic", () => {
    expect(refusedWith({ ...FAIL, lost: true }, [6])).toBe("not-allowed:lost");
  });

  it("R-V-8 (ruling) once per character per scene", () => {
    expect(refusedWith({ ...FAIL, panickedThisScene: true }, [6])).toBe("not-allowed:already-panicked");
    expect(panicRefusal({ ...FAIL, panickedThisScene: true })).toBe("already-panicked");
    expect(panicRefusal(FAIL)).toBeNull();
  });

  it("R-V-8 (ruling) with no Ego die to throw the Panic is refused, not an Ego of 0", () => {
    expect(panicRefusal({ ...FAIL, egoDice: 0 })).toBe("no-ego-dice");
    expect(refusedWith({ ...FAIL, egoDice: 0 }, [])).toBe("not-allowed:no-ego-dice");
    expect(panicRefusal({ ...FAIL, egoDice: 0, eager: true })).toBeNull();
  });

  it("R-V-8 faces that are not dice are refused", () => {
    expect(refusedWith(FAIL, [7])).toBe("bad-face:");
    expect(refusedWith(FAIL, [2.5])).toBe("bad-face:");
  });

  it("R-V-8 the odds: 1d 1/2, 1/3, 1/6; 2d 1/4, 4/9, 11/36", () => {
    const one = panicOdds(V062_PANIC, 1).states;
    expect(one.flight).toBeCloseTo(1 / 2, 12);
    expect(one.freeze).toBeCloseTo(1 / 3, 12);
    expect(one.fight).toBeCloseTo(1 / 6, 12);
    const two = panicOdds(V062_PANIC, 2).states;
    expect(two.flight).toBeCloseTo(1 / 4, 12);
    expect(two.freeze).toBeCloseTo(4 / 9, 12);
    expect(two.fight).toBeCloseTo(11 / 36, 12);
  });

  it.each([1, 2, 3, 4, 5])("R-V-8 the odds of %i Ego dice equal an enumeration of every throw", (n) => {
    const ego = [0, 0, 0, 0, 0, 0, 0];
    const states = { flight: 0, freeze: 0, fight: 0 };
    for (const faces of everyThrow(n)) {
      const result = panic(V062_PANIC, { ...FAIL, egoDice: n }, faces);
      ego[result.ego] = (ego[result.ego] ?? 0) + 6 ** -n;
      states[result.state] += 6 ** -n;
    }
    const odds = panicOdds(V062_PANIC, n);
    odds.ego.forEach((p, k) => expect(p).toBeCloseTo(ego[k] ?? 0, 12));
    for (const s of ["flight", "freeze", "fight"] as const) expect(odds.states[s]).toBeCloseTo(states[s], 12);
  });

  it("R-V-8 odds for no dice or a fraction are refused", () => {
    expect(() => panicOdds(V062_PANIC, 0)).toThrow(/1 to 20/);
    expect(() => panicOdds(V062_PANIC, 1.5)).toThrow(/1 to 20/);
  });
});
