/**
 * TOKEN ACTION HUD CORE STAND-IN — not the module. The part of Token Action HUD Core 2.x a system adapter
 * meets, imitated from its released code (github.com/Larkinabout/fvtt-token-action-hud-core, tag 2.1.1 =
 * commit 8e56ada1b0f5's module code, module.json version 2.1.0, Foundry 13.351–14.360), each behaviour
 * citing file and line there. What it does NOT do: render the HUD, save layouts (a test hands one in as
 * saved), compendium/macro groups, settings forms, sorting by name (Core's "sortActions", off by default:
 * core/settings.mjs 339–345). Where Core silently drops something a system hands it wrongly, the
 * stand-in throws instead, so a test sees what a player would have lost. Import after
 * ./foundry-client.ts; call `resetWorld` first (it clears the hooks), then `installTokenActionHudCore`.
 */
import { world } from "./world.ts";

type Json = Record<string, unknown>;

export const TAH_CORE_ID = "token-action-hud-core";
/** The module Core requires (its module.json `relationships.requires`; core/sockets.mjs line 25 checks it). */
export const SOCKETLIB_ID = "socketlib";

/** The module object `game.modules.get("token-action-hud-core")` returns while it is installed. */
export interface TahCoreModuleStub {
  readonly id: typeof TAH_CORE_ID;
  readonly version: string;
  readonly active: true;
  api?: Json;
}

interface Group {
  readonly id: string;
  readonly nestId: string;
  readonly name: string;
  readonly type: string;
  readonly level: number;
  actions: TahActionStub[];
}

/**
 * An action as a user's saved layout keeps it: id, whether the system made it, and whether the user
 * shows it (group-handler.mjs `#getReducedGroupData`, lines 577–582).
 */
export interface SavedAction {
  readonly id: string;
  readonly isPreset?: boolean;
  readonly userSelected?: boolean;
}

/** An action as Core keeps it (the fields the stand-in reads of action-handler.mjs `createAction`). */
export interface TahActionStub {
  id: string;
  name: string;
  encodedValue?: string;
  img?: string;
  info1?: { text?: string };
  /** Classes added to the button (action.hbs line 3); Core's stylesheets grey a `disabled` one. */
  cssClass?: string;
  /** The button's `data-tooltip` as action.hbs line 6 prints it: only a tooltip object's `content`. */
  tooltip?: string;
  isPreset?: boolean;
  userSelected: boolean;
  systemSelected: boolean;
  /** Drawn only when not false (action.hbs line 1). */
  selected: boolean;
}

/** Core's "tooltips" client setting (core/settings.mjs lines 367–378): "full" by default. */
export type TooltipSetting = "full" | "nameOnly" | "none";

/** What the stand-in HUD manager holds between builds (Core's hud-manager.mjs keeps actor and token). */
interface HudManagerStub {
  actor: unknown;
}

// ---------------------------------------------------------------------------------------------
// The base classes (module/core/api.mjs lines 16–27 put them on `module.api`).

/** action-handler.mjs: `actor` reads the HUD manager's (line 503); `addActions` (lines 303–357). */
export class ActionHandlerStub {
  hudManager: HudManagerStub = { actor: null };
  groups = new Map<string, Group>();
  tooltips: TooltipSetting = "full";
  get actor(): unknown {
    return this.hudManager.actor;
  }
  /** Core's placeholder (action-handler.mjs line 95): a system overrides it. */
  buildSystemActions(groupIds: string[]): Promise<void> {
    void groupIds;
    return Promise.resolve();
  }
  addActions(actionsData: Json[], groupData: { id?: string; type?: string }): void {
    // action-handler.mjs line 304: an empty list is ignored.
    if (!actionsData.length) return;
    // Line 307: actions are keyed by id in a Map, so a second action with the same id replaces the first.
    const ids = actionsData.map((a) => a.id);
    if (ids.some((id) => typeof id !== "string" || id === ""))
      throw new Error("stand-in TAH: every action needs an id (the Map key, line 307)");
    if (new Set(ids).size !== ids.length)
      throw new Error(`stand-in TAH: duplicate action ids would be lost: ${ids.join(", ")}`);
    // Lines 313–319: no group id, or no group of that id and type (group-handler.mjs `getGroups`, line 276),
    // and Core adds nothing, silently.
    if (!groupData.id) throw new Error("stand-in TAH: addActions without a group id adds nothing");
    groupData.type ??= "system";
    const groups = [...this.groups.values()].filter((g) => g.id === groupData.id && g.type === groupData.type);
    if (groups.length === 0)
      throw new Error(`stand-in TAH: no group "${groupData.id}" of the layout: the actions are lost`);
    const made = new Map(actionsData.map((data) => [String(data.id), createAction(data, this.tooltips)]));
    for (const group of groups) mergeInto(group, made, this.tooltips);
  }
}

/**
 * action-handler.mjs lines 321–350: the group's saved actions keep their order and the user's choice
 * (`userSelected`) and take the new fields; a saved action the system no longer makes is hidden
 * (`systemSelected: false`); the new ones are added after them, in the system's order.
 */
function mergeInto(group: Group, made: Map<string, TahActionStub>, tooltips: TooltipSetting): void {
  const saved = new Set(group.actions.map((a) => a.id));
  group.actions = group.actions.map((existing) => {
    const action = made.get(existing.id);
    if (!action) return createAction({ ...existing, systemSelected: false }, tooltips);
    const userSelected = existing.userSelected;
    return { ...action, isPreset: true, userSelected, systemSelected: true, selected: userSelected };
  });
  for (const [id, action] of made) if (!saved.has(id)) group.actions.push({ ...action, isPreset: true });
}

/**
 * tooltip-handler.mjs `getTooltip` (lines 9–37) as action.hbs line 6 then prints it: "none" gives null,
 * and "nameOnly" or no tooltip gives the name as a bare string (line 13), whose `content` is undefined, so
 * the button shows no tooltip at all; a text tooltip becomes `{ content }` wrapped in
 * `div.tah-tooltip-wrapper` (lines 15–21).
 */
function shownTooltip(tooltip: unknown, setting: TooltipSetting): string | undefined {
  if (setting === "none" || setting === "nameOnly" || !tooltip) return undefined;
  // Line 19 calls `content.includes`: a tooltip that is not text (or { content }) breaks the build.
  if (typeof tooltip !== "string") throw new Error("stand-in TAH: the tooltip is text (tooltip-handler.mjs line 16)");
  return tooltip.includes("tah-tooltip-wrapper") ? tooltip : `<div class="tah-tooltip-wrapper">${tooltip}</div>`;
}

/**
 * action-handler.mjs `createAction` (lines 249–293): the fields the template reads (templates/action.hbs).
 * Core falls back to the id for a missing name (line 265); the stand-in asks for the name (stricter).
 * `cssClass` (line 271) goes on the button's classes (action.hbs line 3); Core's stylesheets draw a
 * `disabled` one greyed and without the hover (less/tah-hud.less lines 178–201, tah-docked.less lines
 * 132–158), but the button stays a live button: a click on it still reaches the system's handler
 * (roll-handler.mjs `handleActionClickCore`, lines 43–85, checks nothing), so the system must refuse it.
 * `selected` (lines 285–289): false when the system unselects it, else the user's choice, else true.
 */
function createAction(data: Json, tooltips: TooltipSetting): TahActionStub {
  if (typeof data.name !== "string") throw new Error("stand-in TAH: an action's name is text (action.hbs prints it)");
  const info = data.info1 as { text?: unknown } | undefined;
  if (info !== undefined && typeof info.text !== "string")
    throw new Error("stand-in TAH: info1.text is the text shown (action.hbs line 20)");
  if (data.cssClass !== undefined && typeof data.cssClass !== "string")
    throw new Error("stand-in TAH: cssClass is text (action.hbs line 3 prints it into the class attribute)");
  const tooltip = shownTooltip(data.tooltip, tooltips);
  const userSelected = typeof data.userSelected === "boolean" ? data.userSelected : true;
  const systemSelected = data.systemSelected !== false;
  return {
    id: String(data.id),
    name: data.name,
    ...(typeof data.encodedValue === "string" && data.encodedValue !== "" ? { encodedValue: data.encodedValue } : {}),
    ...(typeof data.img === "string" && data.img !== "" ? { img: data.img } : {}),
    ...(info ? { info1: { text: String(info.text) } } : {}),
    ...(typeof data.cssClass === "string" && data.cssClass !== "" ? { cssClass: data.cssClass } : {}),
    ...(tooltip === undefined ? {} : { tooltip }),
    ...(data.isPreset === true ? { isPreset: true } : {}),
    userSelected,
    systemSelected,
    selected: systemSelected && userSelected,
  };
}

/** roll-handler.mjs: `actor` reads the HUD manager's (line 230). */
export class RollHandlerStub {
  hudManager: HudManagerStub | null = null;
  get actor(): unknown {
    return this.hudManager?.actor;
  }
  /** Core's placeholder (roll-handler.mjs line 99): a system overrides it. */
  handleActionClick(event: unknown, buttonValue: string | null): unknown {
    void event;
    void buttonValue;
    return undefined;
  }
}

/** system-manager.mjs: the methods a system overrides (lines 18–30) and `init` (lines 39–43). */
export class SystemManagerStub {
  defaults: unknown = [];
  constructor(readonly coreModuleId: string) {}
  getActionHandler(): unknown {
    return undefined;
  }
  getRollHandler(rollHandlerId: string): unknown {
    void rollHandlerId;
    return false;
  }
  getAvailableRollHandlers(): unknown {
    return undefined;
  }
  registerDefaults(): Promise<unknown> {
    return Promise.resolve(undefined);
  }
  async init(): Promise<void> {
    // Line 56: `await this.registerDefaults() ?? []`.
    this.defaults = (await this.registerDefaults()) ?? [];
  }
}

// ---------------------------------------------------------------------------------------------
// Registration (module/main.mjs) and the version check (module/core/utils.mjs lines 628–669).

/** utils.mjs `isSystemModuleCompatible`: the major must match; minor and patch only when the system gives them. */
function compatible(required: unknown, installed: string): boolean {
  if (!required) return true;
  if (typeof required !== "string")
    throw new Error("stand-in TAH: requiredCoreModuleVersion is text (utils.mjs line 633 splits it)");
  const [major, minor, patch] = required.split(".");
  const [iMajor, iMinor, iPatch] = installed.split(".");
  if (iMajor !== major || (minor && iMinor !== minor) || (patch && iPatch !== patch)) {
    // Line 662: a permanent error notification names both versions.
    ui.notifications?.error(`Token Action HUD system module requires Core ${required}, ${installed} installed`, {
      permanent: true,
    });
    return false;
  }
  return true;
}

/** Layout groups by nestId (utils.mjs `getNestedGroups`, lines 682–701: `group.nestId.split("_")` — required). */
function flatten(layout: unknown, parent: string | null, into: Map<string, Group>): void {
  if (!Array.isArray(layout)) throw new Error("stand-in TAH: the layout is a list of groups");
  for (const raw of layout as Json[]) {
    const { id, nestId, name, type } = raw;
    if (typeof id !== "string" || typeof nestId !== "string" || typeof name !== "string")
      throw new Error(`stand-in TAH: a layout group needs id, nestId and name: ${JSON.stringify(raw)}`);
    // group-handler.mjs line 183: a group's parent is found by cutting its nestId at "_".
    const expected = parent === null ? id : `${parent}_${id}`;
    if (nestId !== expected) throw new Error(`stand-in TAH: nestId ${nestId} should be ${expected}`);
    into.set(nestId, {
      id,
      nestId,
      name,
      type: typeof type === "string" ? type : "custom",
      level: nestId.split("_").length,
      actions: savedActions(raw.actions),
    });
    if (raw.groups !== undefined) flatten(raw.groups, nestId, into);
  }
}

/**
 * A saved group's actions (group-handler.mjs lines 200–209 put a user's saved actions on the group
 * before the system adds its own); one saved without a name shows its id (action-handler.mjs line 265).
 */
function savedActions(raw: unknown): TahActionStub[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) throw new Error("stand-in TAH: a saved group's actions are a list");
  return (raw as SavedAction[]).map((a) => ({
    id: a.id,
    name: a.id,
    ...(a.isPreset ? { isPreset: true } : {}),
    userSelected: a.userSelected ?? true,
    systemSelected: true,
    selected: a.userSelected ?? true,
  }));
}

/** The installed Core, as a test drives it: its registration, then builds and clicks. */
export class TokenActionHudCoreStub {
  readonly module: TahCoreModuleStub;
  systemManager: SystemManagerStub | null = null;
  rollHandlers: unknown = null;
  /** Each user's "tooltips" setting is their client's own (core/settings.mjs line 370, scope "client"). */
  tooltips: TooltipSetting = "full";
  /** What Core's click handler let escape: a rejected promise it did not await (roll-handler.mjs line 85). */
  readonly unhandled: unknown[] = [];
  /** What its try/catch logged (roll-handler.mjs lines 86–88): a handler that threw at once. */
  readonly logged: unknown[] = [];

  constructor(version: string) {
    this.module = { id: TAH_CORE_ID, version, active: true };
    // main.mjs line 17: `Hooks.on("tokenActionHudSystemReady", registerCoreModule)`.
    Hooks.on("tokenActionHudSystemReady", (systemModule: unknown) => void this.#registerCoreModule(systemModule));
  }

  /**
   * main.mjs lines 30–46 (templates and handlebars left out). Without socketlib active Core stops before
   * it makes the system's manager (line 35): core/sockets.mjs lines 24–28 say so in a permanent error
   * notification (core/utils.mjs lines 24–25), and no HUD is ever built.
   */
  async #registerCoreModule(systemModule: unknown): Promise<void> {
    const api = (systemModule as { api?: Json } | null)?.api;
    if (!compatible(api?.requiredCoreModuleVersion, this.module.version)) return;
    if (!world.modules.has(SOCKETLIB_ID)) {
      ui.notifications?.error(
        "Token Action HUD | This module requires the 'socketlib' module to be installed and enabled.",
        { permanent: true },
      );
      return;
    }
    const Manager = api?.SystemManager as (new (id: string) => SystemManagerStub) | undefined;
    if (typeof Manager !== "function") throw new Error("stand-in TAH: api.SystemManager is a class (main.mjs line 38)");
    const manager = new Manager(TAH_CORE_ID);
    await manager.init();
    // settings.mjs lines 99–106: the roll handlers are the choices of Core's "rollHandler" setting, "core" its default.
    this.rollHandlers = manager.getAvailableRollHandlers();
    this.systemManager = manager;
  }

  /**
   * api.mjs lines 16–29: the api goes on the module, then `Hooks.callAll("tokenActionHudCoreApiReady", module)` (on
   * `ready`, main.mjs line 16).
   */
  ready(): void {
    this.module.api = {
      ActionHandler: ActionHandlerStub,
      RollHandler: RollHandlerStub,
      SystemManager: SystemManagerStub,
    };
    Hooks.callAll("tokenActionHudCoreApiReady", this.module);
  }

  /**
   * One HUD build for the token's `actor` (with `customLayout`, a layout saved in place of the system's)
   * (hud-manager.mjs lines 78–103, `buildActionsCore` line 99): character-handler.mjs lines 133–134 show a HUD only to
   * a GM or the actor's owner; several tokens give no actor.
   */
  async build(actor: unknown, customLayout: unknown = null): Promise<HudStub> {
    const manager = this.systemManager;
    if (!manager) throw new Error("stand-in TAH: no system registered");
    const user = world.user;
    const owner = (actor as { testUserPermission?: (u: unknown, level: string) => boolean } | null)?.testUserPermission;
    const shown = actor !== null && (user.isGM || owner?.call(actor, user, "OWNER") === true);
    const hudManager: HudManagerStub = { actor: shown ? actor : null };
    // system-manager.mjs lines 97–110 and 147–155.
    const handler = manager.getActionHandler();
    if (!(handler instanceof ActionHandlerStub))
      throw new Error("stand-in TAH: getActionHandler returns an ActionHandler");
    handler.hudManager = hudManager;
    handler.tooltips = this.tooltips;
    // layout-handler.mjs lines 36 and 47–50: the system's default layout, or one the GM or user saved instead.
    const defaults = manager.defaults as { layout?: unknown } | undefined;
    flatten(customLayout ?? defaults?.layout ?? [], null, handler.groups);
    const roll = manager.getRollHandler("core");
    if (!(roll instanceof RollHandlerStub)) throw new Error("stand-in TAH: getRollHandler returns a RollHandler");
    roll.hudManager = hudManager;
    // action-handler.mjs lines 81–82: the ids of the groups in the layout (group-handler.mjs `getGroupIds`).
    if (shown) await handler.buildSystemActions([...handler.groups.values()].map((g) => g.id));
    return new HudStub(handler, roll, this);
  }
}

/** A built HUD: its groups' actions, and a click on one. */
export class HudStub {
  constructor(
    readonly handler: ActionHandlerStub,
    readonly roll: RollHandlerStub,
    readonly core: TokenActionHudCoreStub,
  ) {}

  /** The actions the list group `id` draws (action.hbs line 1: not the unselected), in order. */
  actions(id: string): Group["actions"] {
    return [...this.handler.groups.values()]
      .filter((g) => g.id === id && g.level > 1)
      .flatMap((g) => g.actions)
      .filter((a) => a.selected);
  }

  /** Every group that holds an action, by nestId. */
  filled(): string[] {
    return [...this.handler.groups.values()].filter((g) => g.actions.length > 0).map((g) => g.nestId);
  }

  /**
   * A left click on the action `id` (roll-handler.mjs `handleActionClickCore`, lines 43–89): an action
   * with `onClick` calls it; otherwise the button's value — the action's `encodedValue`, templates/action.hbs
   * line 3, read back at roll-handler.mjs lines 179–182 — goes to `handleActionClick`. Core calls it inside
   * a try/catch that logs (lines 44, 86–88) but does not await it (line 85): a promise it returns that
   * rejects escapes as an unhandled rejection, recorded in `core.unhandled`. The stand-in's own promise
   * settles when the handler's does, so the test can wait for it; it never rejects.
   */
  async click(id: string): Promise<void> {
    const action = this.#drawn(id);
    let returned: unknown;
    try {
      returned = this.roll.handleActionClick({ type: "click", button: 0 }, action.encodedValue ?? null);
    } catch (error) {
      this.core.logged.push(error);
      return;
    }
    try {
      await returned;
    } catch (error) {
      this.core.unhandled.push(error);
    }
  }

  #drawn(id: string): TahActionStub {
    const action = [...this.handler.groups.values()].flatMap((g) => g.actions).find((a) => a.id === id && a.selected);
    if (!action) throw new Error(`stand-in TAH: no action ${id} on the HUD`);
    return action;
  }
}

let installed: TokenActionHudCoreStub | null = null;

/**
 * Installs and activates Core (version as in its module.json) for this test, with socketlib active unless
 * `socketlib` is false (a table can run Core without it only by ignoring Foundry's dependency warning);
 * `game.modules.get` finds it.
 */
export function installTokenActionHudCore(version = "2.1.0", { socketlib = true } = {}): TokenActionHudCoreStub {
  installed = new TokenActionHudCoreStub(version);
  world.modules.add(TAH_CORE_ID);
  if (socketlib) world.modules.add(SOCKETLIB_ID);
  return installed;
}

/** No Core in this world (what `resetWorld` leaves, stated for the reader). */
export function uninstallTokenActionHudCore(): void {
  installed = null;
  world.modules.delete(TAH_CORE_ID);
}

// `game.modules.get(id)`: the installed Core's module object (with its version and, once ready, its api);
// every other id as ./foundry-client.ts answers it.
const game = Reflect.get(globalThis, "game") as Json;
const previous = game.modules as { get(id: string): unknown };
Object.defineProperty(game, "modules", {
  value: {
    get: (id: string) =>
      id === TAH_CORE_ID && installed && world.modules.has(id) ? installed.module : previous.get(id),
  },
  configurable: true,
});
