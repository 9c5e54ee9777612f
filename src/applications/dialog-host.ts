/**
 * The ApplicationV2 + Handlebars host of a dialog that shows one pure view (the GM's session award and
 * roll request): the generic header once, and a context that is the view built fresh at each render.
 * Each dialog names its view, its DEFAULT_OPTIONS, PARTS and actions.
 */
import type { DeepPartial } from "fvtt-types/utils";

import ApplicationV2 = foundry.applications.api.ApplicationV2;
const { HandlebarsApplicationMixin } = foundry.applications.api;

export abstract class DialogHost<View extends object> extends HandlebarsApplicationMixin(ApplicationV2)<
  ApplicationV2.RenderContext & View,
  ApplicationV2.Configuration,
  ApplicationV2.RenderOptions
> {
  /** What the template shows, from the dialog's own state (pure builders: ./gm/*-context.ts). */
  protected abstract view(): View;

  protected override async _prepareContext(
    options: DeepPartial<ApplicationV2.RenderOptions> & { isFirstRender: boolean },
  ): Promise<ApplicationV2.RenderContext & View> {
    const context = await super._prepareContext(options);
    return Object.assign(context, this.view());
  }
}
