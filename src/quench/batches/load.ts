/** The system loads: documents, models, sheets, settings, queries and rolls registered. */
import { kit, Made, type TerranBatch } from "../support.ts";

export const loadBatch: TerranBatch = {
  key: "terran-engine.load",
  displayName: "Terran Engine: the system loads",
  register({ describe, it, after, assert }) {
    const { CharacterSheet, ChallengeSheet, TerranItemSheet, CharacterData, ChallengeData, AdvancementData } = kit();
    const { ArmourData, ConditionData, WeaponData, TerranRoll, TerranActor, TerranChatMessage, TerranItem } = kit();
    const { QUERIES, SETTINGS, SYSTEM_ID, TourStageHost, TOURS } = kit();
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

    describe("the guided tours (Settings → Tours)", () => {
      it("registers the three tours under terran-engine, each a Foundry Tour", () => {
        for (const id of Object.keys(TOURS))
          assert.instanceOf(game.tours?.get(`${SYSTEM_ID}.${id}`), foundry.nue.Tour, id);
      });
      // Foundry's own Game Settings window, which the sandbox cannot draw (run as a GM).
      it("finds the GM tour's elements in Foundry's windows, visible, and closes the windows it opened", async () => {
        const stage = new TourStageHost();
        const opened: string[] = [];
        try {
          for (const step of TOURS["table-tools"].steps) {
            if (step.stage.kind !== "settings" && step.stage.kind !== "gm-dialog") continue;
            const placed = await stage.enter(step);
            const element = placed.selector ? document.querySelector(placed.selector) : null;
            assert.ok(element && element.getClientRects().length > 0, `${step.id}: ${String(placed.selector)}`);
            const app = element?.closest(".application");
            if (app?.id) opened.push(app.id);
          }
        } finally {
          await stage.leave();
        }
        for (const id of opened) assert.isNull(document.getElementById(id), `${id} is closed`);
      });
    });
  },
};
