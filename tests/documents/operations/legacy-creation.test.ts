/** R-LEG-2 the Legacy creation roll once rolled: only a GM rolls again, and a roll again never heals (ruling, §10). */
import { describe, expect, it } from "vitest";
import { LEGACY } from "../../../src/rules/index.ts";
import { defaultLegacyValues, type LegacyValues, legacyBlocks } from "../../fixtures/legacy-values.ts";
import type { CharacterState } from "../../../src/documents/operations/index.ts";
import { assertLegacyCreationRollOpen, legacyCreationOperation } from "../../../src/documents/operations/legacy.ts";
import { expectRefusal, state } from "./fixtures.ts";

/** Strength 2, Agility 1, Insight 1, Charisma 1 (HP max 5, Ego max 4), with `over` applied. */
function legacyState(over: Partial<LegacyValues> = {}): CharacterState {
  const base = defaultLegacyValues();
  const s = state();
  const legacy: LegacyValues = {
    ...base,
    attributes: { strength: 2, agility: 1, insight: 1, charisma: 1 },
    hp: { value: 5 },
    ego: { value: 4 },
    ...over,
  };
  return { ...s, source: { ...s.source, ...legacyBlocks(legacy) } };
}

/** Strength 2, Agility 2, Insight 2, Charisma 2: HP max 6, Ego max 6. */
const HIGH = [
  [6, 1],
  [6, 2],
  [6, 3],
  [6, 4],
] as const;
/** Every rating 0: HP max 2, Ego max 2. */
const LOW = [
  [1, 1],
  [2, 1],
  [3, 1],
  [1, 2],
] as const;

describe("R-LEG-2 the creation roll after the first", () => {
  it("R-LEG-2 (ruling): once rolled, a player may not roll again; a GM may (refused before any die is thrown)", () => {
    const s = legacyState();
    expect(() => assertLegacyCreationRollOpen(s, { isGM: false, rolled: false })).not.toThrow();
    expectRefusal(
      () => assertLegacyCreationRollOpen(s, { isGM: false, rolled: true }),
      "already-rolled",
      /only a GM may roll them again/,
    );
    expectRefusal(
      () => legacyCreationOperation(s, LEGACY, HIGH, { isGM: false, rolled: true }),
      "already-rolled",
      /only a GM/,
    );
    expect(() => assertLegacyCreationRollOpen(s, { isGM: true, rolled: true })).not.toThrow();
  });

  it("R-LEG-2 R-LEG-4 R-LEG-7 (ruling): a GM's roll again never gives back HP or Ego lost; a lower maximum lowers them", () => {
    // Hurt since the first roll: HP 1 of 5, Ego 2 of 4. Higher ratings raise the maxima, not the values.
    const hurt = legacyState({ hp: { value: 1 }, ego: { value: 2 } });
    const again = legacyCreationOperation(hurt, LEGACY, HIGH, { isGM: true, rolled: true });
    expect(again.outcome).toMatchObject({ hp: 1, ego: 2 });
    expect(again.update["system.hitPoints.value"]).toBeUndefined();
    expect(again.update["system.ratings.ego.value"]).toBeUndefined();
    // Lower ratings: each value comes down to its new maximum (2), never above it.
    const full = legacyState();
    const low = legacyCreationOperation(full, LEGACY, LOW, { isGM: true, rolled: true });
    expect(low.update).toMatchObject({ "system.hitPoints.value": 2, "system.ratings.ego.value": 2 });
    // The first roll still starts both full.
    const first = legacyCreationOperation(hurt, LEGACY, HIGH, { isGM: false, rolled: false });
    expect(first.update).toMatchObject({ "system.hitPoints.value": 6, "system.ratings.ego.value": 6 });
  });
});
