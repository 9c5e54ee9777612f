/**
 * FOUNDRY STAND-INS — not Foundry. The application side: ApplicationV2 (HandlebarsApplicationMixin is
 * the identity here), DocumentSheetV2 for ActorSheetV2/ItemSheetV2, the FilePicker, reading drag data,
 * and renderTemplate over the system's real templates. Installed on `foundry.applications` by
 * ./foundry-client.ts, which also re-exports these classes.
 */
import { renderTemplate } from "../support/templates.ts";
import { world } from "./world.ts";

type Json = Record<string, unknown>;

const TEMPLATE_ROOT = "systems/terran-engine/templates/";

interface AppOptions {
  tag?: string;
  actions?: Record<string, (this: ApplicationStub, event: Event, target: HTMLElement) => unknown>;
}

/**
 * Stand-in ApplicationV2 (HandlebarsApplicationMixin is the identity here): `render` asks
 * `_prepareContext`, renders each of the class's PARTS with the real template, calls `_onFirstRender`
 * once, and a click on `[data-action]` calls the class's DEFAULT_OPTIONS.actions handler with
 * (event, target), as ApplicationV2 documents. Nothing of Foundry's windowing, options merging or
 * part diffing is reproduced.
 */
export class ApplicationStub {
  static DEFAULT_OPTIONS: AppOptions = {};
  static PARTS: Record<string, { template: string }> = {};
  element!: HTMLElement;
  renders = 0;
  closed = false;

  constructor(readonly options: Json = {}) {}

  _prepareContext(): Promise<Json> {
    return Promise.resolve({});
  }

  _onFirstRender(): Promise<void> {
    return Promise.resolve();
  }

  /** A copy of the class's PARTS (a sheet may drop some); render renders what this returns. */
  _configureRenderParts(): Record<string, { template: string }> {
    return { ...(this.constructor as typeof ApplicationStub).PARTS };
  }

  async render(): Promise<this> {
    const cls = this.constructor as typeof ApplicationStub;
    const first = this.renders === 0;
    const context = await (this._prepareContext as (options: Json) => Promise<Json>)({ isFirstRender: first });
    if (first) {
      this.element = document.createElement(cls.DEFAULT_OPTIONS.tag ?? "div");
      this.element.addEventListener("click", (event) => {
        const target = event.target instanceof Element ? event.target.closest<HTMLElement>("[data-action]") : null;
        const handler = target ? cls.DEFAULT_OPTIONS.actions?.[target.dataset.action ?? ""] : undefined;
        if (target && handler) void handler.call(this, event, target);
      });
    }
    const configured = this._configureRenderParts();
    const parts = await Promise.all(Object.values(configured).map((part) => renderSystemTemplate(part.template, context)));
    this.element.innerHTML = parts.join("");
    this.renders++;
    if (first) world.opened.push(this);
    if (first) await (this._onFirstRender as (context: Json, options: Json) => Promise<void>)(context, {});
    return this;
  }

  close(): Promise<this> {
    this.closed = true;
    return Promise.resolve(this);
  }
}

/**
 * Stand-in DocumentSheetV2 (for ActorSheetV2 and ItemSheetV2): the ApplicationV2 stand-in plus
 * `document` (options.document), `isEditable` (the document's `isOwner`, no other rule), `changeTab`
 * (remembers the tab) and `_prepareSubmitData` (returns the form data's object as it is). Foundry's
 * form submission, permission levels, locking and tab handling are not reproduced.
 */
export class DocumentSheetStub extends ApplicationStub {
  readonly tabs: Record<string, string> = {};

  get document(): { isOwner: boolean } {
    return this.options.document as { isOwner: boolean };
  }

  get isEditable(): boolean {
    return this.document.isOwner;
  }

  changeTab(tab: string, group: string): void {
    this.tabs[group] = tab;
  }

  _prepareSubmitData(_event: Event, _form: HTMLFormElement, formData: { object: Json }): Json {
    return formData.object;
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

