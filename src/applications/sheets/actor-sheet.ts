/**
 * What the character and Challenge sheets share (ApplicationV2 + Handlebars over ActorSheetV2): the
 * generic header, the listeners bound once on the root (keyboard presses, `data-change` fields), the
 * focus kept and live values said across re-renders (src/applications/a11y/keeper.ts), the parts a
 * viewer sees, and the form's numbers held to the schema's limits before they are submitted (with a
 * warning per correction). Each sheet names only what differs: its schema, its parts per viewer and
 * what a change does.
 *
 * The item sheet extends ItemSheetV2, so it cannot share this class; a mixin over both bases would need
 * a constructor typed `any[]` (what TypeScript demands of a mixin class), so it keeps its own hooks.
 */
import type { DeepPartial } from "fvtt-types/utils";
import { A11yKeeper } from "../a11y/keeper.ts";
import { moveOnKey, pressOnKey } from "../a11y/keyboard.ts";
import { guardClosed, revealClosedReasons } from "../a11y/disabled.ts";
import { flatFormData, notifyCorrections } from "./sheet-glue.ts";
import { schemaLimits } from "./submit.ts";

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

  protected override _configureRenderParts(options: RenderOptions) {
    const parts = super._configureRenderParts(options);
    const keep = this.partsShown(Object.keys(parts));
    for (const id of Object.keys(parts)) if (!keep.includes(id)) delete parts[id];
    return parts;
  }

  /** Delegated listeners on the sheet's root (it outlives the parts' re-renders). */
  protected override async _onFirstRender(
    context: DeepPartial<RenderContext>,
    options: DeepPartial<RenderOptions>,
  ): Promise<void> {
    await super._onFirstRender(context, options);
    // Bound once on the root, which a v14 detached window moves whole into its own document.
    this.element.addEventListener("keydown", pressOnKey);
    this.element.addEventListener("keydown", moveOnKey);
    // A press on a closed control (aria-disabled, ../a11y/disabled.ts) stops before the actions see it.
    this.element.addEventListener("click", guardClosed, { capture: true });
    this.element.addEventListener("change", (event) => this.onRootChange(event));
  }

  /**
   * The focus is kept across re-renders and the live values (Grit, Ego, Disposition) that changed are
   * said politely: remembered in _preRender, put back in _onRender, as peer v13 sheets keep a field's
   * focus (thirdera's actor sheet). Not run in Foundry.
   */
  readonly #a11y = new A11yKeeper();

  protected override async _preRender(
    context: DeepPartial<RenderContext>,
    options: DeepPartial<RenderOptions>,
  ): Promise<void> {
    await super._preRender(context, options);
    if (this.rendered) this.#a11y.before(this.element);
  }

  protected override async _onRender(
    context: DeepPartial<RenderContext>,
    options: DeepPartial<RenderOptions>,
  ): Promise<void> {
    await super._onRender(context, options);
    revealClosedReasons(this.element);
    this.#a11y.after(this.element);
  }

  /** Out-of-range numbers are clamped (and said so) before the update reaches the schema. */
  protected override _prepareSubmitData(
    event: SubmitEvent,
    form: HTMLFormElement,
    formData: foundry.applications.ux.FormDataExtended,
    updateData?: unknown,
  ) {
    notifyCorrections(formData, schemaLimits(this.formSchema(), foundry.data.fields), flatFormData(this.document));
    return super._prepareSubmitData(event, form, formData, updateData);
  }
}
