// @vitest-environment happy-dom
/**
 * Runs against FOUNDRY STAND-INS (tests/stubs/): R-LEG-2 the Legacy creation roll from the actor — the
 * first roll starts HP and Ego full and is kept on the actor; after it a player is refused before any
 * die is thrown, and a GM rolls again after confirming, giving back no HP or Ego already lost (ruling,
 * RULES.md §10). It checks what OUR code asks, rolls and stores; not Foundry's dice or dialogs.
 */
import "../stubs/foundry-client.ts";
import { beforeEach, describe, expect, it } from "vitest";
import { GENERATIONS, makeGm, resetWorld, world } from "../stubs/foundry-client.ts";
import { nextFaces } from "../stubs/foundry.ts";
import type { CharacterData } from "../../src/data/actor/character.ts";
import { legacyValuesOf } from "../fixtures/legacy-values.ts";
import { rollLegacyCreation } from "../../src/documents/legacy-actions.ts";
import { legacyHero, stubOf } from "./legacy-builders.ts";

const legacyOf = (actor: { system: unknown }) => legacyValuesOf((actor.system as CharacterData).toObject());

describe.each(GENERATIONS)("[Foundry stand-ins, v%i] R-LEG-2 the creation roll", (generation) => {
  beforeEach(() => {
    resetWorld(generation);
    nextFaces.length = 0;
    world.settings.set("ruleset", "legacy");
  });

  it("R-LEG-2 (stand-ins, ruling): the first roll sets the ratings and fills HP and Ego; a player's second is refused before any die", async () => {
    const lio = legacyHero("Lio", { hp: 1, ego: 1 });
    nextFaces.push(6, 1, 6, 2, 6, 3, 6, 4);
    expect(await rollLegacyCreation(lio)).toMatchObject({ hp: 6, ego: 6 });
    expect(legacyOf(lio)).toMatchObject({ hp: { value: 6 }, ego: { value: 6 } });
    expect(lio.legacyCreationRolled).toBe(true);
    nextFaces.push(1, 1, 1, 1, 1, 1, 1, 1);
    expect(await rollLegacyCreation(lio)).toBeNull();
    expect(world.warnings.at(-1)).toBe("TERRAN.Error.already-rolled");
    expect(nextFaces).toHaveLength(8);
    expect(legacyOf(lio).attributes).toEqual({ strength: 2, agility: 2, insight: 2, charisma: 2 });
  });

  it("R-LEG-2 R-LEG-4 (stand-ins, ruling): a GM rolls again after confirming; HP and Ego lost stay lost, and come down to a lower maximum", async () => {
    world.user = makeGm();
    const lio = legacyHero("Lio");
    nextFaces.push(6, 1, 6, 2, 6, 3, 6, 4);
    await rollLegacyCreation(lio);
    await stubOf(lio).update({ "system.hitPoints.value": 3, "system.ratings.ego.value": 5 });
    // Cancelled: nothing rolled, nothing changed.
    world.dialogAnswers.push(false);
    expect(await rollLegacyCreation(lio)).toBeNull();
    expect(world.dialogs.at(-1)).toMatchObject({ shownTo: "gm" });
    // Confirmed: all ratings 0 (HP max 2, Ego max 2): HP 3 → 2, Ego 5 → 2; never back up to a maximum.
    world.dialogAnswers.push(true);
    nextFaces.push(1, 1, 2, 1, 3, 1, 1, 2);
    expect(await rollLegacyCreation(lio)).toMatchObject({ hp: 2, ego: 2 });
    expect(legacyOf(lio)).toMatchObject({ hp: { value: 2 }, ego: { value: 2 } });
    world.dialogAnswers.push(true);
    nextFaces.push(6, 6, 6, 6, 6, 6, 6, 6);
    expect(await rollLegacyCreation(lio)).toMatchObject({ hp: 2, ego: 2 });
  });
});
