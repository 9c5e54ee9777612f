// @vitest-environment happy-dom
/**
 * Runs against FOUNDRY STAND-INS (tests/stubs/foundry-client.ts), on v13 and v14: a Challenge card's
 * harm button records Grit and wound tracks (R-HARM-*), so in a world on the HP model (Legacy) it is
 * refused with the reason and nothing lands on Grit — the character takes the Effect on the sheet.
 */
import "../stubs/foundry-client.ts";
import { beforeEach, describe, expect, it } from "vitest";
import { GENERATIONS, makeGm, resetWorld, world, type ChatMessageStub } from "../stubs/foundry-client.ts";
import { nextFaces } from "../stubs/foundry.ts";
import { registerCardPresenter } from "../../src/applications/chat/card-presenter.ts";
import { createChallengeCard } from "../../src/chat/index.ts";
import type { CharacterData } from "../../src/data/actor/character.ts";
import { registerQueries } from "../../src/documents/queries.ts";
import { challengeState, click, hero, message, stub } from "./card-builders.ts";

function harmCard(face: number): ChatMessageStub {
  const state = createChallengeCard({ rollerId: "gm", challengeUuid: "Actor.c", challengeName: "Wolf", facetName: "", stats: { dice: 1, halved: false }, faces: [face], chain: [] });
  return message({ kind: "challenge", state });
}

describe.each(GENERATIONS)("[Foundry stand-ins, v%i] a Challenge card's harm in a Legacy world", (generation) => {
  beforeEach(() => {
    resetWorld(generation);
    nextFaces.length = 0;
    registerQueries();
    registerCardPresenter();
  });

  it("R-LEG-4 (stand-ins): refused with the reason; Grit, HP and the card stay as they were", async () => {
    world.settings.set("ruleset", "legacy");
    const gm = makeGm();
    world.gm = gm;
    world.user = gm;
    const mira = hero("Mira", { grit: 3 });
    world.user.targets = new Set([{ actor: stub(mira) }]);
    const msg = harmCard(2);
    await click(msg, '[data-action="apply-harm"]');
    expect((mira.system as CharacterData).grit.value).toBe(3);
    expect((mira.system as CharacterData).toObject().legacy?.hp.value).toBe(2);
    expect(challengeState(msg).harm).toHaveLength(0);
    expect(world.warnings).toContain("TERRAN.Card.Reason.hpHarmOnSheet");
  });

  it("R-CH-4 (stand-ins): the same click in a Core world harms Grit as before", async () => {
    const gm = makeGm();
    world.gm = gm;
    world.user = gm;
    const mira = hero("Mira", { grit: 3 });
    world.user.targets = new Set([{ actor: stub(mira) }]);
    await click(harmCard(2), '[data-action="apply-harm"]');
    expect((mira.system as CharacterData).grit.value).toBe(1);
  });
});
