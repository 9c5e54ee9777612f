/**
 * The ApplicationV2 + Handlebars hosts of our dialogs: `DialogHost` shows one pure view built fresh at each
 * render; each dialog names its view, DEFAULT_OPTIONS, PARTS and actions.
 */
import type { DeepPartial } from "fvtt-types/utils";
import { A11yKeeper } from "./a11y/keeper.ts";
import { focusFirst } from "./a11y/focus.ts";
import { SYSTEM_ID } from "../system-id.ts";
import { fieldValue } from "./dom.ts";

/** A box's tick, else its text. */
type FieldValue = string | boolean;

import ApplicationV2 = foundry.applications.api.ApplicationV2;
const { HandlebarsApplicationMixin } = foundry.applications.api;

export abstract class DialogHost<View extends object> extends HandlebarsApplicationMixin(ApplicationV2)<
  ApplicationV2.RenderContext & View,
  ApplicationV2.Configuration,
  ApplicationV2.RenderOptions
> {
  /** Pure builders: ./gm/*-context.ts. */
  protected abstract view(): View;

  protected override async _prepareContext(
    options: DeepPartial<ApplicationV2.RenderOptions> & { isFirstRender: boolean },
  ): Promise<ApplicationV2.RenderContext & View> {
    const context = await super._prepareContext(options);
    return Object.assign(context, this.view());
  }
}

/**
 * A roll dialog's host: the view recomputed from the choices, one change listener on the form (it outlives the
 * part's re-renders), closed stepper ends that say why, the advisor's disclosure remembered, and the focus and
 * changed odds kept across renders (_preRender / _onRender, as thirdera's actor sheet keeps a field's focus).
 */
export abstract class RollDialogHost<View extends object> extends DialogHost<View> {
  /** Remembered per dialog. */
  protected abstract readonly advisor: AdvisorDialog;

  protected abstract onField(name: string, value: FieldValue): void;

  readonly #a11y = new A11yKeeper();

  protected override async _onFirstRender(
    context: DeepPartial<ApplicationV2.RenderContext & View>,
    options: DeepPartial<ApplicationV2.RenderOptions>,
  ): Promise<void> {
    await super._onFirstRender(context, options);
    this.element.addEventListener("change", (event) => {
      const field = fieldValue(event.target);
      if (field) this.onField(field.name, field.value);
    });
  }

  protected override async _preRender(
    context: DeepPartial<ApplicationV2.RenderContext & View>,
    options: DeepPartial<ApplicationV2.RenderOptions>,
  ): Promise<void> {
    await super._preRender(context, options);
    if (this.rendered) this.#a11y.before(this.element);
  }

  protected override async _onRender(
    context: DeepPartial<ApplicationV2.RenderContext & View>,
    options: DeepPartial<ApplicationV2.RenderOptions>,
  ): Promise<void> {
    await super._onRender(context, options);
    this.#a11y.after(this.element);
    watchAdvisor(this.element, this.advisor, () => void this.render());
    if (options.isFirstRender) focusFirst(this.element.querySelector(".window-content") ?? this.element);
  }
}

/**
 * Keeps the focus (aria-disabled) so its reason can be read; pressed, says it. True when `target` was closed.
 */
export function saidWhyClosed(target: HTMLElement): boolean {
  if (target.getAttribute("aria-disabled") !== "true") return false;
  const reason = target.dataset.tooltip ?? "";
  if (reason) ui.notifications?.warn(reason);
  return true;
}

/** The partials both roll dialogs' parts include (`{{> …}}`): the risk advisor and the pool's tray. */
export const ROLL_DIALOG_PARTIALS = ["advisor", "pool-tray"].map(
  (name) => `systems/${SYSTEM_ID}/templates/dialogs/partials/${name}.hbs`,
);

// The risk advisor's disclosure, remembered per roll dialog for the session (client-side, nothing stored).

export type AdvisorDialog = "risky" | "separate";

const open = new Map<AdvisorDialog, boolean>();

/** Closed until the player opens it. */
export function advisorOpen(dialog: AdvisorDialog): boolean {
  return open.get(dialog) ?? false;
}

/**
 * Call after each render; opened with no rows drawn (a model that works them out only while open), `render`
 * draws them.
 */
export function watchAdvisor(root: HTMLElement, dialog: AdvisorDialog, render: () => void): void {
  const details = root.querySelector<HTMLDetailsElement>("details.rd-advisor");
  details?.addEventListener("toggle", () => {
    open.set(dialog, details.open);
    if (details.open && !details.querySelector(".rd-adv-row")) render();
  });
}
