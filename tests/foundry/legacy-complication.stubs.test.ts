// @vitest-environment happy-dom
/**
 * Runs against FOUNDRY STAND-INS (tests/stubs/foundry-client.ts; the GM's client as the stand-in
 * `query`), on v13 and v14: R-LEG-14 a Legacy Challenge card's complication carried to a character's
 * next related roll — stored on the character by whoever may update it, through the GM otherwise, read
 * by the Legacy roll dialog and cleared once used; the GM's side trusts nothing it receives.
 */
import "../stubs/foundry-client.ts";
import { beforeEach, describe, expect, it } from "vitest";
import {
  GENERATIONS,
  makeGm,
  resetWorld,
  world,
  type ActorStub,
  type ChatMessageStub,
} from "../stubs/foundry-client.ts";
import { registerCardPresenter } from "../../src/applications/chat/card-presenter.ts";
import { initialSeparateChoices, separateRollModel } from "../../src/applications/resolution/separate-dialog-model.ts";
import { createChallengeCard } from "../../src/chat/index.ts";
import { clearComplications, pendingComplications } from "../../src/documents/complications.ts";
import { characterState } from "../../src/documents/state.ts";
import { QUERIES, registerQueries } from "../../src/relay/queries.ts";
import { LEGACY } from "../../src/rules/index.ts";
import { challenge, click, message, shown } from "./card-builders.ts";
import { legacyHero, stubOf } from "./legacy-builders.ts";

/**
 * A Challenge card of the Cave Bear (one die) whose die shows `face`, then `chain` (its explosion), rolled by
 * `rollerId`, who owns the bear as the roll path requires.
 */
function challengeCard(face: number, rollerId = "gm", chain: number[] = []): ChatMessageStub {
  const bear = (world.documents.get("Actor.bear") as ActorStub | undefined) ?? challenge("Cave Bear", [], 8, 0, "bear");
  bear.ownership = { ...bear.ownership, [rollerId]: 3 };
  const state = createChallengeCard({
    rollerId,
    challengeUuid: "Actor.bear",
    challengeName: "Cave Bear",
    facetName: "",
    stats: { dice: 1, halved: false },
    faces: [face],
    chain,
  });
  const msg = message({ kind: "challenge", state });
  world.messages.set(msg.id, msg);
  return msg;
}

const TARGETED = '[data-action="carry-complication"]:not([data-target-uuid])';

describe.each(GENERATIONS)("[Foundry stand-ins, v%i] a Legacy Challenge card's complication", (generation) => {
  beforeEach(() => {
    resetWorld(generation);
    registerQueries();
    registerCardPresenter();
    world.settings.set("ruleset", "legacy");
  });

  it("R-LEG-14 (stand-ins): the GM carries −2d to the targeted character; the Legacy dialog offers it ticked, and the roll clears it", async () => {
    const gm = makeGm();
    world.gm = gm;
    world.user = gm;
    const mira = legacyHero("Mira");
    world.user.targets = new Set([{ actor: stubOf(mira) }]);
    const msg = challengeCard(6, "gm", [1]); // Effect 7: a Serious fork, −2d
    const card = await shown(msg);
    expect(card.querySelector(".fork .fork-complication")?.textContent).toContain("−2d");
    expect(card.querySelector(".consequence")).toBeNull();
    await click(msg, TARGETED);
    expect(pendingComplications(mira)).toEqual([{ challengeUuid: "Actor.bear", from: "Cave Bear", dice: 2 }]);
    const state = characterState(mira);
    if (!state) throw new Error("no state");
    const view = separateRollModel(
      { ruleset: LEGACY, state, attribute: "strength" },
      initialSeparateChoices({ darkMax: 4 }),
      { darkMax: 4 },
    );
    expect(view.lines.find((l) => l.from === "Cave Bear")).toMatchObject({ dice: -2, ticked: true });
    expect(view.complicationsUsed).toEqual(["Actor.bear"]);
    await clearComplications(mira, view.complicationsUsed);
    expect(pendingComplications(mira)).toEqual([]);
  });

  it("R-LEG-14 (stand-ins): a player who rolled the card but may not update the character asks the GM, who stores it", async () => {
    world.gm = makeGm();
    const mira = legacyHero("Mira", { isOwner: false });
    world.user.targets = new Set([{ actor: stubOf(mira) }]);
    const msg = challengeCard(5, world.user.id); // Effect 5: Dangerous, −1d
    await click(msg, TARGETED);
    expect(world.gm.queries).toMatchObject([{ name: QUERIES.carryComplication, data: { targetUuid: mira.uuid } }]);
    expect(JSON.stringify(world.gm.queries[0]?.data)).not.toContain("dice");
    expect(pendingComplications(mira)).toEqual([{ challengeUuid: "Actor.bear", from: "Cave Bear", dice: 1 }]);
  });

  it("R-LEG-14 (stand-ins): the GM's side trusts nothing: not the roller, no complication, a malformed request; nothing changes", async () => {
    world.gm = makeGm();
    const mira = legacyHero("Mira", { isOwner: false });
    const ask = (data: unknown) =>
      world.gm?.query(QUERIES.carryComplication, data) as Promise<{ ok: boolean; data?: { reason?: string } }>;
    const others = challengeCard(5, "player2");
    expect(await ask({ askerId: world.user.id, messageId: others.id, targetUuid: mira.uuid })).toMatchObject({
      ok: false,
      data: { reason: "notRoller" },
    });
    const trivial = challengeCard(2, world.user.id);
    expect(await ask({ askerId: world.user.id, messageId: trivial.id, targetUuid: mira.uuid })).toMatchObject({
      ok: false,
      data: { reason: "noComplication" },
    });
    expect(await ask({ askerId: world.user.id, messageId: "x<y", targetUuid: mira.uuid })).toMatchObject({
      ok: false,
      data: { reason: "badRequest" },
    });
    expect(pendingComplications(mira)).toEqual([]);
    // A trivial Effect shows no button at all.
    expect((await shown(trivial)).querySelector('[data-action="carry-complication"]')).toBeNull();
  });
});
