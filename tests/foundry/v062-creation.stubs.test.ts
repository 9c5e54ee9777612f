/**
 * Runs against FOUNDRY STAND-INS (tests/stubs/), on v13 and v14: v0.6.2's creation moves (R-V-1) — the extra
 * skills die rolled with Foundry's dice and kept on the actor (R-V-6), the groups Spacer stores (R-V-2), the
 * no-skills point given once (R-V-4), and Expert refused when bought later or without skills (R-V-6 ruling 7).
 */
import "../stubs/foundry-client.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GENERATIONS, makeGm, resetWorld, world } from "../stubs/foundry-client.ts";
import { nextFaces } from "../stubs/foundry.ts";
import { CharacterData } from "../../src/data/actor/character.ts";
import { AdvancementData } from "../../src/data/item/advancement.ts";
import { TerranActor } from "../../src/documents/actor.ts";
import type { StoredCard } from "../../src/documents/chat-message.ts";
import { registerSettings, SETTINGS } from "../../src/settings/settings.ts";
import { advancementSource, character, type CharacterOptions } from "../documents/operations/fixtures.ts";

type Init = ConstructorParameters<typeof TerranActor>[0];
const sys = (actor: TerranActor): CharacterData => actor.system as CharacterData;

function maker(options: CharacterOptions = {}): TerranActor {
  const init = { name: "Vera", type: "character", model: CharacterData, source: { ...character(options) } };
  const actor: unknown = Reflect.construct(TerranActor, [init as unknown as Init]);
  return actor as TerranActor;
}

function posted(): StoredCard | undefined {
  const flags = world.created.at(-1)?.flags as Record<string, { card?: StoredCard }> | undefined;
  return flags?.["terran-engine"]?.card;
}

const advancement = (key: string) => ({ name: key, system: { ...advancementSource(key) } });

/** CONFIG as `init` leaves it for items, so an advancement can be created (taken back after). */
function registerItems(): void {
  const config = Reflect.get(globalThis, "CONFIG") as Record<string, unknown>;
  config.Item = { dataModels: { advancement: AdvancementData } };
}

afterEach(() => {
  Reflect.deleteProperty(Reflect.get(globalThis, "CONFIG") as object, "Item");
});

describe.each(GENERATIONS)("[Foundry stand-ins, v%i] v0.6.2 creation", (generation) => {
  beforeEach(() => {
    resetWorld(generation);
    nextFaces.length = 0;
    registerSettings();
    registerItems();
    world.settings.set("ruleset", "v062");
  });

  it("R-V-6 (stand-ins): the extra die is thrown once, its face kept on the actor with a card; a GM may again", async () => {
    const vera = maker({ archetype: "clergy" });
    expect(vera.creationSkillRoll).toBeNull();
    nextFaces.push(5);
    await expect(vera.rollCreationSkills()).resolves.toEqual({ face: 5, extra: 2 });
    expect(vera.creationSkillRoll).toBe(5);
    expect(posted()).toMatchObject({ kind: "result", state: { titleKey: "TERRAN.Card.CreationSkills.title" } });
    nextFaces.push(6);
    await expect(vera.rollCreationSkills()).resolves.toBeNull();
    expect(world.warnings).toEqual(["TERRAN.Error.already-rolled"]);
    expect(vera.creationSkillRoll).toBe(5);
    world.user = makeGm();
    nextFaces.push(6);
    await vera.rollCreationSkills();
    expect(vera.creationSkillRoll).toBe(6);
  });

  it("R-V-2 (ruling, stand-ins): Spacer's two groups are stored; the same group twice is refused and nothing changes", async () => {
    const vera = maker({ archetype: "spacer" });
    await vera.chooseSkillGroups(["vehicles", "athletics"]);
    expect([...(sys(vera).skillGroups ?? [])]).toEqual(["vehicles", "athletics"]);
    await expect(vera.chooseSkillGroups(["sciences", "sciences"])).resolves.toBeNull();
    expect(world.warnings).toEqual(["TERRAN.Error.bad-choice"]);
    expect([...(sys(vera).skillGroups ?? [])]).toEqual(["vehicles", "athletics"]);
  });

  it("R-V-4 (ruling, stand-ins): without skills, the extra point goes once after the dice; new ratings open it again", async () => {
    world.settings.set(SETTINGS.legacyWithoutSkills, true);
    const vera = maker();
    await expect(vera.takeCreationPoint("reason")).resolves.toBeNull();
    expect(world.warnings).toEqual(["TERRAN.Error.choice-required"]);
    nextFaces.push(6, 2, 4); // 3, 1 and 2 points
    await vera.rollCreationRatings();
    await vera.placeCreationPoints({ intuition: 3, finesse: 1, attunement: 1, influence: 1 });
    await vera.takeCreationPoint("reason");
    expect(sys(vera).attributes).toMatchObject({ intuition: 3, reason: 1 });
    expect(vera.creationPoint).toBe("reason");
    await expect(vera.takeCreationPoint("exertion")).resolves.toBeNull();
    expect(sys(vera).attributes.exertion).toBe(0);
    await vera.placeCreationPoints({ intuition: 2, reason: 1, finesse: 1, attunement: 1, influence: 1 });
    expect(vera.creationPoint).toBeNull();
  });

  it("R-V-4 (ruling, stand-ins): where skills are played there is no extra point", async () => {
    const vera = maker({ attributes: { intuition: 3, finesse: 1, attunement: 1, influence: 1 } });
    await expect(vera.takeCreationPoint("reason")).resolves.toBeNull();
    expect(world.warnings).toEqual(["TERRAN.Error.not-allowed"]);
    expect(sys(vera).attributes.reason).toBe(0);
  });

  it("R-V-6 (ruling, stand-ins): Expert is the free creation Advancement; bought later it is refused, saying why", async () => {
    const vera = maker();
    await expect(vera.gainAdvancement(advancement("expert"), {})).resolves.toMatchObject({ cost: 0 });
    const later = maker({ xp: 10 });
    await later.gainAdvancement(advancement("eager"), {});
    await expect(later.gainAdvancement(advancement("expert"), {})).resolves.toBeNull();
    expect(world.warnings).toEqual(["TERRAN.Card.Reason.creationOnly"]);
  });

  it("R-V-6 (ruling, stand-ins): in a world without skills Expert is refused at creation too", async () => {
    world.settings.set(SETTINGS.legacyWithoutSkills, true);
    const vera = maker();
    await expect(vera.gainAdvancement(advancement("expert"), {})).resolves.toBeNull();
    expect(world.warnings).toEqual(["TERRAN.Card.Reason.needsSkills"]);
  });
});
