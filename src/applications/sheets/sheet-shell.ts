/**
 * What every sheet of ours does around Foundry's render cycle, whichever base it extends: listeners bound
 * once, focus and live values kept across re-renders (../a11y/keeper.ts), closed controls' reasons, the
 * parts a viewer sees, and numbers held to the schema's limits before submit. A sheet holds one shell; a
 * mixin over both bases would need a constructor typed `any[]`.
 */
import { A11yKeeper } from "../a11y/keeper.ts";
import { moveOnKey, pressOnKey } from "../a11y/keyboard.ts";
import { guardClosed, revealClosedReasons } from "../a11y/disabled.ts";
import { flatFormData, notifyCorrections } from "./sheet-glue.ts";
import { schemaLimits } from "./submit.ts";

/** A sheet as the shell sees it. */
interface ShellSheet {
  readonly element: HTMLElement;
  readonly rendered: boolean;
}

export class SheetShell {
  readonly #a11y = new A11yKeeper();

  /** Of the declared parts, drops those the viewer does not see (`keep`). */
  keepParts<Part>(parts: Record<string, Part>, keep: readonly string[]): Record<string, Part> {
    for (const id of Object.keys(parts)) if (!keep.includes(id)) delete parts[id];
    return parts;
  }

  /** Delegated listeners on the sheet's root, from `_onFirstRender` (the root outlives the parts). */
  bind(root: HTMLElement, onChange: (event: Event) => void): void {
    // Bound once on the root, which a v14 detached window moves whole into its own document.
    root.addEventListener("keydown", pressOnKey);
    root.addEventListener("keydown", moveOnKey);
    // A press on a closed control (aria-disabled, ../a11y/disabled.ts) stops before the actions see it.
    root.addEventListener("click", guardClosed, { capture: true });
    root.addEventListener("change", onChange);
  }

  /**
   * From `_preRender`: remembers the focus and the live values (Grit, Ego, Disposition) to put the
   * focus back and say what changed after the render, as peer v13 sheets keep a field's focus
   * (thirdera's actor sheet). Not run in Foundry.
   */
  beforeRender(sheet: ShellSheet): void {
    if (sheet.rendered) this.#a11y.before(sheet.element);
  }

  /** From `_onRender`: closed controls' reasons revealed, the focus put back, changes said. */
  afterRender(sheet: ShellSheet): void {
    revealClosedReasons(sheet.element);
    this.#a11y.after(sheet.element);
  }

  /** From `_prepareSubmitData`: out-of-range numbers clamped (and said so) before the schema sees them. */
  correctNumbers(
    formData: foundry.applications.ux.FormDataExtended,
    schema: Readonly<Record<string, unknown>>,
    document: Actor.Implementation | Item.Implementation,
  ): void {
    notifyCorrections(formData, schemaLimits(schema, foundry.data.fields), flatFormData(document));
  }
}
