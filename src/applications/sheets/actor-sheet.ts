/**
 * What the character and Challenge sheets share (ApplicationV2 + Handlebars over ActorSheetV2): the
 * generic header, and the render cycle every sheet of ours shares (./sheet-shell.ts) wired into
 * ActorSheetV2's hooks. Each sheet names only what differs: its schema, its parts per viewer and what
 * a change does.
 */
import type { DeepPartial } from "fvtt-types/utils";
import { SheetShell } from "./sheet-shell.ts";

import ActorSheetV2 = foundry.applications.sheets.ActorSheetV2;
const { HandlebarsApplicationMixin } = foundry.applications.api;

export abstract class TerranActorSheet<
  RenderContext extends ActorSheetV2.RenderContext = ActorSheetV2.RenderContext,
  Configuration extends ActorSheetV2.Configuration = ActorSheetV2.Configuration,
  RenderOptions extends ActorSheetV2.RenderOptions = ActorSheetV2.RenderOptions,
> extends HandlebarsApplicationMixin(ActorSheetV2)<RenderContext, Configuration, RenderOptions> {
  /** The fields whose number limits the form is held to (`defineCharacterSchema()`…). */
  protected abstract formSchema(): Readonly<Record<string, unknown>>;

  /** Of the parts the sheet declares, those this viewer sees (a limited viewer sees fewer). */
  protected abstract partsShown(declared: readonly string[]): readonly string[];

  /** A `change` anywhere in the sheet (bound once on the root). */
  protected abstract onRootChange(event: Event): void;

  readonly #shell = new SheetShell();

  protected override _configureRenderParts(options: RenderOptions) {
    const parts = super._configureRenderParts(options);
    return this.#shell.keepParts(parts, this.partsShown(Object.keys(parts)));
  }

  protected override async _onFirstRender(
    context: DeepPartial<RenderContext>,
    options: DeepPartial<RenderOptions>,
  ): Promise<void> {
    await super._onFirstRender(context, options);
    this.#shell.bind(this.element, (event) => this.onRootChange(event));
  }

  protected override async _preRender(
    context: DeepPartial<RenderContext>,
    options: DeepPartial<RenderOptions>,
  ): Promise<void> {
    await super._preRender(context, options);
    this.#shell.beforeRender(this);
  }

  protected override async _onRender(
    context: DeepPartial<RenderContext>,
    options: DeepPartial<RenderOptions>,
  ): Promise<void> {
    await super._onRender(context, options);
    this.#shell.afterRender(this);
  }

  protected override _prepareSubmitData(
    event: SubmitEvent,
    form: HTMLFormElement,
    formData: foundry.applications.ux.FormDataExtended,
    updateData?: unknown,
  ) {
    this.#shell.correctNumbers(formData, this.formSchema(), this.document);
    return super._prepareSubmitData(event, form, formData, updateData);
  }
}
