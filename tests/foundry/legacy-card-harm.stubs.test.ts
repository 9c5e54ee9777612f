// @vitest-environment happy-dom
/**
 * Runs against FOUNDRY STAND-INS (tests/stubs/foundry-client.ts; dice from the stand-in Roll's
 * `nextFaces`, dialogs answered from `world.dialogAnswers`, the GM's client as the stand-in `query`), on
 * v13 and v14: a Challenge card's harm button in a world on the HP model (Legacy) takes the Effect on hit
 * points (R-LEG-4 … R-LEG-6) with the Grit path's once-only record, rights and GM relay; *Protected*'s
 * Dark Dice are offered to an owner only and thrown where the step runs, never taken from a request.
 */
import "../stubs/foundry-client.ts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Dice3dStub, GENERATIONS, makeGm, resetWorld, world, type ChatMessageStub } from "../stubs/foundry-client.ts";
import { nextFaces } from "../stubs/foundry.ts";
import { COLORSETS } from "../../src/dice/terran-roll.ts";
import { registerCardPresenter } from "../../src/applications/chat/card-presenter.ts";
import { createChallengeCard } from "../../src/chat/index.ts";
import type { CharacterData } from "../../src/data/actor/character.ts";
import { type LegacyValues, legacyValuesOf } from "../fixtures/legacy-values.ts";
import { applyHarmFromCard } from "../../src/relay/card-changes.ts";
import { HP_HEALTH } from "../../src/documents/health/hp.ts";
import { QUERIES, registerQueries } from "../../src/relay/queries.ts";
import { challenge, challengeState, click, hero, message, shown, stub } from "./card-builders.ts";
import { legacyHero, protectedItem, stubOf } from "./legacy-builders.ts";

/** A Challenge card of the Wolf (one die), rolled by `rollerId`, who owns the Wolf as the roll path requires. */
function harmCard(face: number, rollerId = "gm"): ChatMessageStub {
  const wolf = challenge("Wolf");
  wolf.ownership = { default: 0, [rollerId]: 3 };
  const state = createChallengeCard({
    rollerId,
    challengeUuid: wolf.uuid,
    challengeName: "Wolf",
    facetName: "",
    stats: { dice: 1, halved: false },
    faces: [face],
    chain: [],
  });
  const msg = message({ kind: "challenge", state });
  world.messages.set(msg.id, msg);
  return msg;
}

const legacyOf = (actor: { system: unknown }): LegacyValues =>
  legacyValuesOf((actor.system as CharacterData).toObject());

describe.each(GENERATIONS)("[Foundry stand-ins, v%i] a Challenge card's harm in a Legacy world", (generation) => {
  beforeEach(() => {
    resetWorld(generation);
    nextFaces.length = 0;
    registerQueries();
    registerCardPresenter();
    world.settings.set("ruleset", "legacy");
  });

  it("R-LEG-5 R-CH-4 (stand-ins): the GM applies it on HP, once per character; Grit is untouched and the card records HP before and after", async () => {
    const gm = makeGm();
    world.gm = gm;
    world.user = gm;
    const mira = legacyHero("Mira", { hp: 5 });
    const grit = (mira.system as CharacterData).grit.value;
    world.user.targets = new Set([{ actor: stubOf(mira) }]);
    const msg = harmCard(3);
    await click(msg, '[data-action="apply-harm"]');
    expect(legacyOf(mira).hp.value).toBe(2);
    expect((mira.system as CharacterData).grit.value).toBe(grit);
    expect(challengeState(msg).harm).toMatchObject([
      { targetName: "Mira", hpBefore: 5, hpAfter: 2, damage: 3, wound: null, protectedFaces: [] },
    ]);
    expect((await shown(msg)).querySelector(".harm-hp .harm-hp-value")?.textContent).toContain("5");
    await click(msg, '[data-action="apply-harm"]'); // again: nobody is harmed twice
    expect(legacyOf(mira).hp.value).toBe(2);
    expect(challengeState(msg).harm).toHaveLength(1);
  });

  it("R-LEG-5 (stand-ins, ruling): one step per harm, Critical → Mortal → death; the Mortal attribute is asked of whoever applies (here the GM)", async () => {
    const gm = makeGm();
    world.gm = gm;
    world.user = gm;
    const mira = legacyHero("Mira", { hp: 0, legacy: { wounds: { critical: true, mortal: false } } });
    world.user.targets = new Set([{ actor: stubOf(mira) }]);
    world.dialogAnswers.push("agility");
    await click(harmCard(2), '[data-action="apply-harm"]');
    expect(world.dialogs.map((d) => d.shownTo)).toEqual(["gm"]);
    expect(legacyOf(mira)).toMatchObject({ wounds: { critical: true, mortal: true }, attributes: { agility: 0 } });
    await click(harmCard(1), '[data-action="apply-harm"]');
    expect((mira.system as CharacterData).toObject().dead).toBe(true);
  });

  it("R-LEG-6 (stand-ins): the GM applying to a Protected character is asked the dice (an owner); the dice are thrown in the step, Ego spent in ONE update, the card shows them", async () => {
    const gm = makeGm();
    world.gm = gm;
    world.user = gm;
    const mira = legacyHero("Mira", { hp: 5, ego: 3, items: [protectedItem()] });
    world.user.targets = new Set([{ actor: stubOf(mira) }]);
    world.dialogAnswers.push(2);
    const msg = harmCard(5); // the Challenge's Effect is on the card; Protected throws 2 and 1 (both ≤ Ego 3)
    nextFaces.push(2, 1);
    await click(msg, '[data-action="apply-harm"]');
    expect(legacyOf(mira)).toMatchObject({ hp: { value: 3 }, ego: { value: 1 }, egoLost: 2 });
    expect(stubOf(mira).updates).toHaveLength(1);
    expect(challengeState(msg).harm[0]).toMatchObject({
      protectedFaces: [2, 1],
      protectedBy: 3,
      egoBefore: 3,
      egoAfter: 1,
      damage: 2,
      protectedSkipped: false,
    });
    expect((await shown(msg)).querySelector(".harm-protected")?.textContent).toContain("2, 1");
  });

  it("R-LEG-6 (stand-ins): Protected's Dark Dice thrown from a Challenge card are added to the card's rolls with the harm's record, so Dice So Nice animates them once, as the explosion chain", async () => {
    const gm = makeGm();
    world.gm = gm;
    world.user = gm;
    const dsn = new Dice3dStub();
    world.modules.add("dice-so-nice");
    world.dice3d = dsn;
    const mira = legacyHero("Mira", { hp: 5, ego: 3, items: [protectedItem()] });
    world.user.targets = new Set([{ actor: stubOf(mira) }]);
    world.dialogAnswers.push(2);
    const msg = harmCard(5);
    nextFaces.push(2, 1);
    await click(msg, '[data-action="apply-harm"]');
    // The Challenge's roll, then Protected's.
    expect(msg.rolls).toHaveLength(2);
    // Dark Dice in Dice So Nice's dark colorset (TerranRoll.pool), kept through the message's JSON.
    const roll = JSON.parse(String(msg.rolls[1])) as { terms: { options?: { colorset?: string } }[] };
    expect(roll.terms.map((t) => t.options?.colorset).filter(Boolean)).toEqual([COLORSETS.dark]);
    expect(dsn.animations.map((a) => a.via)).toEqual(["update hook"]);
    // The record and the dice arrive in ONE update of the card.
    expect(msg.updates.filter((u) => "rolls" in u)).toHaveLength(1);
    expect(challengeState(msg).harm[0]).toMatchObject({ protectedFaces: [2, 1] });
    // No dice thrown, no roll added.
    const plain = harmCard(3);
    const ash = legacyHero("Ash", { hp: 5 });
    world.user.targets = new Set([{ actor: stubOf(ash) }]);
    await click(plain, '[data-action="apply-harm"]');
    expect(plain.rolls).toHaveLength(1);
  });

  describe("the HP step's operation", () => {
    afterEach(() => vi.restoreAllMocks());

    it("R-LEG-6 (stand-ins): runs ONCE, with the dice thrown (none are thrown for a harm that cannot be made)", async () => {
      const gm = makeGm();
      world.gm = gm;
      world.user = gm;
      const operation = vi.spyOn(HP_HEALTH, "operation");
      const mira = legacyHero("Mira", { hp: 5, ego: 3, items: [protectedItem()] });
      const asker = { id: "gm", isGM: true, user: gm as unknown as User.Implementation };
      const request = {
        askerId: "gm",
        messageId: harmCard(5).id,
        targetUuid: mira.uuid,
        version: 0,
        choice: { model: "hp", sacrificeShield: false, protectedDice: 2, lostAttribute: null },
      } as const;
      nextFaces.push(2, 1);
      await applyHarmFromCard(request, asker);
      expect(operation).toHaveBeenCalledTimes(1);
      expect(operation.mock.calls[0]?.[3]).toMatchObject({ protectedFaces: [2, 1] });

      // A shield that is not there: refused before a die is thrown, and the operation never runs.
      operation.mockClear();
      const ash = legacyHero("Ash", { hp: 5, ego: 3, items: [protectedItem()] });
      nextFaces.length = 0;
      nextFaces.push(6, 6);
      const shieldless = {
        ...request,
        messageId: harmCard(5).id,
        targetUuid: ash.uuid,
        choice: { ...request.choice, sacrificeShield: true },
      };
      await expect(applyHarmFromCard(shieldless, asker)).rejects.toThrow(/no shield/);
      expect(operation).not.toHaveBeenCalled();
      expect(nextFaces).toEqual([6, 6]);
    });
  });

  it("R-LEG-6 (stand-ins): a player's harm to their own Protected character goes through the GM: the player chooses how many, the GM's client throws them", async () => {
    world.gm = makeGm();
    const mira = legacyHero("Mira", { hp: 5, ego: 4, items: [protectedItem()] });
    world.user.targets = new Set([{ actor: stubOf(mira) }]);
    world.dialogAnswers.push(1);
    const msg = harmCard(4);
    nextFaces.push(3);
    await click(msg, '[data-action="apply-harm"]');
    expect(world.dialogs.map((d) => d.shownTo)).toEqual(["player1"]);
    expect(world.gm.queries).toMatchObject([
      { name: QUERIES.applyHarm, data: { choice: { model: "hp", protectedDice: 1 } } },
    ]);
    // The request holds a count, never faces: the faces are the GM client's throw.
    expect(JSON.stringify(world.gm.queries[0]?.data)).not.toContain("protectedFaces");
    expect(legacyOf(mira)).toMatchObject({ hp: { value: 4 }, ego: { value: 3 } });
    expect(challengeState(msg).harm[0]).toMatchObject({ protectedFaces: [3], userId: "player1" });
  });

  it("R-LEG-6 (stand-ins, ruling): a non-owner who rolled the card is offered no dice; the card says so; a forged count from them is refused and nothing changes", async () => {
    world.gm = makeGm();
    const mira = legacyHero("Mira", { hp: 5, ego: 4, items: [protectedItem()], isOwner: false });
    world.user.targets = new Set([{ actor: stubOf(mira) }]);
    const msg = harmCard(3, "player1");
    await click(msg, '[data-action="apply-harm"]');
    expect(world.dialogs).toHaveLength(0);
    expect(legacyOf(mira).hp.value).toBe(2);
    expect(challengeState(msg).harm[0]).toMatchObject({ protectedSkipped: true, protectedFaces: [] });
    expect((await shown(msg)).querySelector(".harm-protected-skipped")).not.toBeNull();

    const ash = legacyHero("Ash", { hp: 5, ego: 4, items: [protectedItem()], isOwner: false });
    const forged = {
      askerId: "player1",
      messageId: harmCard(3, "player1").id,
      targetUuid: ash.uuid,
      version: 0,
      choice: { model: "hp", sacrificeShield: false, protectedDice: 3, lostAttribute: null },
    };
    const answer = (await world.gm.query(QUERIES.applyHarm, forged)) as { ok: boolean; data?: { reason?: string } };
    // How a character takes harm is its owner's choice: anyone else's dice are refused.
    expect(answer).toMatchObject({ ok: false, data: { reason: "ownerChooses" } });
    expect(legacyOf(ash)).toMatchObject({ hp: { value: 5 }, ego: { value: 4 } });
  });

  it("R-LEG-6 (stand-ins): the GM's side trusts nothing: dice for a character without Protected, or a bad attribute are refused; nothing changes", async () => {
    const gm = makeGm();
    world.gm = gm;
    world.user = gm;
    const mira = legacyHero("Mira", { hp: 5 });
    const msg = harmCard(3);
    const asker = { id: "gm", isGM: true, user: gm as unknown as User.Implementation };
    const base = {
      askerId: "gm",
      messageId: msg.id,
      targetUuid: mira.uuid,
      version: 0,
    };
    const choice = { model: "hp", sacrificeShield: false, protectedDice: 0, lostAttribute: null } as const;
    await expect(applyHarmFromCard({ ...base, choice: { ...choice, protectedDice: 2 } }, asker)).rejects.toMatchObject({
      data: { reason: "notProtected" },
    });
    await expect(
      applyHarmFromCard({ ...base, choice: { ...choice, lostAttribute: "finesse" } }, asker),
    ).rejects.toMatchObject({
      data: { reason: "badRequest" },
    });
    expect(legacyOf(mira).hp.value).toBe(5);
    expect(challengeState(msg).harm).toHaveLength(0);
  });

  it("R-CH-4 (stand-ins): the same click in a Core world harms Grit as before", async () => {
    world.settings.set("ruleset", "core");
    const gm = makeGm();
    world.gm = gm;
    world.user = gm;
    const mira = hero("Mira", { grit: 3 });
    world.user.targets = new Set([{ actor: stub(mira) }]);
    await click(harmCard(2), '[data-action="apply-harm"]');
    expect((mira.system as CharacterData).grit.value).toBe(1);
  });
});
