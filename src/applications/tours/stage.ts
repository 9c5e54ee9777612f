/**
 * A tour step's stage put on screen as the user's own controls would (the sheet's link, `openRoll`, the GM's
 * dialogs, the chat tab). The stage closes every window IT opened once no step needs it; nothing is created,
 * rolled or posted.
 */
import { TerranActor } from "../../documents/actor.ts";
import { SYSTEM_ID } from "../../system-id.ts";
import { openRollRequest, openSessionAward } from "../gm/commands.ts";
import { openRoll } from "../resolution/index.ts";
import { NOT_FOUND, type TerranTourStep, type TourCard, type TourStage } from "./steps.ts";

export interface StageWindow {
  readonly id: string;
  readonly rendered: boolean;
  readonly element: HTMLElement;
  close(options?: object): Promise<unknown>;
  /** ApplicationV2#changeTab */
  changeTab?(tab: string, group: string): void;
}

/** A selector for the whole page, or none (the middle of the screen). */
export interface Placement {
  readonly selector: string | undefined;
  /** Its `missing` key when the stage could not be shown. */
  readonly content: string;
}

type Slot = "sheet" | "dialog" | "settings" | "challenge" | "request" | "session";

/** Every other window the tour opened is closed. */
function keeps(stage: TourStage): readonly Slot[] {
  switch (stage.kind) {
    case "sheet":
      return ["sheet"];
    case "roll-dialog":
      return ["sheet", "dialog"];
    case "settings":
      return ["settings"];
    case "challenge-sheet":
      return ["challenge"];
    case "gm-dialog":
      return [stage.dialog];
    case "center":
    case "card":
      return [];
  }
}

function isWindow(value: unknown): value is StageWindow {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof Reflect.get(value, "id") === "string" &&
    typeof Reflect.get(value, "close") === "function"
  );
}

/** With the selector that finds it alone on the page. */
interface Shown {
  readonly root: HTMLElement;
  readonly scope: string;
  /** A card is not one. */
  readonly app?: StageWindow;
}

/** Found by its id. */
function shownWindow(app: StageWindow | null): Shown | null {
  return app?.element.id ? { root: app.element, scope: `#${CSS.escape(app.element.id)}`, app } : null;
}

/**
 * `scope inner`, if it matches there; an element on a hidden tab has its tab shown first, as a click would.
 */
function within(shown: Shown, inner: string): string | undefined {
  const element = shown.root.querySelector(inner);
  if (!element) return undefined;
  const tab = element.closest<HTMLElement>("[data-tab][data-group]");
  const { tab: id, group } = tab?.dataset ?? {};
  if (tab && id && group && !tab.classList.contains("active")) shown.app?.changeTab?.(id, group);
  return `${shown.scope} ${inner}`;
}

/**
 * The first ApplicationV2 `open` rendered (`renderApplicationV2`, foundryvtt.com/api/v13 hookEvents), so the
 * very window the control opened can be closed.
 */
async function captureOpened(open: () => Promise<unknown>): Promise<StageWindow | null> {
  const seen: StageWindow[] = [];
  const id = Hooks.on("renderApplicationV2", (app: unknown) => {
    if (isWindow(app)) seen.push(app);
  });
  try {
    await open();
  } finally {
    Hooks.off("renderApplicationV2", id);
  }
  return seen[0] ?? null;
}

/** Assigned, else the first character they own. */
export function ownCharacter(): TerranActor | null {
  const mine = (a: unknown): a is TerranActor => a instanceof TerranActor && a.type === "character" && a.isOwner;
  const assigned: unknown = game.user?.character;
  if (mine(assigned)) return assigned;
  for (const actor of game.actors?.contents ?? []) if (mine(actor)) return actor;
  return null;
}

/** A GM: the world's first. */
function firstChallenge(): TerranActor | null {
  const owned = (a: unknown): a is TerranActor => a instanceof TerranActor && a.type === "challenge" && a.isOwner;
  for (const actor of game.actors?.contents ?? []) if (owned(actor)) return actor;
  return null;
}

/** As its control would (`render({ force: true })`). */
async function renderForced(app: unknown): Promise<void> {
  const render: unknown = typeof app === "object" && app !== null ? Reflect.get(app, "render") : undefined;
  if (typeof render === "function") await Reflect.apply(render, app, [{ force: true }]);
}

/** Foundry's `ui.sidebar`, an ApplicationV2 with tabs and a collapsed state. */
interface SidebarLike {
  readonly expanded?: boolean;
  readonly tabGroups?: Record<string, string | null>;
  changeTab?(tab: string, group: string): void;
  toggleExpanded?(expanded?: boolean): void;
}

function sidebar(): SidebarLike | null {
  const bar: unknown = ui.sidebar;
  return typeof bar === "object" && bar !== null ? bar : null;
}

export class TourStageHost {
  readonly #opened = new Map<Slot, StageWindow>();
  /** Restored on leaving. */
  #sidebarBefore: { tab: string | null; expanded: boolean } | null = null;

  /** NOT_FOUND where nothing is found. */
  async enter(step: TerranTourStep): Promise<Placement> {
    await this.#closeAllBut(keeps(step.stage));
    const shown = await this.#show(step.stage);
    if (step.stage.kind === "center" || !step.selector) return { selector: undefined, content: step.content };
    if (!shown) return { selector: undefined, content: step.missing ?? NOT_FOUND };
    // The card is there but not this button (already confirmed or applied): point at the card.
    const selector =
      within(shown, step.selector) ?? (step.stage.kind === "card" ? within(shown, "[data-card]") : undefined);
    return selector ? { selector, content: step.content } : { selector: undefined, content: NOT_FOUND };
  }

  async leave(): Promise<void> {
    await this.#closeAllBut([]);
    const before = this.#sidebarBefore;
    this.#sidebarBefore = null;
    if (!before) return;
    if (before.tab) sidebar()?.changeTab?.(before.tab, "primary");
    sidebar()?.toggleExpanded?.(before.expanded);
  }

  /** Expanded (Lancer's tours open a sidebar tab so, on v13). */
  #showChat(): void {
    const bar = sidebar();
    if (!bar) return;
    this.#sidebarBefore ??= { tab: bar.tabGroups?.primary ?? null, expanded: bar.expanded ?? true };
    bar.changeTab?.("chat", "primary");
    if (bar.expanded === false) bar.toggleExpanded?.(true);
  }

  async #closeAllBut(keep: readonly Slot[]): Promise<void> {
    for (const [slot, app] of [...this.#opened]) {
      if (keep.includes(slot) && app.rendered) continue;
      this.#opened.delete(slot);
      if (app.rendered) await app.close();
    }
  }

  /** Or null when it cannot be shown. */
  async #show(stage: TourStage): Promise<Shown | null> {
    switch (stage.kind) {
      case "center":
        return null;
      case "sheet":
        return shownWindow(await this.#sheet());
      case "roll-dialog":
        return shownWindow(await this.#rollDialog());
      case "card":
        return this.#card(stage.card);
      case "settings":
        return shownWindow(await this.#settings());
      case "challenge-sheet":
        return shownWindow(await this.#challenge());
      case "gm-dialog":
        return shownWindow(await this.#gmDialog(stage.dialog));
    }
  }

  /** Remembered under `slot` only if the tour opened it. */
  async #openSheet(actor: TerranActor | null, slot: Slot): Promise<StageWindow | null> {
    const sheet: unknown = actor?.sheet;
    if (!isWindow(sheet)) return null;
    if (!sheet.rendered) {
      await renderForced(sheet);
      this.#opened.set(slot, sheet);
    }
    return sheet;
  }

  #sheet(): Promise<StageWindow | null> {
    return this.#openSheet(ownCharacter(), "sheet");
  }

  #challenge(): Promise<StageWindow | null> {
    return this.#openSheet(firstChallenge(), "challenge");
  }

  /** The sheet's first roll button's. */
  async #rollDialog(): Promise<StageWindow | null> {
    const current = this.#opened.get("dialog");
    if (current?.rendered) return current;
    const actor = ownCharacter();
    const sheet = await this.#sheet();
    const button = sheet?.element.querySelector<HTMLElement>('[data-tour="attributes"] [data-action="roll"]');
    const what = button?.dataset.roll;
    if (!actor || !what) return null;
    const dialog = await captureOpened(() => openRoll(actor, what));
    if (dialog) this.#opened.set("dialog", dialog);
    return dialog;
  }

  async #settings(): Promise<StageWindow | null> {
    const SettingsConfig: unknown = foundry.applications.settings?.SettingsConfig;
    if (typeof SettingsConfig !== "function") return null;
    const app = await captureOpened(async () => {
      const config = new foundry.applications.settings.SettingsConfig();
      await renderForced(config);
      // Lancer's tours open it so on v13; v14's ids are not verified.
      try {
        config.changeTab("system", "categories");
      } catch (error) {
        console.warn(`${SYSTEM_ID} | tour: the settings window has no "system" tab here`, error);
      }
    });
    if (app) this.#opened.set("settings", app);
    return app;
  }

  async #gmDialog(dialog: "request" | "session"): Promise<StageWindow | null> {
    const current = this.#opened.get(dialog);
    if (current?.rendered) return current;
    const app = await captureOpened(dialog === "request" ? openRollRequest : openSessionAward);
    if (app) this.#opened.set(dialog, app);
    return app;
  }

  /** Any such card for a user with none; the chat tab shown and the card scrolled to; null when none yet. */
  #card(kind: TourCard): Shown | null {
    this.#showChat();
    const log: HTMLElement | null = ui.chat?.element ?? null;
    if (!log?.id) return null;
    const actorId = ownCharacter()?.id ?? null;
    const cards = [...log.querySelectorAll<HTMLElement>(`[data-card="${kind}"]`)].reverse();
    for (const card of cards) {
      const message = card.closest<HTMLElement>("[data-message-id]");
      const speaker = game.messages?.get(message?.dataset.messageId ?? "")?.speaker.actor ?? null;
      if (!message || (actorId !== null && speaker !== actorId)) continue;
      card.scrollIntoView({ block: "nearest" });
      const id = CSS.escape(message.dataset.messageId ?? "");
      return { root: message, scope: `#${CSS.escape(log.id)} [data-message-id="${id}"]` };
    }
    return null;
  }
}

export const TOUR_NAMESPACE = SYSTEM_ID;
