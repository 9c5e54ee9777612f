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
import { GENERATIONS, resetWorld, world, type ActorStub } from "../stubs/foundry-client.ts";
import { nextFaces } from "../stubs/foundry.ts";
import { ChallengeSheet } from "../../src/applications/sheets/challenge/challenge-sheet.ts";
import { TerranItemSheet } from "../../src/applications/sheets/item/item-sheet.ts";
import { tierPreset } from "../../src/applications/sheets/challenge/challenge-context.ts";
import type { ChallengeData } from "../../src/data/actor/challenge.ts";
import type { AdvancementData } from "../../src/data/item/advancement.ts";
import type { WeaponData } from "../../src/data/item/weapon.ts";
import type { ChallengeSource } from "../../src/data/source.ts";
import {
  advancementItem,
  challenge,
  change,
  click,
  open,
  posted,
  settle,
  weaponItem,
  type Sheet,
} from "./sheet-harness.ts";

describe.each(GENERATIONS)("Foundry v%i", (generation) => {
  beforeEach(() => {
    resetWorld(generation);
    nextFaces.length = 0;
  });

  // ---------------------------------------------------------------------------------------------
  // Challenge sheet

  describe("[Foundry stand-ins] the Challenge sheet", () => {
    const MAIN = 'tr[data-facet=""]';
    const sysOf = (actor: ActorStub): ChallengeSource => (actor.system as ChallengeData).toObject();

    it("R-CH-1 (stand-ins): choosing a tier fills Disposition and dice from the preset", async () => {
      const wolf = challenge({ tier: "dangerous", disposition: { value: 3, max: 10 }, dice: 1 });
      const sheet = await open(ChallengeSheet, wolf);
      await change(sheet, `${MAIN} select[data-change="tier"]`, "serious");
      const preset = tierPreset("core", "serious");
      expect(sysOf(wolf)).toMatchObject({
        tier: preset.tier,
        n: preset.n,
        disposition: preset.disposition,
        dice: preset.dice,
        halved: preset.halved,
      });
    });

    it("R-CH-1 (stand-ins): Exceptional asks for n and takes the answer; closing the prompt changes nothing", async () => {
      const wolf = challenge();
      const sheet = await open(ChallengeSheet, wolf);
      await change(sheet, `${MAIN} select[data-change="tier"]`, "exceptional");
      expect(world.dialogs).toHaveLength(1);
      expect(sysOf(wolf).tier).toBe("dangerous");

      world.dialogAnswers.push(6, 60);
      await change(sheet, `${MAIN} select[data-change="tier"]`, "exceptional");
      const preset = tierPreset("core", "exceptional", 6);
      expect(sysOf(wolf)).toMatchObject({
        tier: "exceptional",
        n: 6,
        disposition: preset.disposition,
        dice: preset.dice,
      });
    });

    it("R-CH-1 (stand-ins, ruling): Exceptional then asks for a Disposition of 40 or more, 10n proposed; closing that prompt changes nothing", async () => {
      const wolf = challenge();
      const sheet = await open(ChallengeSheet, wolf);
      world.dialogAnswers.push(5);
      await change(sheet, `${MAIN} select[data-change="tier"]`, "exceptional");
      expect(world.dialogs).toHaveLength(2);
      expect(String(world.dialogs[1]?.content)).toMatch(/min="40"/);
      expect(String(world.dialogs[1]?.content)).toMatch(/value="50"/);
      expect(sysOf(wolf).tier).toBe("dangerous");

      world.dialogAnswers.push(4, 45);
      await change(sheet, `${MAIN} select[data-change="tier"]`, "exceptional");
      expect(sysOf(wolf)).toMatchObject({ tier: "exceptional", n: 4, disposition: { value: 45, max: 45 }, dice: 4 });

      // A facet takes its own Exceptional Disposition, the Challenge's own row untouched.
      await click(sheet, '[data-action="addFacet"]');
      await sheet.render();
      world.dialogAnswers.push(4, 52);
      await change(sheet, 'tr[data-facet="0"] select[data-change="tier"]', "exceptional");
      expect(sysOf(wolf).facets[0]).toMatchObject({
        tier: "exceptional",
        disposition: { value: 52, max: 52 },
        dice: 4,
      });
      expect(sysOf(wolf).disposition).toEqual({ value: 45, max: 45 });
    });

    it("R-CH-5 (stand-ins, ruling): with facets the sheet says one facet at 0 overcomes the whole Challenge", async () => {
      const wolf = challenge();
      const sheet = await open(ChallengeSheet, wolf);
      expect(sheet.element.querySelector(".te-facet-rule")).toBeNull();
      await click(sheet, '[data-action="addFacet"]');
      await sheet.render();
      expect(sheet.element.querySelector(".te-facet-rule")?.textContent).toMatch(/any one facet/);
    });

    it("R-CH-5 (stand-ins): a facet is added at the Dangerous preset, its tier set on its own row, and removed", async () => {
      const wolf = challenge();
      const sheet = await open(ChallengeSheet, wolf);
      await click(sheet, '[data-action="addFacet"]');
      expect(sysOf(wolf).facets).toEqual([
        { name: "TERRAN.Sheet.Challenge.newFacet", ...tierPreset("core", "dangerous"), moraleRolled: false },
      ]);
      await sheet.render();
      await change(sheet, 'tr[data-facet="0"] select[data-change="tier"]', "trivial");
      expect(sysOf(wolf).facets[0]).toMatchObject(tierPreset("core", "trivial"));
      expect(sysOf(wolf).tier).toBe("dangerous");
      await sheet.render();
      await change(sheet, 'tr[data-facet="0"] input[data-field="name"]', "Pack");
      expect(sysOf(wolf).facets[0]?.name).toBe("Pack");
      await sheet.render();
      await click(sheet, '[data-action="removeFacet"][data-facet="0"]');
      expect(sysOf(wolf).facets).toEqual([]);
    });

    it("R-CH-2 (stand-ins): Roll Effect posts the Challenge's card with its dice", async () => {
      const wolf = challenge({ dice: 2 });
      const sheet = await open(ChallengeSheet, wolf);
      nextFaces.push(4, 2);
      await click(sheet, `${MAIN} [data-action="rollEffect"]`);
      const stored = posted();
      expect(stored.kind === "challenge" && stored.state).toMatchObject({ faces: [4, 2], challengeName: "Wolf" });
    });

    it("(stand-ins): a limited viewer sees the header only", async () => {
      const wolf = challenge();
      wolf.isOwner = false;
      wolf.limited = true;
      const sheet = await open(ChallengeSheet, wolf);
      expect(sheet.element.querySelector("tr, [data-action], textarea")).toBeNull();
      expect(sheet.element.textContent).toContain("Wolf");
    });
  });
  // ---------------------------------------------------------------------------------------------
  // Item sheet

  describe("[Foundry stand-ins] the item sheet", () => {
    const inputs = (sheet: Sheet, action: string): HTMLInputElement[] => [
      ...sheet.element.querySelectorAll<HTMLInputElement>(`input[data-action="${action}"]`),
    ];

    it("R-EQ-2 (stand-ins): toggling a range and a tag adds and removes it on the weapon", async () => {
      const spear = weaponItem({ ranges: ["contact"], tags: [] });
      const sheet = await open(TerranItemSheet, spear);
      const range = inputs(sheet, "toggleRange").find((i) => !i.checked)?.dataset.range ?? "";
      await click(sheet, `[data-action="toggleRange"][data-range="${range}"]`);
      expect((spear.system as WeaponData).ranges).toEqual(["contact", range]);
      await sheet.render();
      await click(sheet, '[data-action="toggleRange"][data-range="contact"]');
      expect((spear.system as WeaponData).ranges).toEqual([range]);

      const tag = inputs(sheet, "toggleTag")[0]?.dataset.tag ?? "";
      await click(sheet, `[data-action="toggleTag"][data-tag="${tag}"]`);
      expect((spear.system as WeaponData).tags).toEqual([tag]);
      await sheet.render();
      await change(sheet, 'input[data-change="customTags"]', "Barbed, Heavy");
      expect((spear.system as WeaponData).customTags).toEqual(["Barbed", "Heavy"]);
    });

    it("R-ADV-1 (stand-ins): toggling a mechanics flag, adding a modifier, toggling its scope and removing it update the advancement", async () => {
      const adv = advancementItem("", null, { dice: [], flags: [] });
      const sheet = await open(TerranItemSheet, adv);
      const flag = inputs(sheet, "toggleFlag")[0]?.dataset.flag ?? "";
      await click(sheet, `[data-action="toggleFlag"][data-flag="${flag}"]`);
      expect((adv.system as AdvancementData).flags).toEqual([flag]);

      await sheet.render();
      await click(sheet, '[data-action="addModifier"]');
      expect((adv.system as AdvancementData).dice).toHaveLength(1);

      await sheet.render();
      // A new modifier applies to "any"; ticking another scope adds it, unticking the last one gives "any" back.
      expect((adv.system as AdvancementData).dice[0]?.appliesTo).toEqual(["any"]);
      const scope = inputs(sheet, "toggleScope").find((i) => !i.checked)?.dataset.scope ?? "";
      await click(sheet, `[data-action="toggleScope"][data-index="0"][data-scope="${scope}"]`);
      expect((adv.system as AdvancementData).dice[0]?.appliesTo).toEqual(["any", scope]);
      await sheet.render();
      await click(sheet, '[data-action="toggleScope"][data-index="0"][data-scope="any"]');
      await sheet.render();
      await click(sheet, `[data-action="toggleScope"][data-index="0"][data-scope="${scope}"]`);
      expect((adv.system as AdvancementData).dice[0]?.appliesTo).toEqual(["any"]);

      await sheet.render();
      await change(sheet, '[data-index="0"] input[data-field="dice"]', "2");
      expect((adv.system as AdvancementData).dice[0]?.dice).toBe(2);

      await sheet.render();
      await click(sheet, '[data-action="removeModifier"][data-index="0"]');
      expect((adv.system as AdvancementData).dice).toEqual([]);
    });

    it("(stand-ins): the sheet renders only the header, its type's part and the description", async () => {
      const sheet = await open(TerranItemSheet, weaponItem());
      expect(sheet.element.querySelector('[data-action="toggleRange"]')).not.toBeNull();
      expect(sheet.element.querySelector('[data-action="toggleFlag"], [data-action="addModifier"]')).toBeNull();
    });

    it("(stand-ins): the portrait opens a file picker whose choice becomes the item's image", async () => {
      const spear = weaponItem();
      const sheet = await open(TerranItemSheet, spear);
      await click(sheet, '[data-action="editImage"]');
      const picker = world.pickers.at(-1);
      expect(picker?.browsed).toBe(true);
      (picker?.options.callback as (path: string) => void)("icons/spear.webp");
      await settle();
      expect(spear.img).toBe("icons/spear.webp");
    });
  });
});
