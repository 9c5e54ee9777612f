/**
 * FOUNDRY STAND-INS — not Foundry. The application side: ApplicationV2 (HandlebarsApplicationMixin is
 * the identity here), DocumentSheetV2 for ActorSheetV2/ItemSheetV2, the FilePicker, reading drag data,
 * and renderTemplate over the system's real templates. Installed on `foundry.applications` by
 * ./foundry-client.ts, which also re-exports these classes.
 *
 * Each behaviour follows the generation in `world.generation` (13 | 14) and names its evidence. What
 * the stand-ins cannot know (Foundry's windowing, options merging, part diffing, form submission,
 * permission levels) is not reproduced and is said so where it matters.
 */
import { Window as HappyWindow } from "happy-dom";
import { renderTemplate } from "../support/templates.ts";
import { HooksStub } from "./hooks.ts";
import { world } from "./world.ts";

type Json = Record<string, unknown>;

const TEMPLATE_ROOT = "systems/terran-engine/templates/";

type ActionHandler = (this: ApplicationStub, event: Event, target: HTMLElement) => unknown;

interface AppOptions {
  tag?: string;
  actions?: Record<string, ActionHandler>;
}

/** One group of `static TABS` (foundryvtt.com/api/v14 foundry.applications.types.ApplicationTabsConfiguration). */
export interface TabsConfiguration {
  tabs: { id: string; label?: string; icon?: string; cssClass?: string; tooltip?: string }[];
  /** "The tab in this group that will be active on first render" (same page). */
  initial?: string;
  /** "if set, a label is generated for each tab using a full path of ${labelPrefix}.${tabId}" (same page). */
  labelPrefix?: string;
}

/** A prepared tab (foundryvtt.com/api/v14 foundry.applications.types.ApplicationTab). */
export interface ApplicationTab {
  id: string;
  group: string;
  icon?: string;
  label?: string;
  tooltip?: string;
  active: boolean;
  cssClass: string;
}

/**
 * Action names ApplicationV2 handles itself: a click on them never reaches the class's `actions`.
 * Evidence: `tab` — vttforge/vttforge PR #17 ("the bare action name `tab` is reserved by the framework
 * (custom handlers under that name never fire)"); Draw Steel's sheets use `data-action="tab"` from
 * core's templates/generic/tab-navigation.hbs with no `tab` action of their own (hero-sheet.mjs).
 * `close` and `toggleControls` — the window frame's own buttons (the project's rule in
 * briefs/common.md); not independently verified here. Other core defaults (DocumentSheetV2's
 * `editImage`…) are ordinary class actions a subclass may replace, so they are not listed.
 */
export const CORE_ACTIONS = ["tab", "close", "toggleControls"] as const;

/**
 * The work class actions have started and not finished. Core calls a handler and does not wait for it
 * (as here: `void handler.call(...)`); the tests may, through `actionsSettled`, since a handler awaits
 * dialogs, rolls and updates and so may take longer than a fixed pause.
 */
const pendingActions = new Set<Promise<unknown>>();

/** Resolves once every action handler started so far (and any they start meanwhile) has finished. */
export async function actionsSettled(): Promise<void> {
  while (pendingActions.size > 0) await Promise.allSettled([...pendingActions]);
}

/** A DOM node as the stand-ins test it: by its properties, never by `instanceof` (realms differ). */
function asElement(node: unknown): HTMLElement | null {
  const el = node as Partial<HTMLElement> | null;
  return el?.nodeType === 1 && typeof el.closest === "function" ? (el as HTMLElement) : null;
}

/** The second browser window a detached application lives in (one per test run is enough). */
let detachedWindow: HappyWindow | null = null;
function secondRealm(): HappyWindow {
  detachedWindow ??= new HappyWindow();
  return detachedWindow;
}

/**
 * happy-dom shares its DOM classes between Window instances (checked: a second `new Window()` has
 * `HTMLElement === globalThis.HTMLElement`), so a second window alone is not a second realm. A real
 * second realm has its own copy of every DOM class: the same methods, other prototype objects. The
 * stand-in gives the detached window's nodes exactly that — a copy of their prototype chain up to
 * Object.prototype — so `node instanceof HTMLElement` (the main window's class) is false for them,
 * as in a popped-out browser window, while every property and method still works.
 */
const foreignPrototypes = new Map<object, object>();
const foreign = new Set<object>();
function foreignPrototype(proto: object | null): object | null {
  if (proto === null || proto === Object.prototype || foreign.has(proto)) return proto;
  let copy = foreignPrototypes.get(proto);
  if (!copy) {
    copy = Object.create(
      foreignPrototype(Object.getPrototypeOf(proto) as object | null),
      Object.getOwnPropertyDescriptors(proto),
    ) as object;
    foreignPrototypes.set(proto, copy);
    foreign.add(copy);
  }
  return copy;
}

/** Makes `root` and every node under it a node of the second realm (see foreignPrototype). */
export function toSecondRealm<T extends Node>(root: T): T {
  const nodes: Node[] = [root];
  for (let node = nodes.pop(); node; node = nodes.pop()) {
    Object.setPrototypeOf(node, foreignPrototype(Object.getPrototypeOf(node) as object));
    nodes.push(...Array.from(node.childNodes));
  }
  return root;
}

/** A fresh element of the second realm, made in the second window's document (for tests of a detached window). */
export function secondRealmElement(tag: string): HTMLElement {
  return toSecondRealm(secondRealm().document.createElement(tag) as unknown as HTMLElement);
}

/**
 * Stand-in ApplicationV2 (HandlebarsApplicationMixin is the identity here): `render` asks
 * `_prepareContext`, renders each of the class's PARTS with the real template, calls `_onFirstRender`
 * on a first render, and a click on `[data-action]` goes to core for CORE_ACTIONS, else to the class's
 * DEFAULT_OPTIONS.actions handler with (event, target), as ApplicationV2 documents. Nothing of
 * Foundry's windowing, options merging (only the class's own DEFAULT_OPTIONS are read) or part
 * diffing (every part is re-rendered) is reproduced.
 */
export class ApplicationStub {
  static DEFAULT_OPTIONS: AppOptions = {};
  static PARTS: Record<string, { template: string }> = {};
  static TABS: Record<string, TabsConfiguration> = {};
  element!: HTMLElement;
  renders = 0;
  closed = false;
  /** The active tab of each group (ApplicationV2#tabGroups; changed by `changeTab`, kept by the instance). */
  readonly tabGroups: Record<string, string | null> = {};
  /** The generation the application runs in (world.generation when it was made). */
  readonly generation = world.generation;
  /** True once `detach` moved the window into a second browser window (v14). */
  detached = false;
  /** Calls that reached core's own handling of a CORE_ACTIONS name (a test reads them). */
  readonly coreActions: string[] = [];
  #rendered = false;
  static #made = 0;
  readonly #appId = ++ApplicationStub.#made;

  constructor(readonly options: Json = {}) {}

  /**
   * ApplicationV2#id, "The CSS id of the Application's element" (foundryvtt.com/api/v13
   * foundry.applications.api.ApplicationV2): `options.id`, else the class's name and a number of the
   * stand-in's own (core's default id pattern is not reproduced). The element carries it.
   */
  get id(): string {
    return typeof this.options.id === "string" ? this.options.id : `${this.constructor.name}-${this.#appId}`;
  }

  /**
   * Core fills `tabs` from the primary group of `static TABS`: ApplicationRenderContext.tabs, "Tab data
   * prepared from an entry in ApplicationV2.TABS" (foundryvtt.com/api/v14 …ApplicationRenderContext);
   * Draw Steel reads `context.tabs[partId]` after `super._prepareContext` (actor-sheet.mjs).
   */
  _prepareContext(): Promise<Json> {
    const cls = this.constructor as typeof ApplicationStub;
    return Promise.resolve(cls.TABS.primary ? { tabs: this._prepareTabs("primary") } : {});
  }

  /** One group's tabs in the ApplicationTab shape; the active one is `tabGroups[group]`. */
  _prepareTabs(group: string): Record<string, ApplicationTab> {
    const config = (this.constructor as typeof ApplicationStub).TABS[group];
    if (!config) throw new Error(`stand-in ApplicationV2: no tab group ${group} in static TABS`);
    this.tabGroups[group] ??= config.initial ?? null;
    const active = this.tabGroups[group];
    return Object.fromEntries(
      config.tabs.map((t) => {
        const label = config.labelPrefix ? `${config.labelPrefix}.${t.id}` : t.label;
        const on = t.id === active;
        return [
          t.id,
          {
            id: t.id,
            group,
            active: on,
            cssClass: on ? "active" : "",
            ...(label ? { label } : {}),
            ...(t.icon ? { icon: t.icon } : {}),
          },
        ];
      }),
    );
  }

  /**
   * ApplicationV2#changeTab(tab, group): records the tab in `tabGroups` and marks the group's nav
   * links and sections (`[data-group][data-tab]`) active or not, without a render (the Tabs docs'
   * example markup, foundryvtt.com/api/v14 foundry.applications.ux.Tabs; Draw Steel's sections carry
   * `data-group`/`data-tab` and `{{tab.cssClass}}`). Whether core throws for an unknown tab is not known.
   */
  changeTab(tab: string, group: string): void {
    this.tabGroups[group] = tab;
    for (const node of this.element.querySelectorAll(`[data-group="${group}"][data-tab]`)) {
      const el = asElement(node);
      el?.classList.toggle("active", el.dataset.tab === tab);
    }
  }

  _onFirstRender(): Promise<void> {
    return Promise.resolve();
  }

  /**
   * ApplicationV2's render hooks around each render: `_preRender` before the new HTML replaces the old
   * (peers read the old DOM there, e.g. the focused field: thirdera's and other v13 actor sheets),
   * `_onRender` after it, on every render (Draw Steel binds its drag and drop there). The stand-in calls
   * `_onFirstRender` before `_onRender` on a first render; Foundry's exact order is not verified here.
   */
  _preRender(): Promise<void> {
    return Promise.resolve();
  }

  _onRender(): Promise<void> {
    return Promise.resolve();
  }

  /** ApplicationV2#rendered: the window has been rendered and not closed since. */
  get rendered(): boolean {
    return this.#rendered;
  }

  /** A copy of the class's PARTS (a sheet may drop some); render renders what this returns. */
  _configureRenderParts(): Record<string, { template: string }> {
    return { ...(this.constructor as typeof ApplicationStub).PARTS };
  }

  /** The document the window's nodes are made in: the main one, or the second window's once detached. */
  get #document(): Document {
    return this.detached ? (secondRealm().document as unknown as Document) : document;
  }

  /** Binds core's own listeners on the new root (a subclass adds core's drag and drop). */
  protected _bindCore(root: HTMLElement): void {
    const cls = this.constructor as typeof ApplicationStub;
    root.addEventListener("click", (event) => {
      const target = asElement(event.target)?.closest<HTMLElement>("[data-action]");
      const action = target?.dataset.action;
      if (!target || !action) return;
      if ((CORE_ACTIONS as readonly string[]).includes(action)) {
        this.coreActions.push(action);
        if (action === "tab") this.changeTab(target.dataset.tab ?? "", target.dataset.group ?? "");
        else if (action === "close") void this.close();
        return;
      }
      const handler = cls.DEFAULT_OPTIONS.actions?.[action];
      if (!handler) return;
      const work = Promise.resolve(handler.call(this, event, target));
      pendingActions.add(work);
      void work.finally(() => pendingActions.delete(work));
    });
  }

  async render(): Promise<this> {
    const cls = this.constructor as typeof ApplicationStub;
    const first = !this.#rendered;
    const context = await (this._prepareContext as (options: Json) => Promise<Json>)({ isFirstRender: first });
    if (first) {
      this.element = this.#document.createElement(cls.DEFAULT_OPTIONS.tag ?? "div");
      this.element.id = this.id;
      this._bindCore(this.element);
    }
    await (this._preRender as (context: Json, options: Json) => Promise<void>)(context, { isFirstRender: first });
    const configured = this._configureRenderParts();
    const parts = await Promise.all(
      Object.values(configured).map((part) => renderSystemTemplate(part.template, context)),
    );
    // Parsed in the window's own document, so a detached window's parts are nodes of the second realm.
    const template = this.#document.createElement("template");
    template.innerHTML = parts.join("");
    this.element.replaceChildren(...Array.from(template.content.childNodes));
    // Given their foreign prototypes once inserted (happy-dom's own insertion checks `instanceof Node`).
    if (this.detached) toSecondRealm(this.element);
    this.renders++;
    this.#rendered = true;
    this.closed = false;
    if (first) world.opened.push(this);
    if (first) await (this._onFirstRender as (context: Json, options: Json) => Promise<void>)(context, {});
    await (this._onRender as (context: Json, options: Json) => Promise<void>)(context, { isFirstRender: first });
    // "renderApplicationV2: A hook event that fires whenever this Application is rendered", with the
    // application, its element, the context and the options (foundryvtt.com/api/v13/functions/
    // hookEvents.renderApplicationV2.html). Core also calls one per subclass (render<ClassName>); not modelled.
    HooksStub.callAll("renderApplicationV2", this, this.element, context, { isFirstRender: first });
    return this;
  }

  /**
   * Closes the window; rendering it again is a first render (a new root, `_onFirstRender` again), while
   * the instance — and its `tabGroups` — stay (Foundry keeps one sheet per document, `Document#sheet`).
   * The stand-in assumes this from ApplicationV2's first-render hooks; it is not verified.
   */
  close(): Promise<this> {
    this.closed = true;
    this.#rendered = false;
    this.element.remove();
    return Promise.resolve(this);
  }

  /**
   * v14 detached window: the window moves into its own browser window, whose globals are not the main
   * window's, so `instanceof HTMLElement` (the main realm's class) is false for nodes made there; only
   * `foundry`, `game`, `ui` and `Math` are redirected (foundryvtt#13128; SR5 PR #2076). The root is
   * moved (listeners bound on it stay); later renders make their nodes in the second window. v13 has
   * no detached windows: refused.
   */
  detach(): void {
    if (this.generation < 14) throw new Error("stand-in ApplicationV2: detached windows are a v14 feature");
    this.detached = true;
    const other = this.#document;
    other.body.appendChild(other.adoptNode(this.element));
    toSecondRealm(this.element);
  }
}

/**
 * Stand-in DocumentSheetV2 (for ActorSheetV2 and ItemSheetV2): the ApplicationV2 stand-in plus
 * `document` (options.document), `isEditable` (the document's `isOwner`, no other rule) and
 * `_prepareSubmitData` (returns the form data's object as it is). Foundry's form submission,
 * permission levels and locking are not reproduced.
 */
export class DocumentSheetStub extends ApplicationStub {
  get document(): { isOwner: boolean } {
    return this.options.document as { isOwner: boolean };
  }

  get isEditable(): boolean {
    return this.document.isOwner;
  }

  _prepareSubmitData(_event: Event, _form: HTMLFormElement, formData: { object: Json }): Json {
    return formData.object;
  }

  /** Whether core binds its own drag and drop on this sheet in the current generation. */
  protected coreDragDrop(): boolean {
    return false;
  }

  /**
   * Core's drag and drop, where the generation has it: dragstart and drop on the root call the sheet's
   * `_onDragStart(event)` / `_onDrop(event)` (the names peers override: dnd5e base-actor-sheet.mjs,
   * Draw Steel document-sheet.mjs). A sheet that binds its own listeners too sees each event twice.
   */
  protected override _bindCore(root: HTMLElement): void {
    super._bindCore(root);
    if (!this.coreDragDrop()) return;
    const self = this as unknown as { _onDragStart?: (e: Event) => unknown; _onDrop?: (e: Event) => unknown };
    root.addEventListener("dragstart", (event) => void self._onDragStart?.call(this, event));
    root.addEventListener("drop", (event) => void self._onDrop?.call(this, event));
  }
}

/** ActorSheetV2: core drag and drop on both generations (dnd5e and ker-nethalas override its `_onDropItem`, v13). */
export class ActorSheetStub extends DocumentSheetStub {
  protected override coreDragDrop(): boolean {
    return true;
  }
}

/** ItemSheetV2: core drag and drop from v14 only ("ItemSheetV2 gained drag and drop", daggerheart PR #1997). */
export class ItemSheetStub extends DocumentSheetStub {
  protected override coreDragDrop(): boolean {
    return this.generation >= 14;
  }
}

/** Stand-in FilePicker: records the options it was opened with; a test calls their callback. */
export class FilePickerStub {
  static get implementation(): typeof FilePickerStub {
    return FilePickerStub;
  }
  readonly record: { options: Json; browsed: boolean };
  constructor(options: Json) {
    this.record = { options, browsed: false };
    world.pickers.push(this.record);
  }
  browse(): Promise<void> {
    this.record.browsed = true;
    return Promise.resolve();
  }
}

/** `text/plain` JSON of a drop event's dataTransfer, or null (the stand-in's whole reading of drag data). */
export function dragEventData(event: DragEvent): unknown {
  const raw = event.dataTransfer?.getData("text/plain") ?? "";
  try {
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

export function renderSystemTemplate(path: string, context: object): Promise<string> {
  if (!path.startsWith(TEMPLATE_ROOT)) throw new Error(`stand-in renderTemplate: not a system template: ${path}`);
  return Promise.resolve(renderTemplate(path.slice(TEMPLATE_ROOT.length), context));
}
