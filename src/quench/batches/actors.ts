/**
 * A character and a Challenge made: ratings changed by the form and by update, derived data following; a stored
 * out-of-range character loads repaired.
 */
import type { CharacterData } from "../../data/actor/character.ts";
import type { ChallengeData } from "../../data/actor/challenge.ts";
import { anotherValue, kit, Made, sheetOf, type TerranBatch } from "../support.ts";
import { settle } from "./sheets.ts";

export const actorsBatch: TerranBatch = {
  key: "terran-engine.actors",
  displayName: "Terran Engine: characters and Challenges in the world",
  register({ describe, it, after, assert }) {
    const { CharacterData, ChallengeData, storedRepairs, deriveSaves, EGO_MAX, TerranActor } = kit();
    const made = new Made();
    after(() => made.cleanUp());

    describe("a character", () => {
      it("is created with the character model and its derived data", async () => {
        const actor = made.keep(await Actor.create({ name: "Quench character", type: "character" }));
        assert.instanceOf(actor.system, CharacterData);
        const system = actor.system as CharacterData;
        assert.deepEqual(system.derived.saves, deriveSaves(system.toObject().attributes));
      });

      it("takes a rating typed into its sheet's form (submitOnChange) and derives from it", async () => {
        const actor = made.keep(
          await Actor.create({ name: "Quench form", type: "character", system: { grit: { value: 1, max: 3 } } }),
        );
        const sheet = sheetOf(actor);
        await sheet.render({ force: true });
        try {
          const input = sheet.element.querySelector<HTMLInputElement>('input[name="system.grit.max"]');
          assert.isNotNull(input, "the Grit max input is on the sheet");
          if (!input) return;
          const wanted = anotherValue(input);
          input.value = String(wanted);
          input.dispatchEvent(new Event("change", { bubbles: true }));
          await settle(() => (actor.system as CharacterData).grit.max === wanted);
          assert.strictEqual((actor.system as CharacterData).grit.max, wanted);
        } finally {
          await sheet.close();
        }
      });

      it("derives its saves from attributes changed by update (R-CHAR-3)", async () => {
        const actor = made.keep(await Actor.create({ name: "Quench saves", type: "character" }));
        await actor.update({ system: { attributes: { finesse: 2, exertion: 1 } } });
        const system = actor.system as CharacterData;
        assert.strictEqual(system.attributes.finesse, 2);
        assert.deepEqual(system.derived.saves, deriveSaves(system.toObject().attributes));
      });

      it("stored with an out-of-range Ego loads repaired, and says what it repaired", async () => {
        const actor = made.keep(
          await Actor.create({ name: "Quench repair", type: "character", system: { ego: { value: 99, max: 99 } } }),
        );
        const system = actor.system as CharacterData;
        assert.isAtMost(system.ego.max, EGO_MAX);
        assert.isAtMost(system.ego.value, system.ego.max);
        const records = storedRepairs((actor.system as CharacterData).repairs);
        assert.isAbove(records.length, 0, "the repair is recorded in system.repairs");
      });
    });

    describe("a stored character", () => {
      it("whose stored source holds out-of-range values loads repaired, with the repairs recorded", () => {
        // How a client loads what the server stored (nothing is saved).
        const actor = new TerranActor({
          name: "Quench stored",
          type: "character",
          system: { ego: { value: 99, max: 99 }, grit: { value: -3, max: 2 } },
        });
        const system = actor.system as CharacterData;
        assert.isAtMost(system.ego.max, EGO_MAX);
        assert.isAtMost(system.ego.value, system.ego.max);
        assert.isAtMost(0, system.grit.value);
        assert.isAbove(storedRepairs(system.repairs).length, 0, "the repairs are recorded");
      });
    });

    describe("a Challenge", () => {
      it("is created with the Challenge model and keeps its Disposition within its maximum", async () => {
        const actor = made.keep(
          await Actor.create({
            name: "Quench vault",
            type: "challenge",
            system: { disposition: { value: 8, max: 10 } },
          }),
        );
        assert.instanceOf(actor.system, ChallengeData);
        await actor.update({ system: { disposition: { value: 50 } } });
        const system = actor.system as ChallengeData;
        assert.isAtMost(system.disposition.value, system.disposition.max);
      });
    });
  },
};
