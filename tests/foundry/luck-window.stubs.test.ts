// @vitest-environment happy-dom
/**
 * Runs against FOUNDRY STAND-INS (tests/stubs/foundry-client.ts: `game.actors`, `game.users`, settings and
 * their document hooks, `Hooks`, an ApplicationV2 that renders the real templates). The Table luck window
 * (R-LUCK-1's ledger shown, R-LUCK-2's fairness) on v13 and v14: opened by the GM and by a player from the
 * Actors sidebar and the macro API, each seeing what they may, and drawn again when a system setting
 * changes. The ledger is read through `readLuckLedger` (src/table/luck.ts), mocked here with the fixture
 * ledger: the ledger's own storage is another module's and is tested there.
 */
import "../stubs/foundry-client.ts";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { GENERATIONS, makeGm, resetWorld, world, type ApplicationStub } from "../stubs/foundry-client.ts";
import { HooksStub } from "../stubs/hooks.ts";
import type { LuckLedger } from "../../src/data/luck-ledger.ts";
import { emptyLedger } from "../../src/data/luck-ledger.ts";
import { LUCK_LEDGER } from "../fixtures/luck-ledger.ts";
import { english } from "../support/templates.ts";
import { actors, as, GM_USER, pc, text } from "./gm-builders.ts";

let stored: LuckLedger = emptyLedger(0);
vi.mock("../../src/table/luck.ts", () => ({ readLuckLedger: () => stored, hiddenLuck: () => [] }));

const { api } = await import("../../src/api.ts");
const { registerSettings } = await import("../../src/settings/settings.ts");
const { registerGmTools } = await import("../../src/applications/gm/commands.ts");
const { LUCK_WINDOW_ACTIONS, registerTableLuck, TableLuckWindow } =
  await import("../../src/applications/gm/luck-window.ts");

const luckWindow = () =>
  world.opened.find((a) => a instanceof TableLuckWindow) as (ApplicationStub & object) | undefined;
/**
 * The active GM's client writes the ledger (a world setting, the GM's to write); core runs its document
 * hook on every client, this player's too.
 */
async function gmWrites(ledger: unknown, key = "luckLedger"): Promise<void> {
  const here = world.user;
  world.user = makeGm();
  try {
    await game.settings?.set("terran-engine" as never, key as never, ledger as never);
  } finally {
    world.user = here;
  }
}
const directory = () => {
  const html = document.createElement("section");
  html.innerHTML =
    '<header class="directory-header"><div class="action-buttons"><button>Create Actor</button></div></header>';
  HooksStub.callAll("renderActorDirectory", {}, html, {});
  return html;
};

describe.each(GENERATIONS)("[Foundry stand-ins, v%i] the Table luck window", (generation) => {
  beforeEach(async () => {
    // One window per client: a window left open by the previous test is closed first.
    await luckWindow()?.close();
    resetWorld(generation);
    registerSettings();
    registerGmTools();
    registerTableLuck();
    stored = LUCK_LEDGER;
    const mira = pc("Mira Okonkwo-Vasquez", "player1");
    const oskar = pc("Oskar", "player2");
    Object.assign(mira, { id: "mira" });
    Object.assign(oskar, { id: "oskar" });
    actors(mira, oskar);
  });

  it("Table luck (R-LUCK-1, stand-ins): every user finds the button in the Actors sidebar, with its tooltip; it opens the window", async () => {
    for (const user of [GM_USER, { id: "player1", isGM: false }]) {
      as(user);
      const html = directory();
      const button = html.querySelector<HTMLButtonElement>("button.terran-luck-tool");
      expect(button?.type).toBe("button");
      expect(text(button)).toBe("TERRAN.Luck.button");
      expect(button?.dataset.tooltip).toBe("TERRAN.Luck.buttonTooltip");
      expect(button?.getAttribute("aria-description")).toBe("TERRAN.Luck.buttonTooltip");
      // Once per render, after the GM's own tools when there are some.
      HooksStub.callAll("renderActorDirectory", {}, html, {});
      expect(html.querySelectorAll(".terran-luck-tool")).toHaveLength(1);
      button?.click();
      await vi.waitFor(() => expect(luckWindow()?.rendered).toBe(true));
      await luckWindow()?.close();
    }
  });

  it("Table luck (R-LUCK-1, stand-ins): the button's tooltip shows on keyboard focus and goes on blur", () => {
    // Foundry: game.tooltip is the TooltipManager; activate(element, { text }) shows a tooltip for an element,
    // deactivate() hides it (foundryvtt.com/api/v14 TooltipManager). Recorded here for this test only.
    const calls: string[] = [];
    const tooltip = {
      activate: (_el: HTMLElement, options: { text: string }) => calls.push(`on ${options.text}`),
      deactivate: () => calls.push("off"),
    };
    Object.defineProperty(game, "tooltip", { value: tooltip, configurable: true });
    try {
      const button = directory().querySelector<HTMLButtonElement>("button.terran-luck-tool");
      button?.dispatchEvent(new FocusEvent("focus"));
      button?.dispatchEvent(new FocusEvent("blur"));
      expect(calls).toEqual(["on TERRAN.Luck.buttonTooltip", "off"]);
    } finally {
      Reflect.deleteProperty(game, "tooltip");
    }
  });

  it("Table luck (R-LUCK-1, stand-ins): as the GM, TerranEngine.tableLuck() shows every character and the private rarest roll", async () => {
    as(GM_USER);
    await api.tableLuck();
    const el = luckWindow()?.element;
    // Ines is in the ledger but no longer in the world: named as such, last. Each names who plays it (its owner).
    expect([...(el?.querySelectorAll(".luck-character .luck-name") ?? [])].map(text)).toEqual([
      "Mira Okonkwo-Vasquez played by player1",
      "Oskar played by player2",
      english("TERRAN.Luck.unknownCharacter"),
    ]);
    expect(el?.innerHTML).toContain("Insight");
    expect(el?.querySelector(".luck-hidden")).not.toBeNull();
    // The users' names come from game.users (the stand-in names them by id).
    expect([...(el?.querySelectorAll(".luck-fairness .luck-name") ?? [])].map(text)).toEqual([
      "player1 plays Mira Okonkwo-Vasquez",
      "player2 plays Oskar",
      english("TERRAN.Luck.unknownUser"),
    ]);
  });

  it("Table luck (R-LUCK-1, stand-ins): as a player, the same window names no private roll", async () => {
    as({ id: "player2", isGM: false });
    await api.tableLuck();
    const el = luckWindow()?.element;
    expect(el?.querySelectorAll(".luck-character")).toHaveLength(3);
    expect(el?.innerHTML).not.toContain("Insight");
    expect(el?.querySelector(".luck-hidden")).toBeNull();
    expect(el?.innerHTML).toContain("Might");
  });

  it("R-LUCK-2 (setting, stand-ins): a player sees no dice test until the world shows it to players; the open window follows", async () => {
    as({ id: "player2", isGM: false });
    await api.tableLuck();
    const app = luckWindow();
    expect(app?.element.querySelector(".luck-fairness")).toBeNull();
    const before = app?.renders ?? 0;
    await gmWrites(true, "fairnessForAll");
    await vi.waitFor(() => expect(app?.renders).toBe(before + 1));
    expect(app?.element.querySelectorAll(".luck-fairness")).toHaveLength(3);
  });

  it("Table luck (R-LUCK-1, stand-ins): an empty ledger opens to the friendly line", async () => {
    stored = emptyLedger(0);
    as({ id: "player1", isGM: false });
    await api.tableLuck();
    expect(luckWindow()?.element.querySelector(".luck-empty")).not.toBeNull();
    expect(luckWindow()?.element.querySelector("svg")).toBeNull();
  });

  it("Table luck (R-LUCK-1, stand-ins): a ledger setting written (created or updated) draws the open window again when what it shows changed; nothing else does", async () => {
    stored = emptyLedger(0);
    as({ id: "player1", isGM: false });
    await api.tableLuck();
    const app = luckWindow();
    const before = app?.renders ?? 0;
    stored = LUCK_LEDGER;
    await gmWrites(LUCK_LEDGER);
    await vi.waitFor(() => expect(app?.renders).toBe(before + 1));
    expect(app?.element.querySelectorAll(".luck-character")).toHaveLength(3);
    // Written again with nothing it shows changed, or a block of recorded ids: not drawn again.
    await gmWrites(LUCK_LEDGER);
    await gmWrites({ block: 0, ids: ["m1"], ego: [] }, "luckRecorded0");
    await new Promise((r) => setTimeout(r, 10));
    expect(app?.renders).toBe(before + 1);
    stored = emptyLedger(1);
    await gmWrites({ index: 2, tallies: [] }, "luckSession1");
    await vi.waitFor(() => expect(app?.renders).toBe(before + 2));
    HooksStub.callAll("updateSetting", { key: "other-module.thing", value: 1 });
    HooksStub.callAll("updateSetting", { key: "terran-engine.darkDiceMax", value: 6 });
    await new Promise((r) => setTimeout(r, 10));
    expect(app?.renders).toBe(before + 2);
    // Closed, it is not drawn behind the user's back; opened again, it is the same window.
    await app?.close();
    stored = LUCK_LEDGER;
    await gmWrites(LUCK_LEDGER);
    await new Promise((r) => setTimeout(r, 10));
    expect(app?.renders).toBe(before + 2);
    await api.tableLuck();
    expect(new Set(world.opened.filter((a) => a instanceof TableLuckWindow)).size).toBe(1);
  });

  it("the window names no action core keeps", () => {
    expect(Object.keys(TableLuckWindow.DEFAULT_OPTIONS.actions)).toEqual([...LUCK_WINDOW_ACTIONS]);
  });
});
