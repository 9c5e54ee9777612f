// @vitest-environment happy-dom
/**
 * Runs against FOUNDRY STAND-INS (tests/stubs/): R-V-8 the Panic Event taken from a failed v0.6.2 Risky card:
 * the card's offer and odds, the Ego it sets, the record that makes it once-only, the scene's end, and a card
 * whose author could not have made it. It checks what OUR code rolls, stores and draws.
 */
import "../stubs/foundry-client.ts";
import { beforeEach, describe, expect, it } from "vitest";
import { GENERATIONS, resetWorld, world } from "../stubs/foundry-client.ts";
import { nextFaces } from "../stubs/foundry.ts";
import type { CharacterData } from "../../src/data/actor/character.ts";
import type { TerranActor } from "../../src/documents/actor.ts";
import { confirmEffect } from "../../src/chat/index.ts";
import { card, isClosed, ROLLER } from "../chat/fixtures.ts";
import { click, hero, message, shown } from "./card-builders.ts";

const sys = (actor: TerranActor): CharacterData => actor.system as CharacterData;

/** A confirmed Fail of a v0.6.2 roll by the roller's `actorUuid`, no Dark Dice. */
function failedCard(actorUuid: string) {
  const fresh = card([3, 2], [], { actorUuid, rulesetId: "v062" });
  return confirmEffect(fresh, ROLLER, [], fresh.version);
}

describe.each(GENERATIONS)("[Foundry stand-ins, v%i] the Panic Event", (generation) => {
  beforeEach(() => {
    resetWorld(generation);
    nextFaces.length = 0;
    world.settings.set("ruleset", "v062");
  });

  it("R-V-8 (stand-ins): a failed card offers the Panic with its odds; the roll sets Ego and its maximum, once", async () => {
    const mira = hero("Mira", { ego: 2 });
    const msg = message({ kind: "risky", state: failedCard(mira.uuid) });
    const before = await shown(msg);
    const button = before.querySelector('[data-action="panic-event"]');
    expect(button).not.toBeNull();
    expect(isClosed(button)).toBe(false);
    expect(before.querySelector(".panic-odds")?.textContent?.replace(/\s+/g, " ").trim()).toBe(
      "With 1d: Flight 50.0% · Freeze 33.3% · Fight 16.7%",
    );
    nextFaces.push(5);
    await click(msg, '[data-action="panic-event"]');
    expect(sys(mira).ego).toMatchObject({ value: 5, max: 5 });
    expect(msg.getFlag("terran-engine", "panic")).toMatchObject({ faces: [5], ego: 5, egoBefore: 2, state: "freeze" });
    expect(mira.getFlag("terran-engine", "panic")).toEqual({ state: "freeze", messageId: msg.id });
    // Drawn again: the result, no button; a second take is refused and changes nothing.
    const after = await shown(msg);
    expect(after.querySelector('[data-action="panic-event"]')).toBeNull();
    expect(after.querySelector(".panic-result")?.textContent).toMatch(/Ego 5 \(was 2 of 4\):\s*Freeze/);
    nextFaces.push(1);
    await mira.takePanic(msg.id);
    expect(sys(mira).ego).toMatchObject({ value: 5, max: 5 });
  });

  it("R-V-8 (stand-ins): once per scene; the scene's end clears the state and says a Condition is owed", async () => {
    const mira = hero("Mira", { ego: 3 });
    const first = message({ kind: "risky", state: failedCard(mira.uuid) });
    nextFaces.push(2);
    await click(first, '[data-action="panic-event"]');
    expect(sys(mira).ego.value).toBe(2);
    expect(mira.sceneToEnd).toBe(true);
    const second = message({ kind: "risky", state: failedCard(mira.uuid) });
    const drawn = (await shown(second)).querySelector('[data-action="panic-event"]');
    expect(drawn?.getAttribute("title")).toBe("This character has panicked once this scene already.");
    await mira.endScene();
    expect(mira.getFlag("terran-engine", "panic")).toBeNull();
    // The stand-in's i18n gives the key; tests/guards/lang.test.ts holds that it has a text.
    expect(world.notices.at(-1)).toMatchObject({ level: "info", message: "TERRAN.Panic.conditionOwed" });
    expect(isClosed((await shown(second)).querySelector('[data-action="panic-event"]'))).toBe(false);
  });

  it("R-V-8 (stand-ins): no Panic on a success, nor in a Core world's card", async () => {
    const mira = hero("Mira");
    const success = card([6, 2], [], { actorUuid: mira.uuid, rulesetId: "v062" });
    expect((await shown(message({ kind: "risky", state: success }))).querySelector(".panic")).toBeNull();
    world.settings.set("ruleset", "core");
    const core = confirmEffect(card([3, 2], [], { actorUuid: mira.uuid }), ROLLER, [], 0);
    expect((await shown(message({ kind: "risky", state: core }))).querySelector(".panic")).toBeNull();
  });

  it("R-V-8 (stand-ins): a GM is not made to panic a character by a card its author could not have made", async () => {
    const mira = hero("Mira", { ego: 3 });
    const forged = message({ kind: "risky", state: failedCard(mira.uuid) }, { author: "player2" });
    world.user = { id: "gm", isGM: true, targets: new Set() };
    nextFaces.push(6);
    await mira.takePanic(forged.id);
    expect(sys(mira).ego).toMatchObject({ value: 3, max: 4 });
    expect(forged.getFlag("terran-engine", "panic")).toBeUndefined();
    // The same card from its roller: the GM may take it for them.
    const honest = message({ kind: "risky", state: failedCard(mira.uuid) });
    await mira.takePanic(honest.id);
    expect(sys(mira).ego).toMatchObject({ value: 6, max: 6 });
  });
});
