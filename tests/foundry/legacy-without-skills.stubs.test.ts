/**
 * Runs against FOUNDRY STAND-INS (tests/stubs/foundry-client.ts; dice from the stand-in Roll's
 * `nextFaces`, dialogs answered from `world.dialogAnswers`), on v13 and v14: R-LEG-3 (setting) a Legacy
 * game without skills — the world setting, the ruleset the code then reads (no skill scheme), and the
 * creation roll's +1 to the attribute the player picks.
 */
import "../stubs/foundry-client.ts";
import { beforeEach, describe, expect, it } from "vitest";
import { GENERATIONS, resetWorld, world, type ActorStub } from "../stubs/foundry-client.ts";
import { nextFaces } from "../stubs/foundry.ts";
import { CharacterData } from "../../src/data/actor/character.ts";
import { TerranActor } from "../../src/documents/actor.ts";
import { rollLegacyCreation } from "../../src/documents/legacy-actions.ts";
import { currentRuleset, registerSettings, SETTINGS } from "../../src/settings/settings.ts";
import { SYSTEM_ID } from "../../src/system-id.ts";
import { character } from "../documents/operations/fixtures.ts";
import { legacyValuesOf } from "../fixtures/legacy-values.ts";

type ModelClass = ConstructorParameters<typeof ActorStub>[0]["model"];

function oskar(): TerranActor {
  const actor: unknown = Reflect.construct(TerranActor, [
    { name: "Oskar", type: "character", model: CharacterData as unknown as ModelClass, source: character({}) },
  ]);
  return actor as TerranActor;
}

const legacyOf = (actor: TerranActor) => legacyValuesOf((actor.system as CharacterData).toObject());

describe.each(GENERATIONS)("[Foundry stand-ins, v%i] a Legacy game without skills", (generation) => {
  beforeEach(() => {
    resetWorld(generation);
    nextFaces.length = 0;
    world.settings.set("ruleset", "legacy");
  });

  it("R-LEG-3 (setting, stand-ins): a world setting, off by default; on, the world's Legacy has no skill scheme (Core is untouched)", () => {
    registerSettings();
    const config = world.settingConfigs.get(`${SYSTEM_ID}.${SETTINGS.legacyWithoutSkills}`);
    expect(config).toMatchObject({ scope: "world", config: true, type: Boolean, default: false });
    expect(currentRuleset().skills).not.toBeNull();
    world.settings.set(SETTINGS.legacyWithoutSkills, true);
    expect(currentRuleset()).toMatchObject({ id: "legacy", skills: null, creationBonus: 1 });
    expect(currentRuleset()).toBe(currentRuleset()); // one object, as the rulesets are
    world.settings.set("ruleset", "core");
    expect(currentRuleset().creationBonus).toBeUndefined();
  });

  it("R-LEG-3 (setting, stand-ins): the creation roll asks which attribute takes +1, after the dice; closing it saves nothing", async () => {
    world.settings.set(SETTINGS.legacyWithoutSkills, true);
    const actor = oskar();
    nextFaces.push(6, 2, 4, 1, 3, 5, 1, 2); // 2, 1, 1, 0
    world.dialogAnswers.push("charisma");
    await rollLegacyCreation(actor);
    expect(legacyOf(actor)?.attributes).toEqual({ strength: 2, agility: 1, insight: 1, charisma: 1 });
    expect(legacyOf(actor)).toMatchObject({ hp: { value: 5 }, ego: { value: 4 } });

    const other = oskar();
    nextFaces.push(6, 2, 4, 1, 3, 5, 1, 2);
    world.dialogAnswers.push(null);
    await rollLegacyCreation(other);
    expect(legacyOf(other)?.attributes).toEqual({ strength: 0, agility: 0, insight: 0, charisma: 0 });
  });

  it("R-LEG-3 (stand-ins): with skills (the default) the creation roll asks nothing more", async () => {
    const actor = oskar();
    nextFaces.push(6, 2, 4, 1, 3, 5, 1, 2);
    await rollLegacyCreation(actor);
    expect(world.dialogs).toHaveLength(0);
    expect(legacyOf(actor)?.attributes).toEqual({ strength: 2, agility: 1, insight: 1, charisma: 0 });
  });
});
