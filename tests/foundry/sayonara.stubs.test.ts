// @vitest-environment happy-dom
/**
 * Runs against FOUNDRY STAND-INS (tests/stubs/): R-SAY-1 Sayonara lasts one scene — the end of the scene
 * (the actor's move and TerranEngine.endScene) ends the cheap Dark Dice and marks the character departed
 * in one update; a departed character's rolls are refused with the reason; the successor is created as a
 * new character with ⌈n ÷ 2⌉ free advancements, by a GM or a player allowed to create actors; R-LEG-15
 * Retire departs at once. It checks what OUR code asks and stores; not Foundry's documents or dialogs.
 */
import "../stubs/foundry-client.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  GENERATIONS,
  makeGm,
  resetWorld,
  world,
  WorldCollectionStub,
  type ActorStub,
  type ItemStub,
} from "../stubs/foundry-client.ts";
import { nextFaces } from "../stubs/foundry.ts";
import { CharacterData } from "../../src/data/actor/character.ts";
import { AdvancementData } from "../../src/data/item/advancement.ts";
import { TerranActor } from "../../src/documents/actor.ts";
import { api } from "../../src/api.ts";
import { takeLegacyAdvancement } from "../../src/documents/legacy-actions.ts";
import { advancementSource, character, type CharacterOptions } from "../documents/operations/fixtures.ts";
import { asModel } from "./card-builders.ts";

function advancementItem(key: string, id: string): ItemStub {
  return {
    id,
    name: key,
    type: "advancement",
    system: new (asModel(AdvancementData))({ ...advancementSource(key) }, { parent: null }),
  };
}

/** A character with `n` homebrew advancements (and any others given). */
function hero(options: CharacterOptions = {}, n = 0, ...items: ItemStub[]): TerranActor {
  const init = {
    name: "Mira",
    type: "character",
    model: asModel(CharacterData),
    source: character({ ego: { value: 5, max: 5 }, ...options }),
    items: [
      ...Array.from({ length: n }, (_, i) => advancementItem("", `homebrew${String(i).padStart(8, "0")}`)),
      ...items,
    ],
  };
  return Reflect.construct(TerranActor, [init]) as TerranActor;
}

const sys = (actor: TerranActor): CharacterData => actor.system as CharacterData;
/** The stand-in behind the actor (its recorded updates, its ownership). */
const stub = (actor: TerranActor): ActorStub => actor as unknown as ActorStub;

/**
 * CONFIG as `init` leaves it for actors: TerranActor on the character data model (set for these tests
 * only and taken back after: the other stand-in tests read a CONFIG with no document configuration).
 */
function registerActors(): void {
  const config = Reflect.get(globalThis, "CONFIG") as Record<string, unknown>;
  config.Actor = { documentClass: TerranActor, dataModels: { character: asModel(CharacterData) } };
  config.Item = { dataModels: { advancement: asModel(AdvancementData) } };
}

afterEach(() => {
  const config = Reflect.get(globalThis, "CONFIG") as object;
  Reflect.deleteProperty(config, "Actor");
  Reflect.deleteProperty(config, "Item");
});

describe.each(GENERATIONS)("[Foundry stand-ins, v%i] R-SAY-1 the last scene and the successor", (generation) => {
  beforeEach(() => {
    resetWorld(generation);
    nextFaces.length = 0;
    registerActors();
  });

  it("R-SAY-1 (stand-ins): declared, the Dark Dice are cheap; the end of the scene ends them and departs, in one update", async () => {
    const mira = hero({}, 3);
    nextFaces.push(4, 5);
    await mira.declareSayonara();
    expect(sys(mira).sayonara).toBe(true);
    await mira.spendEgo([2, 3]);
    expect(sys(mira).ego.value).toBe(5);
    const updates = stub(mira).updates.length;
    await mira.endScene();
    expect(stub(mira).updates.slice(updates)).toEqual([
      { "system.sayonara": false, "system.departed": true, flags: { "terran-engine": { scene: [] } } },
    ]);
    expect(sys(mira).departed).toBe(true);
    expect(world.notices.at(-1)).toMatchObject({ level: "info", message: "TERRAN.Successor.departedNotice" });
    // Departed, they roll nothing: the roll is refused with the reason, and so are Sayonara and activations.
    await api.roll(mira, "reason");
    expect(world.warnings.at(-1)).toBe("TERRAN.Card.Reason.departed");
    expect(world.opened).toEqual([]);
    expect(await mira.declareSayonara()).toBeNull();
    expect(world.warnings.at(-1)).toBe("TERRAN.Card.Reason.departed");
  });

  it("R-SAY-1 (stand-ins): TerranEngine.endScene() reaches a character in their last scene even with nothing activated", async () => {
    world.user = makeGm();
    const mira = hero({ sayonara: true });
    const ash = hero();
    const actors = new WorldCollectionStub<ActorStub>();
    actors.add(mira as unknown as ActorStub);
    actors.add(ash as unknown as ActorStub);
    world.collections.actors = actors;
    await api.endScene();
    expect(sys(mira)).toMatchObject({ sayonara: false, departed: true });
    expect(sys(ash).departed).toBe(false);
    expect(stub(ash).updates).toEqual([]);
  });

  it("R-SAY-1 (stand-ins): the GM starts the successor: a new character owned as the departed one, ⌈5 ÷ 2⌉ = 3 advancements free", async () => {
    world.user = makeGm();
    const mira = hero({ departed: true }, 5);
    stub(mira).ownership = { default: 0, player1: 3 };
    world.dialogAnswers.push(true);
    expect(await mira.startSuccessor()).toEqual({ advancements: 5, freeAdvancements: 3 });
    expect(world.dialogs.at(-1)).toMatchObject({ shownTo: "gm" });
    const [next] = world.createdActors;
    expect(next).toBeInstanceOf(TerranActor);
    expect(next?.name).toBe("TERRAN.Successor.name");
    expect(next?.ownership).toEqual({ default: 0, player1: 3 });
    expect((next?.system as CharacterData).freeAdvancements).toBe(3);
    expect(mira.successorUuid).toBe(next?.uuid);
  });

  it("R-SAY-1 (stand-ins): a player without 'Create New Actors' is told to ask the GM; a trusted player may, once", async () => {
    const mira = hero({ departed: true }, 4);
    expect(await mira.startSuccessor()).toBeNull();
    expect(world.warnings.at(-1)).toBe("TERRAN.Card.Reason.cannotCreateActor");
    expect(world.createdActors).toEqual([]);
    expect(world.dialogs).toEqual([]);

    world.user.granted = ["ACTOR_CREATE"];
    world.dialogAnswers.push(true);
    expect(await mira.startSuccessor()).toEqual({ advancements: 4, freeAdvancements: 2 });
    expect(world.createdActors).toHaveLength(1);
    expect(await mira.startSuccessor()).toBeNull();
    expect(world.warnings.at(-1)).toBe("TERRAN.Card.Reason.successorStarted");
    expect(world.createdActors).toHaveLength(1);
  });

  it("R-SAY-1 (stand-ins): cancelled at the question, nothing is created; a character still in the story has no successor", async () => {
    world.user = makeGm();
    world.dialogAnswers.push(false);
    const mira = hero({ departed: true }, 2);
    expect(await mira.startSuccessor()).toBeNull();
    expect(world.createdActors).toEqual([]);
    expect(mira.successorUuid).toBeNull();
    expect(await hero({ sayonara: true }, 2).startSuccessor()).toBeNull();
    expect(world.warnings.at(-1)).toBe("TERRAN.Card.Reason.notDeparted");
  });

  it("R-SAY-1 (stand-ins): the successor takes its free advancements with no XP, then pays 2 × held", async () => {
    const next = hero({ freeAdvancements: 2, xp: 0 });
    world.dialogAnswers.push(false, false, false);
    const data = (key: string) => ({ name: key, system: { ...advancementSource(key) } });
    expect(await next.gainAdvancement(data("sleek"), {})).toMatchObject({ cost: 0, freeLeft: 1 });
    expect(await next.gainAdvancement(data("marathon"), {})).toMatchObject({ cost: 0, freeLeft: 0 });
    expect(sys(next).freeAdvancements).toBe(0);
    expect(await next.gainAdvancement(data("eager"), {})).toBeNull();
    expect(world.warnings.at(-1)).toBe("TERRAN.Error.not-enough-xp");
  });
});

describe.each(GENERATIONS)("[Foundry stand-ins, v%i] R-LEG-15 Retire", (generation) => {
  beforeEach(() => {
    resetWorld(generation);
    world.settings.set("ruleset", "legacy");
    registerActors();
  });

  it("R-LEG-15 (stand-ins): taking Retire asks first, then the character departs; cancelled, nothing is taken", async () => {
    const mira = hero({}, 2);
    await stub(mira).update({ "system.advancementsWon": 1 });
    const retire = { name: "Retire", type: "advancement", system: { ...advancementSource("retire") } };
    world.dialogAnswers.push(false);
    expect(await takeLegacyAdvancement(mira, retire)).toBeNull();
    expect(mira.items).toHaveLength(2);
    expect(sys(mira).departed).toBe(false);
    world.dialogAnswers.push(true);
    await takeLegacyAdvancement(mira, retire);
    expect(world.warnings).toEqual([]);
    expect(mira.items).toHaveLength(3);
    expect(sys(mira).departed).toBe(true);
    expect(world.notices.at(-1)).toMatchObject({ level: "info", message: "TERRAN.Successor.departedNotice" });
    // Retired, the character takes no more Advancements (the reason is said).
    const tough = { name: "Tough", type: "advancement", system: { ...advancementSource("tough") } };
    expect(await takeLegacyAdvancement(mira, tough)).toBeNull();
    expect(world.warnings.at(-1)).toBe("TERRAN.Card.Reason.departed");
    expect(mira.items).toHaveLength(3);
  });
});
