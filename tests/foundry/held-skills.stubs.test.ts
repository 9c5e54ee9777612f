/**
 * Runs against FOUNDRY STAND-INS (tests/stubs/), on v13 and v14: R-V-5 the held skills a v0.6.2 character
 * records — the stored field a character saved before it loads without, the sheet's add and remove, the world
 * setting that plays without them, and each refusal as a warning that changes nothing.
 */
import "../stubs/foundry-client.ts";
import { beforeEach, describe, expect, it } from "vitest";
import { GENERATIONS, resetWorld, world } from "../stubs/foundry-client.ts";
import type { CharacterData } from "../../src/data/actor/character.ts";
import type { TerranActor } from "../../src/documents/actor.ts";
import { currentRuleset, registerSettings, SETTINGS } from "../../src/settings/settings.ts";
import { hero } from "./card-builders.ts";

const held = (actor: TerranActor): string[] => [...(actor.system as CharacterData).heldSkills];

describe.each(GENERATIONS)("[Foundry stand-ins, v%i] held skills", (generation) => {
  beforeEach(() => {
    resetWorld(generation);
    world.settings.set("ruleset", "v062");
  });

  it("R-V-5 (stand-ins): a character saved without the field loads with none; added and removed skills are stored", async () => {
    const mira = hero("Mira");
    expect(held(mira)).toEqual([]);
    await mira.addHeldSkill("sneak");
    await mira.addHeldSkill({ group: "violence", name: "Whip" });
    expect(held(mira)).toEqual(["sneak", "violence:Whip"]);
    await mira.removeHeldSkill("sneak");
    expect(held(mira)).toEqual(["violence:Whip"]);
    expect(world.warnings).toEqual([]);
  });

  it("R-V-6 (stand-ins): a skill held twice or unknown is refused with a warning that says why, and nothing changes", async () => {
    const mira = hero("Mira");
    await mira.addHeldSkill("sneak");
    await mira.addHeldSkill("sneak");
    await mira.addHeldSkill("moonwalk");
    expect(held(mira)).toEqual(["sneak"]);
    expect(world.warnings).toEqual(["TERRAN.Card.Reason.skillHeld", "TERRAN.Card.Reason.skillUnknown"]);
  });

  it("R-V-5 (stand-ins): a world switched to Core and back keeps the skills stored, unread in Core", async () => {
    const mira = hero("Mira");
    await mira.addHeldSkill("sneak");
    world.settings.set("ruleset", "core");
    expect(currentRuleset().heldSkills).toBeNull();
    await mira.addHeldSkill("tame");
    expect(world.warnings).toEqual(["TERRAN.Card.Reason.noHeldSkills"]);
    world.settings.set("ruleset", "v062");
    expect(held(mira)).toEqual(["sneak"]);
  });

  it("R-V-5 (setting, stand-ins): a world played without skills has no held-skill scheme, and refuses a new one", async () => {
    registerSettings();
    expect(currentRuleset().heldSkills).not.toBeNull();
    world.settings.set(SETTINGS.legacyWithoutSkills, true);
    expect(currentRuleset()).toMatchObject({ id: "v062", heldSkills: null, skills: null });
    expect(currentRuleset()).toBe(currentRuleset());
    const mira = hero("Mira");
    await mira.addHeldSkill("sneak");
    expect(held(mira)).toEqual([]);
    expect(world.warnings).toEqual(["TERRAN.Card.Reason.noHeldSkills"]);
  });
});
