/**
 * A Risky Action with forced dice: chosen, confirmed with its explosion (R-RA-3), applied to a Challenge
 * (R-RA-7 / R-CH-5); rebuilt from its stored source it shows the same state and revives as a TerranRoll.
 */
import type { ChallengeData } from "../../data/actor/challenge.ts";
import type { TerranRoll } from "../../dice/terran-roll.ts";
import type { TerranActor } from "../../documents/actor.ts";
import type { QueryAnswer } from "../../relay/queries.ts";
import { chooseAndConfirm, postCard, riskyState } from "../cards.ts";
import { currentUser, kit, Made, type TerranBatch } from "../support.ts";

/** A full success whose Effect die explodes; the chain rolls 6 then 2. */
export const FORCED = { light: [6, 6], dark: [], precision: 0, effect: 1, chain: [6, 2] } as const;

/**
 * As the GM's client receives it: the request names its asker (Foundry passes no sender: foundryvtt#13418).
 */
export async function applyAs(
  user: User.Implementation,
  message: ChatMessage.Implementation,
  target: Actor.Implementation,
): Promise<QueryAnswer> {
  const request = {
    askerId: user.id ?? "",
    messageId: message.id ?? "",
    hit: "effect",
    targetUuid: target.uuid,
    facet: null,
    version: riskyState(message).version,
  };
  return CONFIG.queries[kit().QUERIES.applyEffect](request, {});
}

export const riskyBatch: TerranBatch = {
  key: "terran-engine.risky",
  displayName: "Terran Engine: a Risky Action from roll to Challenge",
  register({ describe, it, before, after, assert }) {
    const { TerranActor, TerranRoll, riskyCardResult, applyEffectFromCard } = kit();
    const made = new Made();
    let hero: TerranActor;
    let vault: Actor.Implementation;
    let message: ChatMessage.Implementation;
    before(async () => {
      const actor = made.keep(await Actor.create({ name: "Quench roller", type: "character" }));
      if (!(actor instanceof TerranActor)) throw new Error("the character is not a TerranActor");
      hero = actor;
      vault = made.keep(
        await Actor.create({
          name: "Quench vault",
          type: "challenge",
          system: { disposition: { value: 10, max: 10 }, armour: 0 },
        }),
      );
    });
    after(() => made.cleanUp());

    describe("the card", () => {
      it("is posted with the forced faces and a TerranRoll", async () => {
        message = made.keep(await postCard(hero, FORCED.light, FORCED.dark));
        assert.instanceOf(message.rolls[0], TerranRoll);
        const roll = message.rolls[0] as TerranRoll;
        assert.deepEqual(roll.lightFaces, [...FORCED.light]);
        assert.deepEqual(riskyState(message).light, [...FORCED.light]);
      });

      it("takes the dice chosen and the Effect confirmed with its explosion (R-RA-3)", async () => {
        const state = await chooseAndConfirm(message, FORCED.precision, FORCED.effect, FORCED.chain);
        assert.deepEqual(state.effect?.chain, [...FORCED.chain]);
        assert.isNotNull(riskyCardResult(state).effect, "the player's Effect lands");
      });

      it("applies its Effect to the Challenge and records it on the card (R-RA-7)", async () => {
        const before = (vault.system as ChallengeData).disposition.value;
        // In the same one-step change the query runs for a player.
        const user = currentUser();
        const request = {
          askerId: user.id ?? "",
          messageId: message.id ?? "",
          hit: "effect" as const,
          targetUuid: vault.uuid,
          facet: null,
          version: riskyState(message).version,
        };
        const answer = await applyEffectFromCard(request, { id: user.id ?? "", isGM: user.isGM, user });
        assert.isTrue(answer.recorded, JSON.stringify(answer));
        const after = (vault.system as ChallengeData).disposition.value;
        assert.isAbove(before, after, "the Disposition went down");
        const applied = riskyState(message).applied;
        assert.lengthOf(applied, 1);
        assert.strictEqual(applied[0]?.after, after);
        assert.strictEqual(applied[0]?.effect, riskyCardResult(riskyState(message)).effect?.value);
      });

      it("reads the same from its stored source, and the roll revives as a TerranRoll", () => {
        const stored = message.toObject();
        const fresh = ChatMessage.implementation.fromSource(stored);
        assert.deepEqual(riskyState(fresh), riskyState(message));
        assert.instanceOf(fresh.rolls[0], TerranRoll);
        assert.deepEqual((fresh.rolls[0] as TerranRoll).lightFaces, [...FORCED.light]);
        assert.strictEqual(game.messages?.get(message.id ?? "")?.id, message.id, "the world holds it");
      });
    });
  },
};
