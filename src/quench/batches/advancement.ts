/**
 * A compendium Advancement dropped on a sheet (R-XP-2): its XP checked and spent, its compendium link kept
 * (`_stats.compendiumSource`).
 */
import type { CharacterData } from "../../data/actor/character.ts";
import { kit, Made, sheetOf, type TerranBatch } from "../support.ts";
import { settle } from "./sheets.ts";

/** In packs/_source/core-advancements. */
const coreAdvancement = (id: string): `Compendium.${string}.core-advancements.Item.${string}` =>
  `Compendium.${kit().SYSTEM_ID}.core-advancements.Item.${id}`;

/** As the browser delivers one: core's Item drag data `{ type, uuid }`. */
function drop(target: HTMLElement, uuid: string): void {
  const view = target.ownerDocument.defaultView ?? window;
  const data = new view.DataTransfer();
  data.setData("text/plain", JSON.stringify({ type: "Item", uuid }));
  target.dispatchEvent(new view.DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }));
}

export const advancementBatch: TerranBatch = {
  key: "terran-engine.advancement",
  displayName: "Terran Engine: buying an Advancement from the compendium",
  register({ describe, it, after, assert }) {
    // Two that ask nothing when bought.
    const [BODYGUARD, MARATHON] = [coreAdvancement("VsHnLDDENnVkpyjN"), coreAdvancement("OYsl8rFEVEz4zgKb")];
    const made = new Made();
    after(() => made.cleanUp());

    describe("a compendium Advancement dropped on the character sheet", () => {
      it("is bought for its XP and keeps its compendium link (R-XP-2)", async () => {
        const entry = await fromUuid(BODYGUARD);
        assert.isNotNull(entry, "the Core advancements compendium holds Bodyguard");
        const actor = made.keep(await Actor.create({ name: "Quench buyer", type: "character", system: { xp: 40 } }));
        const sheet = sheetOf(actor);
        await sheet.render({ force: true });
        try {
          for (const uuid of [BODYGUARD, MARATHON]) {
            const system = actor.system as CharacterData;
            const xpBefore = system.xp;
            const cost = system.derived.nextAdvancementCost;
            const count = actor.items.size;
            drop(sheet.element, uuid);
            await settle(() => actor.items.size > count);
            assert.strictEqual(actor.items.size, count + 1, `${uuid} was added`);
            assert.strictEqual((actor.system as CharacterData).xp, xpBefore - cost, "the XP it cost was spent");
            const item = actor.items.find((i) => i._stats.compendiumSource === uuid);
            assert.isDefined(item, "the source link is kept");
          }
        } finally {
          await sheet.close();
        }
      });
    });
  },
};
