/**
 * R-LUCK-1 / R-LUCK-2 the Table luck window, open to the GM and the players: `luckWindowContext` from the
 * world's luck ledger for the user who opens it; one per client. Found by a "Table luck" button in the
 * Actors sidebar's header and `TerranEngine.tableLuck()`. Redrawn when a ledger setting it shows changes:
 * core calls the `createSetting` / `updateSetting` hooks on every client. A GM's window adds the hidden
 * rolls its own chat log holds (`hiddenLuck`).
 */
import { hiddenLuck, readLuckLedger } from "../../table/luck.ts";
import { withHiddenLuck } from "../../data/luck-ledger.ts";
import { SYSTEM_ID } from "../../system-id.ts";
import { currentFairnessForAll, LUCK_SESSION_KEYS, SETTINGS } from "../../settings/settings.ts";
import { elementOf } from "../dom.ts";
import { DialogHost } from "../dialog-host.ts";
import { luckWindowContext, type LuckNames, type LuckWindowContext } from "./luck-context.ts";

/** Every `data-action` the template uses (none: the disclosures are native `<details>`). */
export const LUCK_WINDOW_ACTIONS = [] as const;

const localize = (key: string): string => game.i18n?.localize(key) ?? key;

interface WorldUser {
  id: string | null;
  name: string;
  isGM: boolean;
}

/** The names of the world's actors and users, by id (the ledger stores ids only), and who plays whom. */
function worldNames(): LuckNames {
  const users: Record<string, string> = {};
  const players: WorldUser[] = [];
  const all: unknown = game.users;
  if (all && typeof all === "object" && Symbol.iterator in all)
    for (const user of all as Iterable<WorldUser>) {
      if (!user.id) continue;
      users[user.id] = user.name;
      if (!user.isGM) players.push(user);
    }
  const actors: Record<string, string> = {};
  const owners: Record<string, string[]> = {};
  for (const actor of game.actors ?? []) {
    if (!actor.id) continue;
    actors[actor.id] = actor.name;
    // Foundry: Document#testUserPermission(user, "OWNER") (foundryvtt.com/api/v14, ClientDocumentMixin).
    const own = players.filter((u) => actor.testUserPermission(u as never, "OWNER")).map((u) => u.id ?? "");
    if (own.length > 0) owners[actor.id] = own;
  }
  return { actors, users, owners };
}

export class TableLuckWindow extends DialogHost<LuckWindowContext> {
  static override DEFAULT_OPTIONS = {
    id: "terran-table-luck",
    classes: ["terran-engine", "gm-tool", "table-luck"],
    window: { title: "TERRAN.Luck.title", resizable: true },
    position: { width: 520, height: 640 },
    actions: {},
  };

  static override PARTS = {
    main: { template: `systems/${SYSTEM_ID}/templates/dialogs/table-luck.hbs` },
  };

  /** What the window last drew, as text: a change that leaves it the same draws nothing. */
  #drawn = "";

  protected override view(): LuckWindowContext {
    const ledger = readLuckLedger();
    const isGM = game.user?.isGM === true;
    const view = luckWindowContext(
      isGM ? withHiddenLuck(ledger, hiddenLuck(ledger)) : ledger,
      { isGM },
      worldNames(),
      // Foundry: Localization#lang is "the target language for localization" (foundryvtt.com/api/v14, Localization).
      game.i18n?.lang ?? "en",
      { fairnessForAll: currentFairnessForAll(), localize },
    );
    this.#drawn = JSON.stringify(view);
    return view;
  }

  /** Draws the window again if what it shows changed. */
  async refresh(): Promise<void> {
    if (!this.rendered) return;
    const before = this.#drawn;
    if (JSON.stringify(this.view()) !== before) await this.render();
  }
}

let open: TableLuckWindow | null = null;

/** Opens the Table luck window (any user), or brings the open one forward and draws it again. */
export async function openTableLuck(): Promise<void> {
  open ??= new TableLuckWindow();
  await open.render({ force: true });
}

/** What the window shows: the ledger's index, faces and sessions' tallies (not the id blocks), who sees the test. */
const SHOWN = new Set(
  [SETTINGS.luckLedger, SETTINGS.luckFaces, SETTINGS.fairnessForAll, ...LUCK_SESSION_KEYS].map(
    (k) => `${SYSTEM_ID}.${k}`,
  ),
);

/** The `createSetting` / `updateSetting` hooks: a change of what the window shows draws the open window again. */
export function onSettingChanged(setting: unknown): void {
  const key: unknown = setting && typeof setting === "object" ? Reflect.get(setting, "key") : undefined;
  if (typeof key !== "string" || !SHOWN.has(key)) return;
  void open?.refresh();
}

/**
 * The `renderActorDirectory` hook: the "Table luck" button in the directory's header, for every user (once per render).
 */
export function onRenderActorDirectoryLuck(_app: unknown, html: unknown): void {
  const root = elementOf(html as EventTarget | null);
  if (!root || root.querySelector(".terran-luck-tool")) return;
  const el = root.ownerDocument.createElement("button");
  el.type = "button";
  el.className = "terran-luck-tool";
  el.innerHTML = `<i class="fa-solid fa-dice" inert></i> `;
  el.append(localize("TERRAN.Luck.button"));
  // The tooltip (data-tooltip, Foundry's TooltipManager) adds to the visible name; a screen reader reads it on focus.
  el.dataset.tooltip = localize("TERRAN.Luck.buttonTooltip");
  el.setAttribute("aria-description", localize("TERRAN.Luck.buttonTooltip"));
  // Core shows data-tooltip on a long hover only; the keyboard's focus shows it too (TooltipManager#activate,
  // foundryvtt.com/api/v14 TooltipManager), and leaving the button hides it.
  el.addEventListener("focus", () => game.tooltip?.activate(el, { text: el.dataset.tooltip ?? "" }));
  el.addEventListener("blur", () => game.tooltip?.deactivate());
  el.addEventListener("click", (event) => {
    event.preventDefault();
    void openTableLuck();
  });
  const wrap = root.ownerDocument.createElement("div");
  wrap.className = "terran-luck-tools action-buttons";
  wrap.append(el);
  const group = root.querySelector(".terran-gm-tools") ?? root.querySelector(".directory-header .action-buttons");
  if (group) group.after(wrap);
  else (root.querySelector(".directory-header") ?? root).prepend(wrap);
}

export function registerTableLuck(): void {
  Hooks.on("renderActorDirectory", onRenderActorDirectoryLuck);
  Hooks.on("createSetting", onSettingChanged);
  Hooks.on("updateSetting", onSettingChanged);
}
