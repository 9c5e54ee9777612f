// @vitest-environment happy-dom
/**
 * Runs against FOUNDRY STAND-INS (tests/stubs/foundry-client.ts and ./applications.ts: ActorSheetV2 /
 * ItemSheetV2 stand-ins that render the sheet's configured PARTS with the real templates, keep core's
 * own actions (tab, close, toggleControls) away from the class, and bind core's drag and drop where
 * the generation has it; scripted DialogV2 answers; stand-in Actor and Item documents whose updates
 * merge into their source). It checks OUR sheet glue on both generations: a click or a drop reaches
 * the right operation, and the stored data, the cards posted and the warnings are what the rules say.
 * Foundry's own form submission, permissions and rendering are not exercised.
 */
import "../stubs/foundry-client.ts";
import { beforeEach, describe, expect, it } from "vitest";
import { GENERATIONS, makeGm, resetWorld, world } from "../stubs/foundry-client.ts";
import { nextFaces } from "../stubs/foundry.ts";
import { translation } from "../support/templates.ts";
import { RollDialog } from "../../src/applications/dialogs/roll-dialog.ts";
import { CharacterSheet } from "../../src/applications/sheets/character/character-sheet.ts";
import type { AdvancementData } from "../../src/data/item/advancement.ts";
import type { WeaponData } from "../../src/data/item/weapon.ts";
import {
  advancementItem,
  click,
  conditionItem,
  drop,
  find,
  hero,
  itemsOf,
  open,
  posted,
  settle,
  stub,
  sys,
  weaponItem,
} from "./sheet-harness.ts";

describe.each(GENERATIONS)("Foundry v%i", (generation) => {
  beforeEach(() => {
    resetWorld(generation);
    nextFaces.length = 0;
  });

  // ---------------------------------------------------------------------------------------------
  // Character sheet

  describe("[Foundry stand-ins] the character sheet's ratings and rolls", () => {
    it("R-CHAR-1 (stand-ins): clicking a rating circle sets the attribute; clicking the filled top circle clears it", async () => {
      const mira = hero();
      const sheet = await open(CharacterSheet, mira);
      await click(sheet, '[data-action="setRating"][data-attribute="finesse"][data-value="2"]');
      expect(sys(mira).attributes.finesse).toBe(2);
      await sheet.render();
      // The second circle is now the top filled one: it sets 1.
      await click(sheet, '.te-attr[data-attribute="finesse"] .te-tip:nth-child(2) [data-action="setRating"]');
      expect(sys(mira).attributes.finesse).toBe(1);
      expect(world.warnings).toEqual([]);
    });

    it("R-CHAR-5 (stand-ins): a circle past the total of 10 is disabled, and a stale click on it changes nothing and warns", async () => {
      const mira = hero({ attributes: { intuition: 4, reason: 3, finesse: 3 } });
      const sheet = await open(CharacterSheet, mira);
      const circle = find(sheet, '[data-action="setRating"][data-attribute="exertion"][data-value="1"]');
      // Closed, its reason in the keyboard's reach (src/applications/a11y/disabled.ts).
      expect(circle.getAttribute("aria-disabled")).toBe("true");
      circle.removeAttribute("aria-disabled"); // as a sheet rendered before the last change would offer it
      circle.click();
      await settle();
      expect(sys(mira).attributes.exertion).toBe(0);
      expect(stub(mira).updates).toEqual([]);
      expect(world.warnings).toEqual(["TERRAN.Error.attribute-cap"]); // the actor's operation refuses it (R-CHAR-5)
      // Lowering one stays allowed at the cap.
      await click(sheet, '[data-action="setRating"][data-attribute="finesse"][data-value="2"]');
      expect(sys(mira).attributes.finesse).toBe(2);
    });

    it("R-POOL-1 (stand-ins): an attribute's roll button opens the roll dialog for it, and its Roll posts that attribute's card", async () => {
      const mira = hero({ attributes: { reason: 2 } });
      const sheet = await open(CharacterSheet, mira);
      await click(sheet, '[data-action="roll"][data-roll="reason"]');
      const dialog = world.opened.at(-1);
      expect(dialog).toBeInstanceOf(RollDialog);
      nextFaces.push(4, 2);
      dialog?.element.querySelector<HTMLElement>('[data-action="roll"]')?.click();
      await settle();
      const stored = posted();
      expect(stored.kind === "risky" && stored.state.target).toEqual({ kind: "attribute", attribute: "reason" });
    });

    it("R-CHAR-3 (stand-ins): a Save's roll button opens the dialog for that Save", async () => {
      const mira = hero({ attributes: { finesse: 1, exertion: 1 } });
      const sheet = await open(CharacterSheet, mira);
      await click(sheet, '[data-action="roll"][data-roll="save:prowess"]');
      const dialog = world.opened.at(-1);
      expect(dialog).toBeInstanceOf(RollDialog);
      nextFaces.push(5, 5);
      dialog?.element.querySelector<HTMLElement>('[data-action="roll"]')?.click();
      await settle();
      const stored = posted();
      expect(stored.kind === "risky" && stored.state.target).toEqual({ kind: "save", group: "prowess" });
    });

    it("R-EQ-1 (stand-ins): a weapon's roll button opens the dialog with the weapon (a contact weapon rolls Exertion)", async () => {
      const mira = hero({ attributes: { exertion: 2 } });
      const spear = weaponItem({ ranges: ["contact"] }, stub(mira));
      const sheet = await open(CharacterSheet, mira);
      await click(sheet, `[data-action="roll"][data-roll="${spear.id}"]`);
      const dialog = world.opened.at(-1);
      expect(dialog).toBeInstanceOf(RollDialog);
      nextFaces.push(3, 3);
      dialog?.element.querySelector<HTMLElement>('[data-action="roll"]')?.click();
      await settle();
      const stored = posted();
      if (stored.kind !== "risky") throw new Error("not a risky card");
      expect(stored.state.target).toEqual({ kind: "attribute", attribute: "exertion" });
      expect(stored.state.weapon?.name).toBe("Spear");
    });
  });

  describe("[Foundry stand-ins] the character sheet's tracks", () => {
    it("play and edit modes (stand-ins): the owner's toggle hides the maxima's inputs and closes the ratings, and brings them back", async () => {
      const mira = hero({ attributes: { finesse: 2 }, grit: { value: 1, max: 3, dice: 1 } });
      advancementItem("sleek", stub(mira)); // past creation: its ratings are set
      const sheet = await open(CharacterSheet, mira);
      expect(sheet.element.querySelector('input[name="system.grit.max"]')).not.toBeNull();
      await click(sheet, '[data-action="toggleMode"]');
      expect(sheet.element.querySelector('input[name="system.grit.max"]')).toBeNull();
      // The toggle's label names the mode the sheet is now in (review 3 N6).
      expect(find(sheet, '[data-action="toggleMode"]').textContent?.trim()).toBe("Play mode");
      expect(find(sheet, '[data-action="setRating"][data-attribute="finesse"]').getAttribute("aria-disabled")).toBe(
        "true",
      );
      // A press on a closed circle changes nothing (src/applications/a11y/disabled.ts).
      await click(sheet, '[data-action="setRating"][data-attribute="finesse"][data-index="1"]');
      expect(sys(mira).attributes.finesse).toBe(2);
      await click(sheet, '[data-action="toggleMode"]');
      expect(sheet.element.querySelector('input[name="system.grit.max"]')).not.toBeNull();
    });

    it("R-GRIT-2 (stand-ins): Rest asks about the night and the food, rolls, sets Grit to the roll and posts the card; closing the question does nothing", async () => {
      const mira = hero({ grit: { value: 1, max: 3, dice: 1 } });
      const sheet = await open(CharacterSheet, mira);
      await click(sheet, '[data-action="rest"]');
      expect(world.created).toEqual([]);
      expect(sys(mira).grit.value).toBe(1);
      const asked = String(world.dialogs.at(-1)?.content);
      expect(asked).toContain('name="poorNight"');
      expect(asked).toContain('name="poorFood"');

      world.dialogAnswers.push({ poorNight: false, poorFood: false });
      nextFaces.push(5);
      await click(sheet, '[data-action="rest"]');
      expect(sys(mira).grit).toMatchObject({ value: 5, max: 5 });
      expect(posted()).toMatchObject({ kind: "result" });
    });

    it("R-GRIT-2 (stand-ins, ruling): with Asceticism poor food throws every die, a poor night still one fewer", async () => {
      const mira = hero({ grit: { value: 1, max: 3, dice: 2 } });
      advancementItem("asceticism", stub(mira));
      const sheet = await open(CharacterSheet, mira);
      world.dialogAnswers.push({ poorNight: false, poorFood: true });
      nextFaces.push(2, 4);
      await click(sheet, '[data-action="rest"]');
      expect(sys(mira).grit).toMatchObject({ value: 4, max: 4 });
      const fed = posted();
      expect(fed.kind === "result" && fed.state.noteKey).toBe("TERRAN.Card.Grit.asceticism");

      world.dialogAnswers.push({ poorNight: true, poorFood: true });
      nextFaces.push(3);
      await click(sheet, '[data-action="rest"]');
      expect(sys(mira).grit).toMatchObject({ value: 3, max: 3 });
      const tired = posted();
      expect(tired.kind === "result" && tired.state.noteKey).toBe("TERRAN.Card.Grit.poorRest");
    });

    it("R-HARM-5 (stand-ins, ruling): a Mortally Wounded character's sheet shows the banner: no Light Dice, harm kills, death within minutes without care", async () => {
      const mira = hero({ wounds: ["stressed", "broken", "weary"] });
      const sheet = await open(CharacterSheet, mira);
      const banner = sheet.element.querySelector(".te-banner-mortal");
      expect(banner?.getAttribute("role")).toBe("status");
      expect(banner?.textContent).toMatch(/Mortally Wounded/);
      expect(banner?.textContent).toMatch(/within minutes/);
    });

    it("R-EGO-4 (stand-ins): Reset Ego rolls the Ego dice, stores the new Ego and posts the card", async () => {
      const mira = hero({ ego: { value: 1, max: 4, dice: 1 } });
      const sheet = await open(CharacterSheet, mira);
      nextFaces.push(3);
      await click(sheet, '[data-action="resetEgo"]');
      expect(sys(mira).ego.value).not.toBe(1);
      expect(sys(mira).ego.value).toBe(sys(mira).ego.max);
      expect(world.created).toHaveLength(1);
      expect(posted()).toMatchObject({ kind: "result" });
    });

    it("R-SAY-1 (stand-ins): Sayonara is confirmed first, then re-rolls Grit and Ego, marks the last scene and posts the card", async () => {
      const mira = hero({ grit: { value: 1, max: 3, dice: 1 }, ego: { value: 2, max: 4, dice: 1 } });
      const sheet = await open(CharacterSheet, mira);
      world.dialogAnswers.push(false);
      await click(sheet, '[data-action="sayonara"]');
      expect(sys(mira).sayonara).toBe(false);
      expect(world.created).toEqual([]);

      world.dialogAnswers.push(true);
      nextFaces.push(4, 6);
      await click(sheet, '[data-action="sayonara"]');
      expect(sys(mira).sayonara).toBe(true);
      expect(world.created).toHaveLength(1);
    });
  });

  describe("[Foundry stand-ins] the character sheet's creation helper", () => {
    it("R-CHAR-4 R-CHAR-7 R-GRIT-1 R-EGO-1 (stand-ins): roll the group dice, place the points, roll Grit and Ego, take the free advancement", async () => {
      const mira = hero({ grit: { value: 0, max: 0, dice: 1 }, ego: { value: 0, max: 0, dice: 1 } });
      const sheet = await open(CharacterSheet, mira);

      nextFaces.push(2, 5, 6); // 1, 2 and 3 points
      await click(sheet, '[data-action="rollRatings"]');
      expect(mira.creationRoll).toEqual({ insight: 2, prowess: 5, resolve: 6 });
      expect(posted()).toMatchObject({ state: { titleKey: "TERRAN.Card.Creation.title" } });

      await sheet.render(); // Foundry re-renders on the actor's update; the stand-in does not
      await click(sheet, '[data-action="chooseSplit"][data-group="insight"][data-first="0"][data-second="1"]');
      await click(sheet, '[data-action="chooseSplit"][data-group="prowess"][data-first="2"][data-second="0"]');
      await click(sheet, '[data-action="chooseSplit"][data-group="resolve"][data-first="1"][data-second="2"]');
      expect(
        find(sheet, '[data-action="chooseSplit"][data-group="prowess"][data-first="2"]').getAttribute("aria-pressed"),
      ).toBe("true");
      await click(sheet, '[data-action="applyRatings"]');
      expect(sys(mira).attributes).toEqual({
        intuition: 0,
        reason: 1,
        finesse: 2,
        exertion: 0,
        attunement: 1,
        influence: 2,
      });

      nextFaces.push(4);
      await click(sheet, '[data-action="rollStartingGrit"]');
      expect(sys(mira).grit).toMatchObject({ value: 4, max: 4 });
      nextFaces.push(3);
      await click(sheet, '[data-action="rollStartingEgo"]');
      expect(sys(mira).ego).toMatchObject({ value: 3, max: 3 });

      await sheet.render();
      world.dialogAnswers.push(false); // no Grit roll after it
      await click(sheet, '[data-action="takeAdvancement"][data-key="dangerSense"]');
      const taken = itemsOf(mira, "advancement");
      expect(taken.map((i) => i.name)).toEqual(["TERRAN.Adv.dangerSense"]);
      expect((taken[0]?.system as AdvancementData).key).toBe("dangerSense");
      expect(sys(mira).xp).toBe(0); // the first is free
      expect(world.warnings).toEqual([]);
    });

    it("R-CHAR-4 (stand-ins): placing points before a split is chosen for every group is refused with a warning", async () => {
      const mira = hero();
      const sheet = await open(CharacterSheet, mira);
      nextFaces.push(2, 5, 6);
      await click(sheet, '[data-action="rollRatings"]');
      await sheet.render();
      const apply = find(sheet, '[data-action="applyRatings"]');
      expect(apply.getAttribute("aria-disabled")).toBe("true");
      apply.removeAttribute("aria-disabled");
      apply.click();
      await settle();
      expect(sys(mira).attributes).toMatchObject({
        intuition: 0,
        reason: 0,
        finesse: 0,
        exertion: 0,
        attunement: 0,
        influence: 0,
      });
      expect(world.warnings).toHaveLength(1);
    });
  });

  describe("[Foundry stand-ins] the character sheet's items", () => {
    it("R-EQ-1 (stand-ins): the equip toggle flips a weapon's equipped state", async () => {
      const mira = hero();
      const spear = weaponItem({ equipped: false }, stub(mira));
      const sheet = await open(CharacterSheet, mira);
      await click(sheet, `li[data-item-id="${spear.id}"] [data-action="toggleEquipped"]`);
      expect((spear.system as WeaponData).equipped).toBe(true);
      await sheet.render();
      await click(sheet, `li[data-item-id="${spear.id}"] [data-action="toggleEquipped"]`);
      expect((spear.system as WeaponData).equipped).toBe(false);
    });

    it("(stand-ins): delete asks first; declined keeps the item, confirmed removes it", async () => {
      const mira = hero();
      const spear = weaponItem({}, stub(mira));
      const sheet = await open(CharacterSheet, mira);
      world.dialogAnswers.push(false);
      await click(sheet, `li[data-item-id="${spear.id}"] [data-action="deleteItem"]`);
      expect(itemsOf(mira, "weapon")).toHaveLength(1);
      world.dialogAnswers.push(true);
      await click(sheet, `li[data-item-id="${spear.id}"] [data-action="deleteItem"]`);
      expect(itemsOf(mira, "weapon")).toEqual([]);
      expect(spear.deleted).toBe(true);
    });

    it("(stand-ins): the delete question's window title names the item as written, `$&` and all", async () => {
      // English in place of the stand-in's keys, for the one title the test reads.
      const text = (key: string) => (key === "TERRAN.Sheet.Items.deleteTitle" ? translation("en", key) : key);
      const english = (key: string, data?: Record<string, string>) =>
        text(key).replace(/\{(\w+)\}/g, (_, k: string) => data?.[k] ?? `{${k}}`);
      const i18n = game.i18n as unknown as { localize: (key: string) => string; format: typeof english };
      const restore = { localize: i18n.localize, format: i18n.format };
      Object.assign(i18n, { localize: text, format: english });
      try {
        const mira = hero();
        const spear = weaponItem({}, stub(mira), "Spear $& $' <b>");
        const sheet = await open(CharacterSheet, mira);
        world.dialogAnswers.push(false);
        await click(sheet, `li[data-item-id="${spear.id}"] [data-action="deleteItem"]`);
        expect((world.dialogs.at(-1)?.window as { title?: string } | undefined)?.title).toBe("Delete Spear $& $' <b>?");
      } finally {
        Object.assign(i18n, restore);
      }
    });

    it("(stand-ins): move down and move up reorder a type's items", async () => {
      const mira = hero();
      const a = weaponItem({}, stub(mira), "Axe", 100);
      const b = weaponItem({}, stub(mira), "Bow", 200);
      const c = weaponItem({}, stub(mira), "Club", 300);
      const sheet = await open(CharacterSheet, mira);
      const order = (): string[] => [...itemsOf(mira, "weapon")].sort((x, y) => x.sort - y.sort).map((i) => i.name);
      await click(sheet, `li[data-item-id="${a.id}"] [data-action="moveDown"]`);
      expect(order()).toEqual(["Bow", "Axe", "Club"]);
      await sheet.render();
      await click(sheet, `li[data-item-id="${c.id}"] [data-action="moveUp"]`);
      expect(order()).toEqual(["Bow", "Club", "Axe"]);
      expect(b.sort).toBe(100);
    });

    it("(stand-ins): dropping one of the actor's own items on another row moves it there", async () => {
      const mira = hero();
      const a = weaponItem({}, stub(mira), "Axe", 100);
      weaponItem({}, stub(mira), "Bow", 200);
      const c = weaponItem({}, stub(mira), "Club", 300);
      const sheet = await open(CharacterSheet, mira);
      await drop(sheet, c, find(sheet, `li[data-item-id="${a.id}"]`));
      expect([...itemsOf(mira, "weapon")].sort((x, y) => x.sort - y.sort).map((i) => i.name)).toEqual([
        "Club",
        "Axe",
        "Bow",
      ]);
      expect(itemsOf(mira, "weapon")).toHaveLength(3);
    });
  });

  describe("[Foundry stand-ins] dropping items on the character sheet", () => {
    it("R-XP-2 R-CHAR-7 (stand-ins): the first Advancement is free; the Grit roll is offered", async () => {
      const mira = hero({ xp: 0 });
      const sheet = await open(CharacterSheet, mira);
      world.dialogAnswers.push(false);
      await drop(sheet, advancementItem("dangerSense"));
      expect(itemsOf(mira, "advancement").map((i) => (i.system as AdvancementData).key)).toEqual(["dangerSense"]);
      expect(sys(mira).xp).toBe(0);
      expect(world.dialogs.map((d) => (d.window as { title: string }).title)).toEqual(["TERRAN.Advancement.gritTitle"]);
      expect(world.warnings).toEqual([]);
    });

    it("R-XP-2 (stand-ins): a player short of XP is refused with a warning and nothing is added", async () => {
      const mira = hero({ xp: 1 });
      advancementItem("", stub(mira));
      const sheet = await open(CharacterSheet, mira);
      await drop(sheet, advancementItem("dangerSense"));
      expect(itemsOf(mira, "advancement")).toHaveLength(1);
      expect(sys(mira).xp).toBe(1);
      expect(world.warnings).toEqual(["TERRAN.Error.not-enough-xp"]);
      expect(world.dialogs).toEqual([]);
    });

    it("R-XP-2 (stand-ins): a GM short of XP is asked to override; declined adds nothing, accepted adds it and spends what XP there is", async () => {
      world.user = makeGm();
      const mira = hero({ xp: 1 });
      advancementItem("", stub(mira));
      const sheet = await open(CharacterSheet, mira);
      world.dialogAnswers.push(false);
      await drop(sheet, advancementItem("dangerSense"));
      expect(itemsOf(mira, "advancement")).toHaveLength(1);
      expect(world.dialogs.map((d) => (d.window as { title: string }).title)).toEqual([
        "TERRAN.Sheet.Drop.overrideTitle",
      ]);

      world.dialogAnswers.push(true, false);
      await drop(sheet, advancementItem("dangerSense"));
      expect(itemsOf(mira, "advancement").map((i) => (i.system as AdvancementData).key)).toEqual(["", "dangerSense"]);
      expect(sys(mira).xp).toBe(0);
      expect(world.warnings).toEqual([]);
    });

    it("R-CHAR-5 (stand-ins): a dropped Developed asks which attribute and raises it", async () => {
      const mira = hero({ attributes: { reason: 1 } });
      const sheet = await open(CharacterSheet, mira);
      world.dialogAnswers.push("reason", false);
      await drop(sheet, advancementItem("developed"));
      expect(sys(mira).attributes.reason).toBe(2);
      expect((itemsOf(mira, "advancement")[0]?.system as AdvancementData).developed).toBe("reason");
    });

    it("R-XP-1 (stand-ins): a dropped Condition is added and brings +1 XP once out of creation", async () => {
      const mira = hero({ xp: 0 });
      advancementItem("", stub(mira));
      const sheet = await open(CharacterSheet, mira);
      await drop(sheet, conditionItem());
      expect(itemsOf(mira, "condition").map((i) => i.name)).toEqual(["Scarred"]);
      expect(sys(mira).xp).toBe(1);
    });

    it("R-EQ-1 (stand-ins): a dropped weapon arrives unequipped; the dropped original is untouched", async () => {
      const mira = hero();
      const sheet = await open(CharacterSheet, mira);
      const spear = weaponItem({ equipped: true });
      await drop(sheet, spear);
      const copies = itemsOf(mira, "weapon");
      expect(copies).toHaveLength(1);
      expect((copies[0]?.system as WeaponData).equipped).toBe(false);
      expect((spear.system as WeaponData).equipped).toBe(true);
    });

    it("(stand-ins): a viewer who may not edit drops nothing", async () => {
      const mira = hero();
      stub(mira).isOwner = false;
      const sheet = await open(CharacterSheet, mira);
      await drop(sheet, weaponItem());
      expect(itemsOf(mira, "weapon")).toEqual([]);
    });
  });

  describe("[Foundry stand-ins] the character sheet with limited permission", () => {
    it("(stand-ins): a limited viewer sees the header only (name and image)", async () => {
      const mira = hero({ attributes: { reason: 2 } });
      stub(mira).isOwner = false;
      stub(mira).limited = true;
      const sheet = await open(CharacterSheet, mira);
      expect(sheet.element.querySelector(".te-character-header .te-name")?.textContent).toBe("Mira");
      expect(sheet.element.querySelector(".te-tab-main, .te-tab-items, .te-tab-biography, [data-action]")).toBeNull();
    });
  });
});
