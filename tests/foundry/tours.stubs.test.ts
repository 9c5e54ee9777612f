// @vitest-environment happy-dom
/**
 * Runs against FOUNDRY STAND-INS (tests/stubs/tours.ts: `foundry.nue.Tour` and `game.tours`; an
 * ApplicationV2 that renders the real templates and fires `renderApplicationV2`). The guided tours'
 * glue, on v13 and v14: what is registered and under which namespace, which tour the Tours list shows for
 * the world's ruleset, the tour offered once, every key in both languages, and the stage (what a step
 * opens, where it points, what it says when it cannot show its part, and that it closes what it opened).
 * Foundry's own drawing of a step (its overlay, tooltip and Tours window) is not exercised; the sandbox
 * test (tests/browser/tours.browser.test.ts) checks that each step's element is drawn by our templates.
 */
import "../stubs/foundry-client.ts";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { GENERATIONS, resetWorld, world } from "../stubs/foundry-client.ts";
import { listedTours, TourStub } from "../stubs/tours.ts";
import { registerGmTools } from "../../src/applications/gm/commands.ts";
import { followRulesetTours, offeredTour, offerTour, registerTours } from "../../src/applications/tours/register.ts";
import { TOURS, tourLangKeys, type TourId } from "../../src/applications/tours/steps.ts";
import { getRuleset } from "../../src/rules/index.ts";
import { registerSettings } from "../../src/settings/settings.ts";
import { SYSTEM_ID } from "../../src/system-id.ts";
import { as, actors, GM_USER } from "./gm-builders.ts";
import { challenge, hero } from "./card-builders.ts";
import { ChallengeSheet } from "../../src/applications/sheets/challenge/challenge-sheet.ts";
import { ChatMessageStub } from "../stubs/chat.ts";
import type { ApplicationStub } from "../stubs/applications.ts";
import { CharacterSheet } from "../../src/applications/sheets/character/character-sheet.ts";
import { RollDialog } from "../../src/applications/dialogs/roll-dialog.ts";
import { SeparateRollDialog } from "../../src/applications/resolution/separate-dialog.ts";
import type { TerranActor } from "../../src/documents/actor.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const lang = (file: string): Record<string, unknown> =>
  JSON.parse(readFileSync(resolve(ROOT, "lang", file), "utf8")) as Record<string, unknown>;
const lookup = (table: Record<string, unknown>, key: string): unknown =>
  key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], table);

/** An open window as the stage sees it (ApplicationV2's id, element, rendered, close). */
interface FakeWindow {
  readonly id: string;
  readonly element: HTMLElement;
  rendered: boolean;
  close(): Promise<void>;
}

/**
 * A stand-in for core's SettingsConfig, for the ruleset step only: the docs give neither its tab ids nor
 * its field names, so each test says what it draws. `tabs: false` is a window without the v13 "system"
 * tab the stage asks for; `renderFails` one whose render throws. Rendering fires `renderApplicationV2`,
 * as ApplicationV2 does (foundryvtt.com/api/v13 hookEvents renderApplicationV2).
 */
function settingsWindow(draws: { tabs: boolean; field: boolean; renderFails?: boolean }) {
  const opened: FakeWindow[] = [];
  const applications = (Reflect.get(globalThis, "foundry") as { applications: Record<string, unknown> }).applications;
  const before = applications.settings;
  class SettingsConfig implements FakeWindow {
    readonly id = `settings-config-${opened.length + 1}`;
    readonly element = document.createElement("div");
    rendered = false;
    render(): Promise<void> {
      if (draws.renderFails) return Promise.reject(new Error("stand-in SettingsConfig: render failed"));
      this.element.id = this.id;
      if (draws.field) this.element.innerHTML = `<select name="${SYSTEM_ID}.ruleset"></select>`;
      document.body.append(this.element);
      this.rendered = true;
      opened.push(this);
      (Hooks.callAll as (hook: string, ...args: unknown[]) => boolean)("renderApplicationV2", this, this.element);
      return Promise.resolve();
    }
    changeTab(tab: string, group: string): void {
      if (!draws.tabs) throw new Error(`stand-in SettingsConfig: no tab ${tab} in group ${group}`);
    }
    close(): Promise<void> {
      this.rendered = false;
      this.element.remove();
      return Promise.resolve();
    }
  }
  applications.settings = { SettingsConfig };
  return {
    opened,
    restore: () => {
      for (const window of opened) void window.close();
      applications.settings = before;
    },
  };
}

const tour = (id: TourId): TourStub => {
  const found = world.tours.get(`${SYSTEM_ID}.${id}`);
  if (!found) throw new Error(`${id} is not registered`);
  return found;
};
const listed = (): string[] => [...world.tours.values()].filter((t) => t.config.display === true).map((t) => t.id);

describe.each(GENERATIONS)("[Foundry stand-ins, v%i] the guided tours", (generation) => {
  beforeEach(() => {
    resetWorld(generation);
    registerSettings();
  });

  it("registers each tour with game.tours under the system's namespace, as a Foundry Tour", () => {
    registerTours();
    expect([...world.tours.keys()]).toEqual([
      `${SYSTEM_ID}.first-action`,
      `${SYSTEM_ID}.first-action-legacy`,
      `${SYSTEM_ID}.table-tools`,
    ]);
    for (const [id, definition] of Object.entries(TOURS)) {
      const registered = tour(id as TourId);
      expect(registered).toBeInstanceOf(TourStub);
      expect([registered.namespace, registered.id]).toEqual([SYSTEM_ID, id]);
      expect(registered.config.title).toBe(definition.title);
      expect(registered.steps.map((s) => s.id)).toEqual(definition.steps.map((s) => s.id));
    }
    expect(tour("table-tools").config.restricted).toBe(true);
    expect(tour("first-action").config.restricted).toBe(false);
  });

  it("without Foundry's Tour class, registers nothing and says why in the console (the rest of ready goes on)", () => {
    const foundryGlobal = Reflect.get(globalThis, "foundry") as Record<string, unknown>;
    const nue = foundryGlobal.nue;
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      delete foundryGlobal.nue;
      expect(() => registerTours()).not.toThrow();
      expect(world.tours.size).toBe(0);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining("Tour API was not found"));
    } finally {
      foundryGlobal.nue = nue;
      warn.mockRestore();
    }
  });

  it("lists the world's ruleset's first-action tour (and the GM's), and follows a switch of ruleset", () => {
    registerTours();
    expect(listed()).toEqual(["first-action", "table-tools"]);
    followRulesetTours(getRuleset("legacy"));
    expect(listed()).toEqual(["first-action-legacy", "table-tools"]);
    followRulesetTours(getRuleset("degenesis"));
    expect(listed()).toEqual(["first-action", "table-tools"]);
  });

  it("a Legacy world lists the Legacy tour from the start", () => {
    world.settings.set("ruleset", "legacy");
    registerTours();
    expect(listed()).toEqual(["first-action-legacy", "table-tools"]);
    expect(offeredTour(false, getRuleset("legacy"))).toBe("first-action-legacy");
    expect(offeredTour(true, getRuleset("legacy"))).toBe("table-tools");
  });

  it("every title, description and step text is a lang key present in English and Portuguese", () => {
    const en = lang("en.json");
    const pt = lang("pt-BR.json");
    const keys = tourLangKeys();
    expect(keys.length).toBeGreaterThan(40);
    for (const key of keys) {
      expect(key, key).toMatch(/^TERRAN\.Tour\./);
      expect(typeof lookup(en, key), `en ${key}`).toBe("string");
      expect(typeof lookup(pt, key), `pt-BR ${key}`).toBe("string");
      expect(lookup(pt, key), `pt-BR ${key} is translated`).not.toBe(lookup(en, key));
    }
    registerTours();
    for (const registered of world.tours.values())
      for (const step of registered.steps) expect(keys).toContain(step.content);
  });

  it("offers the player's tour until it is seen to the end: left midway, it starts over at the next load; finished, the setting turns off", async () => {
    registerTours();
    await offerTour();
    const first = tour("first-action");
    expect(first.status).toBe(TourStub.STATUS.IN_PROGRESS);
    await first.next();
    first.exit();
    expect(first.status, "core keeps an exited tour in progress").toBe(TourStub.STATUS.IN_PROGRESS);
    expect(world.settings.get("offerTour"), "not seen to the end yet").toBe(true);
    // The next load: the tours are made again and read this client's progress back.
    world.tours.clear();
    registerTours();
    await offerTour();
    const again = tour("first-action");
    expect(again.drawn.map((s) => s.id)).toEqual(["welcome"]);
    while (again.status !== TourStub.STATUS.COMPLETED) await again.next();
    // A client setting: the player's own to write (core refuses a player only a world setting's write).
    expect(world.settings.get("offerTour")).toBe(false);
    expect(world.notices.filter((n) => n.level === "error")).toEqual([]);
    world.tours.clear();
    registerTours();
    await offerTour();
    expect(tour("first-action").drawn).toEqual([]);
  });

  it("finishing another tour than the user's own leaves the offer on (a GM walking through a player's tour)", async () => {
    as(GM_USER);
    registerTours();
    const first = tour("first-action");
    await first.start();
    while (first.status !== TourStub.STATUS.COMPLETED) await first.next();
    expect(world.settings.get("offerTour")).toBe(true);
  });

  it("the Tours list shows a player the first-action tour only; the GM's restricted table tools are listed for a GM", () => {
    registerTours();
    expect(listedTours().map((t) => t.id)).toEqual(["first-action"]);
    as(GM_USER);
    expect(listedTours().map((t) => t.id)).toEqual(["first-action", "table-tools"]);
  });

  it("offers the GM the table tools, and nothing when the setting is off", async () => {
    as(GM_USER);
    registerTours();
    world.settings.set("offerTour", false);
    await offerTour();
    expect(tour("table-tools").status).toBe(TourStub.STATUS.UNSTARTED);
    world.settings.set("offerTour", true);
    await offerTour();
    expect(tour("table-tools").status).toBe(TourStub.STATUS.IN_PROGRESS);
    expect(tour("first-action").status).toBe(TourStub.STATUS.UNSTARTED);
  });

  it("Foundry's settings window drawn otherwise than v13's (no \"system\" tab, no field of that name; v14's are not verified): the ruleset step says so in the middle, the tour goes on, the window is closed after", async () => {
    as(GM_USER);
    registerGmTools();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const settings = settingsWindow({ tabs: false, field: false });
    try {
      registerTours();
      const tools = tour("table-tools");
      await tools.start();
      await tools.next();
      expect(tools.drawn.at(-1)).toEqual({
        id: "ruleset",
        selector: undefined,
        content: "TERRAN.Tour.missing.element",
      });
      await tools.next();
      expect(tools.drawn.at(-1)?.id).toBe("challenge");
      expect(settings.opened.map((w) => w.rendered)).toEqual([false]);
    } finally {
      warn.mockRestore();
      settings.restore();
    }
  });

  it("a step whose window fails to open does not stop the tour: it says so and the next step follows", async () => {
    as(GM_USER);
    registerGmTools();
    const settings = settingsWindow({ tabs: true, field: true, renderFails: true });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      registerTours();
      const tools = tour("table-tools");
      await tools.start();
      await tools.next();
      expect(tools.drawn.at(-1)).toEqual({
        id: "ruleset",
        selector: undefined,
        content: "TERRAN.Tour.missing.element",
      });
      await tools.next();
      expect(tools.drawn.at(-1)?.id).toBe("challenge");
      expect(tools.status).toBe(TourStub.STATUS.IN_PROGRESS);
    } finally {
      warn.mockRestore();
      settings.restore();
    }
  });

  it.each([
    ["with its system tab", true],
    ["without a system tab, the field drawn all the same", false],
  ])("the settings window %s: the ruleset step points at the ruleset's field inside it", async (_name, tabs) => {
    as(GM_USER);
    registerGmTools();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const settings = settingsWindow({ tabs, field: true });
    try {
      registerTours();
      const tools = tour("table-tools");
      await tools.start();
      await tools.next();
      const window = settings.opened[0];
      expect(tools.drawn.at(-1)).toEqual({
        id: "ruleset",
        selector: `#${window?.id ?? "?"} [name="${SYSTEM_ID}.ruleset"]`,
        content: "TERRAN.Tour.tableTools.ruleset.content",
      });
    } finally {
      warn.mockRestore();
      settings.restore();
    }
  });

  it("a player without a character of their own: the sheet and dialog steps say so, in the middle of the screen", async () => {
    registerTours();
    const first = tour("first-action");
    await first.start();
    for (let i = 1; i < first.steps.length; i++) await first.next();
    const drawn = Object.fromEntries(first.drawn.map((s) => [s.id, s]));
    for (const id of ["attributes", "roll", "pool", "dark", "odds", "throw"]) {
      expect(drawn[id], id).toEqual({ id, selector: undefined, content: "TERRAN.Tour.missing.character" });
    }
    for (const id of ["dice", "confirm", "apply"])
      expect(drawn[id], id).toEqual({ id, selector: undefined, content: "TERRAN.Tour.missing.card" });
    expect(drawn.welcome?.content).toBe("TERRAN.Tour.firstAction.welcome.content");
  });

  it("the GM's tour opens each table tool as its button does, points inside it, and closes it after", async () => {
    as(GM_USER);
    registerGmTools();
    registerTours();
    const tools = tour("table-tools");
    await tools.start();
    for (let i = 1; i < tools.steps.length; i++) await tools.next();
    const drawn = Object.fromEntries(tools.drawn.map((s) => [s.id, s]));
    expect(drawn.challenge?.content).toBe("TERRAN.Tour.missing.challenge");
    const request = world.opened.find((app) => app.constructor.name === "RequestRollDialog");
    const session = world.opened.find((app) => app.constructor.name === "SessionAwardDialog");
    expect(drawn.request?.selector).toBe(`#${request?.id ?? "?"} [data-tour="request-roll"]`);
    expect(drawn.session?.selector).toBe(`#${session?.id ?? "?"} [data-tour="session-award"]`);
    expect(drawn.request?.content).toBe("TERRAN.Tour.tableTools.request.content");
    // Each selector finds the element the real template drew.
    expect(request?.element.querySelector('[data-tour="request-roll"]')).not.toBeNull();
    // Leaving the request step closed its dialog; the last step (in the middle) closed the session's.
    expect([request?.rendered, session?.rendered]).toEqual([false, false]);
    await tools.next();
    expect(tools.status).toBe(TourStub.STATUS.COMPLETED);
  });

  it("leaving the tour midway closes the window it opened", async () => {
    as(GM_USER);
    registerGmTools();
    registerTours();
    const tools = tour("table-tools");
    await tools.start();
    while (tools.currentStep?.id !== "request") await tools.next();
    const request = world.opened.find((app) => app.constructor.name === "RequestRollDialog");
    expect(request?.rendered).toBe(true);
    tools.exit();
    await new Promise((r) => setTimeout(r, 0));
    expect(request?.rendered).toBe(false);
  });

  it("a card step points inside the user's newest card of its kind, in the chat tab, and gives the sidebar back", async () => {
    const mira = hero("Mira");
    actors(mira);
    // A stand-in chat log (Foundry's is the sidebar's chat tab, `ui.chat.element`): two of Mira's
    // cards and someone else's.
    const said = (actorId: string | null) => {
      const m = new ChatMessageStub({});
      Object.assign(m, { speaker: { actor: actorId } });
      return m.id;
    };
    const [older, newer, other] = [said(mira.id), said(mira.id), said("someoneElse")];
    const log = document.createElement("section");
    log.id = "chat";
    const card = (id: string, confirm: boolean) =>
      `<li data-message-id="${id}"><div data-card="risky"><ol data-tour="card-dice"></ol>${confirm ? '<button data-action="confirm-effect"></button>' : ""}</div></li>`;
    log.innerHTML = `<ol>${card(older, true)}${card(newer, true)}${card(other, true)}</ol>`;
    document.body.append(log);
    const bar = {
      expanded: false,
      tabGroups: { primary: "actors" } as Record<string, string>,
      changeTab(tab: string, group: string) {
        this.tabGroups[group] = tab;
      },
      toggleExpanded(expanded: boolean) {
        this.expanded = expanded;
      },
    };
    const ui = Reflect.get(globalThis, "ui") as Record<string, unknown> & { chat: Record<string, unknown> };
    ui.sidebar = bar;
    ui.chat.element = log;
    try {
      registerTours();
      const first = tour("first-action");
      await first.start();
      while (first.currentStep?.id !== "dice") await first.next();
      expect([bar.tabGroups.primary, bar.expanded]).toEqual(["chat", true]);
      await first.next();
      await first.next();
      const drawn = Object.fromEntries(first.drawn.map((s) => [s.id, s]));
      const scope = `#chat [data-message-id="${newer}"]`;
      expect(drawn.dice?.selector).toBe(`${scope} [data-tour="card-dice"]`);
      expect(drawn.confirm?.selector).toBe(`${scope} [data-action="confirm-effect"]`);
      // No Apply button on that card (yet): the step points at the card itself.
      expect(drawn.apply?.selector).toBe(`${scope} [data-card]`);
      for (const step of ["dice", "confirm", "apply"])
        expect(document.querySelector(drawn[step]?.selector ?? "")).not.toBeNull();
      first.exit();
      await new Promise((r) => setTimeout(r, 0));
      expect([bar.tabGroups.primary, bar.expanded]).toEqual(["actors", false]);
    } finally {
      log.remove();
      delete ui.sidebar;
      delete ui.chat.element;
    }
  });

  /** The player's own character with its sheet (the stand-in Actor has none: the sheet is made here, not rendered). */
  function ownCharacterWithSheet(): { actor: TerranActor; sheet: ApplicationStub } {
    const actor = hero("Mira");
    actors(actor);
    const made: unknown = Reflect.construct(CharacterSheet, [{ document: actor }]);
    const sheet = made as ApplicationStub;
    Object.defineProperty(actor, "sheet", { value: sheet, configurable: true });
    return { actor, sheet };
  }

  it.each([
    ["core", "first-action", RollDialog],
    ["legacy", "first-action-legacy", SeparateRollDialog],
  ] as const)(
    "(%s) the player's tour opens their own sheet and the roll its first attribute opens, points inside each, and closes both after",
    async (ruleset, id, dialogClass) => {
      world.settings.set("ruleset", ruleset);
      const { sheet } = ownCharacterWithSheet();
      registerTours();
      const first = tour(id);
      await first.start();
      while (first.currentStep?.id !== "throw") await first.next();
      const dialog = world.opened.find((app) => app instanceof dialogClass);
      expect(dialog?.rendered, "the roll dialog is open").toBe(true);
      expect(sheet.rendered, "the sheet stays open behind it").toBe(true);
      const drawn = Object.fromEntries(first.drawn.map((s) => [s.id, s]));
      expect(drawn.attributes?.selector).toBe(`#${sheet.id} [data-tour="attributes"]`);
      expect(drawn.roll?.selector).toBe(`#${sheet.id} [data-tour="attributes"] [data-action="roll"]`);
      for (const [step, inner] of [
        ["pool", '[data-tour="roll-pool"]'],
        ["dark", '[data-tour="roll-dark"]'],
        ["odds", '[data-tour="roll-odds"]'],
        ["throw", '[data-action="roll"]'],
      ] as const) {
        expect(drawn[step]?.selector, step).toBe(`#${dialog?.id ?? "?"} ${inner}`);
        expect(drawn[step]?.content, step).toBe(
          `TERRAN.Tour.${id === "first-action" ? "firstAction" : "firstActionLegacy"}.${step}.content`,
        );
        expect(dialog?.element.querySelector(inner), step).not.toBeNull();
      }
      // The card steps need the chat: the windows the tour opened are closed, nothing was rolled or posted.
      await first.next();
      expect([sheet.rendered, dialog?.rendered]).toEqual([false, false]);
      expect(world.messages.size).toBe(0);
    },
  );

  it("a sheet the player had open already stays open when the tour ends", async () => {
    const { sheet } = ownCharacterWithSheet();
    await (sheet.render as (options: object) => Promise<unknown>)({ force: true });
    registerTours();
    const first = tour("first-action");
    await first.start();
    await first.next();
    expect(first.drawn.at(-1)?.selector).toBe(`#${sheet.id} [data-tour="attributes"]`);
    first.exit();
    await new Promise((r) => setTimeout(r, 0));
    expect(sheet.rendered).toBe(true);
  });

  it("the GM's tour opens the first Challenge's sheet, points at it and its forecast, and closes it after", async () => {
    as(GM_USER);
    registerGmTools();
    const vault = challenge("Locked vault");
    actors(vault as unknown as TerranActor);
    const made: unknown = Reflect.construct(ChallengeSheet, [{ document: vault }]);
    const sheet = made as ApplicationStub;
    Object.defineProperty(vault, "sheet", { value: sheet, configurable: true });
    registerTours();
    const tools = tour("table-tools");
    await tools.start();
    while (tools.currentStep?.id !== "forecast") await tools.next();
    const drawn = Object.fromEntries(tools.drawn.map((s) => [s.id, s]));
    expect(drawn.challenge?.selector).toBe(`#${sheet.id} [data-tour="challenge"]`);
    expect(drawn.forecast?.selector).toBe(`#${sheet.id} [data-forecast-panel]`);
    expect(drawn.forecast?.content).toBe("TERRAN.Tour.tableTools.forecast.content");
    expect(sheet.rendered).toBe(true);
    await tools.next();
    expect(sheet.rendered).toBe(false);
  });
});
