/**
 * Each sheet opens, renders and closes; a tab survives a re-render; on v14 a detached window renders and takes
 * input.
 */
import type { CharacterData } from "../../data/actor/character.ts";
import { anotherValue, kit, Made, sheetOf, type TerranBatch } from "../support.ts";

/** A form submission and its update are asynchronous. */
export async function settle(done: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!done() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** ApplicationV2 tab markup: data-group/data-tab. */
function activeSection(root: HTMLElement, group: string): string | null {
  const active = root.querySelector<HTMLElement>(
    `section[data-group="${group}"][data-tab].active, .tab[data-group="${group}"][data-tab].active`,
  );
  return active?.dataset.tab ?? null;
}

export const sheetsBatch: TerranBatch = {
  key: "terran-engine.sheets",
  displayName: "Terran Engine: sheets, tabs and windows",
  register({ describe, it, after, assert }) {
    const { CHARACTER_TABS, foundryGeneration } = kit();
    const made = new Made();
    after(() => made.cleanUp());

    describe("every sheet opens, renders and closes", () => {
      for (const type of ["character", "challenge"] as const) {
        it(`the ${type} sheet`, async () => {
          const actor = made.keep(await Actor.create({ name: `Quench ${type} sheet`, type }));
          const sheet = sheetOf(actor);
          await sheet.render({ force: true });
          assert.isTrue(sheet.rendered);
          assert.ok(sheet.element.querySelector("form, .window-content"), "the sheet has content");
          await sheet.render();
          assert.isTrue(sheet.rendered);
          await sheet.close();
          assert.isFalse(sheet.rendered);
        });
      }
      for (const type of ["weapon", "armour", "advancement", "condition"] as const) {
        it(`the ${type} item sheet`, async () => {
          const item = made.keep(await Item.create({ name: `Quench ${type} sheet`, type }));
          const sheet = sheetOf(item);
          await sheet.render({ force: true });
          assert.isTrue(sheet.rendered);
          await sheet.close();
        });
      }
    });

    describe("tabs", () => {
      it("the character sheet keeps the open tab through a re-render and a data change", async () => {
        const actor = made.keep(await Actor.create({ name: "Quench tabs", type: "character" }));
        const sheet = sheetOf(actor);
        await sheet.render({ force: true });
        try {
          const last = CHARACTER_TABS[CHARACTER_TABS.length - 1] ?? "main";
          sheet.changeTab(last, "primary");
          assert.strictEqual(sheet.tabGroups.primary, last);
          await sheet.render();
          assert.strictEqual(sheet.tabGroups.primary, last);
          assert.strictEqual(activeSection(sheet.element, "primary"), last);
          await actor.update({ system: { notes: "<p>changed</p>" } });
          await settle(() => sheet.rendered);
          assert.strictEqual(activeSection(sheet.element, "primary"), last);
        } finally {
          await sheet.close();
        }
      });
    });

    describe("a detached sheet window (v14)", () => {
      it("renders and takes input after detaching", async function () {
        // No detached windows before v14 (foundryvtt#13128).
        if (foundryGeneration() < 14) this.skip();
        const actor = made.keep(
          await Actor.create({ name: "Quench detached", type: "character", system: { grit: { value: 1, max: 3 } } }),
        );
        const sheet = sheetOf(actor);
        await sheet.render({ force: true });
        try {
          // Not in fvtt-types 13.345 and not documented for code: pending where missing, claiming nothing.
          const detach: unknown = Reflect.get(sheet, "detach");
          if (typeof detach !== "function") this.skip();
          await Promise.resolve(Reflect.apply(detach as () => unknown, sheet, []));
          await settle(() => sheet.element.ownerDocument !== document);
          assert.notEqual(sheet.element.ownerDocument, document, "the sheet lives in its own window");
          await sheet.render();
          const input = sheet.element.querySelector<HTMLInputElement>('input[name="system.grit.max"]');
          if (!input) return assert.fail("the Grit max input is on the detached sheet");
          const wanted = anotherValue(input);
          input.value = String(wanted);
          input.dispatchEvent(new (input.ownerDocument.defaultView?.Event ?? Event)("change", { bubbles: true }));
          await settle(() => (actor.system as CharacterData).grit.max === wanted);
          assert.strictEqual((actor.system as CharacterData).grit.max, wanted);
        } finally {
          await sheet.close();
        }
      });
    });
  },
};
