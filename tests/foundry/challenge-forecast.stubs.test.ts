// @vitest-environment happy-dom
/**
 * Runs against FOUNDRY STAND-INS (tests/stubs/: the ActorSheetV2 stand-in renders the parts the sheet
 * configures with the real templates; `game.actors` is a stand-in WorldCollection). It checks OUR glue
 * of the Challenge forecast panel on both generations: the GM gets it (closed, nothing computed, until
 * opened), players never get the part nor its data, and every choice re-renders it with the figures
 * the pure forecast gives (src/rules/forecast.ts, tested against enumeration in tests/rules/).
 * Foundry's own <details> toggling and re-render on a document update are not exercised: the test
 * sends the toggle event and renders again itself.
 */
import "../stubs/foundry-client.ts";
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  GENERATIONS,
  makeGm,
  resetWorld,
  world,
  WorldCollectionStub,
  type ActorStub,
} from "../stubs/foundry-client.ts";
import { ChallengeSheet } from "../../src/applications/sheets/challenge/challenge-sheet.ts";
import { FORECASTS } from "../../src/applications/sheets/challenge/challenge-forecast.ts";
import { buildPool, challengeEffectLaw, challengeForecast, CORE, forecastActionLaw } from "../../src/rules/index.ts";
import { challenge, change, find, hero, open, settle, type Sheet } from "./sheet-harness.ts";

const expectedText = (
  light: number,
  dark: number,
  rank: 0 | 1 | 2 | 3 | 4,
  disposition: number,
  dice: number,
  armour = 0,
): string =>
  challengeForecast(
    forecastActionLaw(CORE, { light, dark, rank }),
    { disposition, effect: challengeEffectLaw({ dice, halved: false }) },
    { characterArmour: armour },
  ).expectedActions?.toFixed(1) ?? "never";

/** Opens the panel as a user would: the <details> opens and sends its (non-bubbling) toggle event. */
async function openPanel(sheet: Sheet): Promise<void> {
  const details = find(sheet, "details[data-forecast-panel]") as HTMLDetailsElement;
  details.open = true;
  details.dispatchEvent(new (details.ownerDocument.defaultView ?? globalThis).Event("toggle"));
  await settle();
}

const text = (sheet: Sheet, selector: string): string =>
  (sheet.element.querySelector(selector)?.textContent ?? "").replace(/\s+/g, " ").trim();

describe.each(GENERATIONS)("Foundry v%i", (generation) => {
  beforeEach(() => {
    resetWorld(generation);
  });

  describe("[Foundry stand-ins] the Challenge forecast panel", () => {
    it("R-RA-7 (stand-ins): the GM sees it closed with nothing computed; opened, it shows the exact expected actions and the bars", async () => {
      world.user = makeGm();
      const wolf = challenge({ disposition: { value: 10, max: 10 }, dice: 1 });
      const sheet = await open(ChallengeSheet, wolf);
      expect(sheet.element.querySelector("details[data-forecast-panel]")).not.toBeNull();
      expect(sheet.element.querySelector(".te-forecast-result")).toBeNull();
      await openPanel(sheet);
      expect(text(sheet, ".te-forecast-expected strong")).toBe(expectedText(2, 0, 1, 10, 1));
      expect(sheet.element.querySelectorAll(".te-forecast-bar").length).toBeGreaterThan(2);
      expect(text(sheet, ".te-forecast-target")).toContain("10 of 10 Disposition left");
    });

    it("R-RA-7 (stand-ins): changing the Light Dice, the Dark Dice and the tier re-renders the figures live", async () => {
      world.user = makeGm();
      const wolf = challenge({ disposition: { value: 10, max: 10 }, dice: 1 });
      const sheet = await open(ChallengeSheet, wolf);
      await openPanel(sheet);
      await change(sheet, 'input[data-forecast="light"]', "4");
      await change(sheet, 'input[data-forecast="dark"]', "2");
      await change(sheet, 'select[data-forecast="rank"]', "3");
      expect(text(sheet, ".te-forecast-expected strong")).toBe(expectedText(4, 2, 3, 10, 1));
      // A Disposition knocked down on the Challenge is the next render's starting point.
      await wolf.update({ "system.disposition.value": 4 });
      await sheet.render();
      expect(text(sheet, ".te-forecast-expected strong")).toBe(expectedText(4, 2, 3, 4, 1));
    });

    it("R-POOL-3 R-HARM-4 (stand-ins): a character and attribute give the pool (wounds counted) and the light input says so", async () => {
      world.user = makeGm();
      const mira = hero({ attributes: { finesse: 4 }, wounds: ["broken"] });
      const actors = new WorldCollectionStub<ActorStub>();
      actors.add(mira as unknown as ActorStub);
      world.collections.actors = actors;
      const wolf = challenge({ disposition: { value: 10, max: 10 }, dice: 1 });
      const sheet = await open(ChallengeSheet, wolf);
      await openPanel(sheet);
      await change(sheet, 'select[data-forecast="character"]', mira.id ?? "");
      await change(sheet, 'select[data-forecast="attribute"]', "finesse");
      const light = find(sheet, 'input[data-forecast="light"]') as HTMLInputElement;
      const pool = buildPool({
        ruleset: CORE,
        target: { kind: "attribute", attribute: "finesse" },
        attributes: { intuition: 0, reason: 0, finesse: 4, exertion: 0, attunement: 0, influence: 0 },
        wounds: { stressed: false, broken: true, weary: false },
        flags: new Set(),
        dark: 0,
      });
      expect(pool.light).toBe(3);
      expect(light.value).toBe("3");
      expect(light.disabled).toBe(true);
      expect(text(sheet, ".te-forecast-expected strong")).toBe(expectedText(3, 0, 1, 10, 1));
    });

    it("(stand-ins): text typed as Dark Dice is refused with a localised warning and the last good value kept", async () => {
      world.user = makeGm();
      const sheet = await open(ChallengeSheet, challenge());
      await openPanel(sheet);
      await change(sheet, 'input[data-forecast="dark"]', "lots");
      expect(world.notices.at(-1)?.level).toBe("warn");
      expect((find(sheet, 'input[data-forecast="dark"]') as HTMLInputElement).value).toBe("0");
      await change(sheet, 'input[data-forecast="dark"]', "99");
      expect((find(sheet, 'input[data-forecast="dark"]') as HTMLInputElement).value).toBe("10");
    });

    it("R-RA-7 (stand-ins): in a window popped out on v14 (nodes of another realm) the panel opens and follows a change", async () => {
      world.user = makeGm();
      const sheet = (await open(
        ChallengeSheet,
        challenge({ disposition: { value: 10, max: 10 }, dice: 1 }),
      )) as Sheet & { detach(): void };
      if (generation >= 14) {
        sheet.detach();
        await sheet.render();
        expect(sheet.element instanceof HTMLElement).toBe(false);
      }
      await openPanel(sheet);
      await change(sheet, 'input[data-forecast="light"]', "3");
      expect(text(sheet, ".te-forecast-expected strong")).toBe(expectedText(3, 0, 1, 10, 1));
    });

    it("R-RA-7 (stand-ins): a re-render with the same inputs reads the forecast back; a change computes one more", async () => {
      world.user = makeGm();
      const wolf = challenge({ disposition: { value: 37, max: 40 }, dice: 4 });
      const sheet = await open(ChallengeSheet, wolf);
      FORECASTS.clear();
      const before = FORECASTS.computed;
      await openPanel(sheet);
      expect(FORECASTS.computed).toBe(before + 1);
      await sheet.render();
      await sheet.render();
      expect(FORECASTS.computed).toBe(before + 1);
      await change(sheet, 'input[data-forecast="dark"]', "3");
      expect(FORECASTS.computed).toBe(before + 2);
      // Back to the first approach: read back, not computed again.
      await change(sheet, 'input[data-forecast="dark"]', "0");
      expect(FORECASTS.computed).toBe(before + 2);
      await wolf.update({ "system.disposition.value": 36 });
      await sheet.render();
      expect(FORECASTS.computed).toBe(before + 3);
      expect(text(sheet, ".te-forecast-expected strong")).toBe(expectedText(2, 0, 1, 36, 4));
    });

    it("R-RA-7 (stand-ins): the panel lists the world's characters by name and reads the chosen one's state only", async () => {
      world.user = makeGm();
      const actors = new WorldCollectionStub<ActorStub>();
      const heroes = ["Ana", "Bo", "Cy"].map((name) => {
        const actor = hero({ attributes: { finesse: 3 } });
        actor.name = name;
        actors.add(actor as unknown as ActorStub);
        return actor;
      });
      actors.add(challenge());
      world.collections.actors = actors;
      const read = heroes.map((actor) => vi.spyOn(actor.system as unknown as { toObject(): unknown }, "toObject"));
      const sheet = await open(ChallengeSheet, challenge({ disposition: { value: 10, max: 10 }, dice: 1 }));
      await openPanel(sheet);
      const options = [...sheet.element.querySelectorAll('select[data-forecast="character"] option')];
      expect(options.map((o) => o.textContent.trim()).slice(1)).toEqual(["Ana", "Bo", "Cy"]);
      expect(read.map((spy) => spy.mock.calls.length)).toEqual([0, 0, 0]);
      await change(sheet, 'select[data-forecast="character"]', heroes[1]?.id ?? "");
      expect(read[0]?.mock.calls.length).toBe(0);
      expect(read[1]?.mock.calls.length).toBeGreaterThan(0);
      expect(read[2]?.mock.calls.length).toBe(0);
      expect(text(sheet, ".te-forecast-expected strong")).toBe(expectedText(3, 0, 1, 10, 1));
    });

    it("(stand-ins): a player never gets the panel nor its data, even as the Challenge's owner", async () => {
      world.user = { id: "player1", isGM: false, targets: new Set() };
      const wolf = challenge();
      wolf.isOwner = true;
      const sheet = await open(ChallengeSheet, wolf);
      expect(sheet.element.querySelector(".te-challenge-forecast, [data-forecast-panel], [data-forecast]")).toBeNull();
      expect(sheet.element.textContent).not.toContain("Forecast");
    });
  });
});
