/**
 * Runs against FOUNDRY STAND-INS (tests/stubs/foundry.ts: a stand-in Roll that serialises as
 * { class, formula, options, terms }). It checks our subclass — formula, tones, colorsets, reading
 * faces, its registered class name — not Foundry's own Roll.
 */
import "../stubs/foundry.ts";
import { describe, expect, it } from "vitest";
import { nextFaces, RollStub } from "../stubs/foundry.ts";
import { COLORSETS, explosionFormula, TerranRoll } from "../../src/dice/terran-roll.ts";
import { RulesError } from "../../src/rules/index.ts";

describe("[Foundry stand-ins] TerranRoll", () => {
  it("R-POOL-1 R-POOL-4 (stand-ins): light and dark dice are separate terms flavoured light and dark", () => {
    expect(TerranRoll.poolFormula(2, 3)).toBe("2d6[light] + 3d6[dark]");
    expect(TerranRoll.poolFormula(0, 1)).toBe("1d6[dark]");
    expect(TerranRoll.poolFormula(4, 0)).toBe("4d6[light]");
  });

  it("R-POOL-5 (stand-ins): an empty pool is refused with a readable error, nothing is rolled", () => {
    expect(() => TerranRoll.poolFormula(0, 0)).toThrow(RulesError);
    expect(() => TerranRoll.pool(0, 0)).toThrow(/pool is empty/);
  });

  it("R-EGO-2 (stand-ins): faces are read per tone, and each tone's term carries its Dice So Nice colorset", async () => {
    nextFaces.push(6, 2, 3, 5);
    const roll = TerranRoll.pool(2, 2, { "terran-engine": { egoBefore: 4 } });
    await roll.evaluate();
    expect(roll.lightFaces).toEqual([6, 2]);
    expect(roll.darkFaces).toEqual([3, 5]);
    expect(roll.dice.map((d) => d.options)).toEqual([{ colorset: COLORSETS.light }, { colorset: COLORSETS.dark }]);
  });

  it("(stand-ins) survives toJSON/fromData as a TerranRoll with its options and faces", async () => {
    (CONFIG.Dice.rolls as unknown[]).push(TerranRoll);
    nextFaces.push(4, 1, 6);
    const roll = TerranRoll.pool(1, 2, { "terran-engine": { egoBefore: 3, ruleset: "core" } });
    await roll.evaluate();
    const json: unknown = JSON.parse(JSON.stringify(roll.toJSON()));
    const revived = RollStub.fromData(json as Parameters<typeof RollStub.fromData>[0]);
    expect(revived).toBeInstanceOf(TerranRoll);
    expect(revived.constructor.name).toBe("TerranRoll");
    expect((revived as unknown as TerranRoll).darkFaces).toEqual([1, 6]);
    expect(revived.options).toEqual({ "terran-engine": { egoBefore: 3, ruleset: "core" } });
  });

  it("R-RA-3 R-EQ-3 (stand-ins): the explosion chain formula explodes on 6, or 5+ with Slaughter", () => {
    expect(explosionFormula(6)).toBe("1d6x");
    expect(explosionFormula(5)).toBe("1d6x>=5");
  });
});
