// @vitest-environment happy-dom
/**
 * Runs against FOUNDRY STAND-INS (tests/stubs/applications.ts, tests/stubs/foundry-client.ts). The
 * sheets' glue with Foundry itself, on both generations: core's tabs (the open tab survives re-renders
 * and a reopened sheet), no class action under a name core keeps, a v14 detached window (nodes of a
 * second realm: `instanceof HTMLElement` is false there), drops created the way core imports from a
 * compendium, one handling per drop though core and the sheet both listen, and what a player or a
 * Limited viewer is given.
 */
import "../stubs/foundry-client.ts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CORE_ACTIONS, secondRealmElement, toSecondRealm } from "../stubs/applications.ts";
import { GENERATIONS, resetWorld, world } from "../stubs/foundry-client.ts";
import { nextFaces } from "../stubs/foundry.ts";
import { CharacterSheet } from "../../src/applications/sheets/character/character-sheet.ts";
import { ChallengeSheet } from "../../src/applications/sheets/challenge/challenge-sheet.ts";
import { TerranItemSheet } from "../../src/applications/sheets/item/item-sheet.ts";
import { askNumber } from "../../src/applications/sheets/ask-number.ts";
import { askRest } from "../../src/applications/sheets/character/ask-rest.ts";
import type { ChallengeData } from "../../src/data/actor/challenge.ts";
import type { CharacterData } from "../../src/data/actor/character.ts";
import type { WeaponData } from "../../src/data/item/weapon.ts";
import {
  advancementItem,
  challenge,
  change,
  click,
  drop,
  find,
  hero,
  item,
  itemsOf,
  open,
  settle,
  stub,
  sys,
  weaponItem,
  type Json,
  type Sheet,
} from "./sheet-harness.ts";
import { weaponSource } from "../fixtures/sheets.ts";

/** What the glue tests need of a stand-in sheet beyond the harness's Sheet. */
interface StubSheet extends Sheet {
  readonly tabGroups: Record<string, string | null>;
  readonly coreActions: string[];
  close(): Promise<unknown>;
  detach(): void;
}
const asStub = (sheet: Sheet): StubSheet => sheet as StubSheet;

const activeTab = (sheet: Sheet): string[] =>
  [...sheet.element.querySelectorAll<HTMLElement>("section.tab.active")].map((s) => s.dataset.tab ?? "");
const activeNav = (sheet: Sheet): string[] =>
  [...sheet.element.querySelectorAll<HTMLElement>('[data-action="tab"].active')].map((a) => a.dataset.tab ?? "");

describe.each(GENERATIONS)("Foundry v%i", (generation) => {
  beforeEach(() => {
    resetWorld(generation);
    nextFaces.length = 0;
  });

  describe("[Foundry stand-ins] the character sheet's tabs are core's", () => {
    it("(stand-ins): no sheet names an action core keeps for itself (tab, close, toggleControls)", () => {
      for (const cls of [CharacterSheet, ChallengeSheet, TerranItemSheet]) {
        const actions = Object.keys((cls.DEFAULT_OPTIONS as { actions?: object }).actions ?? {});
        expect(actions.filter((a) => (CORE_ACTIONS as readonly string[]).includes(a))).toEqual([]);
      }
    });

    it("(stand-ins): the tab clicked stays open through a re-render and an item row expanded", async () => {
      const mira = hero();
      const spear = weaponItem({}, stub(mira));
      const sheet = await open(CharacterSheet, mira);
      expect(activeTab(sheet)).toEqual(["main"]);
      await click(sheet, '[data-action="tab"][data-tab="items"]');
      expect(asStub(sheet).coreActions).toEqual(["tab"]);
      expect(activeTab(sheet)).toEqual(["items"]);
      // Screen readers hear the same: the nav's aria-selected follows at once, not only after a render.
      expect(find(sheet, '[data-action="tab"][data-tab="items"]').getAttribute("aria-selected")).toBe("true");
      expect(find(sheet, '[data-action="tab"][data-tab="main"]').getAttribute("aria-selected")).toBe("false");
      await sheet.render(); // a field change or any update of the actor re-renders
      expect(activeTab(sheet)).toEqual(["items"]);
      expect(activeNav(sheet)).toEqual(["items"]);
      await click(sheet, `li[data-item-id="${spear.id}"] [data-action="toggleExpand"]`);
      expect(activeTab(sheet)).toEqual(["items"]);
      // Back to Main and re-rendered: Main.
      await click(sheet, '[data-action="tab"][data-tab="main"]');
      await sheet.render();
      expect(activeTab(sheet)).toEqual(["main"]);
    });

    it("(stand-ins): a sheet of 40 items draws compact rows, enriches only an opened row's text, and an opened row's controls work", async () => {
      const mira = hero();
      const spears = Array.from({ length: 40 }, (_, i) =>
        weaponItem({ description: `<p>Spear ${i}</p>` }, stub(mira), `Spear ${i}`, i * 10),
      );
      const editor = foundry.applications.ux.TextEditor.implementation;
      const enrich = vi.spyOn(editor, "enrichHTML");
      const sheet = await open(CharacterSheet, mira);
      await click(sheet, '[data-action="tab"][data-tab="items"]');
      // The biography and the notes only: no row is opened.
      const texts = () => enrich.mock.calls.map((c) => String(c[0])).filter((t) => t.startsWith("<p>Spear"));
      expect(texts()).toEqual([]);
      const row = (i: number) => `li[data-item-id="${spears[i]?.id ?? ""}"]`;
      expect(sheet.element.querySelector(`${row(7)} [data-action="deleteItem"]`)).toBeNull();
      await click(sheet, `${row(7)} [data-action="toggleExpand"]`);
      expect(texts()).toEqual(["<p>Spear 7</p>"]);
      expect(find(sheet, `${row(7)} .te-item-text`).textContent).toContain("Spear 7");
      world.dialogAnswers.push(true);
      await click(sheet, `${row(7)} [data-action="deleteItem"]`);
      expect(itemsOf(mira, "weapon").map((i) => i.name)).not.toContain("Spear 7");
      enrich.mockRestore();
    });

    it("(stand-ins): a sheet closed on the Biography tab reopens on it (the instance keeps core's tabGroups)", async () => {
      const sheet = asStub(await open(CharacterSheet, hero()));
      await click(sheet, '[data-action="tab"][data-tab="biography"]');
      await sheet.close();
      await sheet.render();
      expect(sheet.tabGroups.primary).toBe("biography");
      expect(activeTab(sheet)).toEqual(["biography"]);
    });
  });

  describe("[Foundry stand-ins] a sheet popped out into its own window (v14 detached window)", () => {
    /** Opens the sheet, and on v14 detaches it and renders it again there (nodes of the second realm). */
    async function openDetached(
      cls: typeof CharacterSheet | typeof ChallengeSheet | typeof TerranItemSheet,
      doc: unknown,
    ): Promise<Sheet> {
      const sheet = asStub(await open(cls, doc));
      if (generation >= 14) {
        sheet.detach();
        await sheet.render();
        // The premise: in the detached window the main realm's classes do not recognise the nodes.
        expect(sheet.element.querySelector("input, button") instanceof HTMLElement).toBe(false);
      } else {
        expect(() => sheet.detach()).toThrow();
      }
      return sheet;
    }

    it("R-CHAR-1 (stand-ins): the character sheet's clicks, typed archetype, reordering drop and roll drag still work", async () => {
      const mira = hero();
      const a = weaponItem({}, stub(mira), "Axe", 100);
      const b = weaponItem({}, stub(mira), "Bow", 200);
      const sheet = await openDetached(CharacterSheet, mira);
      await click(sheet, '[data-action="setRating"][data-attribute="reason"][data-value="1"]');
      expect(sys(mira).attributes.reason).toBe(1);
      await change(sheet, 'input[data-change="archetypeText"]', "Smuggler");
      expect((mira.system as CharacterData).archetype).toBe("Smuggler");
      await drop(sheet, b, find(sheet, `li[data-item-id="${a.id}"]`));
      expect([...itemsOf(mira, "weapon")].sort((x, y) => x.sort - y.sort).map((i) => i.name)).toEqual(["Bow", "Axe"]);

      const button = find(sheet, '.te-drag-roll[data-drag-roll="reason"]');
      const set: string[] = [];
      const start = new (button.ownerDocument.defaultView as unknown as typeof globalThis).Event("dragstart", {
        bubbles: true,
      });
      Object.defineProperty(start, "dataTransfer", { value: { setData: (_t: string, d: string) => set.push(d) } });
      button.dispatchEvent(start);
      await settle();
      expect(set.map((d) => (JSON.parse(d) as Json).what)).toEqual(["reason"]);
    });

    it("R-EQ-2 (stand-ins): the item sheet's typed custom tags are saved", async () => {
      const spear = weaponItem({ customTags: [] });
      const sheet = await openDetached(TerranItemSheet, spear);
      await change(sheet, 'input[data-change="customTags"]', "Barbed, Heavy");
      expect((spear.system as WeaponData).customTags).toEqual(["Barbed", "Heavy"]);
    });

    it("R-CH-1 (stand-ins): the Challenge sheet's tier select applies the preset", async () => {
      const wolf = challenge({ tier: "dangerous" });
      const sheet = await openDetached(ChallengeSheet, wolf);
      await change(sheet, 'tr[data-facet=""] select[data-change="tier"]', "serious");
      expect((wolf.system as ChallengeData).tier).toBe("serious");
    });
  });

  describe("[Foundry stand-ins] the number prompt reads its answer without instanceof", () => {
    const dialogV2 = (foundry.applications.api as unknown as { DialogV2: { prompt: (o: Json) => Promise<unknown> } })
      .DialogV2;
    const scripted = dialogV2.prompt;
    afterEach(() => {
      dialogV2.prompt = scripted;
    });

    it("R-CH-1 (stand-ins): the typed n comes back from a form made in another window", async () => {
      // The prompt's ok callback gets the button of a form made in a second realm (a detached window on v14).
      dialogV2.prompt = (options: Json) => {
        const form = secondRealmElement("form");
        form.innerHTML = '<input type="number" name="n" value="7"><button type="submit">OK</button>';
        toSecondRealm(form);
        const button = form.querySelector("button");
        expect(button instanceof HTMLElement).toBe(false); // the premise: another realm's nodes
        const ok = options.ok as { callback: (event: unknown, button: unknown) => unknown };
        return Promise.resolve(ok.callback(new Event("submit"), button));
      };
      expect(await askNumber("T", "P", { min: 4, max: 100, value: 4 })).toBe(7);
    });

    it("R-GRIT-2 (stand-ins): the Rest prompt's two ticks come back from a form made in another window", async () => {
      dialogV2.prompt = (options: Json) => {
        const form = secondRealmElement("form");
        form.innerHTML = String(options.content) + '<button type="submit">OK</button>';
        const food = form.querySelector<HTMLInputElement>('input[name="poorFood"]');
        if (food) food.checked = true;
        toSecondRealm(form);
        const button = form.querySelector("button");
        expect(button instanceof HTMLElement).toBe(false);
        const ok = options.ok as { callback: (event: unknown, button: unknown) => unknown };
        return Promise.resolve(ok.callback(new Event("submit"), button));
      };
      expect(await askRest()).toEqual({ poorNight: false, poorFood: true });
    });
  });

  describe("[Foundry stand-ins] drops are created the way core imports from a compendium", () => {
    const PACK = "terran-engine.items";
    const stored = {
      folder: "folder0000000001",
      ownership: { default: 0, player2: 3 },
      flags: { "some-module": { note: "kept" } },
      _stats: { createdTime: 1 },
    };

    it("R-EQ-1 (stand-ins): a compendium weapon loses folder, ownership and sort, keeps its flags and its source link", async () => {
      const mira = hero();
      const sheet = await open(CharacterSheet, mira);
      const spear = item("weapon", "Spear", weaponSource({ equipped: true }), null, 700, { pack: PACK, ...stored });
      await drop(sheet, spear);
      const copies = itemsOf(mira, "weapon");
      expect(copies).toHaveLength(1);
      const data = copies[0]?.toObject() ?? {};
      expect(data).not.toHaveProperty("folder");
      expect(data).not.toHaveProperty("ownership");
      expect(data.sort).toBe(0);
      expect(data.flags).toEqual(stored.flags);
      expect((data._stats as Json).compendiumSource).toBe(spear.uuid);
      expect((copies[0]?.system as WeaponData).equipped).toBe(false);
    });

    it("R-XP-2 (stand-ins): a compendium Advancement keeps its flags and source link", async () => {
      const mira = hero({ xp: 0 });
      const sheet = await open(CharacterSheet, mira);
      world.dialogAnswers.push(false); // no Grit roll
      const adv = advancementItem("dangerSense", null, {}, { pack: PACK, img: "icons/adv.webp", ...stored });
      await drop(sheet, adv);
      const taken = itemsOf(mira, "advancement");
      expect(taken).toHaveLength(1);
      const data = taken[0]?.toObject() ?? {};
      expect(data.flags).toEqual(stored.flags);
      expect((data._stats as Json).compendiumSource).toBe(adv.uuid);
      expect(data.img).toBe("icons/adv.webp");
      expect(data).not.toHaveProperty("ownership");
    });

    it("(stand-ins): one drop is handled once, though core's drag and drop and the sheet's own both listen", async () => {
      const mira = hero();
      const sheet = await open(CharacterSheet, mira);
      await drop(sheet, weaponItem());
      expect(itemsOf(mira, "weapon")).toHaveLength(1);
      // The item sheet takes no drops of its own, on either generation.
      const spear = weaponItem();
      const itemSheet = await open(TerranItemSheet, spear);
      await drop(itemSheet, weaponItem());
      expect(stub(mira).items).toHaveLength(1);
      expect(spear.updates).toEqual([]);
    });
  });

  describe("[Foundry stand-ins] what a player and a Limited viewer are given", () => {
    it("(stand-ins): a player who owns a Challenge gets no GM notes in the page at all", async () => {
      const wolf = challenge({ notes: "<p>SECRET-GM-NOTE</p>" });
      const sheet = await open(ChallengeSheet, wolf);
      expect(sheet.element.innerHTML).not.toContain("SECRET-GM-NOTE");
      expect(sheet.element.querySelector('[name="system.notes"]')).toBeNull();
    });

    it("(stand-ins): a Limited viewer of an item gets its name, image and description, no mechanics and no actions", async () => {
      const spear = weaponItem({ description: "<p>Long and sharp.</p>", customTags: ["HIDDEN-TAG"] });
      Object.defineProperty(spear, "limited", { value: true });
      Object.defineProperty(spear, "isOwner", { value: false });
      const sheet = await open(TerranItemSheet, spear);
      expect(sheet.element.textContent).toContain("Spear");
      expect(sheet.element.textContent).toContain("Long and sharp.");
      expect(sheet.element.innerHTML).not.toContain("HIDDEN-TAG");
      expect(sheet.element.querySelector("[data-action], input, select, textarea")).toBeNull();
    });
  });
});
