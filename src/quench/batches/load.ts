/** The system loads: document classes, data models, sheets, settings, queries and rolls registered. */
import { CharacterSheet } from "../../applications/sheets/character/character-sheet.ts";
import { ChallengeSheet } from "../../applications/sheets/challenge/challenge-sheet.ts";
import { TerranItemSheet } from "../../applications/sheets/item/item-sheet.ts";
import { CharacterData } from "../../data/actor/character.ts";
import { ChallengeData } from "../../data/actor/challenge.ts";
import { AdvancementData } from "../../data/item/advancement.ts";
import { ArmourData } from "../../data/item/armour.ts";
import { ConditionData } from "../../data/item/condition.ts";
import { WeaponData } from "../../data/item/weapon.ts";
import { TerranRoll } from "../../dice/terran-roll.ts";
import { TerranActor } from "../../documents/actor.ts";
import { TerranChatMessage } from "../../documents/chat-message.ts";
import { TerranItem } from "../../documents/item.ts";
import { QUERIES } from "../../relay/queries.ts";
import { SETTINGS } from "../../settings/settings.ts";
import { SYSTEM_ID } from "../../system-id.ts";
import { Made, type TerranBatch } from "../support.ts";

export const loadBatch: TerranBatch = {
  key: "terran-engine.load",
  displayName: "Terran Engine: the system loads",
  register({ describe, it, after, assert }) {
    const made = new Made();
    after(() => made.cleanUp());

    describe("registration at init", () => {
      it("runs as the terran-engine system on generation 13 or 14", () => {
        assert.strictEqual(game.system?.id, SYSTEM_ID);
        assert.include([13, 14], game.release?.generation);
      });
      it("uses the system's document classes", () => {
        assert.strictEqual(CONFIG.Actor.documentClass, TerranActor);
        assert.strictEqual(CONFIG.Item.documentClass, TerranItem);
        assert.strictEqual(CONFIG.ChatMessage.documentClass, TerranChatMessage);
      });
      it("registers a data model per document type", () => {
        const actors: Record<string, unknown> = CONFIG.Actor.dataModels;
        const items: Record<string, unknown> = CONFIG.Item.dataModels;
        assert.strictEqual(actors.character, CharacterData);
        assert.strictEqual(actors.challenge, ChallengeData);
        assert.strictEqual(items.weapon, WeaponData);
        assert.strictEqual(items.armour, ArmourData);
        assert.strictEqual(items.advancement, AdvancementData);
        assert.strictEqual(items.condition, ConditionData);
      });
      it("adds TerranRoll to the roll classes a saved roll revives as", () => {
        assert.include(CONFIG.Dice.rolls, TerranRoll);
        // Revival is by class name: the build keeps it (vite.config.ts keepNames).
        assert.strictEqual(TerranRoll.name, "TerranRoll");
      });
      it("registers the three GM queries", () => {
        assert.strictEqual(typeof CONFIG.queries[QUERIES.applyEffect], "function");
        assert.strictEqual(typeof CONFIG.queries[QUERIES.applyHarm], "function");
        assert.strictEqual(typeof CONFIG.queries[QUERIES.carryComplication], "function");
      });
      it("registers every world setting", () => {
        for (const key of Object.values(SETTINGS))
          assert.isTrue(game.settings?.settings.has(`${SYSTEM_ID}.${key}`), key);
      });
      it("makes the system's sheets the default for each type", async () => {
        for (const type of ["character", "challenge"] as const) {
          const actor = made.keep(await Actor.create({ name: "Quench sheet probe", type }));
          assert.instanceOf(actor.sheet, type === "character" ? CharacterSheet : ChallengeSheet, type);
        }
        const item = made.keep(await Item.create({ name: "Quench sheet probe", type: "weapon" }));
        assert.instanceOf(item.sheet, TerranItemSheet);
      });
      it("exposes the macro API", () => {
        const api: unknown = Reflect.get(globalThis, "TerranEngine");
        assert.ok(api && typeof api === "object");
        for (const name of ["roll", "rollFor", "rollChallengeEffect", "rollFortune", "endScene"])
          assert.strictEqual(typeof Reflect.get(api as object, name), "function", name);
      });
    });
  },
};
