/**
 * The ApplicationV2 + Handlebars hosts of our dialogs. `DialogHost` shows one pure view (the GM's
 * session award, roll request and Table luck; and, through `RollDialogHost`, the roll dialogs): the
 * generic header once, and a context that is the view built fresh at each render. Each dialog names its
 * view, its DEFAULT_OPTIONS, PARTS and actions.
 */
import type { DeepPartial } from "fvtt-types/utils";
import { A11yKeeper } from "./a11y/keeper.ts";
import { focusFirst } from "./a11y/focus.ts";
import { SYSTEM_ID } from "../system-id.ts";
import { fieldValue } from "./dom.ts";

/** A form field's value as the form gives it (a box's tick, else its text). */
type FieldValue = string | boolean;

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

/**
 * The host of a roll dialog (the combined resolution's roll dialog, the separate resolution's Risky
 * Action dialog): a view recomputed from the dialog's choices at each render, one change listener on
 * the form (it outlives re-renders of the part), a closed stepper end that says why, the risk advisor's
 * disclosure remembered, and accessibility: the focus put on the first control when the dialog opens,
 * kept on the same control across re-renders, and the odds that changed said politely (remembered in
 * _preRender, put back in _onRender, as peer v13 sheets keep a field's focus: thirdera's actor sheet).
 * Run against the stand-ins (tests/foundry/a11y.stubs.test.ts), not in Foundry.
 */
export abstract class RollDialogHost<View extends object> extends DialogHost<View> {
  /** Which dialog's advisor disclosure this is (remembered per dialog). */
  protected abstract readonly advisor: AdvisorDialog;

  /** A form field changed (`name`, its value as the form gives it). */
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
 * A press on a stepper's closed end: it keeps the focus (aria-disabled) so its reason, its tooltip, can
 * be read; pressed, it says the reason and changes nothing. True when `target` was closed.
 */
export function saidWhyClosed(target: HTMLElement): boolean {
  if (target.getAttribute("aria-disabled") !== "true") return false;
  const reason = target.dataset.tooltip ?? "";
  if (reason) ui.notifications?.warn(reason);
  return true;
}

// ---------------------------------------------------------------------------------------------
// The risk advisor's disclosure, remembered per roll dialog for the session: a player who opened it
// once finds it open on the next re-render and the next roll. Client-side only, nothing stored.

/** The advisor's partial, loaded with each dialog's part (`{{> …}}` in the dialogs' templates). */
export const ADVISOR_TEMPLATE = `systems/${SYSTEM_ID}/templates/dialogs/partials/advisor.hbs`;

/** The dialogs that show the advisor. */
export type AdvisorDialog = "risky" | "separate";

const open = new Map<AdvisorDialog, boolean>();

/** Whether the advisor of `dialog` was last left open (closed until the player opens it). */
export function advisorOpen(dialog: AdvisorDialog): boolean {
  return open.get(dialog) ?? false;
}

/**
 * Remembers the advisor's open state whenever the player opens or closes it in `root` (call after each
 * render); opened with no rows drawn (a model that works them out only while open), `render` draws them.
 */
export function watchAdvisor(root: HTMLElement, dialog: AdvisorDialog, render: () => void): void {
  const details = root.querySelector<HTMLDetailsElement>("details.rd-advisor");
  details?.addEventListener("toggle", () => {
    open.set(dialog, details.open);
    if (details.open && !details.querySelector(".rd-adv-row")) render();
  });
}
