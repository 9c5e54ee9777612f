/**
 * GM, blind and self rolls hide the card from a player. One GM client can check the modes' whisper and blind
 * (compat/generation.ts) and that `renderHTML` keeps core's private view when `isContentVisible` is false
 * (overridden on one message); a player's own view needs a second client, which the foundry.yml workflow lacks.
 */
import type { MESSAGE_MODES } from "../../compat/generation.ts";
import type { TerranActor } from "../../documents/actor.ts";
import { forcedCard, forcedRoll } from "../cards.ts";
import { currentUser, kit, Made, type TerranBatch } from "../support.ts";

/** As templates/chat/risky-card.hbs marks it. */
const CARD = '[data-card="risky"]';

export const privacyBatch: TerranBatch = {
  key: "terran-engine.privacy",
  displayName: "Terran Engine: GM, blind and self rolls",
  register({ describe, it, before, after, assert }) {
    const { TerranActor, cardFlags, applyMessageMode } = kit();
    const made = new Made();
    let hero: TerranActor;
    before(async () => {
      const actor = made.keep(await Actor.create({ name: "Quench secret roller", type: "character" }));
      if (!(actor instanceof TerranActor)) throw new Error("the character is not a TerranActor");
      hero = actor;
    });
    after(() => made.cleanUp());

    async function post(mode: (typeof MESSAGE_MODES)[number]): Promise<ChatMessage.Implementation> {
      const roll = await forcedRoll([4, 2], []);
      const data = {
        speaker: ChatMessage.getSpeaker({ actor: hero }),
        rolls: [roll],
        content: "",
        flags: cardFlags({ kind: "risky", state: forcedCard(hero, roll.lightFaces, roll.darkFaces) }),
      };
      applyMessageMode(data, mode);
      return made.keep(await ChatMessage.create(data));
    }

    describe("who a card is for", () => {
      it("a public card is whispered to no one", async () => {
        const message = await post("public");
        assert.lengthOf(message.whisper, 0);
        assert.isFalse(message.blind);
      });
      for (const mode of ["gm", "blind", "self"] as const) {
        it(`a ${mode} card is whispered${mode === "blind" ? ", blind," : ""} away from players`, async () => {
          const message = await post(mode);
          assert.isAbove(message.whisper.length, 0, "it has a whisper list");
          for (const id of message.whisper)
            assert.isTrue(game.users?.get(id ?? "")?.isGM === true || id === currentUser().id, `${id} may see it`);
          assert.strictEqual(message.blind, mode === "blind");
        });
      }
    });

    describe("what is drawn", () => {
      it("the GM sees a blind card whole", async function () {
        if (!currentUser().isGM) this.skip();
        const message = await post("blind");
        assert.isTrue(message.isContentVisible);
        const html = await message.renderHTML();
        assert.isNotNull(html.querySelector(CARD), "the card is drawn");
      });

      it("a viewer core hides the content from gets core's private view, no card", async () => {
        const message = await post("blind");
        Object.defineProperty(message, "isContentVisible", { get: () => false, configurable: true });
        const html = await message.renderHTML();
        assert.isNull(html.querySelector(CARD), "no card is drawn");
        assert.isNull(html.querySelector("[data-action]"), "no card button is offered");
      });
    });
  },
};
