/**
 * Runs against FOUNDRY STAND-INS (tests/stubs/foundry-client.ts), on v13 and v14: R-LEG-4 R-LEG-7
 * (ruling) current HP and Ego never stay above a maximum that drops, on every path a maximum drops by —
 * a rating changed through the document API (the sheet's form, a macro), the sheet's rating circles, a
 * Condition added (*Estranged* after the refill), an Advancement removed (*Tough*) — and R-LEG-7 (ruling)
 * a lost character's refill refused with its reason.
 */
import "../stubs/foundry-client.ts";
import { beforeEach, describe, expect, it } from "vitest";
import { GENERATIONS, resetWorld, world } from "../stubs/foundry-client.ts";
import type { CharacterData } from "../../src/data/actor/character.ts";
import { AdvancementData } from "../../src/data/item/advancement.ts";
import { ConditionData } from "../../src/data/item/condition.ts";
import { type LegacyValues, legacyValuesOf } from "../fixtures/legacy-values.ts";
import type { TerranActor } from "../../src/documents/actor.ts";
import { TerranItem } from "../../src/documents/item.ts";
import { refillLegacyEgo, setLegacyRating } from "../../src/documents/legacy-actions.ts";
import { advancementSource } from "../documents/operations/fixtures.ts";
import { legacyHero } from "./legacy-builders.ts";

const config = Reflect.get(globalThis, "CONFIG") as Record<string, unknown>;
const legacyOf = (actor: TerranActor): LegacyValues => legacyValuesOf((actor.system as CharacterData).toObject());
// TerranItem#_onCreate / #_onDelete ask the actor's update without awaiting it (core's are synchronous).
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const estranged = {
  name: "Estranged",
  type: "condition",
  system: { kind: "condition", key: "estranged", dice: [], flags: [], description: "" },
};
const tough = { name: "Tough", type: "advancement", system: { ...advancementSource("tough"), source: "legacy" } };

describe.each(GENERATIONS)("[Foundry stand-ins, v%i] Legacy HP and Ego within their maxima", (generation) => {
  beforeEach(() => {
    resetWorld(generation);
    world.settings.set("ruleset", "legacy");
    config.Item = {
      documentClass: TerranItem,
      dataModels: { advancement: AdvancementData, condition: ConditionData },
    };
  });

  it("R-LEG-4 (ruling) (stand-ins): Strength lowered through the document API (the sheet's form, a macro) brings HP 5/5 down to 4", async () => {
    const mira = legacyHero("Mira"); // Strength 2, Agility 1: HP max 5, HP 5
    await mira.update({ "system.ratings.attributes.strength": 1 } as never);
    expect(legacyOf(mira)).toMatchObject({ attributes: { strength: 1 }, hp: { value: 4 } });
    // An update that raises HP past the maximum is brought down too; one within it is kept.
    await mira.update({ "system.hitPoints.value": 9 } as never);
    expect(legacyOf(mira).hp.value).toBe(4);
    await mira.update({ "system.hitPoints.value": 2 } as never);
    expect(legacyOf(mira).hp.value).toBe(2);
  });

  it("R-LEG-4 R-LEG-7 (ruling) (stand-ins): the sheet's rating circles lower HP and Ego with the rating", async () => {
    const mira = legacyHero("Mira");
    await setLegacyRating(mira, "attribute", "agility", 0);
    await setLegacyRating(mira, "attribute", "charisma", 0);
    expect(legacyOf(mira)).toMatchObject({ hp: { value: 4 }, ego: { value: 3 } });
  });

  it("R-LEG-7 R-LEG-16 (ruling) (stand-ins): Estranged dropped after the refill brings Ego 4/4 down to 3/3", async () => {
    const mira = legacyHero("Mira"); // Insight 1, Charisma 1: Ego max 4, Ego 4
    await mira.createEmbeddedDocuments("Item", [estranged] as never);
    await settle();
    expect(legacyOf(mira).ego.value).toBe(3);
    expect((mira.system as CharacterData).derived.ratings.ego).toEqual({ value: 3, max: 3 });
  });

  it("R-LEG-4 (ruling) (stand-ins): Tough removed takes its HP with it: HP 7/7 becomes 5/5", async () => {
    const mira = legacyHero("Mira", { hp: 7 });
    const created = (await mira.createEmbeddedDocuments("Item", [tough] as never)) ?? [];
    const item = created[0];
    await settle();
    expect(legacyOf(mira).hp.value).toBe(7); // 5 + 1 per Advancement + 1 more with Tough
    await (item as unknown as { delete(): Promise<unknown> } | undefined)?.delete();
    await settle();
    expect(legacyOf(mira).hp.value).toBe(5);
  });

  it('R-LEG-7 (ruling) (stand-ins): a lost character\'s "Take a Condition" is refused with the reason, before anything is asked', async () => {
    const mira = legacyHero("Mira", { ego: 0, lost: true });
    expect(await refillLegacyEgo(mira)).toBeNull();
    expect(world.warnings).toEqual(["TERRAN.Card.Reason.lost"]);
    expect(world.dialogs).toHaveLength(0);
    expect(legacyOf(mira).ego.value).toBe(0);
    expect((mira.system as CharacterData).toObject().lost).toBe(true);
  });
});
