/**
 * A player's apply through the GM (R-RA-7, `terran-engine.applyEffect`): one client only, so the batch plays
 * the GM's receiving a player's query, the request naming its asker (no sender is passed: foundryvtt#13418).
 */
import type { ChallengeData } from "../../data/actor/challenge.ts";
import type { TerranActor } from "../../documents/actor.ts";
import { chooseAndConfirm, postCard, riskyState } from "../cards.ts";
import { currentUser, kit, Made, type TerranBatch } from "../support.ts";
import { applyAs, FORCED } from "./risky.ts";

export const queriesBatch: TerranBatch = {
  key: "terran-engine.queries",
  displayName: "Terran Engine: a player's apply through the GM's query",
  register({ describe, it, before, after, assert }) {
    const { TerranActor } = kit();
    const made = new Made();
    let player: User.Implementation;
    let hero: TerranActor;
    let vault: Actor.Implementation;
    let message: ChatMessage.Implementation;
    before(async function () {
      if (!currentUser().isGM) throw new Error("run this batch as a GM: it plays the GM's client");
      player = made.keep(await User.create({ name: "Quench player", role: CONST.USER_ROLES.PLAYER }));
      const actor = made.keep(
        await Actor.create({
          name: "Quench player's hero",
          type: "character",
          ownership: { [player.id ?? ""]: CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER },
        }),
      );
      if (!(actor instanceof TerranActor)) throw new Error("the character is not a TerranActor");
      hero = actor;
      vault = made.keep(
        await Actor.create({
          name: "Quench player's vault",
          type: "challenge",
          system: { disposition: { value: 10, max: 10 }, armour: 0 },
        }),
      );
      message = made.keep(await postCard(hero, FORCED.light, FORCED.dark, { rollerId: player.id ?? "" }));
      await chooseAndConfirm(message, FORCED.precision, FORCED.effect, FORCED.chain);
    });
    after(() => made.cleanUp());

    describe("the player who rolled asks the GM to apply the Effect", () => {
      it("is recorded once, and asking again is refused twice", async () => {
        const before = (vault.system as ChallengeData).disposition.value;
        const first = await applyAs(player, message, vault);
        assert.isTrue(first.ok, JSON.stringify(first));
        if (first.ok) assert.isTrue(first.recorded, "the GM's client writes the card");
        const after = (vault.system as ChallengeData).disposition.value;
        assert.isAbove(before, after);
        assert.lengthOf(riskyState(message).applied, 1);
        assert.strictEqual(riskyState(message).applied[0]?.userId, player.id);

        const second = await applyAs(player, message, vault);
        const third = await applyAs(player, message, vault);
        assert.isFalse(second.ok, "a second request is refused");
        assert.isFalse(third.ok, "a third request is refused");
        assert.strictEqual((vault.system as ChallengeData).disposition.value, after, "the Challenge changed once");
        assert.lengthOf(riskyState(message).applied, 1);
      });

      it("is refused for a player who neither rolled nor owns the target", async () => {
        const stranger = made.keep(await User.create({ name: "Quench stranger", role: CONST.USER_ROLES.PLAYER }));
        const other = made.keep(await postCard(hero, FORCED.light, FORCED.dark, { rollerId: player.id ?? "" }));
        await chooseAndConfirm(other, FORCED.precision, FORCED.effect, FORCED.chain);
        const answer = await applyAs(stranger, other, vault);
        assert.isFalse(answer.ok);
        if (!answer.ok) assert.strictEqual(answer.code, "not-allowed");
        assert.lengthOf(riskyState(other).applied, 0);
      });
    });
  },
};
