/**
 * Runs against FOUNDRY STAND-INS (tests/stubs/foundry-client.ts; dice from the stand-in Roll's
 * `nextFaces`), on v13 and v14: a world set to the Legacy ruleset plays a 0.4.5 session end to end —
 * create a character (attributes rolled), roll a Risky Action, roll the Effect with a weapon, take harm
 * through Critical and Mortal wounds, end the session and spend the XP on an Advancement roll, take the
 * won Advancement — and then the world goes back to Core and finds every Core value as it was.
 * It checks what OUR code rolls, stores and posts; not Foundry's dice, chat or database.
 */
import "../stubs/foundry-client.ts";
import { legacyEffectCard, legacyRiskyCard } from "../../src/chat/legacy-cards.ts";
import { beforeEach, describe, expect, it } from "vitest";
import { GENERATIONS, resetWorld, world, type ActorStub } from "../stubs/foundry-client.ts";
import { nextFaces } from "../stubs/foundry.ts";
import type { StoredCard } from "../../src/documents/chat-message.ts";
import type { AdvancementSource } from "../../src/data/source.ts";
import { CharacterData } from "../../src/data/actor/character.ts";
import { AdvancementData } from "../../src/data/item/advancement.ts";
import { ArmourData } from "../../src/data/item/armour.ts";
import { ConditionData } from "../../src/data/item/condition.ts";
import { WeaponData } from "../../src/data/item/weapon.ts";
import { TerranActor } from "../../src/documents/actor.ts";
import { TerranItem } from "../../src/documents/item.ts";
import {
  applyLegacyHarm,
  endLegacySession,
  rollExperience,
  rollLegacyCreation,
  rollLegacyEffect,
  rollLegacyRisky,
  takeLegacyAdvancement,
} from "../../src/documents/legacy-actions.ts";
import { initialSeparateChoices, separateRollModel } from "../../src/applications/resolution/separate-dialog-model.ts";
import { characterSheetContext } from "../../src/applications/sheets/character/character-context.ts";
import { LEGACY } from "../../src/rules/index.ts";
import { takeDroppedAdvancement } from "../../src/applications/sheets/character/advancement-drop.ts";
import { character } from "../documents/operations/fixtures.ts";
import { legacySeasonedCharacter } from "../fixtures/legacy-sheets.ts";
import { gritPart } from "../fixtures/sheets.ts";
import { legacyValuesOf } from "../fixtures/legacy-values.ts";

type ModelClass = ConstructorParameters<typeof ActorStub>[0]["model"];
const config = Reflect.get(globalThis, "CONFIG") as Record<string, unknown>;

function newCharacter(): TerranActor {
  const core = character({
    attributes: { finesse: 3, reason: 2 },
    grit: { value: 2, max: 4 },
    ego: { value: 3, max: 5 },
    wounds: ["stressed"],
    xp: 1,
  });
  const actor: unknown = Reflect.construct(TerranActor, [
    { name: "Oskar", type: "character", model: CharacterData as unknown as ModelClass, source: structuredClone(core) },
  ]);
  return actor as TerranActor;
}

const system = (actor: TerranActor) => (actor.system as CharacterData).toObject();

function lastCard(): StoredCard {
  const flags = world.created.at(-1)?.flags as Record<string, { card?: StoredCard }> | undefined;
  const card = flags?.["terran-engine"]?.card;
  if (!card) throw new Error("no card was posted");
  return card;
}

function lastResult() {
  const card = lastCard();
  // The Legacy Risky and Effect cards keep their result card's view as `roll` (src/chat/legacy-*-card.ts).
  if (card.kind === "legacyRisky") return legacyRiskyCard(card.state.roll);
  if (card.kind === "legacyEffect") return legacyEffectCard(card.state.roll);
  if (card.kind !== "result") throw new Error(`a ${card.kind} card, not a result card`);
  return card.state;
}

describe.each(GENERATIONS)("[Foundry stand-ins, v%i] a Legacy session, end to end", (generation) => {
  beforeEach(() => {
    resetWorld(generation);
    nextFaces.length = 0;
    world.settings.set("ruleset", "legacy");
    config.Item = {
      documentClass: TerranItem,
      dataModels: { weapon: WeaponData, armour: ArmourData, advancement: AdvancementData, condition: ConditionData },
    };
  });

  it("R-LEG-2 R-LEG-9 R-LEG-11 R-LEG-4 R-LEG-5 R-LEG-12 R-LEG-13: create, act, strike, bleed, learn — and Core's values survive it all", async () => {
    const oskar = newCharacter();
    const coreBefore = structuredClone(system(oskar));

    // Create: four rolls of 2d, the higher kept (R-LEG-2); HP and Ego start full.
    nextFaces.push(6, 2, 4, 1, 3, 5, 1, 2);
    await rollLegacyCreation(oskar);
    expect(legacyValuesOf(system(oskar))).toMatchObject({
      attributes: { strength: 2, agility: 1, insight: 1, charisma: 0 },
      hp: { value: 5 },
      ego: { value: 3 },
    });
    expect(lastResult()).toMatchObject({ titleKey: "TERRAN.Card.Legacy.creationTitle" });
    await oskar.update({ "system.ratings.skills.violence": 2 } as never);
    await oskar.createEmbeddedDocuments("Item", [
      {
        name: "Large axe",
        type: "weapon",
        system: {
          rank: 4,
          ranges: ["contact"],
          tags: [],
          customTags: [],
          twoHanded: true,
          equipped: true,
          description: "",
        },
      },
      {
        name: "Leather coat",
        type: "armour",
        system: { kind: "light", value: 1, equipped: true, destroyed: false, description: "" },
      },
    ]);

    // A Risky Action with Strength + Violence and one Dark Die (R-LEG-8, R-LEG-9): the highest die decides.
    const view = separateRollModel(
      { ruleset: LEGACY, state: oskar.characterState(), attribute: "strength" },
      { ...initialSeparateChoices({ darkMax: 10 }), skill: "violence", dark: 1 },
      { darkMax: 10 },
    );
    expect(view).toMatchObject({ light: 4, dark: { value: 1 } });
    nextFaces.push(2, 5, 1, 3, 2); // light 2 5 1 3, dark 2 (≤ Ego 3: costs 1)
    await rollLegacyRisky(oskar, {
      attribute: "strength",
      skill: view.choices.skill,
      light: view.light,
      dark: view.choices.dark,
      messageMode: "public",
    });
    expect(lastResult()).toMatchObject({
      titleKey: "TERRAN.Card.Legacy.riskyTitle",
      noteKey: "TERRAN.Card.Legacy.band.partial",
    });
    expect(legacyValuesOf(system(oskar))).toMatchObject({ ego: { value: 2 }, egoLost: 1 });

    // The Effect apart, with the axe (R-LEG-11): 2d, the 6 kept and exploding twice.
    const axe = oskar.items.find((i) => i.name === "Large axe");
    nextFaces.push(6, 2, 6, 3);
    const effect = await rollLegacyEffect(oskar, axe?.id ?? "");
    expect(effect).toMatchObject({ kept: 6, chain: [6, 3], total: 15 });
    expect(lastResult().lines.at(-1)).toMatchObject({ labelKey: "TERRAN.Card.Legacy.effect", value: "15" });

    // Harm: the light armour takes 1; HP falls to 0 and stops at Critical (R-LEG-5 one step per harm).
    await applyLegacyHarm(oskar, 9);
    expect(legacyValuesOf(system(oskar))).toMatchObject({
      hp: { value: 0 },
      wounds: { critical: true, mortal: false },
    });
    expect(lastResult()).toMatchObject({ noteKey: "TERRAN.Card.Legacy.critical" });
    // Harm the armour stops changes nothing; harm that gets through makes the wound Mortal and costs Agility for good.
    await applyLegacyHarm(oskar, 1);
    expect(legacyValuesOf(system(oskar)).wounds.mortal).toBe(false);
    await applyLegacyHarm(oskar, 3, { attribute: "agility" });
    expect(legacyValuesOf(system(oskar))).toMatchObject({
      wounds: { critical: true, mortal: true },
      attributes: { agility: 0 },
    });
    expect(lastResult()).toMatchObject({ noteKey: "TERRAN.Card.Legacy.mortal" });
    // Mortally Wounded: −2d on every pool.
    const wounded = separateRollModel(
      { ruleset: LEGACY, state: oskar.characterState(), attribute: "strength" },
      initialSeparateChoices({ darkMax: 10 }),
      { darkMax: 10 },
    );
    expect(wounded.lines.find((l) => l.key === "wound")?.dice).toBe(-2);

    // The session ends: 1 XP per Ego lost (R-LEG-12); the XP go into an Advancement roll (R-LEG-13).
    await endLegacySession(oskar);
    expect(system(oskar)).toMatchObject({ xp: 2, egoLost: 0 });
    nextFaces.push(2, 1); // 3 against Ego max 3 + HP max 4 (Agility lost): not enough
    await rollExperience(oskar, 2, null);
    expect(lastResult()).toMatchObject({
      titleKey: "TERRAN.Card.Legacy.advancementTitle",
      noteKey: "TERRAN.Card.Legacy.advancementMissed",
    });
    expect(system(oskar)).toMatchObject({ xp: 0, advancementsWon: 0 });

    // Back to Core: every Core value is as it was before the session.
    world.settings.set("ruleset", "core");
    const after = system(oskar);
    for (const key of ["attributes", "grit", "ego", "wounds", "archetype", "identity", "sayonara"] as const)
      expect(after[key], key).toEqual(coreBefore[key]);
    const sheet = characterSheetContext({ ...legacySeasonedCharacter(), system: after, items: [], rulesetId: "core" });
    if (sheet.limited) throw new Error("limited");
    expect("hp" in sheet.main).toBe(false);
    expect(gritPart(sheet).grit).toMatchObject({ value: 2, max: 4 });
  });

  it("R-LEG-13 R-LEG-15: a won Advancement dropped on the sheet is taken (the first is free), raising HP max by 1", async () => {
    const oskar = newCharacter();
    const data = (
      key: string,
      flags: AdvancementSource["flags"] = [],
    ): { readonly name: string; readonly type: string; readonly system: AdvancementSource } => ({
      name: key,
      type: "advancement",
      system: {
        key,
        source: "legacy",
        cult: "",
        dice: [],
        flags,
        developed: "",
        specialty: "",
        requiresMutations: 0,
        description: "",
      },
    });
    const hpMax = () => (oskar.system as CharacterData).derived.hitPoints.max;
    expect(hpMax()).toBe(2);
    // R-LEG-15 (ruling) the free one is for a character in creation: no XP yet (the builder's Core XP set aside).
    await oskar.update({ "system.xp": 0 } as never);
    // Dropped on the sheet: taken the way the world's ruleset takes one (Legacy: by the roll, never with XP).
    await takeDroppedAdvancement(oskar, data("rally"), LEGACY);
    (oskar.system as CharacterData).prepareDerivedData();
    expect(hpMax()).toBe(3);
    // A second one needs a won roll: refused with a warning, nothing added.
    await takeLegacyAdvancement(oskar, data("curse"));
    expect([...oskar.items].length).toBe(1);
    expect(world.warnings.at(-1)).toBeDefined();
    await oskar.update({ "system.xp": 3 } as never);
    nextFaces.push(6, 6, 1); // 13 ≥ Ego max 2 + HP max 3
    await rollExperience(oskar, 3, null);
    expect(legacyValuesOf(system(oskar)).advancementsWon).toBe(1);
    await takeDroppedAdvancement(oskar, data("tough", ["tough"]), LEGACY);
    (oskar.system as CharacterData).prepareDerivedData();
    expect(legacyValuesOf(system(oskar)).advancementsWon).toBe(0);
    expect(hpMax()).toBe(2 + 2 * 2);
  });

  it("R-LEG-12: in a Legacy world a new Condition gives no XP (Core gives 1)", async () => {
    const oskar = newCharacter();
    const condition = {
      name: "Estranged",
      type: "condition" as const,
      system: { kind: "condition", key: "estranged", dice: [], flags: [], description: "" },
    };
    await oskar.createEmbeddedDocuments("Item", [
      {
        name: "Rally",
        type: "advancement",
        system: {
          key: "rally",
          source: "legacy",
          cult: "",
          dice: [],
          flags: [],
          developed: "",
          specialty: "",
          requiresMutations: 0,
          description: "",
        },
      },
    ]);
    // TerranItem#_onCreate asks the actor's update without awaiting it (as core's _onCreate is synchronous).
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    await oskar.createEmbeddedDocuments("Item", [condition]);
    await settle();
    expect(system(oskar).xp).toBe(1);
    world.settings.set("ruleset", "core");
    await oskar.createEmbeddedDocuments("Item", [{ ...condition, name: "Slow" }]);
    await settle();
    expect(system(oskar).xp).toBe(2);
  });
});
